import { SqliteDepartureHistory } from '../../../adapters/storage/sqlite/departure-history.js'
import { departureHistoryContract } from '../../contracts/departure-history.contract.js'
import { freshSurfaceDatabase } from './sqlite-fixture.js'

departureHistoryContract('SqliteDepartureHistory', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { history: new SqliteDepartureHistory(db), teardown }
})
