import { SqliteOutbox } from '../../../adapters/storage/sqlite/outbox.js'
import { SqliteUserRepository } from '../../../adapters/storage/sqlite/user-repository.js'
import { outboxContract } from '../../contracts/outbox.contract.js'
import { userRepositoryContract } from '../../contracts/user-repository.contract.js'
import { freshSurfaceDatabase } from './sqlite-fixture.js'

userRepositoryContract('SqliteUserRepository', () => {
  const { db, teardown } = freshSurfaceDatabase()
  const outbox = new SqliteOutbox(db)
  return { users: new SqliteUserRepository(db, outbox), outbox, teardown }
})

outboxContract('SqliteOutbox', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { outbox: new SqliteOutbox(db), teardown }
})
