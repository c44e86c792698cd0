import { spawn } from 'node:child_process'
import { cpus } from 'node:os'
import { getHeapStatistics } from 'node:v8'
import { type Pinning, withPinnedLoadGenerator } from './affinity.js'
import { type DashboardReport, REFERENCE_GET_RATIO, runDashboardScenario } from './dashboard-scenario.js'
import { type DeliveryReport, deliveryStorage, runDeliveryScenario } from './delivery-scenario.js'
import { type FindSlotsReport, runFindSlotsScenario } from './find-slots-scenario.js'
import { type HttpReport, runHttpScenario, type StorageLabel, storageLabel } from './http-scenario.js'
import { type McpReport, runMcpScenario } from './mcp-scenario.js'
import { type BenchMongo, PEER_WARNING, startBenchMongo } from './mongo.js'
import {
  DEFAULT_EVENTS_PER_USER,
  embeddedMonitoringStorage,
  type MonitoringReport,
  runMonitoringScenario,
} from './monitoring-scenario.js'
import {
  checkRun,
  type Floors,
  formatCheck,
  formatRoundTripVerdict,
  judgeRoundTrips,
  readFloors,
} from './regression-check.js'
import { countRoundTrips, type RoundTripReport, type RoundTrips } from './round-trips.js'
import { runSeriesListingScenario, type SeriesListingReport } from './series-listing-scenario.js'
import { runTrackingScenario, type TrackingReport } from './tracking-scenario.js'
import { runVoiceScenario, type VoiceReport } from './voice-scenario.js'

/** Daily series the `series` scenario monitors besides the single events. */
const SERIES_MONITORED = 10_000

/** How the summary names the embedded family the monitoring scenario ran on. */
const EMBEDDED_FAMILY_NAMES = { memory: 'embedded in-memory', sqlite: 'embedded SQLite' } as const

/**
 * `npm run bench [-- SCENARIO... [--seconds=N] [--connections=N] [--events=N,N] [--events-per-user=N] [--cpu-prof=DIR] [--mongodb] [--no-pin]]`
 * Scenarios: `http`, `monitoring`, `delivery`, `find_slots`, `series`, `voice`, `mcp`, `tracking`, `dashboard` (default: all, in that order). Prints a
 * summary per scenario and, last, every figure as one JSON document. `--mongodb`
 * runs the service of `http` and the events of `monitoring` on MongoDB: the server
 * of `MONGODB_URI`, or else the test peer in a child process (figures of the peer, not of MongoDB).
 */
const SCENARIOS = [
  'http',
  'monitoring',
  'delivery',
  'find_slots',
  'series',
  'voice',
  'mcp',
  'tracking',
  'dashboard',
] as const
type Scenario = (typeof SCENARIOS)[number]

interface Arguments {
  readonly scenarios: readonly Scenario[]
  readonly httpSeconds: number
  readonly connections: number
  readonly monitoringSeconds: number
  readonly eventCounts: readonly number[]
  readonly eventsPerUser: number
  readonly cpuProfileDir: string | undefined
  /** Pin the HTTP scenario's load generator and servers to cores of their own (`--no-pin`: off). */
  readonly pin: boolean
  readonly mongodb: boolean
  /** Judge the figures against `bench/floors.json`; exit 1 when one regressed (runs `http` too: it gives BF). */
  readonly check: boolean
}

