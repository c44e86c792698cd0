import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GoogleCalendarProvider } from '../../../adapters/calendar-provider/google/google-calendar-provider.js'
import { SystemClock } from '../../../adapters/clock/system/system-clock.js'
import { retryAfterMsOf } from '../../../adapters/http-resilience/http-exchange.js'
import { planInbound } from '../../../core/connection/inbound-sync.js'
import { pkceChallenge } from '../../../core/connection/pkce.js'
import { calendarProviderContract } from '../../contracts/calendar-provider.contract.js'
import { GoogleCalendarFake } from '../../support/fakes/google-calendar-fake.js'
import { occurrencesOfNewPlan } from '../../support/inbound-plan.js'

const adapterFor = (fake: GoogleCalendarFake) =>
  new GoogleCalendarProvider({
    clientId: GoogleCalendarFake.clientId,
    clientSecret: GoogleCalendarFake.clientSecret,
    accountsUrl: fake.baseUrl,
    oauthUrl: fake.baseUrl,
    apiUrl: fake.baseUrl,
    timeoutMs: 2000,
    userAgent: 'departure-service/test',
    clock: new SystemClock(),
  })

calendarProviderContract('GoogleCalendarProvider (local fake of Google)', async () => {
  const fake = await GoogleCalendarFake.start()
  return {
    provider: adapterFor(fake),
    consent: async (input) => fake.consent(input),
    invalidateSyncCursors: async (email) => fake.invalidateSyncTokens(email),
    revokeAtProvider: async (email) => fake.revokeAll(email),
    throttleNext: (seconds) => fake.failNext(429, 1, seconds),
    putForeignEvent: async (email, calendarId, event) =>
      fake.putEvent(email, calendarId, {
        id: event.id,
        summary: event.title,
        start: { dateTime: event.start.toISOString() },
        end: { dateTime: event.end.toISOString() },
        ...(event.transparent ? { transparency: 'transparent' as const } : {}),
        ...(event.selfResponse === null
          ? {}
          : {
              attendees: [
                { email: 'organizer@example.org', organizer: true, responseStatus: 'accepted' },
                { email, self: true, responseStatus: GOOGLE_RESPONSES[event.selfResponse] },
              ],
            }),
      }).id,
    teardown: () => fake.close(),
  }
})

const GOOGLE_RESPONSES = {
  accepted: 'accepted',
  tentative: 'tentative',
  declined: 'declined',
  needs_action: 'needsAction',
} as const

const REDIRECT = 'https://api.example.com/v1/connections/oauth/callback'
const VERIFIER = 'google-verifier-0123456789-0123456789-0123456789'

