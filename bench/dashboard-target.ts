import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CalendarEvent } from '../core/event/event.js'
import type { RequestLogEntry } from '../core/request-log/request-log-entry.js'
import type { Delivery } from '../core/webhooks/delivery.js'
import { loadConfig } from '../hosts/config.js'
import { TOKENS } from '../hosts/di-tokens.js'
import { startService } from '../hosts/server.js'
import { BENCH_LIVE_KEY, BENCH_TEST_KEY, type TargetCpu } from './http-target.js'

/**
 * The server side of the dashboard scenario, in its own process: the service as `npm start` runs it on SQLite, with
 * its logs on (`LOG_LEVEL=info`, written to the parent's /dev/null) and request logging on (as always), seeded with
 * `users` users (through the use case), `events` events (one through the use case, the rest its copies, bulk-written
 * through the event repository), `deliveries` webhook deliveries of one endpoint and `requestLogs` request-log rows
 * over the last 30 days (bulk-written through the request-log store, one in ten with bodies), and an owner signed in
 * to the dashboard. Its background jobs are off (`WORKER=false`): 100,000 copied events would otherwise all be
 * recomputed during the measurement. Tells the parent its URLs, the session cookie and the ids the pages need; its
 * CPU time on `cpu`; stops on `stop`.
 */
export interface DashboardTargetReady {
  readonly url: string
  readonly sandboxUrl: string
  readonly cookie: string
  readonly userId: string
  /** A user of the sandbox (the sandbox's GET). */
  readonly sandboxUserId: string
  readonly eventId: string
  readonly endpointId: string
  readonly requestId: string
  readonly seedSeconds: {
    readonly users: number
    readonly events: number
    readonly deliveries: number
    readonly requestLogs: number
  }
}

export interface DashboardSeed {
  readonly users: number
  readonly events: number
  readonly deliveries: number
  readonly requestLogs: number
}

const PATHS = [
  '/v1/users',
  '/v1/events',
  '/v1/webhook_endpoints',
  '/v1/users/usr_x/events',
  '/v1/events/evt_x/departure',
]

/** The n-th seeded request-log row: mostly 200s, 5% 400s and 404s, 0.1% 500s; every tenth with bodies. */
const requestLogRow = (n: number, accountId: string, occurredAt: Date): RequestLogEntry => {
  const status = n % 1000 === 7 ? 500 : n % 40 === 3 ? 400 : n % 40 === 5 ? 404 : n % 7 === 0 ? 201 : 200
  const failed = status >= 400
  return {
    requestId: `req_seed${String(n).padStart(16, '0')}`,
    accountId,
    livemode: true,
    method: status === 201 ? 'POST' : 'GET',
    path: PATHS[n % PATHS.length] ?? '/v1/users',
    status,
    errorCode: failed
      ? status === 400
        ? 'parameter_invalid'
        : status === 404
          ? 'resource_missing'
          : 'api_error'
      : null,
    errorParam: status === 400 ? 'email' : null,
    errorMessage: failed ? 'seeded' : null,
    keyId: 'key_bench',
    apiVersion: '2026-05-20',
    idempotencyKey: status === 201 ? `idem-${n}` : null,
    replayed: false,
    durationMs: 1 + (n % 50) / 10,
    occurredAt,
    ...(n % 10 === 0
      ? {
          bodies: {
            request: status === 201 ? '{"email":"seed@example.com"}' : null,
            response: `{"id":"usr_${n}","object":"user","email":"seed-${n}@example.com"}`,
          },
        }
      : {}),
  }
}

