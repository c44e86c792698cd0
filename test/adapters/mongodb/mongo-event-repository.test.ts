import { describe, expect, it } from 'vitest'
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

describe('MongoEventRepository declares the indexes of its reads', () => {
  it('indexes dueAt for the monitoring sweep (events with nothing due stay out of it), and an account’s and a user’s events by id', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      await new MongoEventRepository(mongo.client(), db, new MongoOutbox(mongo.client(), db)).ensureIndexes()
      const indexes = await db.collection('events').listIndexes().toArray()
      const byName = Object.fromEntries(indexes.map((index) => [index.name, index]))
      expect(byName.due_at).toMatchObject({ key: { dueAt: 1 }, partialFilterExpression: { dueAt: { $type: 'date' } } })
      expect(byName.account_due_at).toMatchObject({ key: { accountId: 1, dueAt: 1 } })
      expect(byName.account_newest_first).toMatchObject({ key: { accountId: 1, _id: -1 } })
      expect(byName.user_newest_first).toMatchObject({ key: { accountId: 1, userId: 1, _id: -1 } })
      expect(byName.user_soonest_first).toMatchObject({ key: { accountId: 1, userId: 1, startTime: 1, _id: 1 } })
    } finally {
      await teardown()
    }
  })
})
