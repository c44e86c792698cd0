import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent } from '../../core/ports/outbox.js'
import type { WebhookRequest, WebhookResponse, WebhookTransportPort } from '../../core/ports/webhook-transport.js'
import { DEFAULT_PREFERENCES } from '../../core/user/user.js'
import type { Delivery } from '../../core/webhooks/delivery.js'
import type { WebhookEndpoint } from '../../core/webhooks/webhook-endpoint.js'
import { memoryWebhookDispatcher } from '../support/webhook-dispatcher-fixture.js'

/**
 * Model-based test of webhook delivery (docs/webhooks.md): random sequences of notifications, sweeps of the delivery
 * job at later times (from minutes to a day), a receiver that goes down and comes back, and an operator switching
 * the endpoint off and on drive the real dispatcher over its in-memory repositories, and after every step:
 * each notification has exactly one delivery; every attempt the receiver saw was due and is recorded on its
 * delivery, signed, with the same notification id; a delivery succeeds exactly when its last attempt was answered
 * 2xx and never moves again once final; nothing is left due after a sweep; the endpoint is switched off by
 * itself only after 72 hours of failures, and nothing is sent to it while it is off.
 */

const ACCOUNT = 'acct_delivery_model'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = new Date('2026-06-02T06:00:00Z').getTime()
const ids = new UlidIdGenerator()

class ScriptedReceiver implements WebhookTransportPort {
  up = true
  readonly received: {
    readonly at: number
    readonly notificationId: string
    readonly signed: boolean
    readonly answered2xx: boolean
  }[] = []
  constructor(private readonly now: () => number) {}
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const body = JSON.parse(request.body) as { id: string }
    this.received.push({
      at: this.now(),
      notificationId: body.id,
      signed: (request.headers['Service-Signature'] ?? request.headers['service-signature'] ?? '') !== '',
      answered2xx: this.up,
    })
    return { outcome: { kind: 'response', statusCode: this.up ? 200 : 503 }, durationMs: 1, error: null }
  }
}

interface Model {
  now: number
  published: string[]
  /** Switched off by the operator (and not on again since). */
  operatorOff: boolean
  /** Final statuses seen, by delivery id: a final delivery never moves again. */
  readonly finals: Map<string, Delivery['status']>
}

const harness = () => {
  let now = T0
  const clock = { now: () => new Date(now) }
  const receiver = new ScriptedReceiver(() => now)
  const { outbox, endpoints, deliveries, dispatcher } = memoryWebhookDispatcher(receiver, clock)
  const endpoint: WebhookEndpoint = {
    id: ids.next('we'),
    accountId: ACCOUNT,
    livemode: false,
    url: 'http://127.0.0.1:9/hook',
    description: null,
    events: ['*'],
    status: 'enabled',
    disabledReason: null,
    secrets: [{ secret: 'whsec_model', expiresAt: null }],
    failingSince: null,
    connect: false,
    createdAt: new Date(T0 - MINUTE),
    updatedAt: new Date(T0 - MINUTE),
    version: 1,
  }
  return {
    outbox,
    endpoints,
    deliveries,
    receiver,
    dispatcher,
    endpoint,
    clock,
    setNow: (at: number) => {
      now = at
    },
  }
}
type Real = ReturnType<typeof harness>

const notification = (n: number, at: number): DomainEvent => ({
  id: ids.next('ntf'),
  type: 'user.created',
  accountId: ACCOUNT,
  livemode: false,
  createdAt: new Date(at),
  objectType: 'user',
  object: {
    id: `usr_${n}`,
    email: `u${n}@example.com`,
    ...DEFAULT_PREFERENCES,
    deactivatedAt: null,
    createdAt: new Date(at),
  },
})

const allDeliveries = async (real: Real): Promise<readonly Delivery[]> =>
  (await real.deliveries.listByEndpoint(ACCOUNT, real.endpoint.id, { limit: 100 })).data