const usage = `usage: npm run bench -- [http] [monitoring] [delivery] [find_slots] [series] [voice] [mcp] [tracking] [dashboard] [--seconds=N] [--monitoring-seconds=N] [--connections=N] [--events=10000,100000] [--events-per-user=100] [--cpu-prof=DIR] [--mongodb] [--no-pin] [--check]
  http           authenticated GET /v1/users/{id} against a bare Fastify hello-world, and POST /v1/events (autocannon);
                 then the MongoDB commands each of them sends, counted on the MongoDB test peer
  monitoring     departure monitoring steady state with N monitored events (recomputes/s, lag)
  delivery       signed webhook deliveries/s to loopback receivers (1 and 100 endpoints, 20,000 deliveries each)
  find_slots     POST /v1/freebusy/find_slots's use case in process: 20 participants, 5 events a day each, 30 days
  series         GET /v1/events's use case for one user with 50 weekly series over a year (page p95), then departure
                 monitoring of the largest --events count of single events plus 10,000 daily series (p99 lag)
  voice          voice tool calls/s over 10 WebSocket sessions, p99 of a read tool round trip (embedded storage)
  mcp            MCP tools/call of a read tool over Streamable HTTP, 50 SDK client sessions: calls/s and p99 (embedded storage)
  tracking       ETA tracking location updates/s on one node with 10,000 concurrent trips (embedded storage)
  dashboard      on SQLite seeded with 10,000 users, 100,000 events, 100,000 deliveries and 1,000,000 request-log
                 rows: the API's authenticated GET with request logging on against bare Fastify, then each
                 dashboard page's data (session cookie) for p50/p95
  --seconds      measured seconds per run (default: 10 for http, 30 for monitoring)
  --monitoring-seconds  measured seconds of the monitoring runs alone (default: --seconds, else 30): the
                 million-event run's ten minutes beside the other scenarios' defaults in one run
  --connections  concurrent HTTP connections (default: 10)
  --events       monitored event counts (default: 10000,100000)
  --events-per-user  monitoring: events of each user over the 24 hours (default: 100, one-hour events 14.4 minutes apart)
  --cpu-prof     write CPU profiles of the HTTP servers into DIR
  --no-pin       http: do not pin the load generator and each server to cores of their own (pinned by default
                 on 2 or more cores when taskset is available; never with --mongodb)
  --mongodb      http and monitoring on MongoDB storage: MONGODB_URI (a replica set) when set, otherwise the
                 MongoDB test peer (a JavaScript emulator) in a child process, whose figures measure the peer, not MongoDB
  --check        judge each figure against its floor in bench/floors.json, in units of bare Fastify's CPU per request,
                 with the noise of this run's rounds as the tolerance; exit 1 when one regressed (adds http if absent)`

class UsageError extends Error {}

const positiveInteger = (name: string, text: string): number => {
  const value = Number(text)
  if (!Number.isInteger(value) || value <= 0)
    throw new UsageError(`${name}: expected a positive integer, got "${text}"`)
  return value
}

const parseArguments = (argv: readonly string[]): Arguments => {
  const scenarios: Scenario[] = []
  let seconds: number | undefined
  let monitoringSeconds: number | undefined
  let connections = 10
  let eventCounts = [10_000, 100_000]
  let eventsPerUser = DEFAULT_EVENTS_PER_USER
  let cpuProfileDir: string | undefined
  let mongodb = false
  let pin = true
  let check = false
  for (const argument of argv) {
    const [flag, value = ''] = argument.split('=', 2) as [string, string?]
    if (flag === '--seconds') seconds = positiveInteger('--seconds', value)
    else if (flag === '--monitoring-seconds') monitoringSeconds = positiveInteger('--monitoring-seconds', value)
    else if (flag === '--connections') connections = positiveInteger('--connections', value)
    else if (flag === '--events')
      eventCounts = value.split(',').map((count) => positiveInteger('--events', count.replaceAll('_', '')))
    else if (flag === '--events-per-user') eventsPerUser = positiveInteger('--events-per-user', value)
    else if (flag === '--cpu-prof') cpuProfileDir = value === '' ? 'bench-profiles' : value
    else if (argument === '--mongodb') mongodb = true
    else if (argument === '--no-pin') pin = false
    else if (argument === '--check') check = true
    else if (flag === '--help' || flag === '-h') {
      console.log(usage)
      process.exit(0)
    } else if ((SCENARIOS as readonly string[]).includes(argument)) scenarios.push(argument as Scenario)
    else throw new UsageError(`unknown argument "${argument}"`)
  }
  // The check judges costs in units of bare Fastify's CPU, which the http scenario measures.
  if (check && scenarios.length > 0 && !scenarios.includes('http')) scenarios.unshift('http')
  return {
    check,
    scenarios: scenarios.length === 0 ? SCENARIOS : scenarios,
    httpSeconds: seconds ?? 10,
    connections,
    monitoringSeconds: monitoringSeconds ?? seconds ?? 30,
    eventCounts,
    eventsPerUser,
    cpuProfileDir,
    mongodb,
    pin,
  }
}

