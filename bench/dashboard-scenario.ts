import { type ChildProcess, fork } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import type { DashboardSeed, DashboardTargetReady } from './dashboard-target.js'
import { BENCH_LIVE_KEY, BENCH_TEST_KEY, type TargetCpu, type TargetReady } from './http-target.js'

/**
 * The dashboard's data under load, on SQLite seeded with `seed` (10,000 users, 100,000 events, 100,000 deliveries,
 * 1,000,000 request-log rows by default). First the API's authenticated `GET /v1/users/{id}` with request logging on
 * (production: no bodies, as by default; the sandbox: bodies kept, as always there) against a bare Fastify
 * hello-world, in alternating rounds (goal: at least 0.60 of its req/s), beside the same production GET with its
 * request-log entry dropped (what logging costs; the server's CPU per request of each, in BF); then each page's data
 * on its own, one request at a time (goal: p95 under 300 ms).
 */
export interface DashboardPageFigures {
  readonly page: string
  readonly requestsPerSecond: number
  readonly latencyP50Ms: number
  readonly latencyP95Ms: number
  readonly latencyMaxMs: number
}

export interface DashboardReport {
  readonly seed: DashboardSeed
  readonly seedSeconds: DashboardTargetReady['seedSeconds']
  readonly connections: number
  readonly roundSeconds: number
  readonly rounds: number
  readonly bareRequestsPerSecond: number
  /** `GET /v1/users/{id}` on production, request logging on (no bodies). */
  readonly liveGetRequestsPerSecond: number
  readonly ratio: number
  /** `GET /v1/users/{id}` on the sandbox, where request logs keep both bodies. */
  readonly sandboxGetRequestsPerSecond: number
  readonly sandboxRatio: number
  /**
   * Server CPU (the target process's user + system time, every thread) per request, in microseconds, over the same
   * rounds: the steadier figure on a loaded machine, where the request rates swing with what else runs.
   */
  readonly cpuMicrosPerRequest: {
    readonly bare: number
    readonly live: number
    readonly unlogged: number
    readonly sandbox: number
  }
  /**
   * The production GET again with its request-log entry dropped instead of recorded (the bench target only): req/s,
   * its ratio to bare Fastify, and its CPU per request; beside `live`, what request logging costs.
   */
  readonly unloggedGetRequestsPerSecond: number
  readonly unloggedRatio: number
  /** The GETs' CPU per request in units of bare Fastify's (BF): 1 / the CPU ratio. */
  readonly cpuBf: { readonly live: number; readonly unlogged: number; readonly sandbox: number }
  /** The machine's load (1, 5, 15 minutes) as the rounds began and as the pages ended. */
  readonly load: { readonly before: readonly number[]; readonly after: readonly number[] }
  readonly pages: readonly DashboardPageFigures[]
  /**
   * The logged GET's rate as a share of the same GET with its entry dropped, and that share of the GET's ratio on
   * the reference machine (`REFERENCE_GET_RATIO`): the goal's 0.60 judged on any machine. What logging adds is a share
   * of the GET's own cost, which does not depend on the machine's speed; the GET's ratio to bare Fastify does.
   */
  readonly loggedShare: number
  readonly referenceRatio: number
  readonly goals: {
    readonly ratioAtLeast060: boolean
    readonly referenceRatioAtLeast060: boolean
    readonly p95Below300Ms: boolean
  }
}

/** The authenticated GET's ratio to bare Fastify without request logs on the reference machine (1 BF about 16.7 µs). */
export const REFERENCE_GET_RATIO = 0.669

export interface DashboardScenarioOptions {
  readonly seed: DashboardSeed
  readonly connections: number
  readonly roundSeconds: number
  readonly rounds: number
}

const here = (name: string) =>
  fileURLToPath(new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))

interface Forked<R> {
  readonly ready: R
  readonly stop: () => Promise<void>
  /** The child's CPU time so far (user + system, microseconds). */
  readonly cpuMicros: () => Promise<number>
  /** Sends a message and resolves with the child's answer. */
  readonly ask: (message: string) => Promise<unknown>
}

