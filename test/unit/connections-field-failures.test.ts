import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { GoogleCalendarProvider } from '../../adapters/calendar-provider/google/google-calendar-provider.js'
import { MicrosoftGraphCalendarProvider } from '../../adapters/calendar-provider/microsoft/microsoft-graph-calendar-provider.js'
import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryCalendarRepository } from '../../adapters/storage/memory/calendar-repository.js'
import { MemoryConnectionRepository } from '../../adapters/storage/memory/connection-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { AesGcmTokenCipher } from '../../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import type { CalendarProviderName } from '../../core/connection/connection.js'
import type { ConnectionService } from '../../core/connection/connection-service.js'
import { ConnectionSync, type SyncCadence } from '../../core/connection/connection-sync.js'
import { OutboundMirror } from '../../core/connection/outbound-mirror.js'
import { pkceChallenge } from '../../core/connection/pkce.js'
import type { CalendarEvent } from '../../core/event/event.js'
import type { CalendarProviderPort } from '../../core/ports/calendar-provider.js'
import type { Clock } from '../../core/ports/clock.js'
import { makeCalendar, makeConnection } from '../support/connection-fixtures.js'
import { inMemoryUsersAndEvents } from '../support/connection-service-deps.js'
import { GoogleCalendarFake } from '../support/fakes/google-calendar-fake.js'
import { MicrosoftGraphFake } from '../support/fakes/microsoft-graph-fake.js'

const EMAIL = 'field@example.com'
const REDIRECT = 'https://api.example.com/v1/connections/oauth/callback'
const VERIFIER = 'field-verifier-0123456789-0123456789-0123456789'

interface ProviderFake {
  readonly requests: readonly { readonly method: string; readonly path: string }[]
  consent(input: { email: string; codeChallenge: string; redirectUri: string }): string
  revokeAll(email: string): void
  close(): Promise<void>
}

/** One provider's local fake, and its real adapter pointed at it. */
interface ProviderKit<F extends ProviderFake> {
  readonly fake: F
  readonly name: CalendarProviderName
  readonly email: string
  readonly calendarExternalId: string
  readonly adapter: (timeoutMs: number) => CalendarProviderPort
}

const google = async (clock: Clock): Promise<ProviderKit<GoogleCalendarFake>> => {
  const fake = await GoogleCalendarFake.start()
  fake.now = () => clock.now().getTime()
  return {
    fake,
    name: 'google',
    email: EMAIL,
    calendarExternalId: EMAIL,
    adapter: (timeoutMs) =>
      new GoogleCalendarProvider({
        clientId: GoogleCalendarFake.clientId,
        clientSecret: GoogleCalendarFake.clientSecret,
        accountsUrl: fake.baseUrl,
        oauthUrl: fake.baseUrl,
        apiUrl: fake.baseUrl,
        timeoutMs,
        userAgent: 'departure-service/test',
        clock,
      }),
  }
}

const microsoft = async (clock: Clock): Promise<ProviderKit<MicrosoftGraphFake>> => {
  const fake = await MicrosoftGraphFake.start()
  return {
    fake,
    name: 'microsoft',
    email: 'field@contoso.com',
    calendarExternalId: 'AAMkCal-field@contoso.com-default',
    adapter: (timeoutMs) =>
      new MicrosoftGraphCalendarProvider({
        clientId: MicrosoftGraphFake.clientId,
        clientSecret: MicrosoftGraphFake.clientSecret,
        authorityUrl: fake.authorityUrl,
        graphUrl: fake.baseUrl,
        timeoutMs,
        userAgent: 'departure-service/test',
        clock,
      }),
  }
}

/**
 * The service's sync and outbound mirror on in-memory storage, against a provider's local fake through the real
 * adapter, all on one clock the test moves by hand (the Google fake stamps its requests with it too).
 */
