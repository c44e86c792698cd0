import { MemoryIdempotencyStore } from '../../../adapters/storage/memory/idempotency-store.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'

idempotencyStoreContract('MemoryIdempotencyStore', () => ({ store: new MemoryIdempotencyStore() }))
