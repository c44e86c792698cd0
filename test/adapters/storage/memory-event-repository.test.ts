import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { eventRepositoryContract } from '../../contracts/event-repository.contract.js'

eventRepositoryContract('MemoryEventRepository', () => {
  const outbox = new MemoryOutbox()
  return { events: new MemoryEventRepository(outbox), outbox }
})
