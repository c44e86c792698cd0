import { DEFAULT_PREFERENCES } from '../core/user/user.js'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { SystemClock } from '../adapters/clock/system/system-clock.js'
import { CryptoRandomSource, UlidIdGenerator } from '../adapters/ids/ulid/ulid-ids.js'
import { MemoryOutbox } from '../adapters/storage/memory/outbox.js'
import { MemoryWebhookDeliveryRepository } from '../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../adapters/storage/memory/webhook-endpoint-repository.js'
import { HttpWebhookTransport } from '../adapters/webhook-transport/http/http-webhook-transport.js'
import type { DomainEvent } from '../core/ports/outbox.js'
import { DEFAULT_DISPATCHER_LIMITS, WebhookDispatcher } from '../core/webhooks/webhook-dispatcher.js'
import type { WebhookEndpoint } from '../core/webhooks/webhook-endpoint.js'
import { renderNotification } from '../contracts/webhooks/notification.js'

export interface DeliveryReport {
  readonly endpoints: number
  readonly deliveries: number
  readonly seconds: number
  readonly deliveriesPerSecond: number
  readonly attemptP50Ms: number
  readonly attemptP99Ms: number
  readonly failed: number
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** Starts `count` receivers in a child process; resolves with their ports. */
const startReceivers = (count: number) =>
  new Promise<{ ports: number[]; stop: () => void }>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./delivery-receivers.mjs', import.meta.url)), [String(count)], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    })
    child.once('error', reject)
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ ports: (JSON.parse(chunk.toString('utf8')) as { ports: number[] }).ports, stop: () => child.kill() }),
    )
  })

/**
 * Signed deliveries per second from the dispatcher (embedded storage, the real
 * HTTP transport, signatures, rendering) to receivers on loopback, in the
 * background mode production uses: the sweep starts what the concurrency limits
 * allow and each finished attempt starts the next.
 */
export const runDeliveryScenario = async (endpointCount: number, deliveryCount: number): Promise<DeliveryReport> => {
  const receivers = await startReceivers(endpointCount)
  const ids = new UlidIdGenerator()
  const clock = new SystemClock()
  const outbox = new MemoryOutbox()
  const endpoints = new MemoryWebhookEndpointRepository(outbox)
  const deliveries = new MemoryWebhookDeliveryRepository()
  const transport = new HttpWebhookTransport()
  const dispatcher = new WebhookDispatcher({
    outbox,
    endpoints,
    deliveries,
    transport,
    renderer: { render: async (event) => renderNotification(event, '2026-05-20') },
    dns: { resolve: async () => ['127.0.0.1'] },
    ids,
    random: new CryptoRandomSource(),
    wallClock: clock,
    limits: DEFAULT_DISPATCHER_LIMITS,
    sandboxLoopback: true,
  })
  const created = new Date(Date.now() - 60_000)
  for (const port of receivers.ports) {
    const endpoint: WebhookEndpoint = {
      id: ids.next('we'),
      accountId: 'acct_bench',
      livemode: false,
      url: `http://127.0.0.1:${port}/webhooks`,
      description: null,
      events: ['*'],
      status: 'enabled',
      disabledReason: null,
      secrets: [{ secret: 'whsec_bench', expiresAt: null }],
      failingSince: null,
      connect: false,
      createdAt: created,
      updatedAt: created,
      version: 1,
    }
    await endpoints.insert(endpoint)
  }
  const notifications = Math.ceil(deliveryCount / endpointCount)
  const events: DomainEvent[] = []
  for (let n = 0; n < notifications; n++) {
    const at = new Date()
    events.push({
      id: ids.next('ntf'),
      type: 'user.updated',
      accountId: 'acct_bench',
      livemode: false,
      createdAt: at,
      objectType: 'user',
      object: {
        id: `usr_${n}`,
        email: `bench${n}@example.com`,
        ...DEFAULT_PREFERENCES,
        displayName: 'Bench User',
        timezone: 'Europe/Berlin',
        onboardingCompleted: true,
        deactivatedAt: null,
        createdAt: at,
      },
    })
  }
  await outbox.append(events)
  const total = notifications * endpointCount
  const scope = { accountId: null, clock }
  const started = performance.now()
  await dispatcher.fanOut(scope)
  // The production sweep runs every 500 ms; between sweeps finished attempts refill their slots themselves.
  const endpointList = await endpoints.enabledOf('acct_bench')
  const openDeliveries = async () =>
    (
      await Promise.all(
        endpointList.map(async (endpoint) => (await deliveries.openOf('acct_bench', endpoint.id)).length),
      )
    ).reduce((sum, open) => sum + open, 0)
  for (;;) {
    await dispatcher.deliverDue(scope)
    if ((await openDeliveries()) === 0) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const seconds = (performance.now() - started) / 1000
  const durations: number[] = []
  let failed = 0
  for (const endpoint of await endpoints.enabledOf('acct_bench')) {
    for (let cursor: string | undefined; ; ) {
      const page = await deliveries.listByEndpoint('acct_bench', endpoint.id, { limit: 100, startingAfter: cursor })
      for (const delivery of page.data) {
        if (delivery.status !== 'succeeded') failed += 1
        for (const attempt of delivery.attempts) durations.push(attempt.durationMs)
      }
      if (!page.hasMore) break
      cursor = page.data.at(-1)!.id
    }
  }
  durations.sort((a, b) => a - b)
  transport.close()
  receivers.stop()
  return {
    endpoints: endpointCount,
    deliveries: total,
    seconds: Math.round(seconds * 100) / 100,
    deliveriesPerSecond: Math.round(total / seconds),
    attemptP50Ms: percentile(durations, 50),
    attemptP99Ms: percentile(durations, 99),
    failed,
  }
}