const fieldOf = async <F extends ProviderFake>(
  kitOf: (clock: Clock) => Promise<ProviderKit<F>>,
  options: { readonly timeoutMs?: number; readonly cadence?: SyncCadence; readonly pushAddress?: string } = {},
) => {
  let now = new Date('2026-06-01T08:00:00Z')
  const clock = { now: () => now }
  const kit = await kitOf(clock)
  const { fake, email } = kit
  const provider = kit.adapter(options.timeoutMs ?? 5_000)
  const code = fake.consent({ email, codeChallenge: pkceChallenge(VERIFIER), redirectUri: REDIRECT })
  const exchanged = await kit.adapter(5_000).exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
  if (!exchanged.ok) throw new Error(`exchange failed: ${JSON.stringify(exchanged.error)}`)
  const tokens = exchanged.value.tokens
  const outbox = new MemoryOutbox()
  const connections = new MemoryConnectionRepository(outbox)
  const calendars = new MemoryCalendarRepository()
  const cipher = new AesGcmTokenCipher(randomBytes(32))
  const { events, eventRecords, storeUser } = inMemoryUsersAndEvents(outbox)
  await storeUser()
  const sealed = cipher.seal(JSON.stringify({ ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null }))
  const connection = makeConnection({ provider: kit.name, email, sealedTokens: sealed, nextSyncAt: now })
  await connections.insert(connection, [])
  const calendar = makeCalendar({
    connectionId: connection.id,
    externalId: kit.calendarExternalId,
    timezone: 'America/New_York',
  })
  await calendars.save(calendar)
  const sync = new ConnectionSync({
    connections,
    calendars,
    providers: () => provider,
    cipher,
    ids: new UlidIdGenerator(),
    random: new CryptoRandomSource(),
    events,
    pushAddress: () => options.pushAddress ?? null,
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
    provider,
    email,
    apiCalls: () => fake.requests.filter((request) => request.path.startsWith('/calendar/')),
    close: () => fake.close(),
  }
}

const googleField = (options: Parameters<typeof fieldOf>[1] = {}) => fieldOf(google, options)
type Field = Awaited<ReturnType<typeof googleField>>
let field: Field | null = null
let other: { close(): Promise<void> } | null = null
afterEach(async () => {
  await field?.close()
  await other?.close()
  field = null
  other = null
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
  field.fake.requests
    .filter((request) => request.path.startsWith('/calendar/'))
    .filter((request) => request.method === 'POST' && request.path.endsWith('/events'))

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
    field = await googleField({ pushAddress: 'https://api.example.test/v1/connections/push/google' })
    const start = field.clock.now().getTime()
    field.fake.failNext(429, 1, 900)
    const after = await field.syncNow()
    expect(after?.nextSyncAt?.getTime()).toBe(start + 900_000)
    // Not even a channel is started while the provider asked us to wait.
    expect(field.fake.requests.filter((request) => request.path.endsWith('/watch'))).toEqual([])
    const calls = field.apiCalls().length
    field.advance(60_000)
    await field.syncNow()
    expect(field.apiCalls()).toHaveLength(calls)
    field.advanceTo(new Date(start + 900_000))
    expect(await field.syncNow()).toMatchObject({ status: 'active', consecutiveSyncFailures: 0 })
  })
})

describe('Expired grants: the first invalid_grant disconnects the connection, notifies, and stops every call to the provider', () => {
  it.each([
    ['Google (the refresh token of an app in testing expires after 7 days)', google],
    ['Microsoft (AADSTS700082: the refresh token expired)', microsoft],
  ] as const)('%s', async (_name, kit) => {
    const expired = await fieldOf<ProviderFake>(kit)
    other = expired
    await expired.pendingEvent('Planning')
    expired.fake.revokeAll(expired.email)
    // The access token (an hour) is stale: the next call refreshes, and the provider answers invalid_grant.
    expired.advance(2 * 3_600_000)
    const before = expired.fake.requests.length
    const at = expired.clock.now()
    await expired.syncNow()
    expect(await expired.connections.get('acct_a', expired.connection.id)).toMatchObject({
      status: 'disconnected',
      statusReason: 'revoked_by_provider',
      nextSyncAt: null,
      subscriptions: [],
    })
    // The notification is written with the change (the webhook dispatcher sends it within its next second).
    const notices = (await expired.outbox.list('acct_a', 50)).filter((note) => note.type.startsWith('connection.'))
    expect(notices.map((note) => note.type)).toEqual(['connection.disconnected'])
    expect(notices[0]!.createdAt.getTime() - at.getTime()).toBeLessThan(60_000)
    expect(notices[0]!.object).toMatchObject({ status: 'disconnected', statusReason: 'revoked_by_provider' })
    expect(expired.fake.requests.length - before).toBe(1)
    // A week of the sync and mirror jobs, hour by hour, and pushes: not one call more.
    for (let hour = 0; hour < 7 * 24; hour++) {
      expired.advance(3_600_000)
      await expired.sync.processDue({ accountId: 'acct_a', clock: expired.clock })
      await expired.runMirror()
      await expired.syncNow()
    }
    expect(expired.fake.requests.length - before).toBe(1)
  })
})

