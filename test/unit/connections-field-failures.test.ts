import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { GoogleCalendarProvider } from '../../adapters/calendar-provider/google/google-calendar-provider.js'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import type { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync, type SyncCadence } from '../../core/connection/connection-sync.js'
import { OutboundMirror } from '../../core/connection/outbound-mirror.js'
import { pkceChallenge } from '../../core/connection/pkce.js'
import type { CalendarEvent } from '../../core/event/event.js'
import { inMemoryUsersAndEvents } from '../support/connection-service-deps.js'
import { makeCalendar, makeConnection } from '../support/connection-fixtures.js'
import { GoogleCalendarFake } from '../support/fakes/google-calendar-fake.js'

const EMAIL = 'field@example.com'
const REDIRECT = 'https://api.example.com/v1/connections/oauth/callback'
const VERIFIER = 'field-verifier-0123456789-0123456789-0123456789'

/**
 * The service's sync and outbound mirror on in-memory storage, against the local fake of Google through the real
 * adapter, all on one clock the test moves by hand (the fake stamps its requests with it too).
 */
const googleField = async (options: { readonly timeoutMs?: number; readonly cadence?: SyncCadence } = {}) => {
  let now = new Date('2026-06-01T08:00:00Z')
  const clock = { now: () => now }
  const fake = await GoogleCalendarFake.start()
  fake.now = () => now.getTime()
  const adapter = (timeoutMs: number) =>
    new GoogleCalendarProvider({
      clientId: GoogleCalendarFake.clientId,
      clientSecret: GoogleCalendarFake.clientSecret,
      accountsUrl: fake.baseUrl,
      oauthUrl: fake.baseUrl,
      apiUrl: fake.baseUrl,
      timeoutMs,
      userAgent: 'departure-service/test',
      clock,
    })
  const google = adapter(options.timeoutMs ?? 5_000)
  const code = fake.consent({ email: EMAIL, codeChallenge: pkceChallenge(VERIFIER), redirectUri: REDIRECT })
  const exchanged = await adapter(5_000).exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
  if (!exchanged.ok) throw new Error(`exchange failed: ${JSON.stringify(exchanged.error)}`)
  const tokens = exchanged.value.tokens
  const outbox = new MemoryOutbox()
  const connections = new MemoryConnectionRepository(outbox)
  const calendars = new MemoryCalendarRepository()
  const cipher = new AesGcmTokenCipher(randomBytes(32))
  const { events, eventRecords, storeUser } = inMemoryUsersAndEvents(outbox)
  await storeUser()
  const sealed = cipher.seal(JSON.stringify({ ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null }))
  const connection = makeConnection({ email: EMAIL, sealedTokens: sealed, nextSyncAt: now })
  await connections.insert(connection, [])
  const calendar = makeCalendar({ connectionId: connection.id, externalId: EMAIL, timezone: 'America/New_York' })
  await calendars.save(calendar)
  const sync = new ConnectionSync({
    connections,
    calendars,
    providers: () => google,
    cipher,
    ids: new UlidIdGenerator(),
    events,
    pushAddress: () => null,
    clockFor: async () => clock,
    ...(options.cadence === undefined ? {} : { cadence: options.cadence }),
  })
  const service = {
    canWrite: async () => calendar,
    defaultWritableCalendar: async () => ({ connection, calendar }),
  } as unknown as ConnectionService
  const mirror = new OutboundMirror({ events: eventRecords, connections: service, sync })
  const scope = { accountId: 'acct_a', livemode: false, clock }

  /** An event of ours whose provider copy is still to be created (as after `POST /v1/events`). */
  const pendingEvent = async (title: string): Promise<CalendarEvent> => {
    const created = await events.create(scope, {
      userId: 'usr_a',
      title,
      startTime: new Date(now.getTime() + 48 * 3_600_000),
      endTime: new Date(now.getTime() + 49 * 3_600_000),
      timezone: 'America/New_York',
    })
    if (!created.ok) throw new Error('create failed')
    const next: CalendarEvent = {
      ...created.value,
      version: created.value.version + 1,
      mirror: {
        connectionId: connection.id,
        calendarId: calendar.id,
        externalId: null,
        status: 'pending',
        operation: 'create',
        attempts: 0,
        lastError: null,
        nextAttemptAt: now,
      },
    }
    await eventRecords.update(next, created.value.version, [])
    return next
  }
  /** Runs the mirror job at the clock's present until nothing more is due then. */
  const runMirror = async () => {
    while ((await mirror.processDue({ accountId: 'acct_a', clock })) > 0) {}
  }
  return {
    fake,
    clock,
    advanceTo: (at: Date) => {
      now = at
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
    connection,
    calendar,
    connections,
    outbox,
    sync,
    mirror,
    events,
    eventRecords,
    pendingEvent,
    runMirror,
    syncNow: () => sync.syncNow('acct_a', connection.id, clock, 'incremental'),
    apiCalls: () => fake.requests.filter((request) => request.path.startsWith('/calendar/')),
    close: () => fake.close(),
  }
}

type Field = Awaited<ReturnType<typeof googleField>>
let field: Field | null = null
afterEach(async () => {
  await field?.close()
  field = null
})

describe('Duplicates on retry: a create whose answer is lost makes one provider event and one event of ours', () => {
  it('three mirror attempts time out after Google wrote the copy, a sync runs in between, the fourth links the one copy', async () => {
    field = await googleField({ timeoutMs: 500 })
    const event = await field.pendingEvent('Quarterly review')
    // Google writes the event each time, and the answer never arrives.
    field.fake.stallNext(3)
    for (let attempt = 1; attempt <= 3; attempt++) {
      await field.runMirror()
      const current = await field.eventRecords.get('acct_a', event.id)
      expect(current?.mirror).toMatchObject({ status: 'pending', attempts: attempt, externalId: null })
      // A sync meanwhile sees the copy at Google: it is ours, not a provider event to import.
      await field.syncNow()
      const imported = await field.events.listByCalendar('acct_a', field.calendar.id)
      expect(imported.filter((candidate) => candidate.id !== event.id)).toEqual([])
      field.advanceTo(current!.mirror!.nextAttemptAt!)
    }
    await field.runMirror()
    const linked = await field.eventRecords.get('acct_a', event.id)
    expect(linked?.mirror).toMatchObject({ status: 'synced', attempts: 4 })
    const copies = field.fake.eventsOf(EMAIL, EMAIL).filter((copy) => copy.summary === 'Quarterly review')
    expect(copies).toHaveLength(1)
    expect(linked?.mirror?.externalId).toBe(copies[0]!.id)
    await field.syncNow()
    const ours = await field.events.listByCalendar('acct_a', field.calendar.id)
    expect(ours.map((candidate) => candidate.id)).toEqual([event.id])
  })
})

/** The most requests that fall within any `windowMs` (each window starting at a request). */
const busiestWindow = (times: readonly number[], windowMs: number): number => {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let first = 0
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}

const creates = (field: Field) =>
  field.apiCalls().filter((request) => request.method === 'POST' && request.path.endsWith('/events'))

/** Moves the clock from due moment to due moment, running the mirror job at each, until nothing waits. */
const runMirrorUntilSettled = async (field: Field, steps = 50) => {
  await field.runMirror()
  for (let step = 0; step < steps; step++) {
    const next = await field.eventRecords.nextMirrorDueAt('acct_a', field.clock.now())
    if (next === null) return
    field.advanceTo(new Date(Math.max(next.getTime(), field.clock.now().getTime())))
    await field.runMirror()
  }
}

describe("Quota: Google's per-user limit and rate-limit answers are honoured", () => {
  it('a burst of 1,000 writes for one user stays under 600 per minute at Google, and every write is made once', async () => {
    field = await googleField()
    const burst: CalendarEvent[] = []
    for (let index = 0; index < 1_000; index++) burst.push(await field.pendingEvent(`Burst ${index}`))
    await runMirrorUntilSettled(field)
    const made = creates(field)
    expect(made).toHaveLength(1_000)
    expect(
      busiestWindow(
        made.map((request) => request.at),
        60_000,
      ),
    ).toBeLessThan(600)
    const mirrors = await Promise.all(burst.map((event) => field!.eventRecords.get('acct_a', event.id)))
    expect(mirrors.every((event) => event?.mirror?.status === 'synced')).toBe(true)
    // The writes the budget held back were deferred, not failed: each made in one attempt.
    expect(new Set(mirrors.map((event) => event?.mirror?.attempts))).toEqual(new Set([1]))
  }, 120_000)

  it.each([
    ['429', 429, 120],
    ['403 rateLimitExceeded', 403, 90],
  ] as const)(
    'a %s with Retry-After stops every write of that user until it passes; the refused one is retried then',
    async (_name, status, seconds) => {
      field = await googleField()
      const start = field.clock.now().getTime()
      const events = [
        await field.pendingEvent('First'),
        await field.pendingEvent('Second'),
        await field.pendingEvent('Third'),
      ]
      field.fake.failNext(status, 1, seconds)
      await field.runMirror()
      // One call, refused; the other two were not sent.
      expect(creates(field)).toHaveLength(1)
      const waiting = await Promise.all(events.map((event) => field!.eventRecords.get('acct_a', event.id)))
      expect(waiting.map((event) => event?.mirror?.nextAttemptAt?.getTime())).toEqual(
        Array(3).fill(start + seconds * 1000),
      )
      expect(waiting.map((event) => event?.mirror?.status)).toEqual(['pending', 'pending', 'pending'])
      field.advance(60_000)
      await field.runMirror()
      expect(creates(field)).toHaveLength(1)
      await runMirrorUntilSettled(field)
      const made = creates(field)
      expect(made).toHaveLength(4)
      expect(made.slice(1).every((request) => request.at >= start + seconds * 1000)).toBe(true)
    },
  )

  it('a sync refused for the rate limit looks again only after Retry-After, and calls nothing before', async () => {
    field = await googleField()
    const start = field.clock.now().getTime()
    field.fake.failNext(429, 1, 900)
    const after = await field.syncNow()
    expect(after?.nextSyncAt?.getTime()).toBe(start + 900_000)
    const calls = field.apiCalls().length
    field.advance(60_000)
    await field.syncNow()
    expect(field.apiCalls()).toHaveLength(calls)
    field.advanceTo(new Date(start + 900_000))
    expect(await field.syncNow()).toMatchObject({ status: 'active', consecutiveSyncFailures: 0 })
  })
})
