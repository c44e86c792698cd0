import { afterEach, describe, expect, it } from 'vitest'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { CryptoRandomSource, UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryWebhookDeliveryRepository } from '../../../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../../../adapters/storage/memory/webhook-endpoint-repository.js'
import { HttpWebhookTransport } from '../../../adapters/webhook-transport/http/http-webhook-transport.js'
import { renderNotification } from '../../../contracts/webhooks/notification.js'
import type { DnsResolverPort } from '../../../core/ports/dns-resolver.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookRequest, WebhookResponse, WebhookTransportPort } from '../../../core/ports/webhook-transport.js'
import { DEFAULT_PREFERENCES } from '../../../core/user/user.js'
import { WebhookDispatcher, type WebhookDispatcherDeps } from '../../../core/webhooks/webhook-dispatcher.js'
import type { WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.js'
import { RecordingLogger } from '../../support/fakes/recording-logger.js'
import { WebhookReceiver } from '../../support/webhook-receiver.js'

const ids = new UlidIdGenerator()
const clock = new SystemClock()
const receivers: WebhookReceiver[] = []
const transports: HttpWebhookTransport[] = []
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.stop()
  for (const transport of transports.splice(0)) transport.close()
})

const setUp = (
  limits: { concurrency: number; perEndpointConcurrency: number; timeoutMs: number },
  dns: DnsResolverPort = { resolve: async () => ['127.0.0.1'] },
  options: {
    transport?: WebhookTransportPort
    sandboxLoopback?: boolean
    /** Another worker's view of the same storage. */
    shared?: { endpoints: MemoryWebhookEndpointRepository; deliveries: MemoryWebhookDeliveryRepository }
  } = {},
  deps: Partial<Pick<WebhookDispatcherDeps, 'renderer' | 'logger'>> = {},
) => {
  const outbox = new MemoryOutbox()
  const endpoints = options.shared?.endpoints ?? new MemoryWebhookEndpointRepository(outbox)
  const deliveries = options.shared?.deliveries ?? new MemoryWebhookDeliveryRepository()
  let transport = options.transport
  if (transport === undefined) {
    const http = new HttpWebhookTransport()
    transports.push(http)
    transport = http
  }
  const dispatcher = new WebhookDispatcher({
    outbox,
    endpoints,
    deliveries,
    transport,
    renderer: { render: async (event) => renderNotification(event, '2026-05-20') },
    dns,
    ids,
    random: new CryptoRandomSource(),
    wallClock: clock,
    limits,
    sandboxLoopback: options.sandboxLoopback ?? true,
    ...deps,
  })
  return { outbox, endpoints, deliveries, dispatcher }
}

const endpointFor = (url: string, createdAt = new Date(Date.now() - 60_000), livemode = false): WebhookEndpoint => ({
  id: ids.next('we'),
  accountId: 'acct_1',
  livemode,
  url,
  description: null,
  events: ['*'],
  status: 'enabled',
  disabledReason: null,
  secrets: [{ secret: 'whsec_test', expiresAt: null }],
  failingSince: null,
  connect: false,
  createdAt,
  updatedAt: createdAt,
  version: 1,
})

const userCreated = (n: number, livemode = false): DomainEvent => ({
  id: ids.next('ntf'),
  type: 'user.created',
  accountId: 'acct_1',
  livemode,
  createdAt: new Date(),
  objectType: 'user',
  object: {
    id: `usr_${n}`,
    email: `u${n}@example.com`,
    ...DEFAULT_PREFERENCES,
    deactivatedAt: null,
    createdAt: new Date(),
  },
})