const yesNo = (met: boolean) => (met ? 'met' : 'NOT met')

const printHttp = (report: HttpReport): void => {
  const row = (name: string, figures: HttpReport['bare']) =>
    `  ${name.padEnd(46)} ${String(figures.requestsPerSecond).padStart(7)} req/s   p50 ${figures.latencyP50Ms} ms   p99 ${figures.latencyP99Ms} ms   max ${figures.latencyMaxMs} ms   server CPU ${figures.serverCpuMicrosPerRequest} µs/request` +
    (figures.storeCpuMicrosPerRequest === null ? '' : `   peer CPU ${figures.storeCpuMicrosPerRequest} µs/request`)
  const cores =
    report.pinning === null
      ? 'not pinned'
      : `load generator on core ${report.pinning.loadGeneratorCore}, servers on core ${report.pinning.serverCore}`
  console.log(
    `\nHTTP, ${report.storage} storage (${report.connections} connections; per load ${report.warmupSeconds} s warm-up, then ${report.durationSeconds} s measured in ${report.rounds} alternating rounds; ${cores})`,
  )
  console.log(row('bare Fastify hello-world', report.bare))
  console.log(row('authenticated GET /v1/users/{id}', report.authenticatedGet))
  console.log(row('POST /v1/events', report.createEvent))
  console.log(row('POST /v1/events with a unique Idempotency-Key', report.createEventWithIdempotencyKey))
  console.log(
    `  ratio ${report.ratio}, per round ${report.ratioRange[0]} to ${report.ratioRange[1]} (goal >= 0.5: ${yesNo(report.goals.ratioAtLeastHalf)}); p99 ${report.authenticatedGet.latencyP99Ms} ms (goal < 10 ms: ${yesNo(report.goals.p99Below10Ms)})`,
  )
}

/** The recorded floors and round-trip ceilings (`npm run bench` runs at the repository's root). */
const FLOORS_FILE = 'bench/floors.json'

const printRoundTrips = (report: RoundTripReport, floors: Floors): void => {
  console.log(
    `\nMongoDB round trips of the request path (counted on the MongoDB test peer, ${report.authenticatedGet.requests} sequential requests each; goals: GET <= 2, POST <= 8 in 1 transaction)`,
  )
  const row = (name: string, trips: RoundTrips) =>
    console.log(
      `  ${name.padEnd(46)} ${String(trips.commandsPerRequest).padStart(5)} commands, ${trips.transactionsPerRequest} transaction(s): ` +
        Object.entries(trips.byCommand)
          .map(([command, count]) => `${command} ${count}`)
          .join(', '),
    )
  row('authenticated GET /v1/users/{id}', report.authenticatedGet)
  row('POST /v1/events', report.createEvent)
  row('POST /v1/events with a unique Idempotency-Key', report.createEventWithIdempotencyKey)
  for (const verdict of judgeRoundTrips(floors.roundTrips, { roundTrips: report }))
    console.log(`  ${formatRoundTripVerdict(verdict)}`)
}

