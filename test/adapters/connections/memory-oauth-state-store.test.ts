import { MemoryOAuthStateStore } from '../../../adapters/storage/memory/oauth-state-store.js'
import { oauthStateStoreContract } from '../../contracts/oauth-state-store.contract.js'

oauthStateStoreContract('MemoryOAuthStateStore', () => ({ states: new MemoryOAuthStateStore() }))
