import { MongoAccountRepository } from '../../../adapters/storage/mongodb/account-repository.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

accountRepositoryContract('MongoAccountRepository', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const accounts = new MongoAccountRepository(db)
  await accounts.ensureIndexes()
  return { accounts, teardown }
})