const printMonitoring = (report: MonitoringReport): void => {
  const setup =
    report.bulkLoadSeconds === null
      ? `setup ${report.setupSeconds.toFixed(1)} s`
      : `setup ${report.setupSeconds.toFixed(1)} s, of which bulk load ${report.bulkLoadSeconds.toFixed(1)} s`
  console.log(
    `  ${String(report.events).padStart(7)} events (${report.users} users): ${report.recomputesPerSecond.toFixed(1)} recomputes/s, lag p50 ${report.lagP50Ms} ms, p99 ${report.lagP99Ms} ms, max ${report.lagMaxMs} ms, ` +
      `sweep p50 ${report.sweepP50Ms} ms, max ${report.sweepMaxMs} ms, CPU ${report.cpuMicrosPerRecompute} µs/recompute (in sweeps ${report.sweepCpuMicrosPerRecompute} µs)` +
      `${report.bytesPerEvent === null ? '' : `, ${report.bytesPerEvent} bytes/event`}` +
      `${report.diskBytesPerEvent === null ? '' : ` in memory, ${report.diskBytesPerEvent} on disk`}` +
      `${report.measuredWriteBytes === null ? '' : `, ${(report.measuredWriteBytes / 1e6).toFixed(0)} MB written in the measured time`}` +
      `${report.diskBytesAtEnd === null ? '' : ` (data directory ${(report.diskBytesAtEnd / 1e6).toFixed(0)} MB at the end)`} ` +
      `(${report.recomputes} recomputes and ${report.ticks} threshold writes in ${report.durationSeconds.toFixed(1)} s; ${setup}; goal p99 < 5 s: ${yesNo(report.lagP99Ms < 5_000 && !report.cutOff)})`,
  )
  if (report.cutOff || report.backlogAtEnd > 0 || report.startedLateMs > 100) {
    console.log(
      `          ${report.cutOff ? `DID NOT KEEP UP: the measurement ended inside a sweep (${report.sweeps} sweeps finished); ` : ''}` +
        `${report.backlogAtEnd} events overdue by more than a second at the end${report.startedLateMs > 100 ? `; measurement started ${report.startedLateMs} ms after the first recompute fell due` : ''}`,
    )
  }
}

/** `bf`: bare Fastify's server CPU per request when the HTTP scenario ran first, to give the cost in BF. */
const printDelivery = (report: DeliveryReport, bf?: number): void => {
  const inBf = bf === undefined || bf <= 0 ? null : report.dispatcherCpuMicros / bf
  console.log(
    `  ${String(report.endpoints).padStart(3)} endpoint(s): ${report.deliveriesPerSecond} deliveries/s (${report.deliveries} in ${report.seconds} s), ` +
      `attempt p50 ${report.attemptP50Ms} ms, p99 ${report.attemptP99Ms} ms, failed ${report.failed}; ` +
      `in flight at most ${report.maxInFlight} (${report.maxInFlightPerEndpoint} to one endpoint); ` +
      `service CPU per delivery ${report.dispatcherCpuMicros} µs${inBf === null ? '' : ` = ${inBf.toFixed(2)} BF`} (receivers ${report.receiverCpuMicros} µs); load ${report.loadBefore} to ${report.loadAfter}` +
      (report.endpoints === 100
        ? ` (goals: <= 100 µs: ${yesNo(report.dispatcherCpuMicros <= 100)}${inBf === null ? '' : `, <= 6 BF: ${yesNo(inBf <= 6)}`})`
        : ''),
  )
}

const printTracking = (report: TrackingReport): void => {
  console.log(
    `  ${report.trips} trips: ${report.updatesPerSecond} location updates/s, p50 ${report.latencyP50Ms} ms, p99 ${report.latencyP99Ms} ms, max ${report.latencyMaxMs} ms ` +
      `(${report.updates} updates, ${report.failures} failed; setup ${report.setupSeconds} s; service clock x${report.clockSpeed}; ` +
      `${report.sampledInTransit}/${report.sampled} sampled trips in transit at their last position; ` +
      `goals >= 2,000/s: ${yesNo(report.goals.atLeast2000PerSecond)}, p99 < 20 ms: ${yesNo(report.goals.p99Below20Ms)})`,
  )
}

/** Heap the monitoring scenario needs per event (measured up to 8 KB with 100 one-hour events per user a day), and besides. */
const HEAP_BYTES_PER_EVENT = 10_000
const HEAP_BASE_BYTES = 1_500_000_000

/**
 * The large heap's collector settings (docs/performance.md, "The million-event run: heap and collector settings"): a young generation of 32 MB
 * (a scavenge of a multi-gigabyte heap costs about 20 ms whatever it frees, and the default young generation made
 * one every 70 ms at a million events), no memory reducer (after a large collection it ran full collections that
 * freed nothing, 5 s of main-thread marking each at a million events), and the next full collection when the heap
 * has doubled (V8 chose about 1.1 times at a million events: a full collection every 45 s, 6 to 7 s of main-thread
 * marking each).
 */