describe('Deliveries for one endpoint do not block others; concurrency is bounded', () => {
  it('a hanging receiver holds at most its per-endpoint slots while a healthy one gets everything', async () => {
    const hanging = await WebhookReceiver.start('/slow')
    const healthy = await WebhookReceiver.start('/fast')
    receivers.push(hanging, healthy)
    hanging.behave = () => ({ hang: true })
    const { outbox, endpoints, dispatcher } = setUp({ concurrency: 10, perEndpointConcurrency: 2, timeoutMs: 2000 })
    await endpoints.insert(endpointFor(hanging.url))
    await endpoints.insert(endpointFor(healthy.url))
    await outbox.append(Array.from({ length: 20 }, (_, n) => userCreated(n)))
    const scope = { accountId: null, clock }
    // Background mode: each sweep starts what the limits allow and returns at once; sweep until all 20 arrived.
    await expect
      .poll(async () => {
        await dispatcher.run(scope)
        return healthy.received.length
      })
      .toBe(20)
    expect(hanging.maxInFlight).toBeLessThanOrEqual(2)
    expect(hanging.received.length).toBeLessThanOrEqual(2)
  })

  it('never has more attempts in flight than the overall limit', async () => {
    const receiverList = await Promise.all(Array.from({ length: 4 }, (_, n) => WebhookReceiver.start(`/r${n}`)))
    receivers.push(...receiverList)
    for (const receiver of receiverList) receiver.behave = () => ({ hang: true })
    const { outbox, endpoints, deliveries, dispatcher } = setUp({
      concurrency: 3,
      perEndpointConcurrency: 5,
      timeoutMs: 2000,
    })
    for (const receiver of receiverList) await endpoints.insert(endpointFor(receiver.url))
    await outbox.append(Array.from({ length: 5 }, (_, n) => userCreated(n)))
    const handled: number[] = []
    for (let i = 0; i < 5; i++) handled.push(await dispatcher.run({ accountId: null, clock }))
    // 20 deliveries (5 events, 4 endpoints): the first sweep starts 3 attempts, the next ones none (all hang).
    expect(handled).toEqual([20 + 3, 0, 0, 0, 0])
    // Only those 3 were leased: the other 17 are still due, not started.
    expect(await deliveries.due(null, new Date(), 100)).toHaveLength(17)
    await expect.poll(() => receiverList.reduce((sum, receiver) => sum + receiver.inFlight, 0)).toBe(3)
  })

  it('a lease that fails gives its slot back: the next sweep fills the limit again', async () => {
    const outbox = new MemoryOutbox()
    const endpoints = new MemoryWebhookEndpointRepository(outbox)
    let failNext = true
    const deliveries = new (class extends MemoryWebhookDeliveryRepository {
      override async update(...args: Parameters<MemoryWebhookDeliveryRepository['update']>) {
        if (failNext) {
          failNext = false
          throw new Error('disk I/O error')
        }
        return super.update(...args)
      }
    })()
    const sent: WebhookRequest[] = []
    const dispatcher = new WebhookDispatcher({
      outbox,
      endpoints,
      deliveries,
      // Every attempt hangs: the slots it holds stay taken for the whole test.
      transport: {
        send: (request) => {
          sent.push(request)
          return new Promise<WebhookResponse>(() => {})
        },
      },
      renderer: { render: async (event) => renderNotification(event, '2026-05-20') },
      dns: { resolve: async () => ['127.0.0.1'] },
      ids,
      random: new CryptoRandomSource(),
      wallClock: clock,
      limits: { concurrency: 2, perEndpointConcurrency: 2, timeoutMs: 1_000 },
      sandboxLoopback: true,
    })
    await endpoints.insert(endpointFor('http://127.0.0.1:9/hooks'))
    await outbox.append([userCreated(1), userCreated(2), userCreated(3)])
    const scope = { accountId: null, clock }
    // The first of the two leases fails: the sweep reports it, and the other attempt starts.
    await expect(dispatcher.run(scope)).rejects.toThrow('disk I/O error')
    await expect.poll(() => sent.length).toBe(1)
    // One slot of two is free again: the next sweep starts one more, and no third.
    expect(await dispatcher.run(scope)).toBe(1)
    await expect.poll(() => sent.length).toBe(2)
    expect(await dispatcher.run(scope)).toBe(0)
  })

  it('checks the address again at delivery time: a host that now resolves to a private address is not contacted', async () => {
    const receiver = await WebhookReceiver.start()
    receivers.push(receiver)
    let answer = ['127.0.0.1']
    const { outbox, endpoints, deliveries, dispatcher } = setUp(
      { concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 },
      { resolve: async () => answer },
    )
    const port = new URL(receiver.url).port
    const endpoint = endpointFor(`http://receiver.test:${port}/webhooks`)
    await endpoints.insert(endpoint)
    await outbox.append([userCreated(1)])
    answer = ['10.0.0.9']
    await dispatcher.run({ accountId: null, clock, settle: true })
    const [delivery] = (await deliveries.listByEndpoint('acct_1', endpoint.id, { limit: 10 })).data
    expect(delivery!.attempts[0]!.outcome).toEqual({ kind: 'blocked_address' })
    expect(receiver.received).toHaveLength(0)
    // And it connects to the checked address, not to a fresh lookup of the name.
    answer = ['127.0.0.1']
    const retry = { ...delivery!, nextAttemptAt: new Date(Date.now() - 1), version: delivery!.version + 1 }
    await deliveries.update(retry, delivery!.version)
    await dispatcher.run({ accountId: null, clock, settle: true })
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]!.headers.host).toBe(`receiver.test:${port}`)
  })

  it('a crash after the fan-out but before marking the outbox does not duplicate deliveries', async () => {
    const receiver = await WebhookReceiver.start()
    receivers.push(receiver)
    const { outbox, endpoints, deliveries, dispatcher } = setUp({
      concurrency: 5,
      perEndpointConcurrency: 5,
      timeoutMs: 1000,
    })
    const endpoint = endpointFor(receiver.url)
    await endpoints.insert(endpoint)
    const event = userCreated(1)
    await outbox.append([event])
    const markDispatched = outbox.markDispatched.bind(outbox)
    outbox.markDispatched = async () => {
      throw new Error('crash')
    }
    try {
      await expect(dispatcher.fanOut({ accountId: null, clock })).rejects.toThrow('crash')
    } finally {
      outbox.markDispatched = markDispatched
    }
    await dispatcher.run({ accountId: null, clock, settle: true })
    expect((await deliveries.listByEndpoint('acct_1', endpoint.id, { limit: 10 })).data).toHaveLength(1)
    expect(receiver.received).toHaveLength(1)
  })

  it("an endpoint's own webhook_endpoint.disabled goes to the other endpoints only, even once it is enabled again", async () => {
    const { outbox, endpoints, deliveries, dispatcher } = setUp({
      concurrency: 5,
      perEndpointConcurrency: 5,
      timeoutMs: 1000,
    })
    const disabled = endpointFor('http://127.0.0.1:9/disabled')
    const other = endpointFor('http://127.0.0.1:9/other')
    await endpoints.insert(disabled)
    await endpoints.insert(other)
    // The notice waits in the outbox while the operator switches the endpoint on again, before the next fan-out.
    await outbox.append([
      {
        id: ids.next('ntf'),
        type: 'webhook_endpoint.disabled',
        accountId: 'acct_1',
        livemode: false,
        createdAt: new Date(),
        objectType: 'webhook_endpoint',
        object: { ...disabled, status: 'disabled', disabledReason: 'failing' },
      },
    ])
    expect(await dispatcher.fanOut({ accountId: null, clock })).toBe(1)
    expect((await deliveries.listByEndpoint('acct_1', disabled.id, { limit: 10 })).data).toEqual([])
    expect((await deliveries.listByEndpoint('acct_1', other.id, { limit: 10 })).data).toHaveLength(1)
  })

  it('a leased delivery is not attempted by a second worker; an expired lease is picked up again', async () => {
    const receiver = await WebhookReceiver.start()
    receivers.push(receiver)
    const shared = setUp({ concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 })
    const endpoint = endpointFor(receiver.url)
    await shared.endpoints.insert(endpoint)
    await shared.outbox.append([userCreated(1)])
    await shared.dispatcher.fanOut({ accountId: null, clock })
    const [due] = await shared.deliveries.due(null, new Date(), 10)
    // Worker A leases it and dies before attempting.
    const leased = { ...due!, nextAttemptAt: new Date(Date.now() + 60_000), version: due!.version + 1 }
    expect(await shared.deliveries.update(leased, due!.version)).toBe('updated')
    expect(await shared.deliveries.update({ ...due!, version: due!.version + 1 }, due!.version)).toBe('conflict')
    await shared.dispatcher.run({ accountId: null, clock, settle: true })
    expect(receiver.received).toHaveLength(0)
    await shared.dispatcher.run({ accountId: null, clock: { now: () => new Date(Date.now() + 61_000) }, settle: true })
    expect(receiver.received).toHaveLength(1)
  })

  it('a delivery attempted inside a request (test send, replay) is not taken by a dispatch round that runs meanwhile', async () => {
    const transport = new ScriptedTransport({
      outcome: { kind: 'response', statusCode: 200 },
      durationMs: 3,
      error: null,
    })
    const { deliveries, endpoints, dispatcher } = setUp(
      { concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 },
      undefined,
      { transport },
    )
    const endpoint = endpointFor('https://hooks.example.com/in')
    await endpoints.insert(endpoint)
    // Another worker's round runs right after the request stores its delivery, before the request attempts it.
    const other = setUp({ concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 }, undefined, {
      transport,
      shared: { endpoints, deliveries },
    })
    const insertMany = deliveries.insertMany.bind(deliveries)
    let otherRound: Promise<number> | null = null
    deliveries.insertMany = async (stored) => {
      await insertMany(stored)
      otherRound = other.dispatcher.deliverDue({ accountId: null, clock })
      await otherRound
    }
    const delivery = dispatcher.newDelivery(userCreated(1), endpoint, new Date(), null)
    const answered = await dispatcher.deliverNow(delivery, clock)
    expect(await otherRound).toBe(0)
    expect(answered.attempts).toHaveLength(1)
    expect(answered.nextAttemptAt).toBeNull()
    expect(transport.sent).toHaveLength(1)
  })
})

