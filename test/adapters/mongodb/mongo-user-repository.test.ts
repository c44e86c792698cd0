import { MongoOutbox } from '../../../adapters/storage/mongodb/outbox.js'
import { MongoUserRepository } from '../../../adapters/storage/mongodb/user-repository.js'
import { userRepositoryContract } from '../../contracts/user-repository.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

userRepositoryContract('MongoUserRepository', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const outbox = new MongoOutbox(mongo.client(), db)
  const users = new MongoUserRepository(mongo.client(), db, outbox)
  await Promise.all([outbox.ensureIndexes(), users.ensureIndexes()])
  return { users, outbox, teardown }
})
