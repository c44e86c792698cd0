import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { type Document, MongoClient } from 'mongodb'
import { databaseNames } from '../adapters/storage/mongodb/connection.js'
import type { CalendarEvent } from '../core/event/event.js'
import { monitoringDueAt } from '../core/event/event.js'
import { recalcCadence } from '../core/monitoring/recalc-cadence.js'
import type { Clock } from '../core/ports/clock.js'
import type { EventRepositoryPort } from '../core/ports/event-repository.js'
import type { UserRepositoryPort } from '../core/ports/user-repository.js'
import { type Application, compose } from '../hosts/composition-root.js'
import { loadConfig } from '../hosts/config.js'
import { TOKENS } from '../hosts/di-tokens.js'
import { temporaryDataDir } from './data-dir.js'
import { type StorageLabel, storageLabel } from './http-scenario.js'
import type { BenchMongo } from './mongo.js'

export interface MonitoringReport {
  readonly storage: StorageLabel
  readonly events: number
  /** Daily series monitored besides the single events (their occurrences within 24 hours are stored and monitored). */
  readonly series: number
  readonly users: number
  readonly durationSeconds: number
  readonly recomputes: number
  readonly recomputesPerSecond: number
  /** Events handled for a threshold crossing or their start rather than a recompute (one write each). */
  readonly ticks: number
  readonly lagP50Ms: number
  readonly lagP99Ms: number
  readonly lagMaxMs: number
  /** How long one sweep took: the headroom left in its one-second tick (sweeps that finished in the measured time). */
  readonly sweepP50Ms: number
  readonly sweepMaxMs: number
  /** Sweeps that finished in the measured time. */
  readonly sweeps: number
  /** The measurement ended inside a sweep that had not caught up: the node did not keep up with the cadence. */
  readonly cutOff: boolean
  /** Events overdue by more than a second (one sweep interval) when the measurement ended: 0 while the node keeps up. */
  readonly backlogAtEnd: number
  readonly setupSeconds: number
  /** CPU time (user + system) of the whole process in the measured time, per recompute or threshold write. */
  readonly cpuMicrosPerRecompute: number
  /** The same, counting only the sweeps' own time (without garbage collection and timers between sweeps). */
  readonly sweepCpuMicrosPerRecompute: number
  /** Heap and array buffers held after the set-up (after a full collection) over those before it, per event. */
  readonly bytesPerEvent: number | null
  /** SQLite: the data directory's files after the set-up (every event, its outbox row and indexes), per event. */
  readonly diskBytesPerEvent: number | null
  /**
   * SQLite: what the process wrote to storage in the measured time (Linux; the write-ahead log and its checkpoints
   * into the database, one every 10,000 pages of log: docs/operations.md), and the data directory's size at the end.
   */
  readonly measuredWriteBytes: number | null
  readonly diskBytesAtEnd: number | null
  /** MongoDB only: the part of the set-up spent bulk-loading (`insertMany`) the users and events into MongoDB. */
  readonly bulkLoadSeconds: number | null
  /** MongoDB only: how long after the first spread recompute the measurement started (the bulk load took longer than planned); 0 when on time. */
  readonly startedLateMs: number
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** A full garbage collection (the flag is set at run time, so the bench needs no node option), then the bytes held. */
const heldBytes = (): number => {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

/** The measurement ran out of time inside a sweep (MongoDB runs only). */
class MeasurementOver extends Error {}

/**
 * The next recompute of the `index`-th spread event, as after the first hours of
 * running: spread evenly over its cadence interval from `now`. Null when the
 * event has nothing to recompute.
 */
const spreadRecalc = (event: CalendarEvent, now: number, index: number): CalendarEvent | null => {
  const cadence = recalcCadence(new Date(now), event.startTime)
  if (cadence === null || event.monitoring.nextRecalcAt === null) return null
  const nextRecalcAt = new Date(now + Math.floor((((index * 7919) % 1000) / 1000) * cadence.intervalMs))
  const monitoring = { ...event.monitoring, nextRecalcAt }
  return { ...event, monitoring, dueAt: monitoringDueAt(monitoring) }
}

/** Events per user over the 24 hours unless `--events-per-user` says otherwise. */
export const DEFAULT_EVENTS_PER_USER = 100

/**
 * The embedded family the monitoring scenario runs on: the in-memory adapters unless `STORAGE=sqlite` (the default
 * of `npm start`) asks for SQLite, in a data directory of its own removed when the process exits.
 */
export const embeddedMonitoringStorage = (): 'memory' | 'sqlite' =>
  process.env.STORAGE === 'sqlite' ? 'sqlite' : 'memory'

const embeddedDataDir = (): Record<string, string> => {
  if (embeddedMonitoringStorage() === 'memory') return {}
  return { DATA_DIR: temporaryDataDir('monitoring') }
}

/** The bytes of the files in `dir` (SQLite: the databases, their write-ahead logs and shared-memory indexes). */
const bytesOnDisk = (dir: string): number =>
  readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0)

/** What this process has written to storage so far (Linux `/proc/self/io`); null elsewhere. */
const writtenBytes = (): number | null => {
  try {
    const line = readFileSync('/proc/self/io', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('write_bytes:'))
    return line === undefined ? null : Number(line.split(':')[1])
  } catch {
    return null
  }
}

/** N events for N/`eventsPerUser` users, created through the use case on the embedded adapters (each gets its first window). */
const createOnEmbedded = async (eventCount: number, clock: Clock, eventsPerUser: number) => {
  const storage = embeddedMonitoringStorage()
  const dataDir = embeddedDataDir()
  const application = await compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: storage, ...dataDir }), {
    ephemeralAccounts: true,
    clock,
  })
  const surface = application.surfaces.live
  const account = await application.accounts.createAccount()
  const scope = { accountId: account.id, livemode: true, clock }
  const userCount = Math.max(1, Math.round(eventCount / eventsPerUser))
  const users: string[] = []
  for (let i = 0; i < userCount; i++) {
    const created = await surface.users.create(scope, {
      email: `bench-${i}@example.com`,
      homeLocation: { lat: 52.4 + (i % 50) / 200, lng: 13.2 + (i % 37) / 150 },
    })
    if (!created.ok) throw new Error('user create failed')
    users.push(created.value.user.id)
  }
  return { application, surface, account, userCount, users, dataDir: dataDir.DATA_DIR ?? null }
}

