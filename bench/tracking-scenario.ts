import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import type { Clock } from '../core/ports/clock.js'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'
import { temporaryDataDir } from './data-dir.js'

/**
 * ETA tracking: location updates per second on one node with N concurrent trips, and their latency. The service
 * runs in a child process (embedded storage, the sandbox surface, where tracking is on by default) with its
 * tracking job running; the load generator cycles through the trips, one update per trip in turn, each a little
 * further along its way.
 *
 * The cadence rule (5 s between two updates of one trip) caps 10,000 trips at exactly 2,000 updates/s in real
 * time, the goal itself: to measure what one node can take beyond it, the service's clock runs `CLOCK_SPEED`
 * times faster than real time (the sandbox clock of an account is the service's clock plus its offset), so that a
 * trip's turn comes after the cadence on that clock. Every update is then accepted and stored as truth; the
 * scenario checks it on a sample of trips after the run.
 */
const KEY = 'sk_test_7a1c0d2f9e8b4a6c5d3e1f0a9b8c7d6eTRACK'
const CLOCK_SPEED = 3
const DESTINATION = { lat: 52.52, lng: 13.405 }
const TRIPS_PER_USER = 10

export interface TrackingReport {
  readonly trips: number
  readonly connections: number
  readonly durationSeconds: number
  readonly clockSpeed: number
  readonly setupSeconds: number
  readonly updatesPerSecond: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly latencyMaxMs: number
  readonly updates: number
  readonly failures: number
  /** Of the sampled trips after the run: how many were in transit with their last position stored. */
  readonly sampledInTransit: number
  readonly sampled: number
  readonly goals: { readonly atLeast2000PerSecond: boolean; readonly p99Below20Ms: boolean }
}

interface Ready {
  readonly url: string
  /** The service clock's origin and now, so that the load generator writes `recorded_at` on that clock. */
  readonly originMs: number
  readonly realOriginMs: number
}

/** A clock that runs `speed` times faster than the system's from the moment it is made. */
const fastClock = (speed: number): Clock & { readonly originMs: number } => {
  const originMs = Date.now()
  return { originMs, now: () => new Date(originMs + (Date.now() - originMs) * speed) }
}

const runTarget = async (): Promise<void> => {
  const clock = fastClock(CLOCK_SPEED)
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: temporaryDataDir('tracking'),
    SERVICE_BOOTSTRAP_KEYS: KEY,
    RATE_LIMIT_REQUESTS: '1000000000',
    RATE_LIMIT_CONCURRENCY: '10000',
    // The whole load comes from one address: `--connections` up to the cap, not the per-address share of it.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
  })
  const service = await startService(config, { ephemeralAccounts: true, clock })
  process.on('message', async (message) => {
    if (message === 'stop') {
      await service.stop()
      process.exit(0)
    }
  })
  process.on('disconnect', () => void service.stop().then(() => process.exit(0)))
  process.send?.({ url: service.sandboxUrl, originMs: clock.originMs, realOriginMs: clock.originMs } satisfies Ready)
}

