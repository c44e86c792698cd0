import { SqliteRouteCorrectionStore } from '../../../adapters/storage/sqlite/route-correction-store.js'
import { routeCorrectionStoreContract } from '../../contracts/route-correction-store.contract.js'
import { freshSurfaceDatabase } from './sqlite-fixture.js'

routeCorrectionStoreContract('SqliteRouteCorrectionStore', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { store: new SqliteRouteCorrectionStore(db), teardown }
})
