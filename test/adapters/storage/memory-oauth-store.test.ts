import { MemoryOAuthStore } from '../../../adapters/storage/memory/oauth-store.js'
import { oauthStoreContract } from '../../contracts/oauth-store.contract.js'

oauthStoreContract('MemoryOAuthStore', () => ({ store: new MemoryOAuthStore() }))