const HOUR = 3_600_000
const watches = (field: Field) =>
  field.fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/events/watch'))

/** Runs the sync job at each moment the connection falls due, up to `until`; answers the connection then. */
const syncJobUntil = async (field: Field, until: number) => {
  for (let step = 0; step < 500; step++) {
    const next = (await field.connections.get('acct_a', field.connection.id))?.nextSyncAt ?? null
    if (next === null || next.getTime() > until) break
    field.advanceTo(next)
    await field.sync.processDue({ accountId: 'acct_a', clock: field.clock })
  }
  return (await field.connections.get('acct_a', field.connection.id))!
}

describe('Push channels that lapse: renewed at half their lifetime; while a renewal fails, polling takes over', () => {
  it('a Google channel (7 days) is renewed by 3.5 days, by a new channel and the old one stopped', async () => {
    field = await googleField({ pushAddress: 'https://api.example.test/v1/connections/push/google' })
    const start = field.clock.now().getTime()
    const first = await field.syncNow()
    expect(first).toMatchObject({ syncMode: 'realtime', subscriptions: [{ calendarExternalId: EMAIL }] })
    const channel = first!.subscriptions[0]!
    expect(channel.expiresAt.getTime()).toBe(start + 7 * 24 * HOUR)
    const renewed = await syncJobUntil(field, start + 3.5 * 24 * HOUR)
    expect(renewed.subscriptions).toHaveLength(1)
    expect(renewed.subscriptions[0]!.id).not.toBe(channel.id)
    expect([...field.fake.channels.keys()]).toEqual([renewed.subscriptions[0]!.id])
    const [started, renewal] = watches(field).map((request) => request.at)
    expect(started).toBe(start)
    expect(renewal).toBeLessThanOrEqual(start + 3.5 * 24 * HOUR)
    expect(renewed.syncMode).toBe('realtime')
  })

  it('a renewal that fails leaves the channel serving and the connection polling (every 5 minutes) until a renewal succeeds', async () => {
    field = await googleField({ pushAddress: 'https://api.example.test/v1/connections/push/google' })
    const start = field.clock.now().getTime()
    const first = await field.syncNow()
    const channel = first!.subscriptions[0]!
    await syncJobUntil(field, start + 3.5 * 24 * HOUR - 6 * HOUR)
    field.fake.failNextWatch(2)
    const failing = await syncJobUntil(field, start + 3.5 * 24 * HOUR)
    expect(watches(field)).toHaveLength(2)
    expect(failing).toMatchObject({ status: 'active', syncMode: 'polling', consecutiveSyncFailures: 0 })
    // The old channel still serves pushes until it lapses.
    expect(failing.subscriptions.map((subscription) => subscription.id)).toEqual([channel.id])
    expect(failing.nextSyncAt!.getTime() - field.clock.now().getTime()).toBe(5 * 60_000)
    const stillFailing = await syncJobUntil(field, field.clock.now().getTime() + 5 * 60_000)
    expect(watches(field)).toHaveLength(3)
    expect(stillFailing).toMatchObject({ syncMode: 'polling' })
    const back = await syncJobUntil(field, field.clock.now().getTime() + 5 * 60_000)
    expect(watches(field)).toHaveLength(4)
    expect(back).toMatchObject({ syncMode: 'realtime' })
    expect(back.subscriptions[0]!.id).not.toBe(channel.id)
    expect([...field.fake.channels.keys()]).toEqual([back.subscriptions[0]!.id])
  })

  it('a channel that lapsed is started anew at the next poll', async () => {
    field = await googleField({ pushAddress: 'https://api.example.test/v1/connections/push/google' })
    const first = await field.syncNow()
    field.advanceTo(new Date(first!.subscriptions[0]!.expiresAt.getTime() + HOUR))
    const after = await field.syncNow()
    expect(after).toMatchObject({ syncMode: 'realtime' })
    expect(after!.subscriptions[0]!.expiresAt.getTime()).toBeGreaterThan(field.clock.now().getTime())
  })
})

