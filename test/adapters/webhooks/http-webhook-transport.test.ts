import { HttpWebhookTransport } from '../../../adapters/webhook-transport/http/http-webhook-transport.js'
import { webhookTransportContract } from '../../contracts/webhook-transport.contract.js'

webhookTransportContract('HttpWebhookTransport', () => {
  const transport = new HttpWebhookTransport()
  return { transport, teardown: () => transport.close() }
})
