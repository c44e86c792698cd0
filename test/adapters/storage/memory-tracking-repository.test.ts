import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryTrackingRepository } from '../../../adapters/storage/memory/tracking-repository.js'
import { trackingRepositoryContract } from '../../contracts/tracking-repository.contract.js'

trackingRepositoryContract('MemoryTrackingRepository', () => {
  const outbox = new MemoryOutbox()
  return { trips: new MemoryTrackingRepository(outbox), outbox }
})
