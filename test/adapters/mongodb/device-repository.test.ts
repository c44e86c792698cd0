import { MongoDeviceRepository } from '../../../adapters/storage/mongodb/device-repository.js'
import { deviceRepositoryContract } from '../../contracts/device-repository.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

deviceRepositoryContract('MongoDeviceRepository', async () => {
  const devices = new MongoDeviceRepository(mongo.freshContext().db)
  await devices.ensureIndexes()
  return { devices }
})