describe('Google Calendar API v3 specifics', () => {
  let fake: GoogleCalendarFake
  let google: GoogleCalendarProvider
  beforeAll(async () => {
    fake = await GoogleCalendarFake.start()
    google = adapterFor(fake)
  })
  afterAll(() => fake.close())

  const connect = async (email: string) => {
    const code = fake.consent({ email, codeChallenge: pkceChallenge(VERIFIER), redirectUri: REDIRECT })
    const exchanged = await google.exchangeCode({ code, codeVerifier: VERIFIER, redirectUri: REDIRECT })
    if (!exchanged.ok) throw new Error('exchange failed')
    return exchanged.value
  }

  it('asks for offline access with consent prompt, Google scope URLs and the login hint', () => {
    const url = new URL(
      google.authorizationUrl({
        state: 's',
        codeChallenge: 'c',
        redirectUri: REDIRECT,
        scopes: ['calendars.read', 'events.write'],
        loginHint: 'ada@example.com',
      }),
    )
    expect(url.pathname).toBe('/o/oauth2/v2/auth')
    expect(url.searchParams.get('client_id')).toBe(GoogleCalendarFake.clientId)
    expect(url.searchParams.get('access_type')).toBe('offline')
    expect(url.searchParams.get('prompt')).toBe('consent')
    expect(url.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/calendar.calendarlist.readonly https://www.googleapis.com/auth/calendar.events',
    )
    expect(url.searchParams.get('login_hint')).toBe('ada@example.com')
  })

  it('sends the code with the PKCE verifier and client credentials as a form; the account e-mail is the primary calendar id', async () => {
    const { email, tokens } = await connect('grace@example.com')
    expect(email).toBe('grace@example.com')
    expect(tokens.expiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000)
    const tokenCall = fake.requests.find(
      (request) => request.path === '/token' && request.body.grant_type === 'authorization_code',
    )
    expect(tokenCall?.body).toMatchObject({
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      client_secret: GoogleCalendarFake.clientSecret,
    })
  })

  it('keeps the refresh token when a refresh answers none', async () => {
    const { tokens } = await connect('refresh-keep@example.com')
    const refreshed = await google.refreshTokens(tokens.refreshToken!)
    expect(refreshed.ok && refreshed.value.refreshToken).toBe(tokens.refreshToken)
  })

  it('maps calendar roles: owner and writer are writable, reader is not, free/busy-only calendars are skipped', async () => {
    const { tokens } = await connect('roles@example.com')
    const calendars = await google.listCalendars(tokens)
    expect(
      calendars.ok && calendars.value.map((calendar) => [calendar.name, calendar.writable, calendar.primary]),
    ).toEqual([
      ['roles@example.com', true, true],
      ['Team', true, false],
      ['Holidays in United States', false, false],
    ])
  })

  it('walks every page of events.list, then hands out nextSyncToken; all-day dates start at midnight in the calendar zone', async () => {
    const { tokens } = await connect('pages@example.com')
    for (let index = 0; index < 5; index++) {
      fake.putEvent('pages@example.com', 'pages@example.com', {
        id: `ev${index}`,
        summary: `Event ${index}`,
        start: { dateTime: '2026-07-01T09:00:00-04:00' },
        end: { dateTime: '2026-07-01T10:00:00-04:00' },
      })
    }
    fake.putEvent('pages@example.com', 'pages@example.com', {
      id: 'allday',
      summary: 'Independence Day',
      start: { date: '2026-07-04' },
      end: { date: '2026-07-05' },
    })
    const full = await google.syncEvents(tokens, 'pages@example.com', null)
    if (!full.ok) throw new Error('sync failed')
    expect(full.value.changes.map((event) => event.externalId)).toEqual(['ev0', 'ev1', 'ev2', 'ev3', 'ev4', 'allday'])
    expect(full.value.changes[0]!.start.toISOString()).toBe('2026-07-01T13:00:00.000Z')
    expect(full.value.changes[5]).toMatchObject({ allDay: true })
    expect(full.value.changes[5]!.start.toISOString()).toBe('2026-07-04T04:00:00.000Z')
    const listCalls = fake.requests.filter((request) => request.path.endsWith('/events') && request.method === 'GET')
    expect(listCalls.at(-1)?.query.get('pageToken')).toMatch(/^4\./)
    expect(listCalls.at(-1)?.query.get('singleEvents')).toBe('false')
  })

  it('an incremental sync sends syncToken and sees cancellations; a series with a moved and a cancelled instance plans like Google shows it', async () => {
    const { tokens } = await connect('series@example.com')
    const calendar = 'series@example.com'
    const first = await google.syncEvents(tokens, calendar, null)
    if (!first.ok) throw new Error('sync failed')
    fake.putEvent(calendar, calendar, {
      id: 'weekly',
      summary: 'Weekly',
      start: { dateTime: '2026-10-19T10:00:00', timeZone: 'Europe/London' },
      end: { dateTime: '2026-10-19T10:30:00', timeZone: 'Europe/London' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
    })
    fake.putEvent(calendar, calendar, {
      id: 'weekly_20261026T100000Z',
      recurringEventId: 'weekly',
      originalStartTime: { dateTime: '2026-10-26T10:00:00Z' },
      summary: 'Weekly (late)',
      start: { dateTime: '2026-10-26T11:00:00Z' },
      end: { dateTime: '2026-10-26T11:30:00Z' },
    })
    fake.putEvent(calendar, calendar, {
      id: 'weekly_20261102T100000Z',
      recurringEventId: 'weekly',
      originalStartTime: { dateTime: '2026-11-02T10:00:00Z' },
      status: 'cancelled',
    })
    const next = await google.syncEvents(tokens, calendar, first.value.cursor)
    if (!next.ok) throw new Error('sync failed')
    expect(next.value.full).toBe(false)
    expect(
      fake.requests
        .filter((request) => request.path.endsWith('/events'))
        .at(-1)
        ?.query.get('syncToken'),
    ).toBe(first.value.cursor)
    const plan = planInbound({
      batch: next.value,
      existing: [],
      calendarTimezone: 'America/New_York',
      now: new Date('2026-10-18T00:00:00Z'),
    })
    expect(
      occurrencesOfNewPlan(plan, new Date('2026-10-18T00:00:00Z')).map((event) => [
        event.externalId,
        event.title,
        event.start.toISOString(),
      ]),
    ).toEqual([
      ['weekly_20261019T090000Z', 'Weekly', '2026-10-19T09:00:00.000Z'],
      ['weekly_20261026T100000Z', 'Weekly (late)', '2026-10-26T11:00:00.000Z'],
    ])
  })

  it('maps Google failures: 401 AccessTokenRejected, 403 rateLimitExceeded and 5xx ProviderUnavailable, revoked refresh GrantRevoked', async () => {
    const { tokens } = await connect('failures@example.com')
    expect(await google.listCalendars({ accessToken: 'ya29.bogus' })).toMatchObject({
      ok: false,
      error: { _tag: 'AccessTokenRejected' },
    })
    fake.failNext(403)
    expect(await google.listCalendars(tokens)).toMatchObject({
      ok: false,
      error: { _tag: 'ProviderUnavailable', reason: 'rate_limited' },
    })
    fake.failNext(503)
    expect(await google.syncEvents(tokens, 'failures@example.com', null)).toMatchObject({
      ok: false,
      error: { _tag: 'ProviderUnavailable', reason: 'server_error' },
    })
    fake.revokeAll('failures@example.com')
    expect(await google.refreshTokens(tokens.refreshToken!)).toMatchObject({
      ok: false,
      error: { _tag: 'GrantRevoked' },
    })
    const unreachable = new GoogleCalendarProvider({
      ...{
        clientId: 'x',
        clientSecret: 'y',
        accountsUrl: 'http://127.0.0.1:9',
        oauthUrl: 'http://127.0.0.1:9',
        apiUrl: 'http://127.0.0.1:9',
      },
      timeoutMs: 500,
      userAgent: 't',
      clock: new SystemClock(),
    })
    expect(await unreachable.refreshTokens('1//x')).toMatchObject({
      ok: false,
      error: { _tag: 'ProviderUnavailable', reason: 'network' },
    })
  })

  it('a 429 or 403 rateLimitExceeded carries its Retry-After (seconds) as retryAfterMs', async () => {
    const { tokens } = await connect('retry-after@example.com')
    fake.failNext(429, 1, 30)
    expect(await google.listCalendars(tokens)).toMatchObject({
      ok: false,
      error: { _tag: 'ProviderUnavailable', reason: 'rate_limited', retryAfterMs: 30_000 },
    })
    fake.failNext(403, 1, 5)
    expect(await google.syncEvents(tokens, 'retry-after@example.com', null)).toMatchObject({
      ok: false,
      error: { _tag: 'ProviderUnavailable', reason: 'rate_limited', retryAfterMs: 5_000 },
    })
    expect(retryAfterMsOf('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('2026-10-21T07:28:00Z'))).toBe(30_000)
    expect(retryAfterMsOf('soon', 0)).toBeNull()
  })

  it('writes to a reader calendar are refused as ProviderObjectMissing (forbidden), not as a revoked grant', async () => {
    const { tokens } = await connect('reader@example.com')
    const created = await google.createEvent(tokens, 'en.usa#holiday@group.v.calendar.google.com', {
      clientKey: 'evt_reader',
      title: 'x',
      start: new Date('2026-07-01T09:00:00Z'),
      end: new Date('2026-07-01T10:00:00Z'),
      timezone: 'UTC',
      location: null,
    })
    expect(created).toMatchObject({ ok: false, error: { _tag: 'ProviderObjectMissing' } })
  })

  it('events.watch sends our channel id, address and token; channels.stop sends id and resourceId', async () => {
    const { tokens } = await connect('watch@example.com')
    const started = await google.startPush(tokens, 'watch@example.com', {
      channelId: 'chn_1',
      address: 'https://api.example.com/v1/connections/push/google',
      secret: 'tok',
    })
    if (!started.ok || started.value === null) throw new Error('watch failed')
    expect(fake.channels.get('chn_1')).toMatchObject({
      address: 'https://api.example.com/v1/connections/push/google',
      token: 'tok',
      resourceId: started.value.providerId,
    })
    expect(started.value.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    expect((await google.stopPush(tokens, { channelId: 'chn_1', providerId: started.value.providerId })).ok).toBe(true)
    expect(fake.channels.has('chn_1')).toBe(false)
  })

  it('the same create retried 10 times across a provider timeout (Google wrote it each time) makes one event: the client-chosen id', async () => {
    const { tokens } = await connect('timeout@example.com')
    const impatient = new GoogleCalendarProvider({
      clientId: GoogleCalendarFake.clientId,
      clientSecret: GoogleCalendarFake.clientSecret,
      accountsUrl: fake.baseUrl,
      oauthUrl: fake.baseUrl,
      apiUrl: fake.baseUrl,
      timeoutMs: 300,
      userAgent: 'departure-service/test',
      clock: new SystemClock(),
    })
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
    for (let attempt = 0; attempt < 10; attempt++)
      outcomes.push(await impatient.createEvent(tokens, 'timeout@example.com', event))
    expect(outcomes.slice(0, 9).every((outcome) => !outcome.ok && outcome.error._tag === 'ProviderUnavailable')).toBe(
      true,
    )
    const last = outcomes[9]!
    if (!last.ok) throw new Error('the last attempt failed')
    const copies = fake
      .eventsOf('timeout@example.com', 'timeout@example.com')
      .filter((copy) => copy.summary === 'Board meeting')
    expect(copies.map((copy) => copy.id)).toEqual([last.value.externalId])
  })
})
