import { MongoWebhookDeliveryRepository } from '../../../adapters/storage/mongodb/webhook-delivery-repository.js'
import { webhookDeliveryRepositoryContract } from '../../contracts/webhook-delivery-repository.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

webhookDeliveryRepositoryContract('MongoWebhookDeliveryRepository', async () => {
  const deliveries = new MongoWebhookDeliveryRepository(mongo.freshContext().db)
  await deliveries.ensureIndexes()
  return { deliveries }
})
