import { MemoryConnectionRepository } from '../../../adapters/storage/memory/connection-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { connectionRepositoryContract } from '../../contracts/connection-repository.contract.js'

connectionRepositoryContract('MemoryConnectionRepository', () => {
  const outbox = new MemoryOutbox()
  return { connections: new MemoryConnectionRepository(outbox), outbox }
})
