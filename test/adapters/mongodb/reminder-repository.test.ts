import { MongoReminderRepository } from '../../../adapters/storage/mongodb/reminder-repository.js'
import { reminderRepositoryContract } from '../../contracts/reminder-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

reminderRepositoryContract('MongoReminderRepository', async () => {
  const context = mongo.freshContext()
  const reminders = new MongoReminderRepository(context)
  await reminders.ensureIndexes()
  return { reminders, outbox: new MongoOutboxProbe(context.db) }
})
