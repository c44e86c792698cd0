import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MicrosoftGraphCalendarProvider } from '../../../adapters/calendar-provider/microsoft/microsoft-graph-calendar-provider.js'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { pkceChallenge } from '../../../core/connection/pkce.js'
import type { Clock } from '../../../core/ports/clock.js'
import { calendarProviderContract } from '../../contracts/calendar-provider.contract.js'
import { MicrosoftGraphFake } from '../../support/fakes/microsoft-graph-fake.js'

const adapterFor = (fake: MicrosoftGraphFake, clock: Clock = new SystemClock()) =>
  new MicrosoftGraphCalendarProvider({
    clientId: MicrosoftGraphFake.clientId,
    clientSecret: MicrosoftGraphFake.clientSecret,
    authorityUrl: fake.authorityUrl,
    graphUrl: fake.baseUrl,
    timeoutMs: 2000,
    userAgent: 'departure-service/test',
    clock,
  })

calendarProviderContract('MicrosoftGraphCalendarProvider (local fake of Graph)', async () => {
  const fake = await MicrosoftGraphFake.start()
  return {
    provider: adapterFor(fake),
    consent: async (input) => fake.consent(input),
    invalidateSyncCursors: async (email) => fake.invalidateDeltaTokens(email),
    revokeAtProvider: async (email) => fake.revokeAll(email),
    // Outlook shows an answered invitation as its answer (`showAs` tentative or free), a free event as `free`.
    putForeignEvent: (email, calendarId, event) =>
      fake.putEvent(email, calendarId, {
        id: event.id,
        subject: event.title,
        start: event.start,
        end: event.end,
        showAs: event.transparent
          ? 'free'
          : event.selfResponse === 'tentative'
            ? 'tentative'
            : event.selfResponse === 'declined'
              ? 'free'
              : 'busy',
        response: event.selfResponse === null ? 'organizer' : GRAPH_RESPONSES[event.selfResponse],
      }),
    revokesGrants: false,
    throttleNext: (seconds) => fake.throttleNext(seconds),
    teardown: () => fake.close(),
  }
})

const GRAPH_RESPONSES = {
  accepted: 'accepted',
  tentative: 'tentativelyAccepted',
  declined: 'declined',
  needs_action: 'notResponded',
} as const

const REDIRECT = 'https://api.example.com/v1/connections/oauth/callback'
const VERIFIER = 'graph-verifier-0123456789-0123456789-0123456789'