describe("Resync: Graph's missed and subscriptionRemoved notices, and Google's 410 for a stale sync token, list in full", () => {
  const deltaCalls = (fake: MicrosoftGraphFake) => fake.requests.filter((request) => request.path.endsWith('/delta'))

  it.each(['missed', 'subscriptionRemoved'] as const)(
    'a verified %s notice makes the connection due now with a full listing of its calendar',
    async (notice) => {
      const graph = await fieldOf(microsoft, { pushAddress: 'https://api.example.test/v1/connections/push/microsoft' })
      other = graph
      const first = await graph.syncNow()
      const channel = first!.subscriptions[0]!
      expect(first!.syncMode).toBe('realtime')
      graph.advance(HOUR)
      expect(await graph.sync.acceptLifecycleNotice(channel.id, 'forged', notice)).toBe(false)
      expect(await graph.sync.acceptLifecycleNotice(channel.id, channel.secret, notice)).toBe(true)
      const due = await graph.connections.get('acct_a', graph.connection.id)
      expect(due!.nextSyncAt).toEqual(graph.clock.now())
      await graph.sync.processDue({ accountId: 'acct_a', clock: graph.clock })
      const listing = deltaCalls(graph.fake).at(-1)!
      // A full listing (a window, no delta token), not an incremental one.
      expect(listing.query.get('$deltatoken')).toBeNull()
      expect(listing.query.get('startDateTime')).not.toBeNull()
      const after = await graph.connections.get('acct_a', graph.connection.id)
      if (notice === 'subscriptionRemoved') {
        // The next sync started a new subscription for the calendar.
        expect(after!.subscriptions.map((subscription) => subscription.id)).not.toContain(channel.id)
        expect(after!.subscriptions).toHaveLength(1)
      } else expect(after!.subscriptions.map((subscription) => subscription.id)).toEqual([channel.id])
    },
  )

  it('a 410 for a stale Google sync token lists in full: the change made meanwhile arrives once, nothing is duplicated', async () => {
    field = await googleField()
    const at = (hours: number) => new Date(field!.clock.now().getTime() + hours * HOUR).toISOString()
    field.fake.putEvent(EMAIL, EMAIL, {
      id: 'kickoff',
      summary: 'Kickoff',
      start: { dateTime: at(24) },
      end: { dateTime: at(25) },
    })
    await field.syncNow()
    field.fake.putEvent(EMAIL, EMAIL, {
      id: 'retro',
      summary: 'Retro',
      start: { dateTime: at(48) },
      end: { dateTime: at(49) },
    })
    field.fake.invalidateSyncTokens(EMAIL)
    const listsBefore = field.fake.requests.filter(
      (request) => request.path.startsWith('/calendar/') && request.path.endsWith('/events'),
    ).length
    expect(await field.syncNow()).toMatchObject({ status: 'active', consecutiveSyncFailures: 0 })
    const lists = field.fake.requests
      .filter((request) => request.path.startsWith('/calendar/') && request.path.endsWith('/events'))
      .slice(listsBefore)
    // The refused incremental listing, then a full one.
    expect(lists.map((request) => request.query.get('syncToken') === null)).toEqual([false, true])
    const imported = await field.events.listByCalendar('acct_a', field.calendar.id)
    expect(imported.map((event) => event.title).sort()).toEqual(['Kickoff', 'Retro'])
  })
})

describe('A change made at the provider while a sync page is being read is seen within one more sync', () => {
  it('an event changed and one added while the first page of a Google listing is read arrive at the next sync; none is lost', async () => {
    field = await googleField()
    const at = (hours: number) => new Date(field!.clock.now().getTime() + hours * HOUR).toISOString()
    for (let index = 0; index < 5; index++)
      field.fake.putEvent(EMAIL, EMAIL, {
        id: `ev${index}`,
        summary: `Event ${index}`,
        start: { dateTime: at(24 + index) },
        end: { dateTime: at(25 + index) },
      })
    const fake = field.fake
    fake.onListPage = (page) => {
      if (page.offset !== 0) return
      fake.onListPage = null
      // The user edits an event already read, and adds one, while we read the listing.
      fake.putEvent(EMAIL, EMAIL, {
        id: 'ev0',
        summary: 'Event 0 (moved)',
        start: { dateTime: at(30) },
        end: { dateTime: at(31) },
      })
      fake.putEvent(EMAIL, EMAIL, {
        id: 'ev5',
        summary: 'Event 5',
        start: { dateTime: at(32) },
        end: { dateTime: at(33) },
      })
    }
    const titles = async () =>
      (await field!.events.listByCalendar('acct_a', field!.calendar.id)).map((event) => event.title).sort()
    await field.syncNow()
    expect(await titles()).toEqual(['Event 0', 'Event 1', 'Event 2', 'Event 3', 'Event 4'])
    await field.syncNow()
    expect(await titles()).toEqual(['Event 0 (moved)', 'Event 1', 'Event 2', 'Event 3', 'Event 4', 'Event 5'])
  })
})
