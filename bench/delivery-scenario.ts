import { fork } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { SystemClock } from '../adapters/clock/system/system-clock.js'
import { CryptoRandomSource, UlidIdGenerator } from '../adapters/ids/ulid/ulid-ids.js'
import { MemoryMetrics } from '../adapters/metrics/memory/memory-metrics.js'
import { MemoryOutbox } from '../adapters/storage/memory/outbox.js'
import { MemoryWebhookDeliveryRepository } from '../adapters/storage/memory/webhook-delivery-repository.js'
import { MemoryWebhookEndpointRepository } from '../adapters/storage/memory/webhook-endpoint-repository.js'
import { openSqlite } from '../adapters/storage/sqlite/database.js'
import { SqliteOutbox } from '../adapters/storage/sqlite/outbox.js'
import { SURFACE_SCHEMA } from '../adapters/storage/sqlite/schema.js'
import { SqliteWebhookDeliveryRepository } from '../adapters/storage/sqlite/webhook-delivery-repository.js'
import { SqliteWebhookEndpointRepository } from '../adapters/storage/sqlite/webhook-endpoint-repository.js'
import { HttpWebhookTransport } from '../adapters/webhook-transport/http/http-webhook-transport.js'
import { renderNotification } from '../contracts/webhooks/notification.js'
import type { DomainEvent, OutboxPort } from '../core/ports/outbox.js'
import type { WebhookDeliveryRepositoryPort } from '../core/ports/webhook-delivery-repository.js'
import type { WebhookEndpointRepositoryPort } from '../core/ports/webhook-endpoint-repository.js'
import type { WebhookTransportPort } from '../core/ports/webhook-transport.js'
import { DEFAULT_PREFERENCES } from '../core/user/user.js'
import type { Delivery } from '../core/webhooks/delivery.js'
import { DEFAULT_DISPATCHER_LIMITS, WebhookDispatcher } from '../core/webhooks/webhook-dispatcher.js'
import type { WebhookEndpoint } from '../core/webhooks/webhook-endpoint.js'
import { temporaryDataDir } from './data-dir.js'

/** Where the dispatcher's outbox, endpoints and deliveries live: SQLite (`npm start`'s default) or in memory. */
export type DeliveryStorage = 'sqlite' | 'memory'

/** `STORAGE=memory` runs the scenario on the in-memory family, as the HTTP scenario does; SQLite otherwise. */
export const deliveryStorage = (): DeliveryStorage => (process.env.STORAGE === 'memory' ? 'memory' : 'sqlite')

export interface DeliveryReport {
  readonly storage: DeliveryStorage
  readonly endpoints: number
  readonly deliveries: number
  readonly seconds: number
  readonly deliveriesPerSecond: number
  readonly attemptP50Ms: number
  readonly attemptP99Ms: number
  readonly failed: number
  /** CPU time (user + system) of the dispatcher's process per delivery, from the fan-out to the last outcome recorded. */
  readonly dispatcherCpuMicros: number
  /** The same for the receivers' process (the stand-in for the endpoints' servers, not part of the node measured). */
  readonly receiverCpuMicros: number
  /** The most attempts in flight at once, overall and to one endpoint (the limits: 64 and 8). */
  readonly maxInFlight: number
  readonly maxInFlightPerEndpoint: number
  /** The 1-minute load average before and after: the machine is shared, the rates move with it. */
  readonly loadBefore: number
  readonly loadAfter: number
}

/** Counts the deliveries whose outcome is final (no next attempt), so that the bench knows when all are done. */
class FinishedCounter {
  private finished = 0
  private target = Number.POSITIVE_INFINITY
  private onDone: () => void = () => {}

  allFinished(target: number): Promise<void> {
    this.target = target
    return new Promise((resolve) => {
      this.onDone = resolve
      if (this.finished >= target) resolve()
    })
  }

  /** The repository's `update`, counting each final outcome written. */
  counting(repository: WebhookDeliveryRepositoryPort): WebhookDeliveryRepositoryPort {
    const update = repository.update.bind(repository)
    return Object.assign(Object.create(repository) as WebhookDeliveryRepositoryPort, {
      update: async (delivery: Delivery, expectedVersion: number) => {
        const result = await update(delivery, expectedVersion)
        if (result === 'updated' && delivery.nextAttemptAt === null && ++this.finished >= this.target) this.onDone()
        return result
      },
    })
  }
}

/** The dispatcher's stores: a fresh SQLite surface file in a temporary directory, or the in-memory family. */
const openStores = (
  storage: DeliveryStorage,
): {
  outbox: OutboxPort
  endpoints: WebhookEndpointRepositoryPort
  deliveries: WebhookDeliveryRepositoryPort
  close: () => void
} => {
  if (storage === 'memory') {
    const outbox = new MemoryOutbox()
    return {
      outbox,
      endpoints: new MemoryWebhookEndpointRepository(outbox),
      deliveries: new MemoryWebhookDeliveryRepository(),
      close: () => {},
    }
  }
  const db = openSqlite(`${temporaryDataDir('delivery')}/test.db`, SURFACE_SCHEMA)
  const outbox = new SqliteOutbox(db)
  return {
    outbox,
    endpoints: new SqliteWebhookEndpointRepository(db, outbox),
    deliveries: new SqliteWebhookDeliveryRepository(db),
    close: () => db.close(),
  }
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * The receivers' script: beside this module when it runs from source, in the source tree when it runs compiled
 * (`dist/bench/`: the compiler copies no `.mjs`).
 */
const RECEIVERS = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? './delivery-receivers.mjs' : '../../bench/delivery-receivers.mjs',
    import.meta.url,
  ),
)

