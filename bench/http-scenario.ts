import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { BENCH_LIVE_KEY, type TargetCpu, type TargetKind, type TargetReady } from './http-target.js'

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
}

export interface HttpReport {
  readonly connections: number
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly rounds: number
  readonly bare: LoadFigures
  readonly authenticatedGet: LoadFigures
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
}

const TARGET = fileURLToPath(new URL(`./http-target${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))

interface StartedTarget {
  readonly url: string
  cpuMicros(): Promise<number>
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
  readonly requests: number
  readonly failures: number
  readonly latenciesMs: readonly number[]
}

/** One autocannon run; latencies are taken per response (fractional ms) so that rounds can be pooled. */
const load = (url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Omit<Slice, 'serverCpuMicros'>> =>
  new Promise((resolve, reject) => {
    const latenciesMs: number[] = []
    const instance = autocannon({ url, headers, connections, duration: seconds }, (error, result) => {
      if (error) return reject(error)
      resolve({ seconds: result.duration, requests: result.requests.total, failures: result.non2xx + result.errors, latenciesMs })
    })
    // The instance re-emits each client's response as (client, status, bytes, ms); the typings only know the client's event.
    ;(instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latenciesMs.push(ms)
    })
  })

const percentile = (sorted: Float64Array, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const twoDecimals = (value: number) => Math.round(value * 100) / 100

const figures = (url: string, slices: readonly Slice[]): LoadFigures => {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0)
  const failures = slices.reduce((sum, slice) => sum + slice.failures, 0)
  if (failures > 0) throw new Error(`${url}: ${failures} of ${requests} requests failed; the figures would not be valid`)
  const sorted = Float64Array.from(slices.flatMap((slice) => slice.latenciesMs)).sort()
  return {
    requestsPerSecond: Math.round(requests / slices.reduce((sum, slice) => sum + slice.seconds, 0)),
    latencyP50Ms: twoDecimals(percentile(sorted, 50)),
    latencyP99Ms: twoDecimals(percentile(sorted, 99)),
    latencyMaxMs: twoDecimals(sorted.at(-1) ?? 0),
    requests,
    failures,
    serverCpuMicrosPerRequest: Math.round((slices.reduce((sum, slice) => sum + slice.serverCpuMicros, 0) / requests) * 10) / 10,
  }
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
 * server in its own process, the load generator (autocannon) in this one. Both
 * servers are warmed up, then measured in alternating rounds, so that a change in
 * the machine's other load hits both alike.
 */
export const runHttpScenario = async (options: HttpScenarioOptions): Promise<HttpReport> => {
  const { connections } = options
  const bareTarget = await startTarget('bare', options.cpuProfileDir)
  const serviceTarget = await startTarget('service', options.cpuProfileDir).catch(async (error: unknown) => {
    await bareTarget.stop()
    throw error
  })
  try {
    const userId = await createUser(serviceTarget.url)
    const servers = {
      bare: { target: bareTarget, url: bareTarget.url, headers: {} },
      authenticatedGet: { target: serviceTarget, url: `${serviceTarget.url}/v1/users/${userId}`, headers: { authorization: `Bearer ${BENCH_LIVE_KEY}` } },
    }
    const run = async (name: keyof typeof servers, seconds: number): Promise<Slice> => {
      const { target, url, headers } = servers[name]
      const cpuBefore = await target.cpuMicros()
      const slice = await load(url, headers, connections, seconds)
      return { ...slice, serverCpuMicros: (await target.cpuMicros()) - cpuBefore }
    }
    if (options.warmupSeconds > 0) {
      await run('bare', options.warmupSeconds)
      await run('authenticatedGet', options.warmupSeconds)
    }
    const sliceSeconds = Math.max(1, Math.round(options.durationSeconds / options.rounds))
    const slices = { bare: [] as Slice[], authenticatedGet: [] as Slice[] }
    const roundRatios: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (['bare', 'authenticatedGet'] as const) : (['authenticatedGet', 'bare'] as const)
      for (const name of order) slices[name].push(await run(name, sliceSeconds))
      const [bareSlice, serviceSlice] = [slices.bare.at(-1)!, slices.authenticatedGet.at(-1)!]
      roundRatios.push(serviceSlice.requests / serviceSlice.seconds / (bareSlice.requests / bareSlice.seconds))
    }
    const bare = figures(servers.bare.url, slices.bare)
    const authenticatedGet = figures(servers.authenticatedGet.url, slices.authenticatedGet)
    const ratio = authenticatedGet.requestsPerSecond / bare.requestsPerSecond
    const round3 = (value: number) => Math.round(value * 1000) / 1000
    return {
      connections,
      durationSeconds: sliceSeconds * options.rounds,
      warmupSeconds: options.warmupSeconds,
      rounds: options.rounds,
      bare,
      authenticatedGet,
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
  console.log(JSON.stringify(await runHttpScenario({ durationSeconds: seconds, warmupSeconds: 3, connections: 10, rounds: 5, cpuProfileDir: process.env.BENCH_CPU_PROF_DIR }), null, 2))
}
