import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryWebhookDeliveryRepository } from '../../../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../../../adapters/storage/memory/webhook-endpoint-repository.js'
import { webhookRepositoriesContract } from '../../contracts/webhook-repositories.contract.js'

webhookRepositoriesContract('Memory webhook repositories', () => {
  const outbox = new MemoryOutbox()
  return { endpoints: new MemoryWebhookEndpointRepository(outbox), deliveries: new MemoryWebhookDeliveryRepository(), outbox }
})
