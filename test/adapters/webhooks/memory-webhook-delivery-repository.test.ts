import { MemoryWebhookDeliveryRepository } from '../../../adapters/storage/memory/webhook-delivery-repository.js'
import { webhookDeliveryRepositoryContract } from '../../contracts/webhook-delivery-repository.contract.js'

webhookDeliveryRepositoryContract('MemoryWebhookDeliveryRepository', () => ({
  deliveries: new MemoryWebhookDeliveryRepository(),
}))