export const LARGE_HEAP_FLAGS = [
  '--max-semi-space-size=32',
  '--no-memory-reducer',
  '--heap-growing-percent=100',
] as const

/**
 * The monitoring scenario keeps every event in memory: past about 300,000 events that outgrows V8's default heap
 * limit (about 4 GB), so the runner starts itself again with a heap large enough for the largest count asked
 * (`--max-old-space-size`) and the large heap's collector settings, and exits with that run's code. Once, and only
 * when the limit is too small.
 */
const withHeapFor = async (events: number): Promise<void> => {
  const needed = HEAP_BASE_BYTES + events * HEAP_BYTES_PER_EVENT
  if (getHeapStatistics().heap_size_limit >= needed || process.env.BENCH_HEAP_RESTARTED === '1') return
  const megabytes = Math.ceil(needed / 1_048_576)
  console.log(
    `Monitoring ${events} events: restarting with a heap of ${megabytes} MB (--max-old-space-size) and ${LARGE_HEAP_FLAGS.join(' ')}`,
  )
  const child = spawn(
    process.execPath,
    [...process.execArgv, `--max-old-space-size=${megabytes}`, ...LARGE_HEAP_FLAGS, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_HEAP_RESTARTED: '1' } },
  )
  const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)))
  process.exit(code)
}

