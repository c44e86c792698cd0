import { MemoryRouteCorrectionStore } from '../../../adapters/storage/memory/route-correction-store.js'
import { routeCorrectionStoreContract } from '../../contracts/route-correction-store.contract.js'

routeCorrectionStoreContract('MemoryRouteCorrectionStore', () => ({ store: new MemoryRouteCorrectionStore() }))