const checkAgreement = async (model: Model, real: Real) => {
  const deliveries = await allDeliveries(real)
  // Exactly one delivery per notification published while the endpoint was on.
  expect(deliveries.map((delivery) => delivery.notification.id).sort()).toEqual([...model.published].sort())
  const endpoint = await real.endpoints.get(ACCOUNT, real.endpoint.id)
  if (endpoint === null) throw new Error('endpoint gone')
  for (const delivery of deliveries) {
    const seen = real.receiver.received.filter((call) => call.notificationId === delivery.notification.id)
    // Every call the receiver saw is an attempt recorded on the delivery, in order, signed.
    expect(delivery.attempts.map((attempt) => attempt.at.getTime())).toEqual(seen.map((call) => call.at))
    expect(seen.every((call) => call.signed)).toBe(true)
    // Succeeded exactly when the receiver's last answer was a 2xx (the sandbox shows loopback outcomes only as such).
    expect(delivery.status === 'succeeded').toBe(seen.at(-1)?.answered2xx === true)
    const final = model.finals.get(delivery.id)
    if (final !== undefined) expect(delivery.status).toBe(final)
    if (delivery.status === 'succeeded' || delivery.status === 'failed') model.finals.set(delivery.id, delivery.status)
  }
  // Switched off by itself only after 72 hours of failures; by the operator only when the model says so.
  if (endpoint.status === 'disabled' && endpoint.disabledReason === 'failing') {
    expect(endpoint.failingSince).not.toBeNull()
    expect(model.now - endpoint.failingSince!.getTime()).toBeGreaterThanOrEqual(72 * HOUR)
  }
  if (model.operatorOff) expect(endpoint.disabledReason).toBe('manual')
}

type DeliveryCommand = fc.AsyncCommand<Model, Real>

class Publish implements DeliveryCommand {
  constructor(readonly count: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const events = Array.from({ length: this.count }, (_, n) => notification(n, model.now))
    await real.outbox.append(events)
    // Fanned out at once to the endpoint if it is enabled then (by the operator, or still on after its failures).
    const endpoint = await real.endpoints.get(ACCOUNT, real.endpoint.id)
    if (endpoint?.status === 'enabled') model.published.push(...events.map((event) => event.id))
    await real.dispatcher.fanOut({ accountId: ACCOUNT, clock: real.clock })
    await checkAgreement(model, real)
  }
  toString = () => `publish(${this.count})`
}

class Sweep implements DeliveryCommand {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.minutes * MINUTE
    real.setNow(model.now)
    const before = real.receiver.received.length
    const endpointBefore = await real.endpoints.get(ACCOUNT, real.endpoint.id)
    await real.dispatcher.run({ accountId: ACCOUNT, clock: real.clock, settle: true })
    // Nothing is sent to an endpoint that was off when the sweep began.
    if (endpointBefore?.status === 'disabled') expect(real.receiver.received.length).toBe(before)
    // A settled sweep leaves nothing due: what stays open is due later.
    for (const delivery of await allDeliveries(real))
      if (delivery.status === 'pending' || delivery.status === 'retrying')
        expect(delivery.nextAttemptAt?.getTime() ?? 0).toBeGreaterThan(model.now)
    await checkAgreement(model, real)
  }
  toString = () => `sweep(+${this.minutes} min)`
}

class Receiver implements DeliveryCommand {
  constructor(readonly up: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    real.receiver.up = this.up
    await checkAgreement(model, real)
  }
  toString = () => (this.up ? 'receiver-up' : 'receiver-down')
}

class Switch implements DeliveryCommand {
  constructor(readonly on: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const current = await real.endpoints.get(ACCOUNT, real.endpoint.id)
    if (current === null) throw new Error('endpoint gone')
    const next: WebhookEndpoint = this.on
      ? { ...current, status: 'enabled', disabledReason: null, failingSince: null, version: current.version + 1 }
      : { ...current, status: 'disabled', disabledReason: 'manual', version: current.version + 1 }
    expect(await real.endpoints.update(next, current.version)).toBe('updated')
    model.operatorOff = !this.on
    await checkAgreement(model, real)
  }
  toString = () => (this.on ? 'enable' : 'disable')
}

// Sweeps most often, many of them hours apart, so that failure streaks reach the 72 hours that switch an endpoint off.
const commands = [
  fc.integer({ min: 1, max: 3 }).map((count) => new Publish(count)),
  fc.oneof(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 600, max: 24 * 60 })).map((m) => new Sweep(m)),
  fc.integer({ min: 600, max: 72 * 60 }).map((m) => new Sweep(m)),
  fc.boolean().map((up) => new Receiver(up)),
  fc.boolean().map((on) => new Switch(on)),
]

describe('Webhook delivery: the dispatcher over its repositories follows the delivery and endpoint machines (model-based)', () => {
  it('keeps deliveries, attempts and the endpoint in agreement with what the receiver saw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.commands(commands, { maxCommands: 40 }), async (receiverUp, sequence) => {
        const real = harness()
        await real.endpoints.insert(real.endpoint)
        real.receiver.up = receiverUp
        const model: Model = { now: T0, published: [], operatorOff: false, finals: new Map() }
        // Something to deliver from the start, so that a receiver down from the start makes a failure streak.
        await new Publish(2).run(model, real)
        await fc.asyncModelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 40 },
    )
  })
})
