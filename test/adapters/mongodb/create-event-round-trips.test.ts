import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MongoPeer, start as startPeer } from '../../support/mongo-peer/index.js'
import { api, LIVE_KEY, startTestService, TEST_CONNECTION_TOKEN_KEY, type TestService } from '../../support/service.js'

// The MongoDB commands of one `POST /v1/events`, counted by the MongoDB test peer (issue #19, goal 5).

const HOUR = 3_600_000
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()

/**
 * Commands that do not belong to one request but to the time between requests: the key and account lookups are
 * read again once a second (`ACCOUNT_LOOKUP_TTL_MS`), and a concurrency slot given back is sent by itself when no
 * request's rate-window update took it within 20 ms (`RELEASE_FLUSH_MS`).
 */
const PERIODIC = new Set([
  'find api_keys',
  'find accounts',
  'update rate_limit_windows',
  // The one-second batch writers' (request logs, departure history): off the request path, whenever their timer fires.
  'insert request_logs',
  'insert departure_history',
  'find departure_history',
  'aggregate departure_history',
  'delete departure_history',
])

let peer: MongoPeer
let service: TestService
let userId: string

const live = (method: string, path: string, options: Parameters<typeof api>[3] = {}) =>
  api(service.live, method, path, { key: LIVE_KEY, ...options })

/** The commands the peer answered while `request` ran, by name and collection (periodic ones left out). */
const commandsOf = async <T>(request: () => Promise<T>): Promise<{ answer: T; commands: Record<string, number> }> => {
  const before = peer.commandCounts()
  const answer = await request()
  const commands: Record<string, number> = {}
  for (const [name, count] of Object.entries(peer.commandCounts())) {
    const sent = count - (before[name] ?? 0)
    if (sent > 0 && !PERIODIC.has(name)) commands[name] = sent
  }
  return { answer, commands }
}

const total = (commands: Record<string, number>) => Object.values(commands).reduce((sum, count) => sum + count, 0)

beforeAll(async () => {
  peer = await startPeer({ ttlSweepIntervalMs: 0 })
  // Without the background worker, whose polls would be counted too.
  service = await startTestService({
    MONGODB_URI: peer.uri,
    MONGODB_DB: 'create_event_round_trips',
    CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    WORKER: 'false',
  })
  userId = (
    await live('POST', '/v1/users', {
      body: { email: 'trips@example.com', home_location: { lat: 52.52, lng: 13.405 } },
    })
  ).body.id
  // A first request of the kind: the indexes and the rate limiter's pool cap are in place after it.
  await live('POST', '/v1/events', {
    body: {
      user_id: userId,
      title: 'Warm-up',
      start_time: at(30 * HOUR),
      end_time: at(31 * HOUR),
      location: { lat: 52.45, lng: 13.3 },
    },
  })
})
afterAll(async () => {
  await service?.stop()
  await peer?.stop()
})

describe('POST /v1/events on MongoDB', () => {
  it('sends at most 8 commands, in one transaction, for an event whose first window is computed at once', async () => {
    // Starting within 6 hours: the origin rule reads the last known position too (the most commands).
    const { answer, commands } = await commandsOf(() =>
      live('POST', '/v1/events', {
        body: {
          user_id: userId,
          title: 'Soon',
          start_time: at(2 * HOUR),
          end_time: at(3 * HOUR),
          location: { lat: 52.45, lng: 13.3 },
        },
      }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body.monitoring.status).toBe('monitoring')
    expect(answer.body.monitoring.earliest_departure).not.toBeNull()
    expect(commands.commitTransaction).toBe(1)
    expect(commands['insert events']).toBe(1)
    expect(commands['insert outbox']).toBe(1)
    expect(total(commands), JSON.stringify(commands)).toBeLessThanOrEqual(8)
  })

  it('sends at most 7 for an event starting later (no last known position to read), and 9 with an Idempotency-Key', async () => {
    const later = () => ({
      user_id: userId,
      title: 'Later',
      start_time: at(20 * HOUR),
      end_time: at(21 * HOUR),
      location: { lat: 52.45, lng: 13.3 },
    })
    const plain = await commandsOf(() => live('POST', '/v1/events', { body: later() }))
    expect(plain.answer.status).toBe(201)
    expect(plain.commands.commitTransaction).toBe(1)
    expect(total(plain.commands), JSON.stringify(plain.commands)).toBeLessThanOrEqual(7)
    const keyed = await commandsOf(() =>
      live('POST', '/v1/events', { body: later(), headers: { 'idempotency-key': 'round-trips-1' } }),
    )
    expect(keyed.answer.status).toBe(201)
    expect(keyed.commands.commitTransaction).toBe(1)
    // The key's claim (an insert) and its stored answer (an update) come on top.
    expect(keyed.commands['insert idempotency_records']).toBe(1)
    expect(total(keyed.commands), JSON.stringify(keyed.commands)).toBeLessThanOrEqual(9)
  })
})