/** Starts `count` receivers in a child process; resolves with their ports. */
const startReceivers = (count: number) =>
  new Promise<{ ports: number[]; cpuMicros: () => Promise<number>; stop: () => void }>((resolve, reject) => {
    const child = fork(RECEIVERS, [String(count)], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    })
    child.once('error', reject)
    /** The receivers' CPU time so far (user + system, µs). */
    const cpuMicros = () =>
      new Promise<number>((answer) => {
        child.once('message', (message) => {
          const { cpu } = message as { cpu: NodeJS.CpuUsage }
          answer(cpu.user + cpu.system)
        })
        child.send('cpu')
      })
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({
        ports: (JSON.parse(chunk.toString('utf8')) as { ports: number[] }).ports,
        cpuMicros,
        stop: () => child.kill(),
      }),
    )
  })

/**
 * Signed deliveries per second from the dispatcher (SQLite or in-memory storage, the real
 * HTTP transport, signatures, rendering) to receivers on loopback, in the
 * background mode production uses: the sweep starts what the concurrency limits
 * allow and each finished attempt starts the next.
 */
export const runDeliveryScenario = async (
  endpointCount: number,
  deliveryCount: number,
  storage: DeliveryStorage = deliveryStorage(),
): Promise<DeliveryReport> => {
  const receivers = await startReceivers(endpointCount)
  const ids = new UlidIdGenerator()
  const clock = new SystemClock()
  const stores = openStores(storage)
  const { outbox, endpoints } = stores
  const counter = new FinishedCounter()
  const deliveries = counter.counting(stores.deliveries)
  const transport = new HttpWebhookTransport()
  // Counts the attempts in flight, overall and by endpoint URL, to show the concurrency limits held.
  const inFlightByUrl = new Map<string, number>()
  let inFlight = 0
  let maxInFlight = 0
  let maxInFlightPerEndpoint = 0
  const counted: WebhookTransportPort = {
    send: async (request) => {
      const url = request.url.href
      const toEndpoint = (inFlightByUrl.get(url) ?? 0) + 1
      inFlightByUrl.set(url, toEndpoint)
      maxInFlightPerEndpoint = Math.max(maxInFlightPerEndpoint, toEndpoint)
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      try {
        return await transport.send(request)
      } finally {
        inFlight -= 1
        inFlightByUrl.set(url, (inFlightByUrl.get(url) ?? 1) - 1)
      }
    },
  }
  const dispatcher = new WebhookDispatcher({
    outbox,
    endpoints,
    deliveries,
    transport: counted,
    renderer: { render: async (event) => renderNotification(event, '2026-05-20') },
    dns: { resolve: async () => ['127.0.0.1'] },
    ids,
    random: new CryptoRandomSource(),
    wallClock: clock,
    limits: DEFAULT_DISPATCHER_LIMITS,
    sandboxLoopback: true,
    // Production always counts attempts (in memory when the metrics endpoint is off).
    metrics: new MemoryMetrics(),
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
  const allFinished = counter.allFinished(total)
  let finished = false
  void allFinished.then(() => {
    finished = true
  })
  const loadBefore = loadavg()[0]!
  const receiverCpuBefore = await receivers.cpuMicros()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await dispatcher.fanOut(scope)
  // The production sweep runs every 500 ms; between sweeps finished attempts refill their slots themselves.
  while (!finished) {
    await dispatcher.deliverDue(scope)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([allFinished, new Promise((resolve) => (timer = setTimeout(resolve, 500)))])
    clearTimeout(timer)
  }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const receiverCpu = (await receivers.cpuMicros()) - receiverCpuBefore
  const loadAfter = loadavg()[0]!
  const endpointList = await endpoints.enabledOf('acct_bench')
  for (const endpoint of endpointList) {
    const open = (await deliveries.openOf('acct_bench', endpoint.id)).length
    if (open > 0) throw new Error(`${open} deliveries to ${endpoint.id} still open after all were counted finished`)
  }
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
  stores.close()
  return {
    storage,
    endpoints: endpointCount,
    deliveries: total,
    seconds: Math.round(seconds * 100) / 100,
    deliveriesPerSecond: Math.round(total / seconds),
    attemptP50Ms: percentile(durations, 50),
    attemptP99Ms: percentile(durations, 99),
    failed,
    maxInFlight,
    maxInFlightPerEndpoint,
    dispatcherCpuMicros: Math.round((cpu.user + cpu.system) / total),
    receiverCpuMicros: Math.round(receiverCpu / total),
    loadBefore: Math.round(loadBefore * 100) / 100,
    loadAfter: Math.round(loadAfter * 100) / 100,
  }
}
