import { MongoEventRepository } from '../../../adapters/storage/mongodb/event-repository.js'
import { MongoOutbox } from '../../../adapters/storage/mongodb/outbox.js'
import { eventRepositoryContract } from '../../contracts/event-repository.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

eventRepositoryContract('MongoEventRepository', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const outbox = new MongoOutbox(mongo.client(), db)
  const events = new MongoEventRepository(mongo.client(), db, outbox)
  await Promise.all([outbox.ensureIndexes(), events.ensureIndexes()])
  return { events, outbox, teardown }
})
