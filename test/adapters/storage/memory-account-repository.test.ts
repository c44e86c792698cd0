import { MemoryAccountRepository } from '../../../adapters/storage/memory/account-repository.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'

accountRepositoryContract('MemoryAccountRepository', () => ({ accounts: new MemoryAccountRepository() }))