describe('Microsoft Graph specifics', () => {
  let fake: MicrosoftGraphFake
  let graph: MicrosoftGraphCalendarProvider
  beforeAll(async () => {
    fake = await MicrosoftGraphFake.start()
    graph = adapterFor(fake)
  })
  afterAll(() => fake.close())

  const connect = async (email: string) => {
    const code = fake.consent({ email, codeChallenge: pkceChallenge(VERIFIER), redirectUri: REDIRECT })
    const exchanged = await graph.exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
    if (!exchanged.ok) throw new Error(`exchange failed ${JSON.stringify(exchanged.error)}`)
    return exchanged.value
  }

  it('asks for offline_access and Calendars scopes at the v2.0 authorize endpoint', () => {
    const url = new URL(
      graph.authorizationUrl({
        state: 's',
        codeChallenge: 'c',
        redirectUri: REDIRECT,
        scopes: ['calendars.read', 'events.read', 'events.write'],
      }),
    )
    expect(url.pathname).toBe('/common/oauth2/v2.0/authorize')
    expect(url.searchParams.get('scope')).toBe(
      'offline_access openid email User.Read Calendars.Read Calendars.ReadWrite',
    )
    expect(url.searchParams.get('response_mode')).toBe('query')
  })

  it('keeps the rotated refresh token, and the account e-mail comes from /me', async () => {
    const { tokens, email } = await connect('Ada@Contoso.com')
    expect(email).toBe('ada@contoso.com')
    const refreshed = await graph.refreshTokens(tokens.refreshToken!)
    if (!refreshed.ok) throw new Error('refresh failed')
    expect(refreshed.value.refreshToken).not.toBe(tokens.refreshToken)
    expect(refreshed.value.refreshToken).toMatch(/^M\.R3_/)
  })

  it('lists calendars with canEdit as writable and isDefaultCalendar as primary', async () => {
    const { tokens } = await connect('roles@contoso.com')
    const calendars = await graph.listCalendars(tokens)
    expect(
      calendars.ok && calendars.value.map((calendar) => [calendar.name, calendar.writable, calendar.primary]),
    ).toEqual([
      ['Calendar', true, true],
      ['Birthdays', false, false],
    ])
  })

  it('walks delta pages in UTC; @removed rows are cancellations; a round older than 7 days restarts', async () => {
    const clock = {
      at: new Date('2026-06-01T08:00:00Z'),
      now() {
        return this.at
      },
    }
    const timed = adapterFor(fake, clock)
    const { tokens } = await connect('delta@contoso.com')
    const calendarId = 'AAMkCal-delta@contoso.com-default'
    for (let index = 0; index < 3; index++)
      await fake.putEvent('delta@contoso.com', calendarId, {
        id: `e${index}`,
        subject: `E${index}`,
        start: new Date(`2026-06-0${index + 2}T09:00:00Z`),
        end: new Date(`2026-06-0${index + 2}T10:00:00Z`),
      })
    const full = await timed.syncEvents(tokens, calendarId, null)
    if (!full.ok) throw new Error('delta failed')
    expect(full.value.changes.map((event) => [event.externalId, event.start.toISOString()])).toEqual([
      ['e0', '2026-06-02T09:00:00.000Z'],
      ['e1', '2026-06-03T09:00:00.000Z'],
      ['e2', '2026-06-04T09:00:00.000Z'],
    ])
    const first = fake.requests.find((request) => request.path.endsWith('/calendarView/delta'))
    expect(first?.query.get('startDateTime')).toBe('2026-05-25T08:00:00.000Z')
    expect(first?.prefer).toContain('outlook.timezone="UTC"')
    await fake.putEvent('delta@contoso.com', calendarId, {
      id: 'e1',
      subject: 'E1',
      start: new Date('2026-06-03T09:00:00Z'),
      end: new Date('2026-06-03T10:00:00Z'),
      removed: true,
    })
    const next = await timed.syncEvents(tokens, calendarId, full.value.cursor)
    expect(next.ok && next.value.changes.map((event) => [event.externalId, event.status])).toEqual([
      ['e1', 'cancelled'],
    ])
    clock.at = new Date('2026-06-09T08:00:01Z')
    expect(await timed.syncEvents(tokens, calendarId, full.value.cursor)).toMatchObject({
      ok: false,
      error: { _tag: 'SyncCursorExpired' },
    })
  })

  it('a series made in Outlook comes as one: its master with an RRULE, an exception and a deleted occurrence (an @removed row alone) as instances', async () => {
    const clock = {
      at: new Date('2026-06-01T08:00:00Z'),
      now() {
        return this.at
      },
    }
    const timed = adapterFor(fake, clock)
    const email = 'series@contoso.com'
    const { tokens } = await connect(email)
    const calendarId = `AAMkCal-${email}-default`
    // Mondays and Wednesdays at 09:00 Berlin, six times from Monday 8 June 2026.
    const at = (iso: string) => new Date(iso)
    await fake.putEvent(email, calendarId, {
      id: 'standup',
      subject: 'Stand-up',
      start: at('2026-06-08T07:00:00Z'),
      end: at('2026-06-08T07:30:00Z'),
      timeZone: 'Europe/Berlin',
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'monday' },
        range: {
          type: 'numbered',
          startDate: '2026-06-08',
          numberOfOccurrences: 6,
          recurrenceTimeZone: 'Europe/Berlin',
        },
      },
    })
    const full = await timed.syncEvents(tokens, calendarId, null)
    if (!full.ok) throw new Error('delta failed')
    // The calendar view listed six occurrences; the batch has the one series.
    expect(full.value.changes).toEqual([
      expect.objectContaining({
        externalId: 'standup',
        status: 'confirmed',
        start: at('2026-06-08T07:00:00Z'),
        timezone: 'Europe/Berlin',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;WKST=MO;COUNT=6'],
        recurringEventId: null,
      }),
    ])
    // Read once in the round, however many of its occurrences it listed (six, over three pages).
    expect(fake.requests.filter((request) => request.path === '/v1.0/me/events/standup')).toHaveLength(1)
    const exceptionId = await fake.changeOccurrence(email, 'standup', at('2026-06-10T07:00:00Z'), {
      subject: 'Stand-up (long)',
      end: at('2026-06-10T08:00:00Z'),
    })
    const changed = await timed.syncEvents(tokens, calendarId, full.value.cursor)
    if (!changed.ok) throw new Error('delta failed')
    expect(changed.value.changes.filter((event) => event.recurringEventId !== null)).toEqual([
      expect.objectContaining({
        externalId: exceptionId,
        status: 'confirmed',
        title: 'Stand-up (long)',
        end: at('2026-06-10T08:00:00Z'),
        recurringEventId: 'standup',
        originalStart: at('2026-06-10T07:00:00Z'),
      }),
    ])
    await fake.cancelOccurrence(email, 'standup', at('2026-06-15T07:00:00Z'))
    const cancelled = await timed.syncEvents(tokens, calendarId, changed.value.cursor)
    if (!cancelled.ok) throw new Error('delta failed')
    expect(
      cancelled.value.changes
        .filter((event) => event.status === 'cancelled' && event.recurringEventId === 'standup')
        .map((event) => event.originalStart?.toISOString()),
    ).toEqual(['2026-06-15T07:00:00.000Z'])
    // The series deleted: the next round finds its master gone, and says so.
    expect((await timed.deleteEvent(tokens, calendarId, 'standup')).ok).toBe(true)
    const gone = await timed.syncEvents(tokens, calendarId, cancelled.value.cursor)
    if (!gone.ok) throw new Error('delta failed')
    expect(gone.value.changes).toContainEqual(
      expect.objectContaining({ externalId: 'standup', status: 'cancelled', recurringEventId: null }),
    )
    // A cursor written before series were read as one lists in full once.
    expect(
      await timed.syncEvents(tokens, calendarId, `2026-06-01T08:00:00.000Z|${fake.baseUrl}/v1.0/me/x?$deltatoken=1`),
    ).toMatchObject({ ok: false, error: { _tag: 'SyncCursorExpired' } })
  })

  it('an all-day series made in Outlook at UTC+14 keeps its dates: its occurrences are matched by date in its zone', async () => {
    const clock = {
      at: new Date('2026-06-01T08:00:00Z'),
      now() {
        return this.at
      },
    }
    const timed = adapterFor(fake, clock)
    const email = 'allday-series@contoso.com'
    const { tokens } = await connect(email)
    const calendarId = `AAMkCal-${email}-default`
    // 10, 11 and 12 June in Kiritimati: each begins at 10:00 UTC the day before.
    await fake.putEvent(email, calendarId, {
      id: 'away',
      subject: 'Away',
      start: new Date('2026-06-09T10:00:00Z'),
      end: new Date('2026-06-10T10:00:00Z'),
      allDay: true,
      timeZone: 'Pacific/Kiritimati',
      recurrence: {
        pattern: { type: 'daily', interval: 1 },
        range: {
          type: 'numbered',
          startDate: '2026-06-10',
          numberOfOccurrences: 3,
          recurrenceTimeZone: 'Line Islands Standard Time',
        },
      },
    })
    const full = await timed.syncEvents(tokens, calendarId, null)
    if (!full.ok) throw new Error('delta failed')
    expect(full.value.changes).toEqual([
      expect.objectContaining({
        externalId: 'away',
        allDay: true,
        start: new Date('2026-06-10T00:00:00Z'),
        end: new Date('2026-06-11T00:00:00Z'),
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      }),
    ])
    await fake.cancelOccurrence(email, 'away', new Date('2026-06-10T10:00:00Z'))
    const cancelled = await timed.syncEvents(tokens, calendarId, full.value.cursor)
    if (!cancelled.ok) throw new Error('delta failed')
    expect(
      cancelled.value.changes
        .filter((event) => event.recurringEventId === 'away')
        .map((event) => [event.status, event.originalStart?.toISOString()]),
    ).toEqual([['cancelled', '2026-06-11T00:00:00.000Z']])
  })

  it('subscribes with clientState and our channel in the notification URL; renews by PATCH, stops by DELETE', async () => {
    const { tokens } = await connect('subs@contoso.com')
    const calendarId = 'AAMkCal-subs@contoso.com-default'
    const started = await graph.startPush(tokens, calendarId, {
      channelId: 'chn_9',
      address: 'https://api.example.com/v1/connections/push/microsoft',
      secret: 'client-state',
    })
    if (!started.ok || started.value === null) throw new Error('subscribe failed')
    const stored = fake.subscriptions.get(started.value.providerId)!
    expect(stored).toMatchObject({
      clientState: 'client-state',
      notificationUrl: 'https://api.example.com/v1/connections/push/microsoft?channel=chn_9',
    })
    const renewed = await graph.renewPush(
      tokens,
      calendarId,
      { ...started.value, channelId: 'chn_9' },
      { channelId: 'chn_10', address: 'x', secret: 'client-state' },
    )
    expect(renewed.ok && renewed.value.providerId).toBe(started.value.providerId)
    expect(
      fake.requests.some((request) => request.method === 'PATCH' && request.path.startsWith('/v1.0/subscriptions/')),
    ).toBe(true)
    expect((await graph.stopPush(tokens, { channelId: 'chn_9', providerId: started.value.providerId })).ok).toBe(true)
    expect(fake.subscriptions.size).toBe(0)
  })

  it('a write to a calendar without canEdit is refused as forbidden, not as a revoked grant', async () => {
    const { tokens } = await connect('ro@contoso.com')
    const created = await graph.createEvent(tokens, 'AAMkCal-ro@contoso.com-birthdays', {
      clientKey: 'evt_readonly',
      title: 'x',
      start: new Date('2026-07-01T09:00:00Z'),
      end: new Date('2026-07-01T10:00:00Z'),
      timezone: 'Europe/Berlin',
      location: null,
    })
    expect(created).toMatchObject({ ok: false, error: { _tag: 'ProviderObjectMissing' } })
  })

  it('the same create retried 10 times across a provider timeout (Graph wrote it each time) makes one event: the transactionId', async () => {
    const { tokens } = await connect('timeout@contoso.com')
    const impatient = new MicrosoftGraphCalendarProvider({
      clientId: MicrosoftGraphFake.clientId,
      clientSecret: MicrosoftGraphFake.clientSecret,
      authorityUrl: fake.authorityUrl,
      graphUrl: fake.baseUrl,
      timeoutMs: 300,
      userAgent: 'departure-service/test',
      clock: new SystemClock(),
    })
    const calendarId = 'AAMkCal-timeout@contoso.com-default'
    const event = {
      clientKey: 'evt_01JTIMEOUTRETRY00000000000',
      title: 'Board meeting',
      start: new Date('2026-07-01T09:00:00Z'),
      end: new Date('2026-07-01T10:00:00Z'),
      timezone: 'UTC',
      location: null,
    }
    fake.stallNext(9)
    const outcomes = []
    for (let attempt = 0; attempt < 10; attempt++) outcomes.push(await impatient.createEvent(tokens, calendarId, event))
    expect(outcomes.slice(0, 9).every((outcome) => !outcome.ok && outcome.error._tag === 'ProviderUnavailable')).toBe(
      true,
    )
    const last = outcomes[9]!
    if (!last.ok) throw new Error('the last attempt failed')
    const copies = fake.eventsOf('timeout@contoso.com', calendarId).filter((copy) => copy.subject === 'Board meeting')
    expect(copies).toEqual([{ id: last.value.externalId, subject: 'Board meeting', transactionId: event.clientKey }])
  })
})