/** A transport that answers as told and records what it was asked: nothing leaves the process. */
class ScriptedTransport implements WebhookTransportPort {
  readonly sent: WebhookRequest[] = []
  constructor(private readonly answer: WebhookResponse) {}
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    this.sent.push(request)
    return this.answer
  }
}

const attemptOnce = async (options: {
  url: string
  resolvesTo: readonly string[]
  answer?: WebhookResponse
  livemode?: boolean
  sandboxLoopback?: boolean
}) => {
  const transport = new ScriptedTransport(
    options.answer ?? { outcome: { kind: 'response', statusCode: 200 }, durationMs: 3, error: null },
  )
  const { outbox, endpoints, deliveries, dispatcher } = setUp(
    { concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 },
    { resolve: async () => options.resolvesTo },
    { transport, ...(options.sandboxLoopback === undefined ? {} : { sandboxLoopback: options.sandboxLoopback }) },
  )
  const endpoint = endpointFor(options.url, undefined, options.livemode ?? false)
  await endpoints.insert(endpoint)
  await outbox.append([userCreated(1, options.livemode ?? false)])
  await dispatcher.run({ accountId: null, clock, settle: true })
  const [delivery] = (await deliveries.listByEndpoint('acct_1', endpoint.id, { limit: 10 })).data
  return { transport, delivery: delivery!, attempt: delivery!.attempts[0]! }
}

