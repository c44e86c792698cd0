import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { type Pinning, pinServer } from './affinity.js'
import { BENCH_LIVE_KEY, type TargetCpu, type TargetKind, type TargetMongo, type TargetReady } from './http-target.js'
import type { BenchMongo } from './mongo.js'

export interface LoadFigures {
  readonly requestsPerSecond: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly latencyMaxMs: number
  readonly requests: number
  /** Non-2xx answers and connection errors: a valid run has none. */
  readonly failures: number
  /** CPU time the server process spent per request (user + system): steadier than req/s on a shared machine. */
  readonly serverCpuMicrosPerRequest: number
  /** CPU time the MongoDB test peer's process spent per request; null on embedded storage or a real server. */
  readonly storeCpuMicrosPerRequest: number | null
}

/** Where the service kept its data: in process (`embedded`), on the MongoDB test peer, or on a real MongoDB (`MONGODB_URI`). */
export type StorageLabel = 'embedded' | 'mongodb-test-peer' | 'mongodb'

export const storageLabel = (mongo: BenchMongo | undefined): StorageLabel =>
  mongo === undefined ? 'embedded' : mongo.kind === 'peer' ? 'mongodb-test-peer' : 'mongodb'

export interface HttpReport {
  readonly storage: StorageLabel
  /** Where the processes ran: the load generator and each server on cores of their own, or wherever the scheduler put them (null). */
  readonly pinning: Pinning | null
  readonly connections: number
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly rounds: number
  readonly bare: LoadFigures
  readonly authenticatedGet: LoadFigures
  /** `POST /v1/events` with a location (the first departure window is computed in the request), no Idempotency-Key. */
  readonly createEvent: LoadFigures
  /** The same with a unique `Idempotency-Key` on every request (a claim and a completion in the idempotency store). */
  readonly createEventWithIdempotencyKey: LoadFigures
  /** Authenticated GET req/s over bare Fastify req/s, over the whole measurement. */
  readonly ratio: number
  /** The lowest and highest ratio of one round: how much the machine's other load moved the figures. */
  readonly ratioRange: readonly [number, number]
  readonly goals: { readonly ratioAtLeastHalf: boolean; readonly p99Below10Ms: boolean }
}

export interface HttpScenarioOptions {
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly connections: number
  /** The measured time is cut into this many rounds, alternating the two servers. */
  readonly rounds: number
  /** A directory: the server processes run with `--cpu-prof` and write their profiles there. */
  readonly cpuProfileDir?: string
  /** Run the service on this MongoDB (a fresh database prefix) instead of embedded storage. */
  readonly mongo?: BenchMongo
  /** Pin each server process (every thread) to its core; the caller pinned itself (see `affinity.ts`). */
  readonly pinning: Pinning | null
}

const TARGET = fileURLToPath(
  new URL(`./http-target${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
)

interface StartedTarget {
  readonly url: string
  cpuMicros(): Promise<number>
  stop(): Promise<void>
}

const startTarget = (
  kind: TargetKind,
  cpuProfileDir: string | undefined,
  pinning: Pinning | null,
  mongo?: TargetMongo,
): Promise<StartedTarget> =>
  new Promise((resolve, reject) => {
    const execArgv = [
      ...process.execArgv,
      ...(cpuProfileDir === undefined
        ? []
        : ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, '--cpu-prof-interval=250']),
    ]
    const args = mongo === undefined ? [kind] : [kind, mongo.uri, mongo.database]
    const child: ChildProcess = fork(TARGET, args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the ${kind} target exited early (code ${code})`)))
    child.once('message', (message) => {
      // Once it listens: every thread it has started by then (and those it starts later) stays on the server core.
      if (pinning !== null) pinServer(child.pid!, pinning)
      resolve({
        url: (message as TargetReady).url,
        cpuMicros: () =>
          new Promise((answer) => {
            child.once('message', (reply) => answer((reply as TargetCpu).cpuMicros))
            child.send('cpu')
          }),
        stop: async () => {
          child.send('stop')
          await exited
        },
      })
    })
  })

interface Slice {
  readonly seconds: number
  readonly serverCpuMicros: number
  readonly storeCpuMicros: number | null
  readonly requests: number
  readonly failures: number
  readonly latenciesMs: readonly number[]
}

/** What one load sends: a fixed request, or (`next`) a new method, body and headers for every request. */
interface LoadRequest {
  readonly url: string
  readonly headers: Record<string, string>
  readonly next?: () => { readonly method: 'POST'; readonly body: string; readonly headers: Record<string, string> }
}

