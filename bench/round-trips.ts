import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'
import { start as startPeer } from '../test/support/mongo-peer/index.js'
import { BENCH_LIVE_KEY } from './http-target.js'

/** The MongoDB commands of one request, on average over `requests` sequential requests, and by command name. */
export interface RoundTrips {
  readonly requests: number
  readonly commandsPerRequest: number
  readonly transactionsPerRequest: number
  readonly byCommand: Readonly<Record<string, number>>
}

export interface RoundTripReport {
  readonly authenticatedGet: RoundTrips
  readonly createEvent: RoundTrips
  readonly createEventWithIdempotencyKey: RoundTrips
}

const perRequest = (before: Record<string, number>, after: Record<string, number>, requests: number): RoundTrips => {
  const byCommand: Record<string, number> = {}
  let total = 0
  for (const [name, count] of Object.entries(after)) {
    const sent = count - (before[name] ?? 0)
    if (sent === 0) continue
    byCommand[name] = Math.round((sent / requests) * 100) / 100
    total += sent
  }
  return {
    requests,
    commandsPerRequest: Math.round((total / requests) * 100) / 100,
    transactionsPerRequest: byCommand.commitTransaction ?? 0,
    byCommand,
  }
}

/**
 * The MongoDB round trips of the request path, counted on the MongoDB test peer
 * (the counts do not depend on its speed): the service in this process on the
 * peer, without its background worker (whose polling would be counted too), and
 * `requests` sequential requests of each kind after a warm-up of the same kind.
 * The requests follow each other as on a keep-alive connection under load.
 */
export const countRoundTrips = async (requests = 50): Promise<RoundTripReport> => {
  const peer = await startPeer({ ttlSweepIntervalMs: 0 })
  const dataDir = mkdtempSync(join(tmpdir(), 'departure-bench-rt-'))
  const service = await startService(
    loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WORKER: 'false',
      MONGODB_URI: peer.uri,
      MONGODB_DB: 'bench_round_trips',
      // Required with MONGODB_URI; fixed for the bench's throw-away database, as in http-target.ts.
      CONNECTION_TOKEN_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
      SERVICE_BOOTSTRAP_KEYS: BENCH_LIVE_KEY,
      // The counts, not the limits: no request may be refused.
      RATE_LIMIT_REQUESTS: '1000000000',
      RATE_LIMIT_CONCURRENCY: '10000',
    }),
  )
  try {
    const headers = { authorization: `Bearer ${BENCH_LIVE_KEY}`, 'content-type': 'application/json' }
    const send = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
      const response = await fetch(`${service.liveUrl}${path}`, {
        method,
        headers: { ...headers, ...extra },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const answer = (await response.json()) as { id?: string }
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`)
      return answer
    }
    const user = await send('POST', '/v1/users', {
      email: 'round-trips@example.com',
      home_location: { lat: 52.5, lng: 13.4 },
    })
    let n = 0
    const event = () => {
      const start = Date.now() + 2 * 3_600_000 + n++ * 17 * 60_000
      return {
        user_id: user.id,
        title: `Round trips ${n}`,
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 3_600_000).toISOString(),
        location: { lat: 52.45, lng: 13.3 },
      }
    }
    const measure = async (one: () => Promise<unknown>): Promise<RoundTrips> => {
      for (let i = 0; i < 5; i++) await one()
      const before = peer.commandCounts()
      for (let i = 0; i < requests; i++) await one()
      return perRequest(before, peer.commandCounts(), requests)
    }
    return {
      authenticatedGet: await measure(() => send('GET', `/v1/users/${user.id}`)),
      createEvent: await measure(() => send('POST', '/v1/events', event())),
      createEventWithIdempotencyKey: await measure(() =>
        send('POST', '/v1/events', event(), { 'idempotency-key': `round-trips-${n}` }),
      ),
    }
  } finally {
    await service.stop()
    await peer.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await countRoundTrips(Number(process.argv[2] ?? 50)), null, 2))
  process.exit(0)
}