const createEvents = async (
  created: Awaited<ReturnType<typeof createOnEmbedded>>,
  eventCount: number,
  clock: Clock,
): Promise<void> => {
  const { surface, account, userCount, users } = created
  const scope = { accountId: account.id, livemode: true, clock }
  const start = Date.now()
  for (let i = 0; i < eventCount; i++) {
    const startTime = new Date(start + 10 * 60_000 + Math.floor((i / eventCount) * 24 * 3_600_000))
    const result = await surface.events.create(scope, {
      userId: users[i % userCount]!,
      title: `Event ${i}`,
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
      location: { lat: 52.45 + ((i * 7) % 100) / 1000, lng: 13.3 + ((i * 13) % 100) / 1000 },
    })
    if (!result.ok) throw new Error(`event create failed: ${result.error._tag}`)
  }
}

/**
 * N daily series (no end) with a location, their first occurrences spread over the next 24 hours, for the users in
 * turn; then one sweep stores and computes the occurrences within the monitoring horizon, as a running node has.
 */
const createSeries = async (
  created: Awaited<ReturnType<typeof createOnEmbedded>>,
  seriesCount: number,
  clock: Clock,
): Promise<void> => {
  if (seriesCount === 0) return
  const { surface, account, userCount, users } = created
  const scope = { accountId: account.id, livemode: true, clock }
  const start = Date.now()
  for (let i = 0; i < seriesCount; i++) {
    const startTime = new Date(start + 10 * 60_000 + Math.floor((i / seriesCount) * 24 * 3_600_000))
    const result = await surface.events.create(scope, {
      userId: users[(i * 7) % userCount]!,
      title: `Daily ${i}`,
      startTime,
      endTime: new Date(startTime.getTime() + 1_800_000),
      timezone: 'Europe/Berlin',
      location: { lat: 52.45 + ((i * 11) % 100) / 1000, lng: 13.3 + ((i * 17) % 100) / 1000 },
      recurrence: ['RRULE:FREQ=DAILY'],
    })
    if (!result.ok) throw new Error(`series create failed: ${result.error._tag}`)
  }
  await surface.backgroundJobs
    .find((candidate) => candidate.name === 'departure-monitoring')!
    .run({ accountId: null, clock })
}

