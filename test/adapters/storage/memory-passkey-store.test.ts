import { MemoryPasskeyStore } from '../../../adapters/storage/memory/passkey-store.js'
import { passkeyStoreContract } from '../../contracts/passkey-store.contract.js'

passkeyStoreContract('MemoryPasskeyStore', () => ({ store: new MemoryPasskeyStore() }))
