import { MemoryDepartureHistory } from '../../../adapters/storage/memory/departure-history.js'
import { departureHistoryContract } from '../../contracts/departure-history.contract.js'

departureHistoryContract('MemoryDepartureHistory', () => ({ history: new MemoryDepartureHistory() }))
