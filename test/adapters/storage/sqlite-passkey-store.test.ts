import { SqlitePasskeyStore } from '../../../adapters/storage/sqlite/passkey-store.js'
import { passkeyStoreContract } from '../../contracts/passkey-store.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

passkeyStoreContract('SqlitePasskeyStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqlitePasskeyStore(db), teardown }
})
