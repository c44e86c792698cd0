// The platform database's adapters on SQLite, each against its port's contract suite, unchanged.
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteIdempotencyStore } from '../../../adapters/storage/sqlite/idempotency-store.js'
import { SqliteOAuthStore } from '../../../adapters/storage/sqlite/oauth-store.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'
import { oauthStoreContract } from '../../contracts/oauth-store.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

accountRepositoryContract('SqliteAccountRepository', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { accounts: new SqliteAccountRepository(db), teardown }
})

idempotencyStoreContract('SqliteIdempotencyStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteIdempotencyStore(db), teardown }
})

oauthStoreContract('SqliteOAuthStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteOAuthStore(db), teardown }
})