/** The embedded set-up: the events' next recomputes spread from now on, through the repository. */
const setupEmbedded = async (
  eventCount: number,
  clock: Clock,
  eventsPerUser: number,
  seriesCount: number,
): Promise<{
  application: Application
  userCount: number
  setupSeconds: number
  bytesPerEvent: number
  diskBytesPerEvent: number | null
  dataDir: string | null
  measureFrom: number
}> => {
  const created = await createOnEmbedded(eventCount, clock, eventsPerUser)
  const heldBefore = heldBytes()
  const setupStart = performance.now()
  await createEvents(created, eventCount, clock)
  await createSeries(created, seriesCount, clock)
  const creationSeconds = (performance.now() - setupStart) / 1000
  const spreadStart = performance.now()
  // Steady state: recomputes spread evenly over each event's cadence interval, as after the first hours of running
  // (right after creation they would all fall due together, 5 minutes after the setup).
  const repository = created.surface.container.get<EventRepositoryPort>(TOKENS.EventRepository)
  // Series masters keep their own due time (their next occurrence's turn); their stored occurrences are spread.
  const all = await repository.list(created.account.id, { series: 'exclude' }, { limit: eventCount + 2 * seriesCount })
  // Spread from when these writes are expected to be over: the events of the first seconds would otherwise fall due
  // while a large set-up was still writing, and the first sweep would start with a backlog of them (200,000 events:
  // an 8 s sweep). The storage's own update time is measured first, on 1,000 events rewritten as they are (an update
  // costs ten times as much on SQLite as in memory), and allowed for one and a half times, at least 80 µs an event.
  // A late start is reported.
  const versions = new Map<string, number>()
  const sampleStart = performance.now()
  const sample = all.data.slice(0, 1_000)
  for (const event of sample) {
    await repository.update({ ...event, version: event.version + 1 }, event.version, [])
    versions.set(event.id, event.version + 1)
  }
  const updateMs = (performance.now() - sampleStart) / Math.max(1, sample.length)
  const spreadFrom = Date.now() + 2_000 + Math.ceil(all.data.length * Math.max(0.08, 1.5 * updateMs))
  let spread = 0
  for (const event of all.data) {
    const version = versions.get(event.id) ?? event.version
    const next = spreadRecalc({ ...event, version }, spreadFrom, spread)
    if (next === null) continue
    spread++
    await repository.update({ ...next, version: version + 1 }, version, [])
  }
  const spreadSeconds = (performance.now() - spreadStart) / 1000
  // Measured after the spread, inside its allowance: the full collection this takes (seconds for a large heap) also
  // frees what the set-up left behind (every event's created version, replaced by the spread), which the measured
  // seconds would otherwise pay for in a collection that steady running never has to make at once.
  const bytesPerEvent = Math.round((heldBytes() - heldBefore) / eventCount)
  return {
    application: created.application,
    userCount: created.userCount,
    setupSeconds: creationSeconds + spreadSeconds,
    bytesPerEvent,
    diskBytesPerEvent: created.dataDir === null ? null : Math.round(bytesOnDisk(created.dataDir) / eventCount),
    dataDir: created.dataDir,
    measureFrom: spreadFrom,
  }
}

/** Sorted keys, so that two documents compare by content. */
const canonical = (value: unknown): unknown =>
  value instanceof Date || value === null || typeof value !== 'object'
    ? value
    : Array.isArray(value)
      ? value.map(canonical)
      : Object.fromEntries(
          Object.entries(value)
            .filter(([, field]) => field !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, field]) => [key, canonical(field)]),
        )

/**
 * The MongoDB set-up. Creating 100,000 events one by one through the MongoDB
 * adapters (a transaction each) would take hours on the test peer, so the users
 * and events are created through the use case on the embedded adapters (the
 * same windows, origins and states; thresholds crossed meanwhile handled by one
 * sweep there) and then bulk-loaded (`insertMany`, batches
 * of 1,000) into the collections the MongoDB repositories read, in their
 * document shape (`_id` is the id, every other field as is). One user and one
 * event are read back through the MongoDB repositories and compared, so a change
 * of that shape fails the bench instead of measuring something else. Their next
 * recomputes are spread from a moment just after the load, and the measurement
 * waits for it. The bulk-loaded writes have no outbox entries (set-up only).
 */
