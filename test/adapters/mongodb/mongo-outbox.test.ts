import { MongoOutbox } from '../../../adapters/storage/mongodb/outbox.js'
import { outboxContract } from '../../contracts/outbox.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

outboxContract('MongoOutbox', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const outbox = new MongoOutbox(mongo.client(), db)
  await outbox.ensureIndexes()
  return { outbox, teardown }
})