/** One autocannon run; latencies are taken per response (fractional ms) so that rounds can be pooled. */
const load = (
  request: LoadRequest,
  connections: number,
  seconds: number,
): Promise<Omit<Slice, 'serverCpuMicros' | 'storeCpuMicros'>> =>
  new Promise((resolve, reject) => {
    const latenciesMs: number[] = []
    const { next } = request
    // setupRequest runs before every request, so each one gets its own body and headers.
    const requests =
      next === undefined ? undefined : [{ setupRequest: (base: autocannon.Request) => ({ ...base, ...next() }) }]
    const instance = autocannon(
      {
        url: request.url,
        headers: request.headers,
        connections,
        duration: seconds,
        ...(requests === undefined ? {} : { requests }),
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          seconds: result.duration,
          requests: result.requests.total,
          failures: result.non2xx + result.errors,
          latenciesMs,
        })
      },
    )
    // The instance re-emits each client's response as (client, status, bytes, ms); the typings only know the client's event.
    ;(instance as unknown as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, ms: number) => {
        latenciesMs.push(ms)
      },
    )
  })

const percentile = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const twoDecimals = (value: number) => Math.round(value * 100) / 100

const figures = (url: string, slices: readonly Slice[]): LoadFigures => {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0)
  const failures = slices.reduce((sum, slice) => sum + slice.failures, 0)
  if (failures > 0)
    throw new Error(`${url}: ${failures} of ${requests} requests failed; the figures would not be valid`)
  const sorted = Float64Array.from(slices.flatMap((slice) => slice.latenciesMs)).sort()
  return {
    requestsPerSecond: Math.round(requests / slices.reduce((sum, slice) => sum + slice.seconds, 0)),
    latencyP50Ms: twoDecimals(percentile(sorted, 50)),
    latencyP99Ms: twoDecimals(percentile(sorted, 99)),
    latencyMaxMs: twoDecimals(sorted.at(-1) ?? 0),
    requests,
    failures,
    serverCpuMicrosPerRequest:
      Math.round((slices.reduce((sum, slice) => sum + slice.serverCpuMicros, 0) / requests) * 10) / 10,
    storeCpuMicrosPerRequest: slices.some((slice) => slice.storeCpuMicros === null)
      ? null
      : Math.round((slices.reduce((sum, slice) => sum + slice.storeCpuMicros!, 0) / requests) * 10) / 10,
  }
}

const createUser = async (baseUrl: string, index: number): Promise<string> => {
  const response = await fetch(`${baseUrl}/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_LIVE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${index}@example.com`,
      home_location: { lat: 52.4 + (index % 50) / 200, lng: 13.2 + (index % 37) / 150 },
    }),
  })
  const body = (await response.json()) as { id?: string }
  if (response.status !== 201 || body.id === undefined)
    throw new Error(`creating the bench user answered ${response.status}: ${JSON.stringify(body)}`)
  return body.id
}

/** Users the created events are spread over, so that no user collects an unrealistic number of events. */
const EVENT_USERS = 200

/**
 * Bodies of `POST /v1/events`: a 1-hour event with a location, for the users in
 * turn, starting 2 hours from now and then every 17 minutes later, so that a user
 * has at most a few events a day (the origin rule reads the previous day's). With
 * `idempotencyKeys`, every request carries a new `Idempotency-Key`.
 */
const eventRequests = (userIds: readonly string[], idempotencyKeys: boolean) => {
  const run = randomBytes(4).toString('hex')
  const first = Date.now() + 2 * 3_600_000
  let sent = 0
  return () => {
    const n = sent++
    const start = first + n * 17 * 60_000
    const body = JSON.stringify({
      user_id: userIds[n % userIds.length],
      title: `Bench event ${n}`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
      location: { lat: 52.45 + ((n * 7) % 100) / 1000, lng: 13.3 + ((n * 13) % 100) / 1000 },
    })
    const headers: Record<string, string> = {
      authorization: `Bearer ${BENCH_LIVE_KEY}`,
      'content-type': 'application/json',
    }
    if (idempotencyKeys) headers['idempotency-key'] = `bench-${run}-${n}`
    return { method: 'POST' as const, body, headers }
  }
}

const READS = ['bare', 'authenticatedGet'] as const
const WRITES = ['createEvent', 'createEventWithIdempotencyKey'] as const
type LoadName = (typeof READS)[number] | (typeof WRITES)[number]

/**
 * The API's fixed cost per request: an authenticated `GET /v1/users/{id}` on the
 * production surface (request id, authentication, rate limits, versioning,
 * idempotency hooks, route, rendering) against a bare Fastify hello-world, each
 * server in its own process, the load generator (autocannon) in this one; and a
 * write, `POST /v1/events` with a location, without and with an Idempotency-Key.
 * Every load is warmed up, then all are measured in alternating rounds, so that
 * a change in the machine's other load hits them alike. With `mongo`, the
 * service keeps everything in that MongoDB (a fresh database prefix).
 */
