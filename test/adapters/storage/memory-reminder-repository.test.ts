import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryReminderRepository } from '../../../adapters/storage/memory/reminder-repository.js'
import { reminderRepositoryContract } from '../../contracts/reminder-repository.contract.js'

reminderRepositoryContract('MemoryReminderRepository', () => {
  const outbox = new MemoryOutbox()
  return { reminders: new MemoryReminderRepository(outbox), outbox }
})
