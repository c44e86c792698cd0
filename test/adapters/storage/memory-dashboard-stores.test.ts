import { MemoryDashboardSessionStore } from '../../../adapters/storage/memory/dashboard-session-store.js'
import { MemoryMemberRepository } from '../../../adapters/storage/memory/member-repository.js'
import { dashboardSessionStoreContract } from '../../contracts/dashboard-session-store.contract.js'
import { memberRepositoryContract } from '../../contracts/member-repository.contract.js'

memberRepositoryContract('MemoryMemberRepository', () => ({ members: new MemoryMemberRepository() }))
dashboardSessionStoreContract('MemoryDashboardSessionStore', () => ({ store: new MemoryDashboardSessionStore() }))