export const runHttpScenario = async (options: HttpScenarioOptions): Promise<HttpReport> => {
  const { connections, mongo } = options
  const bareTarget = await startTarget('bare', options.cpuProfileDir, options.pinning)
  const targetMongo = mongo === undefined ? undefined : { uri: mongo.uri, database: mongo.databasePrefix() }
  const serviceTarget = await startTarget('service', options.cpuProfileDir, options.pinning, targetMongo).catch(
    async (error: unknown) => {
      await bareTarget.stop()
      throw error
    },
  )
  try {
    const userIds: string[] = []
    for (let i = 0; i < EVENT_USERS; i++) userIds.push(await createUser(serviceTarget.url, i))
    const eventsUrl = `${serviceTarget.url}/v1/events`
    const servers: Record<LoadName, { target: StartedTarget; request: LoadRequest }> = {
      bare: { target: bareTarget, request: { url: bareTarget.url, headers: {} } },
      authenticatedGet: {
        target: serviceTarget,
        request: {
          url: `${serviceTarget.url}/v1/users/${userIds[0]}`,
          headers: { authorization: `Bearer ${BENCH_LIVE_KEY}` },
        },
      },
      createEvent: {
        target: serviceTarget,
        request: { url: eventsUrl, headers: {}, next: eventRequests(userIds, false) },
      },
      createEventWithIdempotencyKey: {
        target: serviceTarget,
        request: { url: eventsUrl, headers: {}, next: eventRequests(userIds, true) },
      },
    }
    const run = async (name: LoadName, seconds: number): Promise<Slice> => {
      const { target, request } = servers[name]
      const cpuBefore = await target.cpuMicros()
      const storeBefore = (await mongo?.cpuMicros()) ?? null
      const slice = await load(request, connections, seconds)
      const storeAfter = (await mongo?.cpuMicros()) ?? null
      return {
        ...slice,
        serverCpuMicros: (await target.cpuMicros()) - cpuBefore,
        storeCpuMicros: storeBefore === null || storeAfter === null ? null : storeAfter - storeBefore,
      }
    }
    const sliceSeconds = Math.max(1, Math.round(options.durationSeconds / options.rounds))
    const slices: Record<LoadName, Slice[]> = {
      bare: [],
      authenticatedGet: [],
      createEvent: [],
      createEventWithIdempotencyKey: [],
    }
    const roundRatios: number[] = []
    // Reads first, then writes: every created event is monitored in the background from then on, and that work
    // would otherwise run during the read rounds (on the server core when pinned, slowing whichever server is measured).
    for (const phase of [READS, WRITES]) {
      if (options.warmupSeconds > 0) for (const name of phase) await run(name, options.warmupSeconds)
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? phase : [...phase].reverse()
        for (const name of order) slices[name].push(await run(name, sliceSeconds))
        if (phase === READS) {
          const [bareSlice, serviceSlice] = [slices.bare.at(-1)!, slices.authenticatedGet.at(-1)!]
          roundRatios.push(serviceSlice.requests / serviceSlice.seconds / (bareSlice.requests / bareSlice.seconds))
        }
      }
    }
    const bare = figures(servers.bare.request.url, slices.bare)
    const authenticatedGet = figures(servers.authenticatedGet.request.url, slices.authenticatedGet)
    const createEvent = figures(`POST ${eventsUrl}`, slices.createEvent)
    const createEventWithIdempotencyKey = figures(
      `POST ${eventsUrl} (Idempotency-Key)`,
      slices.createEventWithIdempotencyKey,
    )
    const ratio = authenticatedGet.requestsPerSecond / bare.requestsPerSecond
    const round3 = (value: number) => Math.round(value * 1000) / 1000
    return {
      storage: storageLabel(mongo),
      pinning: options.pinning,
      connections,
      durationSeconds: sliceSeconds * options.rounds,
      warmupSeconds: options.warmupSeconds,
      rounds: options.rounds,
      bare,
      authenticatedGet,
      createEvent,
      createEventWithIdempotencyKey,
      ratio: round3(ratio),
      ratioRange: [round3(Math.min(...roundRatios)), round3(Math.max(...roundRatios))],
      goals: { ratioAtLeastHalf: ratio >= 0.5, p99Below10Ms: authenticatedGet.latencyP99Ms < 10 },
    }
  } finally {
    await Promise.all([bareTarget.stop(), serviceTarget.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 10)
  console.log(
    JSON.stringify(
      await runHttpScenario({
        durationSeconds: seconds,
        warmupSeconds: 3,
        connections: 10,
        rounds: 5,
        cpuProfileDir: process.env.BENCH_CPU_PROF_DIR,
        pinning: null,
      }),
      null,
      2,
    ),
  )
}
