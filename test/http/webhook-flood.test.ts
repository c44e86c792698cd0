import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../core/ports/outbox.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { clients, startTestService, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

const FLOOD = 20_000
const ENDPOINT_CONCURRENCY = 4

let test: TestService
let receiver: WebhookReceiver
let client: ReturnType<typeof clients>

beforeAll(async () => {
  receiver = await WebhookReceiver.start()
  test = await startTestService({
    METRICS_PORT: '0',
    WEBHOOK_CONCURRENCY: '64',
    WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CONCURRENCY),
  })
  client = clients(test)
})
afterAll(async () => {
  await test?.stop()
  await receiver?.stop()
})

/** One series of the Prometheus exposition, or null when absent. */
const series = async (name: string): Promise<number | null> => {
  const text = await (await fetch(test.service.metricsUrl ?? '')).text()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `))
  return line === undefined ? null : Number(line.slice(name.length + 1))
}

describe('Webhook floods: a burst of 20,000 notifications to one endpoint', () => {
  // Waits on the receiver's count, not on time: the timeout only stops a flood that no longer moves (a 2-core machine
  // under load takes about a minute; most of it is the 20,000 attempts' own work).
  it('delivers each once (none lost, none repeated), holds the per-endpoint concurrency, and shows the backlog age', {
    timeout: 600_000,
  }, async () => {
    const endpoint = await client.sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['user.updated'] },
    })
    expect(endpoint.status).toBe(201)
    const user = await client.sandbox('POST', '/v1/users', { body: { email: 'flood@example.com' } })
    const surface = test.service.application.surfaces.test
    const [account] = await test.service.application.accountRepository.listAccounts()
    const stored = await surface.container.get(TOKENS.UserRepository).get(account!.id, user.body.id)
    expect(stored).not.toBeNull()
    // The burst: what 20,000 changes written at once leave in the outbox.
    const now = new Date()
    const burst: DomainEvent[] = Array.from({ length: FLOOD }, (_, index) => ({
      id: `ntf_flood${String(index).padStart(8, '0')}`,
      type: 'user.updated',
      accountId: stored!.accountId,
      livemode: false,
      createdAt: now,
      objectType: 'user',
      object: stored,
    }))
    // The receiver holds each request until the endpoint's limit is held at once (or the last ones came), then answers
    // them one event-loop turn later: a dispatcher over its limit would have sent more by then.
    let maxHeld = 0
    receiver.behave = () => {
      queueMicrotask(() => {
        maxHeld = Math.max(maxHeld, receiver.heldCount)
        if (receiver.heldCount >= ENDPOINT_CONCURRENCY || receiver.received.length === FLOOD)
          setImmediate(() => {
            maxHeld = Math.max(maxHeld, receiver.heldCount)
            receiver.release(200)
          })
      })
      return { hold: true }
    }
    await surface.outbox.append(burst)

    // While the backlog drains, its age is on /metrics.
    await receiver.waitFor(FLOOD / 20, null)
    expect(await series('departure_webhook_backlog_age_seconds{surface="test"}')).toBeGreaterThan(0)

    await receiver.waitFor(FLOOD, null)
    // Every attempt was sent before the receiver counted it: once they are recorded, nothing more is sent.
    await surface.dispatcher.drain()
    const ids = receiver.received.map((delivery) => (JSON.parse(delivery.rawBody) as { id: string }).id)
    expect(new Set(ids).size).toBe(FLOOD)
    // At least once, and with a receiver that acknowledged every attempt, exactly once.
    expect(ids.length).toBe(FLOOD)
    // Never over the limit, and the limit used: the burst went out ENDPOINT_CONCURRENCY at a time.
    expect(maxHeld).toBe(ENDPOINT_CONCURRENCY)
    expect(await series('departure_webhook_deliveries_total{outcome="acknowledged"}')).toBe(FLOOD)
    expect(await series('departure_webhook_backlog_age_seconds{surface="test"}')).toBe(0)
    expect(
      await surface.container.get(TOKENS.WebhookDeliveryRepository).openOf(stored!.accountId, endpoint.body.id),
    ).toEqual([])
  })
})
