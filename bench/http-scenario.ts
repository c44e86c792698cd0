import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { BENCH_LIVE_KEY, type TargetKind, type TargetReady } from './http-target.js'

export interface LoadFigures {
  readonly requestsPerSecond: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly latencyMaxMs: number
  readonly requests: number
  /** Non-2xx answers and connection errors: a valid run has none. */
  readonly failures: number
}

export interface HttpReport {
  readonly connections: number
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly bare: LoadFigures
  readonly authenticatedGet: LoadFigures
  /** Authenticated GET req/s over bare Fastify req/s. */
  readonly ratio: number
  readonly goals: { readonly ratioAtLeastHalf: boolean; readonly p99Below10Ms: boolean }
}

export interface HttpScenarioOptions {
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly connections: number
  /** A directory: the server processes run with `--cpu-prof` and write their profiles there. */
  readonly cpuProfileDir?: string
}

const TARGET = fileURLToPath(new URL(`./http-target${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))

interface StartedTarget {
  readonly url: string
  stop(): Promise<void>
}

const startTarget = (kind: TargetKind, cpuProfileDir: string | undefined): Promise<StartedTarget> =>
  new Promise((resolve, reject) => {
    const execArgv = [...process.execArgv, ...(cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`])]
    const child: ChildProcess = fork(TARGET, [kind], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the ${kind} target exited early (code ${code})`)))
    child.once('message', (message) => {
      resolve({
        url: (message as TargetReady).url,
        stop: async () => {
          child.send('stop')
          await exited
        },
      })
    })
  })

const load = async (options: autocannon.Options): Promise<autocannon.Result> =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })

const figures = (result: autocannon.Result): LoadFigures => ({
  requestsPerSecond: Math.round(result.requests.total / result.duration),
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  latencyMaxMs: result.latency.max,
  requests: result.requests.total,
  failures: result.non2xx + result.errors,
})

/** A short discarded run (JIT, caches, connection set-up), then the measured one. */
const measure = async (url: string, headers: Record<string, string>, options: HttpScenarioOptions): Promise<LoadFigures> => {
  const common = { url, headers, connections: options.connections }
  if (options.warmupSeconds > 0) await load({ ...common, duration: options.warmupSeconds })
  const result = figures(await load({ ...common, duration: options.durationSeconds }))
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} of ${result.requests} requests failed; the figures would not be valid`)
  return result
}

const createUser = async (baseUrl: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_LIVE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', home_location: { lat: 52.52, lng: 13.405 } }),
  })
  const body = (await response.json()) as { id?: string }
  if (response.status !== 201 || body.id === undefined) throw new Error(`creating the bench user answered ${response.status}: ${JSON.stringify(body)}`)
  return body.id
}

/**
 * The API's fixed cost per request: an authenticated `GET /v1/users/{id}` on the
 * production surface (request id, authentication, rate limits, versioning,
 * idempotency hooks, route, rendering) against a bare Fastify hello-world, each
 * server in its own process, the load generator (autocannon) in this one.
 */
export const runHttpScenario = async (options: HttpScenarioOptions): Promise<HttpReport> => {
  const bareTarget = await startTarget('bare', options.cpuProfileDir)
  let bare: LoadFigures
  try {
    bare = await measure(bareTarget.url, {}, options)
  } finally {
    await bareTarget.stop()
  }
  const serviceTarget = await startTarget('service', options.cpuProfileDir)
  let authenticatedGet: LoadFigures
  try {
    const userId = await createUser(serviceTarget.url)
    authenticatedGet = await measure(`${serviceTarget.url}/v1/users/${userId}`, { authorization: `Bearer ${BENCH_LIVE_KEY}` }, options)
  } finally {
    await serviceTarget.stop()
  }
  const ratio = authenticatedGet.requestsPerSecond / bare.requestsPerSecond
  return {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    bare,
    authenticatedGet,
    ratio: Math.round(ratio * 1000) / 1000,
    goals: { ratioAtLeastHalf: ratio >= 0.5, p99Below10Ms: authenticatedGet.latencyP99Ms < 10 },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 10)
  console.log(JSON.stringify(await runHttpScenario({ durationSeconds: seconds, warmupSeconds: 3, connections: 10, cpuProfileDir: process.env.BENCH_CPU_PROF_DIR }), null, 2))
}
