import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import type { DashboardTargetReady } from './dashboard-target.js'
import type { TargetReady } from './http-target.js'

/**
 * The dashboard's data under load: `GET /dashboard/api/live/users?limit=25` (session cookie, logs on) against a bare
 * Fastify hello-world, in alternating rounds (goal: at least 0.60 of its req/s), then each page's data on its own
 * (goal: p95 under 300 ms), on SQLite seeded with `users` users and `deliveries` deliveries.
 */
export interface DashboardPageFigures {
  readonly page: string
  readonly requestsPerSecond: number
  readonly latencyP50Ms: number
  readonly latencyP95Ms: number
  readonly latencyMaxMs: number
}

export interface DashboardReport {
  readonly users: number
  readonly deliveries: number
  readonly seedSeconds: number
  readonly connections: number
  readonly roundSeconds: number
  readonly rounds: number
  readonly bareRequestsPerSecond: number
  readonly listRequestsPerSecond: number
  readonly ratio: number
  readonly pages: readonly DashboardPageFigures[]
  readonly goals: { readonly ratioAtLeast060: boolean; readonly p95Below300Ms: boolean }
}

export interface DashboardScenarioOptions {
  readonly users: number
  readonly deliveries: number
  readonly connections: number
  readonly roundSeconds: number
  readonly rounds: number
}

const here = (name: string) =>
  fileURLToPath(new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))

const forkTarget = <R>(file: string, args: readonly string[]): Promise<{ ready: R; stop: () => Promise<void> }> =>
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
  const service = await forkTarget<DashboardTargetReady>('dashboard-target', [
    String(options.users),
    String(options.deliveries),
  ]).catch(async (error: unknown) => {
    await bare.stop()
    throw error
  })
  try {
    const { url, cookie, userId, endpointId } = service.ready
    const headers = { cookie }
    const listUrl = `${url}/dashboard/api/live/users?limit=25`
    await run(bare.ready.url, {}, options.connections, 2)
    await run(listUrl, headers, options.connections, 2)
    const totals = { bare: { requests: 0, seconds: 0 }, list: { requests: 0, seconds: 0 } }
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (['bare', 'list'] as const) : (['list', 'bare'] as const)
      for (const name of order) {
        const slice =
          name === 'bare'
            ? await run(bare.ready.url, {}, options.connections, options.roundSeconds)
            : await run(listUrl, headers, options.connections, options.roundSeconds)
        totals[name].requests += slice.requests
        totals[name].seconds += slice.seconds
      }
    }
    const pagePaths = [
      '/dashboard/api/live/users?limit=25',
      `/dashboard/api/live/users/${userId}`,
      '/dashboard/api/live/webhook_endpoints?limit=25',
      `/dashboard/api/live/webhook_endpoints/${endpointId}/deliveries?limit=20`,
      '/dashboard/api/live/api_keys?limit=25',
      '/dashboard/api/members',
      '/dashboard/api/live/overview',
    ]
    const pages: DashboardPageFigures[] = []
    for (const path of pagePaths) {
      const slice = await run(`${url}${path}`, headers, options.connections, options.roundSeconds)
      const sorted = [...slice.latencies].sort((a, b) => a - b)
      pages.push({
        page: `GET ${path.replace(userId, '{id}').replace(endpointId, '{id}')}`,
        requestsPerSecond: Math.round(slice.requests / slice.seconds),
        latencyP50Ms: percentile(sorted, 50),
        latencyP95Ms: percentile(sorted, 95),
        latencyMaxMs: percentile(sorted, 100),
      })
    }
    const bareRate = totals.bare.requests / totals.bare.seconds
    const listRate = totals.list.requests / totals.list.seconds
    const ratio = Math.round((listRate / bareRate) * 1000) / 1000
    return {
      users: options.users,
      deliveries: options.deliveries,
      seedSeconds: Math.round(service.ready.seedSeconds * 10) / 10,
      connections: options.connections,
      roundSeconds: options.roundSeconds,
      rounds: options.rounds,
      bareRequestsPerSecond: Math.round(bareRate),
      listRequestsPerSecond: Math.round(listRate),
      ratio,
      pages,
      goals: { ratioAtLeast060: ratio >= 0.6, p95Below300Ms: pages.every((page) => page.latencyP95Ms < 300) },
    }
  } finally {
    await Promise.all([bare.stop(), service.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [users = '10000', deliveries = '100000', seconds = '3'] = process.argv.slice(2)
  console.log(
    JSON.stringify(
      await runDashboardScenario({
        users: Number(users),
        deliveries: Number(deliveries),
        connections: 10,
        roundSeconds: Number(seconds),
        rounds: 4,
      }),
      null,
      2,
    ),
  )
}