const post = async (url: string, body: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** Runs `work` over the items, `concurrency` at a time. */
const inParallel = async <T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) => {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

const percentile = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const twoDecimals = (value: number) => Math.round(value * 100) / 100

export const runTrackingScenario = async (options: {
  readonly trips: number
  readonly seconds: number
  readonly connections: number
}): Promise<TrackingReport> => {
  const child = fork(fileURLToPath(import.meta.url), ['target'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready))
      child.once('exit', (code) => reject(new Error(`the tracking target exited early (code ${code})`)))
    })
    const serviceNow = () => ready.originMs + (Date.now() - ready.realOriginMs) * CLOCK_SPEED
    const setupStarted = Date.now()
    // 10 trips per user (each user has a home: the events are monitored); each event ten hours ahead, at the
    // destination; each trip about 8 km away.
    const users: string[] = new Array(Math.ceil(options.trips / TRIPS_PER_USER))
    await inParallel(
      Array.from({ length: users.length }, (_, index) => index),
      16,
      async (index) => {
        const home = { lat: DESTINATION.lat + 0.07, lng: DESTINATION.lng + (index % 10) / 100 }
        const user = await post(`${ready.url}/v1/users`, { email: `tracker-${index}@example.com`, home_location: home })
        users[index] = user.id as string
      },
    )
    const events: string[] = new Array(options.trips)
    await inParallel(
      Array.from({ length: options.trips }, (_, index) => index),
      16,
      async (index) => {
        const start = serviceNow() + 10 * 3600_000
        const event = await post(`${ready.url}/v1/events`, {
          user_id: users[Math.floor(index / TRIPS_PER_USER)],
          title: `Trip ${index}`,
          start_time: new Date(start).toISOString(),
          end_time: new Date(start + 3600_000).toISOString(),
          location: { name: 'Office', ...DESTINATION },
        })
        events[index] = event.id as string
        // Started with its first position, as apps do: the run measures the steady state of a trip under way.
        await post(`${ready.url}/v1/events/${event.id}/tracking/start`, {
          idle_timeout_seconds: 3600,
          start_location: {
            lat: DESTINATION.lat + 8100 / 111_320,
            lng: DESTINATION.lng,
            accuracy_m: 12,
            recorded_at: new Date(serviceNow() - 2000).toISOString(),
          },
        })
      },
    )
    const setupSeconds = (Date.now() - setupStarted) / 1000
    // Round robin over the trips; each update 1 m closer than the trip's previous one.
    let sent = 0
    const latencies: number[] = []
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: ready.url,
          connections: options.connections,
          duration: options.seconds,
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const index = sent % options.trips
                const round = Math.floor(sent / options.trips)
                sent += 1
                const metres = 8000 - round - (index % 97)
                return {
                  ...request,
                  method: 'POST',
                  path: `/v1/events/${events[index]}/tracking/location`,
                  headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    lat: DESTINATION.lat + metres / 111_320,
                    lng: DESTINATION.lng,
                    accuracy_m: 12,
                    speed_mps: 9,
                    recorded_at: new Date(serviceNow() - 1000).toISOString(),
                  }),
                }
              },
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      )
      ;(instance as unknown as NodeJS.EventEmitter).on(
        'response',
        (_client: unknown, _status: number, _bytes: number, ms: number) => {
          latencies.push(ms)
        },
      )
    })
    // A sample of trips: in transit, their position the last one sent (every update was taken as truth).
    const sample = events.filter((_, index) => index % Math.max(1, Math.floor(options.trips / 50)) === 0)
    let sampledInTransit = 0
    for (const eventId of sample) {
      const response = await fetch(`${ready.url}/v1/events/${eventId}/tracking`, {
        headers: { authorization: `Bearer ${KEY}` },
      })
      const trip = (await response.json()) as { status: string; current_location: { lat: number } | null }
      if (
        trip.status === 'in_transit' &&
        trip.current_location !== null &&
        trip.current_location.lat < DESTINATION.lat + 8000 / 111_320
      )
        sampledInTransit += 1
    }
    const sorted = Float64Array.from(latencies).sort()
    const updatesPerSecond = Math.round(result.requests.total / result.duration)
    const latencyP99Ms = twoDecimals(percentile(sorted, 99))
    return {
      trips: options.trips,
      connections: options.connections,
      durationSeconds: result.duration,
      clockSpeed: CLOCK_SPEED,
      setupSeconds: Math.round(setupSeconds * 10) / 10,
      updatesPerSecond,
      latencyP50Ms: twoDecimals(percentile(sorted, 50)),
      latencyP99Ms,
      latencyMaxMs: twoDecimals(sorted.at(-1) ?? 0),
      updates: result.requests.total,
      failures: result.non2xx + result.errors,
      sampledInTransit,
      sampled: sample.length,
      goals: { atLeast2000PerSecond: updatesPerSecond >= 2000, p99Below20Ms: latencyP99Ms < 20 },
    }
  } finally {
    child.send('stop')
    await exited
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'target') await runTarget()
