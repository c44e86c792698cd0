import { MongoWebhookEndpointRepository } from '../../../adapters/storage/mongodb/webhook-endpoint-repository.js'
import { webhookEndpointRepositoryContract } from '../../contracts/webhook-endpoint-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

webhookEndpointRepositoryContract('MongoWebhookEndpointRepository', async () => {
  const context = mongo.freshContext()
  const endpoints = new MongoWebhookEndpointRepository(context)
  await endpoints.ensureIndexes()
  return { endpoints, outbox: new MongoOutboxProbe(context.db) }
})