const setupMongo = async (
  eventCount: number,
  clock: Clock,
  mongo: BenchMongo,
  eventsPerUser: number,
): Promise<{
  application: Application
  userCount: number
  setupSeconds: number
  bulkLoadSeconds: number
  measureFrom: number
}> => {
  const created = await createOnEmbedded(eventCount, clock, eventsPerUser)
  const setupStart = performance.now()
  await createEvents(created, eventCount, clock)
  // Thresholds crossed while the events were being created are handled here, as the running node would have
  // handled them then, rather than all at once in the first measured sweep.
  await created.surface.backgroundJobs
    .find((candidate) => candidate.name === 'departure-monitoring')!
    .run({ accountId: null, clock })
  const database = mongo.databasePrefix()
  const application = await compose(loadConfig({ LOG_LEVEL: 'silent', MONGODB_URI: mongo.uri, MONGODB_DB: database }), {
    clock,
  })
  const client = await MongoClient.connect(mongo.uri, { ignoreUndefined: true })
  try {
    const bulkStart = performance.now()
    const db = client.db(databaseNames(database).live)
    const users = (
      await created.surface.container
        .get<UserRepositoryPort>(TOKENS.UserRepository)
        .list(created.account.id, {}, { limit: created.userCount })
    ).data
    const events = (
      await created.surface.container
        .get<EventRepositoryPort>(TOKENS.EventRepository)
        .list(created.account.id, {}, { limit: eventCount })
    ).data
    await created.application.close()
    const insert = async (name: string, documents: readonly Document[]) => {
      for (let i = 0; i < documents.length; i += 1_000)
        await db.collection(name).insertMany(documents.slice(i, i + 1_000), { ordered: false })
    }
    await insert(
      'users',
      users.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    )
    // The spread starts when the load is expected to be over (measured: about 0.1 ms an event on the test peer).
    const measureFrom = Date.now() + 5_000 + Math.ceil(eventCount * 0.12)
    let spread = 0
    const spreadEvents = events.map((event) => {
      const next = spreadRecalc(event, measureFrom, spread)
      if (next === null) return event
      spread++
      return next
    })
    await insert(
      'events',
      spreadEvents.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    )
    const bulkLoadSeconds = (performance.now() - bulkStart) / 1000
    const surface = application.surfaces.live
    const [user, event] = [users[0]!, spreadEvents[0]!]
    const [userBack, eventBack] = [
      await surface.container.get<UserRepositoryPort>(TOKENS.UserRepository).get(user.accountId, user.id),
      await surface.container.get<EventRepositoryPort>(TOKENS.EventRepository).get(event.accountId, event.id),
    ]
    if (
      !isDeepStrictEqual(canonical(userBack), canonical(user)) ||
      !isDeepStrictEqual(canonical(eventBack), canonical(event))
    ) {
      throw new Error(
        'the bulk-loaded documents do not read back as the same user and event: the MongoDB document shape changed; update bench/monitoring-scenario.ts',
      )
    }
    return {
      application,
      userCount: created.userCount,
      setupSeconds: (performance.now() - setupStart) / 1000,
      bulkLoadSeconds,
      measureFrom,
    }
  } catch (error) {
    await application.close()
    throw error
  } finally {
    await client.close()
  }
}

/**
 * N monitored events spread over the next 24 h, swept every second as in
 * production. Lag is how late each recompute ran after its `next_recalc_at`.
 * Events are first given their initial window (setup), then the steady state is
 * measured for `durationMs` of real time. Embedded adapters by default; with
 * `mongo`, the events live in MongoDB (see setupMongo), and a sweep still
 * running at the end of the measured time is cut off there (the storage could
 * not keep up: the report says so).
 */