const main = async (): Promise<void> => {
  let options: Arguments
  try {
    options = parseArguments(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`${error.message}\n${usage}`)
    process.exit(2)
  }
  const floors = readFloors(FLOORS_FILE)
  if (options.scenarios.includes('monitoring') || options.scenarios.includes('series'))
    await withHeapFor(
      Math.max(...options.eventCounts) + (options.scenarios.includes('series') ? 2 * SERIES_MONITORED : 0),
    )
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version }
  console.log(`Machine: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}`)
  const mongo: BenchMongo | undefined = options.mongodb ? await startBenchMongo() : undefined
  const storage = storageLabel(mongo)
  const warning = mongo?.kind === 'peer' ? PEER_WARNING : undefined
  if (mongo !== undefined)
    console.log(
      `Storage: ${mongo.kind === 'peer' ? 'the MongoDB TEST PEER in a child process' : 'MongoDB at MONGODB_URI'} (http and monitoring; delivery stays on embedded storage, SQLite or STORAGE=memory)`,
    )
  if (warning !== undefined) console.log(`\n${warning}`)
  const results: {
    machine: typeof machine
    storage: StorageLabel
    warning?: string
    http?: HttpReport
    roundTrips?: RoundTripReport
    monitoring?: MonitoringReport[]
    delivery?: DeliveryReport[]
    findSlots?: FindSlotsReport
    seriesListing?: SeriesListingReport
    seriesMonitoring?: MonitoringReport
    voice?: VoiceReport
    mcp?: McpReport
    tracking?: TrackingReport
    dashboard?: DashboardReport
  } = {
    machine,
    storage,
    ...(warning === undefined ? {} : { warning: warning.replaceAll('!!! ', '').replaceAll('\n', ' ') }),
  }
  try {
    for (const scenario of options.scenarios) {
      if (scenario === 'http') {
        // Pinned unless asked not to, or on MongoDB: the test peer's process needs a core of its own too.
        const run = (pinning: Pinning | null) =>
          runHttpScenario({
            durationSeconds: options.httpSeconds,
            warmupSeconds: 3,
            connections: options.connections,
            rounds: 5,
            cpuProfileDir: options.cpuProfileDir,
            mongo,
            pinning,
          })
        results.http = options.pin && mongo === undefined ? await withPinnedLoadGenerator(run) : await run(null)
        printHttp(results.http)
        // Whatever the storage of the run: the counts are the code's, not the store's speed.
        results.roundTrips = await countRoundTrips()
        printRoundTrips(results.roundTrips, floors)
      } else if (scenario === 'dashboard') {
        const report = await runDashboardScenario({
          seed: { users: 10_000, events: 100_000, deliveries: 100_000, requestLogs: 1_000_000 },
          connections: options.connections,
          roundSeconds: Math.max(1, Math.round(options.httpSeconds / 4)),
          rounds: 4,
        })
        results.dashboard = report
        const seeded = report.seedSeconds
        console.log(
          `\nDashboard, SQLite (seeded: ${report.seed.users} users in ${seeded.users} s, ${report.seed.events} events in ${seeded.events} s, ${report.seed.deliveries} deliveries in ${seeded.deliveries} s, ${report.seed.requestLogs} request-log rows in ${seeded.requestLogs} s; logs on; ${report.connections} connections)`,
        )
        console.log(
          `  GET /v1/users/{id}, production, request logging on: ${report.liveGetRequestsPerSecond} req/s vs bare Fastify ${report.bareRequestsPerSecond} req/s: ratio ${report.ratio} (>= 0.60 here: ${yesNo(report.goals.ratioAtLeast060)}); ${report.loggedShare} of the same GET with its entry dropped, so ${report.referenceRatio} at the reference machine's ${REFERENCE_GET_RATIO} without logs (goal >= 0.60: ${yesNo(report.goals.referenceRatioAtLeast060)})`,
        )
        console.log(
          `  GET /v1/users/{id}, sandbox, request logging with bodies: ${report.sandboxGetRequestsPerSecond} req/s: ratio ${report.sandboxRatio}`,
        )
        console.log(
          `  server CPU per request: bare ${report.cpuMicrosPerRequest.bare} µs, production GET ${report.cpuMicrosPerRequest.live} µs (${report.cpuBf.live} BF), the same with its log entry dropped ${report.cpuMicrosPerRequest.unlogged} µs (${report.cpuBf.unlogged} BF; ratio ${report.unloggedRatio}), sandbox GET ${report.cpuMicrosPerRequest.sandbox} µs (${report.cpuBf.sandbox} BF); load ${report.load.before.join(' ')} before, ${report.load.after.join(' ')} after`,
        )
        for (const page of report.pages)
          console.log(
            `  ${page.page.padEnd(72)} ${String(page.requestsPerSecond).padStart(6)} req/s   p50 ${page.latencyP50Ms} ms   p95 ${page.latencyP95Ms} ms   max ${page.latencyMaxMs} ms`,
          )
        console.log(`  every page p95 < 300 ms: ${yesNo(report.goals.p95Below300Ms)}`)
      } else if (scenario === 'find_slots') {
        const report = await runFindSlotsScenario()
        results.findSlots = report
        console.log(
          `\nfind_slots (embedded storage, in process, one core): ${report.participants} participants x ${report.eventsPerDay} events a day x ${report.days} days (${report.events} events), ${report.runs} runs: ` +
            `p50 ${report.latencyP50Ms} ms, p99 ${report.latencyP99Ms} ms, max ${report.latencyMaxMs} ms, CPU p50 ${report.cpuP50Ms} ms, ${report.slotsFound} slots (goal p50 < 20 ms: ${yesNo(report.goals.p50Below20Ms)})`,
        )
      } else if (scenario === 'series') {
        const listing = await runSeriesListingScenario()
        results.seriesListing = listing
        console.log(
          `\nSeries listing (${listing.storage} storage, in process): ${listing.series} weekly series of one user, ${listing.occurrences} occurrences in a year, pages of ${listing.pageLimit}: ` +
            `page p50 ${listing.pageP50Ms} ms, p95 ${listing.pageP95Ms} ms, max ${listing.pageMaxMs} ms; every page (${listing.pages}) p50 ${listing.walkP50Ms} ms, p95 ${listing.walkP95Ms} ms (goal page p95 < 20 ms: ${yesNo(listing.goals.pageP95Below20Ms)})`,
        )
        const events = Math.max(...options.eventCounts)
        console.log(
          `\nMonitoring with series, ${EMBEDDED_FAMILY_NAMES[embeddedMonitoringStorage()]} storage (${events} single events and ${SERIES_MONITORED} daily series; ${options.monitoringSeconds} s measured, one sweep a second)`,
        )
        const monitoring = await runMonitoringScenario(
          events,
          options.monitoringSeconds * 1000,
          undefined,
          options.eventsPerUser,
          SERIES_MONITORED,
        )
        results.seriesMonitoring = monitoring
        printMonitoring(monitoring)
        console.log(`  goal p99 lag < 1 s: ${yesNo(monitoring.lagP99Ms < 1_000 && !monitoring.cutOff)}`)
      } else if (scenario === 'voice') {
        const report = await runVoiceScenario(10, options.httpSeconds)
        results.voice = report
        console.log(
          '\nVoice (embedded storage, one process: server and 10 ws clients; per-session message limit lifted)',
        )
        console.log(
          `  ${report.sessions} sessions: ${report.toolCallsPerSecond} tool calls/s (${report.toolCalls} in ${report.seconds} s), get_event round trip p50 ${report.readP50Ms} ms, p99 ${report.readP99Ms} ms, max ${report.readMaxMs} ms (goal p99 < 20 ms: ${yesNo(report.goals.p99Below20Ms)})`,
        )
      } else if (scenario === 'mcp') {
        const report = await runMcpScenario(50, options.httpSeconds, options.pin)
        results.mcp = report
        console.log(
          `\nMCP (embedded storage; 50 SDK client sessions over Streamable HTTP in a process of their own${report.pinned ? ', pinned to another core than the service' : ''})`,
        )
        for (const [label, load] of [
          ['closed loops', report.closed],
          [`paced, ${report.paced.callsPerSessionPerSecond} calls/s a session`, report.paced],
          [`agent pace, ${report.agentPaced.callsPerSessionPerSecond} call/s a session`, report.agentPaced],
        ] as const)
          console.log(
            `  ${label}: ${load.toolCallsPerSecond} tool calls/s (${load.toolCalls} in ${load.seconds} s), get_event tools/call p50 ${load.readP50Ms} ms, p99 ${load.readP99Ms} ms, max ${load.readMaxMs} ms; service ${load.serverCpuMicrosPerCall} µs of CPU a call (goal p99 < 20 ms: ${yesNo(load.goals.p99Below20Ms)})`,
          )
      } else if (scenario === 'tracking') {
        console.log(
          `\nETA tracking, embedded storage (10,000 trips, ${options.connections} connections, ${options.httpSeconds} s)`,
        )
        results.tracking = await runTrackingScenario({
          trips: 10_000,
          seconds: options.httpSeconds,
          connections: options.connections,
        })
        printTracking(results.tracking)
      } else if (scenario === 'delivery') {
        console.log(
          `\nWebhook delivery (${deliveryStorage() === 'sqlite' ? 'SQLite' : 'in-memory'} storage, real HTTP transport and signatures, receivers in a child process)`,
        )
        results.delivery = []
        for (const endpoints of [1, 100]) {
          const report = await runDeliveryScenario(endpoints, 20_000)
          results.delivery.push(report)
          printDelivery(report, results.http?.bare.serverCpuMicrosPerRequest)
        }
      } else {
        console.log(
          `\nMonitoring, ${storage === 'embedded' ? EMBEDDED_FAMILY_NAMES[embeddedMonitoringStorage()] : storage} storage (${options.monitoringSeconds} s measured per size, one sweep a second)`,
        )
        results.monitoring = []
        for (const events of options.eventCounts) {
          const report = await runMonitoringScenario(
            events,
            options.monitoringSeconds * 1000,
            mongo,
            options.eventsPerUser,
          )
          results.monitoring.push(report)
          printMonitoring(report)
        }
      }
    }
  } finally {
    await mongo?.stop()
  }
  if (warning !== undefined) console.log(`\n${warning}`)
  console.log(`\n${JSON.stringify(results, null, 2)}`)
  if (options.check) {
    const context = {
      storage,
      httpFamily: process.env.STORAGE === 'memory' ? 'memory' : 'sqlite',
      monitoringFamily: embeddedMonitoringStorage(),
      deliveryFamily: deliveryStorage(),
    }
    const report = checkRun(results, floors, context)
    if (report === null) {
      console.error('Regression check: no HTTP figures, so no BF to judge by')
      process.exitCode = 1
      return
    }
    console.log(`\n${formatCheck(report).join('\n')}`)
    if (report.failed) process.exitCode = 1
  }
}

await main()
