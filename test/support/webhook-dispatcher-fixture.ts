import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryWebhookDeliveryRepository } from '../../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../../adapters/storage/memory/webhook-endpoint-repository.js'
import { renderNotification } from '../../contracts/webhooks/notification.js'
import type { Clock } from '../../core/ports/clock.js'
import type { WebhookTransportPort } from '../../core/ports/webhook-transport.js'
import { WebhookDispatcher } from '../../core/webhooks/webhook-dispatcher.js'

/**
 * The webhook dispatcher over the in-memory repositories, sending through the test's transport by the test's clock,
 * on the sandbox with loopback targets allowed (every host name resolves to 127.0.0.1).
 */
export const memoryWebhookDispatcher = (transport: WebhookTransportPort, clock: Clock) => {
  const ids = new UlidIdGenerator()
  const random = new CryptoRandomSource()
  const outbox = new MemoryOutbox()
  const endpoints = new MemoryWebhookEndpointRepository(outbox)
  const deliveries = new MemoryWebhookDeliveryRepository()
  const dns = { resolve: async () => ['127.0.0.1'] }
  const dispatcher = new WebhookDispatcher({
    outbox,
    endpoints,
    deliveries,
    transport,
    renderer: { render: async (event) => renderNotification(event, '2026-05-20') },
    dns,
    ids,
    random,
    wallClock: clock,
    limits: { concurrency: 8, perEndpointConcurrency: 4, timeoutMs: 1_000 },
    sandboxLoopback: true,
  })
  return { ids, random, outbox, endpoints, deliveries, dns, dispatcher }
}
