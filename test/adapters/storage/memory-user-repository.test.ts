import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import { userRepositoryContract } from '../../contracts/user-repository.contract.js'

userRepositoryContract('MemoryUserRepository', () => {
  const outbox = new MemoryOutbox()
  return { users: new MemoryUserRepository(outbox), outbox }
})
