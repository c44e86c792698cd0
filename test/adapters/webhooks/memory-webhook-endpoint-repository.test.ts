import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryWebhookEndpointRepository } from '../../../adapters/storage/memory/webhook-endpoint-repository.js'
import { webhookEndpointRepositoryContract } from '../../contracts/webhook-endpoint-repository.contract.js'

webhookEndpointRepositoryContract('MemoryWebhookEndpointRepository', () => {
  const outbox = new MemoryOutbox()
  return { endpoints: new MemoryWebhookEndpointRepository(outbox), outbox }
})