export const runMonitoringScenario = async (
  eventCount: number,
  durationMs: number,
  mongo?: BenchMongo,
  eventsPerUser = DEFAULT_EVENTS_PER_USER,
  seriesCount = 0,
): Promise<MonitoringReport> => {
  if (seriesCount > 0 && mongo !== undefined) throw new Error('series are monitored on embedded storage only')
  const clock: Clock = { now: () => new Date() }
  const setup =
    mongo === undefined
      ? { ...(await setupEmbedded(eventCount, clock, eventsPerUser, seriesCount)), bulkLoadSeconds: null }
      : {
          ...(await setupMongo(eventCount, clock, mongo, eventsPerUser)),
          bytesPerEvent: null,
          diskBytesPerEvent: null,
          dataDir: null,
        }
  const { application, userCount, setupSeconds } = setup
  if (Date.now() < setup.measureFrom)
    await new Promise((resolve) => setTimeout(resolve, setup.measureFrom - Date.now()))
  const startedLateMs = Math.max(0, Date.now() - setup.measureFrom)

  const surface = application.surfaces.live
  const lags: number[] = []
  const monitor = surface.monitor
  const recompute = monitor.recompute.bind(monitor)
  const apply = monitor.apply.bind(monitor)
  const cutOff = mongo !== undefined
  // On the test peer one recompute can take a second (it scans every event): recompute a few events at a time, so
  // that the deadline is checked often and the figures count every recompute that finished.
  const chunk = mongo?.kind === 'peer' ? 4 : Number.POSITIVE_INFINITY
  let deadline = Number.POSITIVE_INFINITY
  // Each recompute's lag, taken when its batch starts and counted once its outcome is stored.
  const pendingLags = new Map<string, number>()
  // Events that were due for a threshold or their start rather than a recompute (a write each, no departure computed).
  let ticks = 0
  monitor.recompute = async (events: readonly CalendarEvent[], sweepClock: Clock) => {
    const saved: CalendarEvent[] = []
    for (let i = 0; i < events.length; i += chunk) {
      if (cutOff && performance.now() > deadline) throw new MeasurementOver()
      const part = events.slice(i, i + chunk)
      const now = sweepClock.now().getTime()
      for (const event of part)
        if (event.monitoring.nextRecalcAt !== null)
          pendingLags.set(event.id, now - event.monitoring.nextRecalcAt.getTime())
      saved.push(...(await recompute(part, sweepClock)))
      // The recompute writes each event itself (it no longer goes through apply): each one is counted here.
      for (const event of part) {
        const lag = pendingLags.get(event.id)
        if (lag === undefined) continue
        pendingLags.delete(event.id)
        lags.push(lag)
      }
    }
    return saved
  }
  // Threshold crossings and starts go through apply (one write each, no departure computed). Every argument passed on.
  monitor.apply = async (...args: Parameters<typeof apply>) => {
    const [event] = args
    if (cutOff && performance.now() > deadline) throw new MeasurementOver()
    const stored = await apply(...args)
    const lag = pendingLags.get(event.id)
    if (lag !== undefined) {
      pendingLags.delete(event.id)
      lags.push(lag)
    } else ticks++
    return stored
  }
  const job = surface.backgroundJobs.find((candidate) => candidate.name === 'departure-monitoring')!
  const sweeps: number[] = []
  let sweepCpuMicros = 0
  let wasCutOff = false
  const measureStart = performance.now()
  const cpuStart = process.cpuUsage()
  const writtenBefore = setup.dataDir === null ? null : writtenBytes()
  // A sweep that starts just before the end may finish (one tick of grace); one still running after that is cut off.
  deadline = measureStart + durationMs + 1_000
  try {
    while (performance.now() - measureStart < durationMs) {
      const tick = performance.now()
      const sweepCpu = process.cpuUsage()
      try {
        await job.run({ accountId: null, clock })
      } catch (error) {
        if (!(error instanceof MeasurementOver)) throw error
        wasCutOff = true
        break
      }
      const elapsed = performance.now() - tick
      const used = process.cpuUsage(sweepCpu)
      sweepCpuMicros += used.user + used.system
      sweeps.push(elapsed)
      if (elapsed < 1000) await new Promise((resolve) => setTimeout(resolve, 1000 - elapsed))
    }
    const durationSeconds = (performance.now() - measureStart) / 1000
    const cpu = process.cpuUsage(cpuStart)
    const writtenAfter = writtenBefore === null ? null : writtenBytes()
    const repository = surface.container.get<EventRepositoryPort>(TOKENS.EventRepository)
    // Overdue by more than one sweep interval: what a node that keeps up never has.
    const backlogAtEnd = (await repository.due(null, new Date(Date.now() - 1_000), eventCount + 2 * seriesCount)).length
    const sorted = [...lags].sort((a, b) => a - b)
    const sortedSweeps = [...sweeps].sort((a, b) => a - b)
    return {
      storage: storageLabel(mongo),
      events: eventCount,
      series: seriesCount,
      users: userCount,
      durationSeconds,
      recomputes: lags.length,
      recomputesPerSecond: lags.length / durationSeconds,
      ticks,
      lagP50Ms: percentile(sorted, 50),
      lagP99Ms: percentile(sorted, 99),
      lagMaxMs: sorted.at(-1) ?? 0,
      sweepP50Ms: Math.round(percentile(sortedSweeps, 50)),
      sweepMaxMs: Math.round(sortedSweeps.at(-1) ?? 0),
      sweeps: sweeps.length,
      cutOff: wasCutOff,
      backlogAtEnd,
      setupSeconds,
      cpuMicrosPerRecompute: Math.round(((cpu.user + cpu.system) / Math.max(1, lags.length + ticks)) * 10) / 10,
      sweepCpuMicrosPerRecompute: Math.round((sweepCpuMicros / Math.max(1, lags.length + ticks)) * 10) / 10,
      bytesPerEvent: setup.bytesPerEvent,
      diskBytesPerEvent: setup.diskBytesPerEvent,
      measuredWriteBytes: writtenBefore === null || writtenAfter === null ? null : writtenAfter - writtenBefore,
      diskBytesAtEnd: setup.dataDir === null ? null : bytesOnDisk(setup.dataDir),
      bulkLoadSeconds: setup.bulkLoadSeconds,
      startedLateMs,
    }
  } finally {
    await application.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 10_000)
  const seconds = Number(process.argv[3] ?? 60)
  console.log(JSON.stringify(await runMonitoringScenario(count, seconds * 1000), null, 2))
}
