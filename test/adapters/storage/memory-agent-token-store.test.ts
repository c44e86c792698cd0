import { MemoryAgentTokenStore } from '../../../adapters/storage/memory/agent-token-store.js'
import { agentTokenStoreContract } from '../../contracts/agent-token-store.contract.js'

agentTokenStoreContract('MemoryAgentTokenStore', () => ({ store: new MemoryAgentTokenStore() }))
