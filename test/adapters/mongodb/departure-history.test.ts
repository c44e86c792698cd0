import { MongoDepartureHistory } from '../../../adapters/storage/mongodb/departure-history.js'
import { departureHistoryContract } from '../../contracts/departure-history.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

departureHistoryContract('MongoDepartureHistory', async () => {
  const history = new MongoDepartureHistory(mongo.freshContext().db)
  await history.ensureIndexes()
  return { history }
})