const start = async (seed: DashboardSeed) => {
  const { users, events, deliveries, requestLogs } = seed
  const dataDir = mkdtempSync(join(tmpdir(), 'departure-bench-dashboard-'))
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATA_DIR: dataDir,
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    WORKER: 'false',
    // The API's GET is measured for its cost, not its limits (as in the http scenario).
    RATE_LIMIT_REQUESTS: '1000000000',
    RATE_LIMIT_CONCURRENCY: '10000',
    SERVICE_BOOTSTRAP_KEYS: `${BENCH_TEST_KEY},${BENCH_LIVE_KEY}`,
  })
  const service = await startService(config)
  const { application } = service
  let seedStart = performance.now()
  const seedSeconds = { users: 0, events: 0, deliveries: 0, requestLogs: 0 }
  const lap = (name: keyof typeof seedSeconds) => {
    seedSeconds[name] = Math.round((performance.now() - seedStart) / 100) / 10
    seedStart = performance.now()
  }
  const [account] = await application.accountRepository.listAccounts()
  if (account === undefined) throw new Error('the bench service has no account')
  const scope = { accountId: account.id, livemode: true, clock: application.clock }
  const live = application.surfaces.live
  const userIds: string[] = []
  for (let index = 0; index < users; index++) {
    const created = await live.users.create(scope, {
      email: `bench-${index}@example.com`,
      homeLocation: { lat: 52.4 + (index % 50) / 200, lng: 13.2 + (index % 37) / 150 },
    })
    if (!created.ok) throw new Error(`seeding user ${index}: ${created.error._tag}`)
    userIds.push(created.value.user.id)
  }
  const userId = userIds[0] ?? ''
  const sandboxUser = await application.surfaces.test.users.create(
    { ...scope, livemode: false },
    { email: 'bench-sandbox@example.com' },
  )
  if (!sandboxUser.ok) throw new Error(`seeding the sandbox user: ${sandboxUser.error._tag}`)
  lap('users')
  const first = new Date(application.clock.now().getTime() + 3_600_000)
  const template = await live.events.create(scope, {
    userId,
    title: 'Bench event 0',
    startTime: first,
    endTime: new Date(first.getTime() + 3_600_000),
    location: { lat: 52.52, lng: 13.405 },
  })
  if (!template.ok) throw new Error(`seeding the first event: ${template.error._tag}`)
  const eventId = template.value.id
  const eventRepository = live.container.get(TOKENS.EventRepository)
  const ids = application.container.get(TOKENS.IdGenerator)
  const model: CalendarEvent = template.value
  for (let index = 1; index < events; index++) {
    const startTime = new Date(first.getTime() + (index % 720) * 3_600_000 + (index % 60) * 60_000)
    await eventRepository.insert(
      {
        ...model,
        id: ids.next('evt'),
        userId: userIds[index % userIds.length] ?? userId,
        title: `Bench event ${index}`,
        startTime,
        endTime: new Date(startTime.getTime() + 3_600_000),
      },
      [],
    )
  }
  lap('events')
  const endpoint = await live.webhooks.create(scope, { url: 'https://93.184.215.14/hooks', events: ['*'] })
  if (!endpoint.ok) throw new Error(`seeding the endpoint: ${endpoint.error._tag}`)
  const endpointId = endpoint.value.endpoint.id
  const repository = live.container.get(TOKENS.WebhookDeliveryRepository)
  const now = application.clock.now().getTime()
  for (let batch = 0; batch < deliveries; batch += 1_000) {
    const rows: Delivery[] = []
    for (let index = batch; index < Math.min(deliveries, batch + 1_000); index++) {
      const at = new Date(now - (deliveries - index) * 1_000)
      const succeeded = index % 10 !== 0
      rows.push({
        id: ids.next('whd'),
        accountId: account.id,
        livemode: true,
        endpointId,
        notification: {
          id: ids.next('ntf'),
          type: 'event.updated',
          accountId: account.id,
          livemode: true,
          createdAt: at,
          objectType: 'event',
          object: { id: `evt_${index}` },
        },
        status: succeeded ? 'succeeded' : 'failed',
        attempts: [
          {
            number: 1,
            at,
            durationMs: 40,
            outcome: { kind: 'response', statusCode: succeeded ? 200 : 500 },
            error: null,
          },
        ],
        firstAttemptAt: at,
        nextAttemptAt: null,
        failureReason: succeeded ? null : 'retries_exhausted',
        replayOf: null,
        createdAt: at,
        version: 1,
      })
    }
    await repository.insertMany(rows)
  }
  lap('deliveries')
  // A million rows over the last 30 days, oldest first (the order the writer would have written them in).
  const logStore = application.container.get(TOKENS.RequestLogStore)
  const span = 30 * 24 * 3_600_000 - 60_000
  for (let batch = 0; batch < requestLogs; batch += 5_000) {
    const rows: RequestLogEntry[] = []
    for (let n = batch; n < Math.min(requestLogs, batch + 5_000); n++)
      rows.push(requestLogRow(n, account.id, new Date(now - span + Math.floor((n / requestLogs) * span))))
    await logStore.appendMany(rows)
  }
  const requestId = requestLogRow(requestLogs - 37, account.id, new Date()).requestId
  lap('requestLogs')
  const { members, signIn } = application.dashboard
  const member = await members.ensure(account.id, 'bench@example.com', 'owner')
  if (!member.ok) throw new Error('making the bench member')
  const link = await signIn.issueLink(member.value)
  const answer = await fetch(`${service.liveUrl}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(service.liveUrl).origin },
    body: new URLSearchParams({ token: new URL(link.url).searchParams.get('token') ?? '' }).toString(),
  })
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (answer.status !== 303 || cookie === '') throw new Error(`the bench sign-in answered ${answer.status}`)
  return {
    ready: {
      url: service.liveUrl,
      sandboxUrl: service.sandboxUrl,
      cookie,
      userId,
      sandboxUserId: sandboxUser.value.user.id,
      eventId,
      endpointId,
      requestId,
      seedSeconds,
    } satisfies DashboardTargetReady,
    writer: application.dashboard.requestLogs,
    stop: async () => {
      await service.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [users = 10_000, events = 100_000, deliveries = 100_000, requestLogs = 1_000_000] = process.argv
    .slice(2)
    .map(Number)
  const target = await start({ users, events, deliveries, requestLogs })
  let recording = true
  const writer = target.writer
  const record = writer.record.bind(writer)
  writer.record = (...args) => {
    if (recording) record(...args)
  }
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await target.stop()
    process.exit(0)
  }
  process.on('message', (message) => {
    if (message === 'stop') void stop()
    // The same GET with its request-log entry dropped instead of recorded (bench only): what logging costs, measured
    // beside it in the same process and rounds.
    if (message === 'request-logs:off' || message === 'request-logs:on') {
      recording = message === 'request-logs:on'
      process.send?.({ recording })
    }
    // Writes what waits, so that a round's CPU holds its own entries' writes.
    if (message === 'request-logs:flush') void writer.flush().then(() => process.send?.({ flushed: true }))
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ cpuMicros: user + system } satisfies TargetCpu)
    }
  })
  process.on('disconnect', () => void stop())
  process.send?.(target.ready)
}