const forkTarget = <R>(file: string, args: readonly string[]): Promise<Forked<R>> =>
  new Promise((resolve, reject) => {
    // The service's logs go to /dev/null: written (serialized) as in production, not printed.
    const child: ChildProcess = fork(here(file), [...args], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${file} exited early (code ${code})`)))
    child.once('message', (message) =>
      resolve({
        ready: message as R,
        stop: async () => {
          child.send('stop')
          await exited
        },
        cpuMicros: () =>
          new Promise<number>((answer) => {
            child.once('message', (reply) => answer((reply as TargetCpu).cpuMicros))
            child.send('cpu')
          }),
        ask: (message: string) =>
          new Promise<unknown>((answer) => {
            child.once('message', answer)
            child.send(message)
          }),
      }),
    )
  })

const run = (url: string, headers: Record<string, string>, connections: number, seconds: number) =>
  new Promise<{ requests: number; seconds: number; latencies: number[] }>((resolve, reject) => {
    const latencies: number[] = []
    const instance = autocannon({ url, headers, connections, duration: seconds }, (error, result) => {
      if (error) return reject(error)
      if (result.non2xx + result.errors > 0)
        return reject(
          new Error(`${url}: ${result.non2xx + result.errors} failed requests; the figures would not be valid`),
        )
      resolve({ requests: result.requests.total, seconds: result.duration, latencies })
    })
    ;(instance as unknown as NodeJS.EventEmitter).on('response', (_c: unknown, _s: number, _b: number, ms: number) => {
      latencies.push(ms)
    })
  })

const percentile = (sorted: readonly number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 100) / 100

export const runDashboardScenario = async (options: DashboardScenarioOptions): Promise<DashboardReport> => {
  const bare = await forkTarget<TargetReady>('http-target', ['bare'])
  const { users, events, deliveries, requestLogs } = options.seed
  const service = await forkTarget<DashboardTargetReady>(
    'dashboard-target',
    [users, events, deliveries, requestLogs].map(String),
  ).catch(async (error: unknown) => {
    await bare.stop()
    throw error
  })
  try {
    const { url, sandboxUrl, cookie, userId, sandboxUserId, eventId, endpointId, requestId } = service.ready
    const headers = { cookie }
    const targets = {
      bare: { url: bare.ready.url, headers: {}, process: bare },
      live: {
        url: `${url}/v1/users/${userId}`,
        headers: { authorization: `Bearer ${BENCH_LIVE_KEY}` },
        process: service,
      },
      unlogged: {
        url: `${url}/v1/users/${userId}`,
        headers: { authorization: `Bearer ${BENCH_LIVE_KEY}` },
        process: service,
      },
      sandbox: {
        url: `${sandboxUrl}/v1/users/${sandboxUserId}`,
        headers: { authorization: `Bearer ${BENCH_TEST_KEY}` },
        process: service,
      },
    }
    const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100)
    for (const target of Object.values(targets)) await run(target.url, target.headers, options.connections, 2)
    const totals = {
      bare: { requests: 0, seconds: 0, cpuMicros: 0 },
      live: { requests: 0, seconds: 0, cpuMicros: 0 },
      unlogged: { requests: 0, seconds: 0, cpuMicros: 0 },
      sandbox: { requests: 0, seconds: 0, cpuMicros: 0 },
    }
    const names = ['bare', 'live', 'unlogged', 'sandbox'] as const
    for (let round = 0; round < options.rounds; round++) {
      // Each round in another order, so that no target always runs right after another.
      const order = names.map((_, index) => names[(index + round) % names.length] ?? 'bare')
      for (const name of order) {
        const { process: target } = targets[name]
        if (target === service) await service.ask(name === 'unlogged' ? 'request-logs:off' : 'request-logs:on')
        const cpuBefore = await target.cpuMicros()
        const slice = await run(targets[name].url, targets[name].headers, options.connections, options.roundSeconds)
        if (target === service) await service.ask('request-logs:flush')
        totals[name].cpuMicros += (await target.cpuMicros()) - cpuBefore
        totals[name].requests += slice.requests
        totals[name].seconds += slice.seconds
      }
    }
    await service.ask('request-logs:on')
    const pagePaths = [
      '/dashboard/api/live/users?limit=25',
      '/dashboard/api/live/users?email=bench-9999@example.com',
      `/dashboard/api/live/users/${userId}`,
      `/dashboard/api/live/users/${userId}/events?limit=25`,
      `/dashboard/api/live/events/${eventId}`,
      `/dashboard/api/live/events/${eventId}/departure/history`,
      '/dashboard/api/live/webhook_endpoints?limit=25',
      `/dashboard/api/live/webhook_endpoints/${endpointId}/deliveries?limit=20`,
      '/dashboard/api/live/api_keys?limit=25',
      '/dashboard/api/live/connected_accounts?limit=25',
      '/dashboard/api/members',
      '/dashboard/api/live/overview',
      '/dashboard/api/live/request_logs?limit=50',
      `/dashboard/api/live/request_logs?request_id=${requestId}`,
      `/dashboard/api/live/request_logs/${requestId}`,
      '/dashboard/api/live/request_logs?status=4xx&limit=50',
      '/dashboard/api/live/request_logs?status=500&limit=50',
      '/dashboard/api/live/request_logs?path=/v1/events&method=GET&limit=50',
      '/dashboard/api/audit_log?limit=25',
      '/dashboard/api/account',
    ]
    const pages: DashboardPageFigures[] = []
    for (const path of pagePaths) {
      // One request at a time: a page's latency as one member sees it, not queued behind nine others of its kind.
      const slice = await run(`${url}${path}`, headers, 1, options.roundSeconds)
      const sorted = [...slice.latencies].sort((a, b) => a - b)
      pages.push({
        page: `GET ${path.replace(userId, '{id}').replace(eventId, '{id}').replace(endpointId, '{id}').replaceAll(requestId, '{id}')}`,
        requestsPerSecond: Math.round(slice.requests / slice.seconds),
        latencyP50Ms: percentile(sorted, 50),
        latencyP95Ms: percentile(sorted, 95),
        latencyMaxMs: percentile(sorted, 100),
      })
    }
    const rate = (name: keyof typeof totals) => totals[name].requests / totals[name].seconds
    const ratioOf = (name: 'live' | 'unlogged' | 'sandbox') => Math.round((rate(name) / rate('bare')) * 1000) / 1000
    const ratio = ratioOf('live')
    const loggedShare = Math.round((rate('live') / rate('unlogged')) * 1000) / 1000
    const referenceRatio = Math.round(loggedShare * REFERENCE_GET_RATIO * 1000) / 1000
    const cpuPer = (name: keyof typeof totals) => totals[name].cpuMicros / totals[name].requests
    const round2 = (value: number) => Math.round(value * 100) / 100
    return {
      seed: options.seed,
      seedSeconds: service.ready.seedSeconds,
      connections: options.connections,
      roundSeconds: options.roundSeconds,
      rounds: options.rounds,
      bareRequestsPerSecond: Math.round(rate('bare')),
      liveGetRequestsPerSecond: Math.round(rate('live')),
      ratio,
      sandboxGetRequestsPerSecond: Math.round(rate('sandbox')),
      sandboxRatio: ratioOf('sandbox'),
      unloggedGetRequestsPerSecond: Math.round(rate('unlogged')),
      unloggedRatio: ratioOf('unlogged'),
      cpuMicrosPerRequest: {
        bare: round2(cpuPer('bare')),
        live: round2(cpuPer('live')),
        unlogged: round2(cpuPer('unlogged')),
        sandbox: round2(cpuPer('sandbox')),
      },
      cpuBf: {
        live: round2(cpuPer('live') / cpuPer('bare')),
        unlogged: round2(cpuPer('unlogged') / cpuPer('bare')),
        sandbox: round2(cpuPer('sandbox') / cpuPer('bare')),
      },
      load: { before: loadBefore, after: loadavg().map(round2) },
      pages,
      loggedShare,
      referenceRatio,
      goals: {
        ratioAtLeast060: ratio >= 0.6,
        referenceRatioAtLeast060: referenceRatio >= 0.6,
        p95Below300Ms: pages.every((page) => page.latencyP95Ms < 300),
      },
    }
  } finally {
    await Promise.all([bare.stop(), service.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [users = 10_000, events = 100_000, deliveries = 100_000, requestLogs = 1_000_000, seconds = 3] = process.argv
    .slice(2)
    .map(Number)
  console.log(
    JSON.stringify(
      await runDashboardScenario({
        seed: { users, events, deliveries, requestLogs },
        connections: 10,
        roundSeconds: seconds,
        rounds: 4,
      }),
      null,
      2,
    ),
  )
}