describe('Delivery-time address check: every special-purpose range, on the addresses the host resolves to now', () => {
  it.each([
    '::7f00:1',
    'fec0::1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '100.64.0.1',
    '192.0.0.9',
    '198.18.0.1',
  ])('a host that now resolves to %s is not contacted', async (address) => {
    const { transport, attempt } = await attemptOnce({
      url: 'https://hooks.example.com/in',
      resolvesTo: ['93.184.215.14', address],
      livemode: true,
    })
    expect(attempt.outcome).toEqual({ kind: 'blocked_address' })
    expect(transport.sent).toHaveLength(0)
  })
})

describe('Private targets on the sandbox: allowed only by the operator, and nothing shown of what answers there', () => {
  const refusedAnswers: [string, WebhookResponse][] = [
    ['a 401', { outcome: { kind: 'response', statusCode: 401 }, durationMs: 2, error: null }],
    ['a redirect', { outcome: { kind: 'response', statusCode: 302 }, durationMs: 2, error: null }],
    ['a refused connection', { outcome: { kind: 'connection_error' }, durationMs: 1, error: 'ECONNREFUSED' }],
    ['a timeout', { outcome: { kind: 'timeout' }, durationMs: 1000, error: 'No answer within 1000 ms.' }],
  ]

  it.each(refusedAnswers)(
    '%s from a loopback target is recorded as failed, without status or error',
    async (_label, answer) => {
      const { transport, delivery, attempt } = await attemptOnce({
        url: 'http://laptop.test:4242/hooks',
        resolvesTo: ['127.0.0.1'],
        answer,
      })
      expect(transport.sent).toHaveLength(1)
      expect(attempt).toEqual({
        number: 1,
        at: expect.any(Date),
        durationMs: answer.durationMs,
        outcome: { kind: 'failed' },
        error: null,
      })
      expect(delivery.status).toBe('retrying')
    },
  )

  it('an acknowledgement from a loopback target is recorded as succeeded, without its status', async () => {
    const { delivery, attempt } = await attemptOnce({
      url: 'http://[::1]:4242/hooks',
      resolvesTo: [],
      answer: { outcome: { kind: 'response', statusCode: 204 }, durationMs: 2, error: null },
    })
    expect(attempt).toMatchObject({ outcome: { kind: 'succeeded' }, error: null })
    expect(delivery.status).toBe('succeeded')
  })

  it.each(refusedAnswers)('%s from a public target keeps its details', async (_label, answer) => {
    const { attempt } = await attemptOnce({ url: 'http://hooks.example.com/in', resolvesTo: ['93.184.215.14'], answer })
    expect(attempt).toMatchObject({ outcome: answer.outcome, error: answer.error })
  })

  it('without the operator allowance a loopback endpoint is blocked at delivery time, not contacted', async () => {
    const { transport, attempt } = await attemptOnce({
      url: 'http://laptop.test:4242/hooks',
      resolvesTo: ['127.0.0.1'],
      sandboxLoopback: false,
    })
    expect(attempt.outcome).toEqual({ kind: 'blocked_address' })
    expect(transport.sent).toHaveLength(0)
  })
})

describe('An attempt that fails by a bug (not by the receiver) is logged', () => {
  it('logs an error line naming the account, the delivery and the endpoint; the delivery stays due for a retry', async () => {
    const receiver = await WebhookReceiver.start()
    receivers.push(receiver)
    const logger = new RecordingLogger()
    const failure = new Error('renderer bug')
    const { outbox, endpoints, deliveries, dispatcher } = setUp(
      { concurrency: 5, perEndpointConcurrency: 5, timeoutMs: 1000 },
      undefined,
      {},
      {
        renderer: {
          render: async () => {
            throw failure
          },
        },
        logger: logger.child({ job: 'webhook-delivery' }),
      },
    )
    const endpoint = endpointFor(receiver.url)
    await endpoints.insert(endpoint)
    await outbox.append([userCreated(1)])
    await dispatcher.run({ accountId: null, clock, settle: true })
    const [delivery] = (await deliveries.listByEndpoint('acct_1', endpoint.id, { limit: 10 })).data
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'webhook attempt failed',
        fields: {
          job: 'webhook-delivery',
          accountId: 'acct_1',
          deliveryId: delivery!.id,
          endpointId: endpoint.id,
          err: failure,
        },
      },
    ])
    expect(delivery!.attempts).toEqual([])
    expect(receiver.received).toHaveLength(0)
  })
})
