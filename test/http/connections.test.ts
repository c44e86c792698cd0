import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_VERSION } from '../../contracts/versions.js'
import { renderNotification } from '../../contracts/webhooks/notification.js'
import type { ConnectionRepositoryPort } from '../../core/ports/connection-repository.js'
import type { TokenCipherPort } from '../../core/ports/token-cipher.js'
import { TOKENS } from '../../hosts/di-tokens.js'
import { PROTECTED, pageProtections, sandboxConsent } from '../support/hosted-page.js'
import {
  api,
  clients,
  freshAccountKey,
  type ResponseJson,
  startOnKnownPorts,
  type TestService,
} from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

const RETURN_URL = 'https://app.example.com/calendar/connected?tab=1'

beforeAll(async () => {
  // The real-clock worker stays off: the sandbox clock alone drives sync here, so every assertion is deterministic.
  // The general 100 req/s limit is not under test here (test/http/rate-limits.test.ts); the flows below make many calls quickly.
  test = await startOnKnownPorts(() => ({
    WORKER: 'false',

    RATE_LIMIT_REQUESTS: '100000',
  }))
  client = clients(test)
})
afterAll(() => test.stop())

let userCount = 0
const newUser = async () =>
  (
    await client.sandbox('POST', '/v1/users', {
      body: { email: `connector${++userCount}@example.com`, timezone: 'Europe/London' },
    })
  ).body.id as string

/** Walks the browser part: the hosted consent page, the decision, and (hosted mode) our callback. */
const consent = (redirectUrl: string, decision: 'allow' | 'deny' = 'allow', email?: string) =>
  sandboxConsent(test.sandbox, redirectUrl, decision, email)

const connect = async (provider: 'google' | 'microsoft' | 'icloud' = 'google', userId?: string) => {
  const user = userId ?? (await newUser())
  const started = await client.sandbox('POST', '/v1/connections/start', {
    body: { provider, user_id: user, return_url: RETURN_URL },
  })
  const { location } = await consent(started.body.redirect_url)
  const back = await fetch(location, { redirect: 'manual' })
  const returned = new URL(back.headers.get('location')!)
  const connectionId = returned.searchParams.get('connection_id')!
  return { userId: user, connectionId, state: started.body.state as string, returned, started }
}

const eventsOf = async (userId: string) =>
  (await client.sandbox('GET', `/v1/events?user_id=${userId}&limit=100`)).body.data as ResponseJson[]
const calendarsOf = async (connectionId: string) =>
  (await client.sandbox('GET', `/v1/connections/${connectionId}/calendars`)).body.data as ResponseJson[]
/** The connection as stored: its tokens sealed at rest. */
const storedConnection = async (connectionId: string) => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  const stored = await test.service.application.surfaces.test.container
    .get<ConnectionRepositoryPort>(TOKENS.ConnectionRepository)
    .get(account!.id, connectionId)
  if (stored === null) throw new Error(`connection ${connectionId} is not stored`)
  return stored
}
/** The access token the service holds for a connection, opened from its sealed tokens. */
const accessTokenOf = async (connectionId: string): Promise<string> => {
  const opened = test.service.application.container
    .get<TokenCipherPort>(TOKENS.TokenCipher)
    .open((await storedConnection(connectionId)).sealedTokens)
  if (!opened.ok) throw new Error('the sealed tokens do not open')
  return JSON.parse(opened.value).accessToken
}
const advance = (seconds: number) => client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })
/**
 * Runs a describe block's tests in an account of their own: advancing the sandbox clock by hours walks
 * every due sync of the account, so these tests do not walk the connections the other tests left behind.
 */
const inFreshAccount = () => {
  let shared: typeof client
  beforeAll(async () => {
    shared = client
    const key = await freshAccountKey(test)
    client = {
      ...shared,
      sandbox: (method, path, options = {}) => api(test.sandbox, method, path, { key, ...options }),
    }
  })
  afterAll(() => {
    client = shared
  })
}
const HOUR = 3_600_000
const at = (ms: number) => new Date(Date.now() + ms).toISOString()

describe('POST /v1/connections/start', () => {
  it('answers a redirect_url to the provider consent with state and a PKCE S256 challenge', async () => {
    const userId = await newUser()
    const response = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ object: 'connection_start', livemode: false })
    const url = new URL(response.body.redirect_url)
    expect(url.searchParams.get('state')).toBe(response.body.state)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url.searchParams.get('redirect_uri')).toBe(`${test.sandbox}/v1/connections/oauth/callback`)
    expect(Date.parse(response.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000)
  })

  it('a retry with the same Idempotency-Key answers the same consent (same state), marked as a replay', async () => {
    const userId = await newUser()
    const body = { provider: 'google', user_id: userId, return_url: RETURN_URL }
    const headers = { 'Idempotency-Key': `start-${userId}` }
    const first = await client.sandbox('POST', '/v1/connections/start', { body, headers })
    const again = await client.sandbox('POST', '/v1/connections/start', { body, headers })
    expect(again.body.state).toBe(first.body.state)
    expect(again.headers.get('service-idempotent-replay')).toBe('true')
    const other = await client.sandbox('POST', '/v1/connections/start', {
      body: { ...body, provider: 'microsoft' },
      headers,
    })
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe('idempotency_key_in_use')
  })

  it('names the offending parameter for a bad provider, user or return_url', async () => {
    const userId = await newUser()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ provider: 'yahoo', user_id: userId, return_url: RETURN_URL }, 400, 'provider'],
      [{ provider: 'google', user_id: 'usr_missing', return_url: RETURN_URL }, 404, 'user_id'],
      [{ provider: 'google', user_id: userId, return_url: 'javascript:alert(1)' }, 400, 'return_url'],
      [{ provider: 'google', user_id: userId, return_url: RETURN_URL, scopes: ['everything'] }, 400, 'scopes[0]'],
      [{ provider: 'google', user_id: userId }, 400, 'return_url'],
    ]
    for (const [body, status, param] of cases) {
      const response = await client.sandbox('POST', '/v1/connections/start', { body })
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(response.body.error.param).toBe(param)
    }
  })

  it('refuses a provider that production has not configured', async () => {
    const user = await client.live('POST', '/v1/users', { body: { email: 'live-connector@example.com' } })
    const response = await client.live('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: user.body.id, return_url: RETURN_URL },
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'parameter_invalid', param: 'provider' })
    expect((await client.live('GET', '/v1/sandbox/oauth/authorize?state=x')).status).toBe(404)
    expect((await client.live('POST', '/v1/test_helpers/connections/con_x/revoke_grant')).status).toBe(404)
  })
})

describe('OAuth round trip: start -> hosted consent -> our callback -> return_url', () => {
  it('the sandbox consent page is a plain HTML form (no script) pre-filled with the user', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'microsoft', user_id: userId, return_url: RETURN_URL },
    })
    const { page, html, fields } = await consent(started.body.redirect_url, 'deny')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('<form method="post"')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain(`value="connector${userCount}@example.com"`)
    expect(fields.state).toBe(started.body.state)
  })

  it('redirects to return_url with connection_id and state, keeping its query', async () => {
    const { returned, state, connectionId } = await connect('google')
    expect(`${returned.origin}${returned.pathname}`).toBe('https://app.example.com/calendar/connected')
    expect(returned.searchParams.get('tab')).toBe('1')
    expect(returned.searchParams.get('state')).toBe(state)
    expect(connectionId).toMatch(/^con_/)
  })

  it('creates an active, realtime connection with its calendars; tokens are sealed at rest and never returned', async () => {
    const { connectionId, userId } = await connect('google')
    const response = await client.sandbox('GET', `/v1/connections/${connectionId}?expand[]=calendars`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      object: 'connection',
      user_id: userId,
      provider: 'google',
      status: 'active',
      status_reason: null,
      email: `connector${userCount}@example.com`,
      sync_mode: 'realtime',
      token_refresh: { failures_count: 0 },
      livemode: false,
    })
    expect(response.body.webhook_subscription.id).toMatch(/^chn_/)
    // Synced once as it was created.
    expect(Date.parse(response.body.last_synced_at)).toBeGreaterThanOrEqual(Date.parse(response.body.created_at))
    expect(
      response.body.calendars.map(
        (calendar: { name: string; writable: boolean; selected: boolean; is_default: boolean }) => [
          calendar.name,
          calendar.writable,
          calendar.selected,
          calendar.is_default,
        ],
      ),
    ).toEqual([
      [`connector${userCount}@example.com`, true, true, true],
      ['Team', true, true, false],
      ['UK Holidays', false, true, false],
    ])
    expect(response.text).not.toMatch(/"(at|rt)_[A-Za-z0-9_-]{10,}/)
    expect((await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.calendars).toBeUndefined()

    const stored = await storedConnection(connectionId)
    expect(stored.sealedTokens).toMatch(/^v1\./)
    expect(stored.sealedTokens).not.toMatch(/at_|rt_/)
    expect(await accessTokenOf(connectionId)).toMatch(/^at_/)
  })

  it('scopes narrow what is done: calendars.read alone lists calendars, ingests no events and writes nothing back', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL, scopes: ['calendars.read'] },
    })
    expect(new URL(started.body.redirect_url).searchParams.get('scope')).toBe('calendars.read')
    const { location } = await consent(started.body.redirect_url)
    const connectionId = new URL(
      (await fetch(location, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('connection_id')!
    expect((await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.scopes).toEqual(['calendars.read'])
    const calendars = await calendarsOf(connectionId)
    expect(calendars).toHaveLength(3)
    expect(calendars.every((calendar) => calendar.writable === false)).toBe(true)
    expect(await eventsOf(userId)).toEqual([])
  })

  it('iCloud has no push: the connection polls', async () => {
    const { connectionId } = await connect('icloud')
    const response = await client.sandbox('GET', `/v1/connections/${connectionId}`)
    expect(response.body).toMatchObject({ provider: 'icloud', sync_mode: 'polling', webhook_subscription: null })
  })

  it('a refused consent comes back to return_url with error=access_denied and state', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const { location } = await consent(started.body.redirect_url, 'deny')
    const back = await fetch(location, { redirect: 'manual' })
    const returned = new URL(back.headers.get('location')!)
    expect(returned.searchParams.get('error')).toBe('access_denied')
    expect(returned.searchParams.get('state')).toBe(started.body.state)
    expect(returned.searchParams.get('connection_id')).toBeNull()
  })

  it('a provider outage during the callback comes back as error=provider_unavailable; nothing is created', async () => {
    const userId = await newUser()
    const email = `connector${userCount}@example.com`
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const { location } = await consent(started.body.redirect_url)
    const world = test.service.application.surfaces.test.calendarSandbox!.world
    world.setOutage(email, true)
    try {
      const back = await fetch(location, { redirect: 'manual' })
      const returned = new URL(back.headers.get('location')!)
      expect(returned.searchParams.get('error')).toBe('provider_unavailable')
      expect(returned.searchParams.get('state')).toBe(started.body.state)
      expect((await client.sandbox('GET', `/v1/connections?user_id=${userId}`)).body.data).toEqual([])
    } finally {
      world.setOutage(email, false)
    }
  })

  it('a state works once: replaying the callback shows an error page, not a second connection', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const { location } = await consent(started.body.redirect_url)
    expect((await fetch(location, { redirect: 'manual' })).status).toBe(302)
    const replay = await fetch(location, { redirect: 'manual' })
    expect(replay.status).toBe(400)
    expect(await replay.text()).toContain('expired or was already used')
    expect((await client.sandbox('GET', `/v1/connections?user_id=${userId}`)).body.data).toHaveLength(1)
  })

  it('a consent with a redirect_uri other than the one started is refused', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const tampered = new URL(started.body.redirect_url)
    tampered.searchParams.set('redirect_uri', 'https://evil.example.com/steal')
    expect((await fetch(tampered, { redirect: 'manual' })).status).toBe(400)
  })

  it('connecting the same provider account again revives the connection instead of duplicating it', async () => {
    const first = await connect('google')
    await client.sandbox('DELETE', `/v1/connections/${first.connectionId}`)
    const second = await connect('google', first.userId)
    expect(second.connectionId).toBe(first.connectionId)
    expect((await client.sandbox('GET', `/v1/connections/${first.connectionId}`)).body).toMatchObject({
      status: 'active',
      status_reason: null,
    })
  })
})

describe('Hosted connection pages are never framed, sniffed, cached or referred', () => {
  it('the consent page, its refusals and the callback error pages all carry the protections', async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: userId, return_url: RETURN_URL },
    })
    const tampered = new URL(started.body.redirect_url)
    tampered.searchParams.set('redirect_uri', 'https://evil.example.com/steal')
    const { page, decided } = await consent(started.body.redirect_url, 'allow', 'not-an-email')
    const invalidDecision = await fetch(new URL('/v1/sandbox/oauth/authorize', test.sandbox), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: 'nope', redirect_uri: 'https://evil.example.com' }).toString(),
    })
    const pages = {
      consent: page,
      invalidConsent: await fetch(tampered, { redirect: 'manual' }),
      emailRequired: decided,
      invalidDecision,
      missingState: await fetch(`${test.sandbox}/v1/connections/oauth/callback`, { redirect: 'manual' }),
      expiredState: await fetch(`${test.sandbox}/v1/connections/oauth/callback?state=nope&code=x`, {
        redirect: 'manual',
      }),
    }
    expect(Object.fromEntries(Object.entries(pages).map(([name, response]) => [name, response.status]))).toEqual({
      consent: 200,
      invalidConsent: 400,
      emailRequired: 400,
      invalidDecision: 400,
      missingState: 400,
      expiredState: 400,
    })
    for (const [name, response] of Object.entries(pages)) {
      expect(response.headers.get('content-type'), name).toContain('text/html')
      expect(pageProtections(response), name).toEqual(PROTECTED)
    }
  })
})

describe('POST /v1/connections/callback (server-side variant)', () => {
  const serverStart = async () => {
    const userId = await newUser()
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: {
        provider: 'google',
        user_id: userId,
        return_url: 'https://api.example.com/oauth/done',
        callback: 'server',
      },
    })
    const { location } = await consent(started.body.redirect_url)
    const url = new URL(location)
    return { userId, started, url, code: url.searchParams.get('code')!, state: url.searchParams.get('state')! }
  }

  it('the provider sends the browser to return_url with code and state; posting them answers the connection', async () => {
    const { url, code, state, started, userId } = await serverStart()
    expect(`${url.origin}${url.pathname}`).toBe('https://api.example.com/oauth/done')
    expect(state).toBe(started.body.state)
    const response = await client.sandbox('POST', '/v1/connections/callback', { body: { state, code } })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ object: 'connection', user_id: userId, status: 'active' })
    const again = await client.sandbox('POST', '/v1/connections/callback', { body: { state, code } })
    expect(again.status).toBe(400)
    expect(again.body.error).toMatchObject({ code: 'oauth_state_invalid', param: 'state' })
  })

  it('a wrong code is authorization_code_invalid; a missing field is named', async () => {
    const { state } = await serverStart()
    const wrong = await client.sandbox('POST', '/v1/connections/callback', { body: { state, code: 'code_made_up' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toMatchObject({ code: 'authorization_code_invalid', param: 'code' })
    const missing = await client.sandbox('POST', '/v1/connections/callback', { body: { state } })
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'code' })
  })
})

describe('Inbound sync: events of selected calendars become events of the user', () => {
  it('imports the seeded events with external ids, the weekly series as one series, and skips nothing on re-sync', async () => {
    const { connectionId, userId } = await connect('google')
    const events = await eventsOf(userId)
    const titles = events.map((event) => event.title)
    expect(titles.filter((title) => title === 'Weekly stand-up')).toHaveLength(6)
    expect(titles).toEqual(expect.arrayContaining(['Dentist', 'Lunch with Grace', 'Bank holiday']))
    const dentist = events.find((event) => event.title === 'Dentist')
    expect(dentist).toMatchObject({
      external_id: 'seed-dentist',
      connection_id: connectionId,
      timezone: 'Europe/London',
    })
    expect(dentist.calendar_id).toMatch(/^cal_/)
    expect(dentist.location.address).toBe('1 Harley Street, London')
    expect(typeof dentist.location.lat).toBe('number')
    // The series is one series of ours: its six occurrences listed, each with its own id, all of the one master.
    const standups = events.filter((event) => event.title === 'Weekly stand-up')
    expect(new Set(standups.map((event) => event.id)).size).toBe(6)
    const masters = (
      await client.sandbox('GET', `/v1/events?user_id=${userId}&series=masters&limit=100`)
    ).body.data.filter((event: ResponseJson) => event.title === 'Weekly stand-up')
    expect(masters.map((master: ResponseJson) => [master.external_id, master.recurrence])).toEqual([
      ['seed-standup', ['RRULE:FREQ=WEEKLY;COUNT=6']],
    ])
    for (const standup of standups) expect(standup.recurring_event_id).toBe(masters[0].id)

    const refreshed = await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    expect(refreshed.status).toBe(200)
    const after = await eventsOf(userId)
    expect(after.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort())
  })

  it('a change at the provider pushes; the next sync creates, updates and removes the event', async () => {
    const { connectionId, userId } = await connect('google')
    const [primary] = await calendarsOf(connectionId)
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: {
        calendar_id: primary.id,
        title: 'Board meeting',
        start_time: at(30 * HOUR),
        end_time: at(31 * HOUR),
        location: '10 Downing Street, London',
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ object: 'provider_event', calendar_id: primary.id, status: 'confirmed' })
    // The push made the connection due now: a one-second step runs it.
    expect((await advance(1)).body.work_items_run).toBeGreaterThanOrEqual(1)
    const imported = (await eventsOf(userId)).find((event) => event.external_id === created.body.external_id)
    expect(imported).toMatchObject({ title: 'Board meeting', calendar_id: primary.id, connection_id: connectionId })

    await client.sandbox(
      'PATCH',
      `/v1/test_helpers/connections/${connectionId}/provider_events/${created.body.external_id}`,
      { body: { title: 'Board meeting (moved)', start_time: at(32 * HOUR), end_time: at(33 * HOUR) } },
    )
    await advance(1)
    const moved = (await eventsOf(userId)).filter((event) => event.external_id === created.body.external_id)
    expect(moved).toHaveLength(1)
    expect(moved[0]).toMatchObject({ id: imported.id, title: 'Board meeting (moved)' })

    await client.sandbox(
      'DELETE',
      `/v1/test_helpers/connections/${connectionId}/provider_events/${created.body.external_id}`,
    )
    await advance(1)
    expect((await eventsOf(userId)).some((event) => event.external_id === created.body.external_id)).toBe(false)
  })

  it('without push (iCloud) the change arrives at the next poll, 5 minutes on', async () => {
    const { connectionId, userId } = await connect('icloud')
    const [primary] = await calendarsOf(connectionId)
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: { calendar_id: primary.id, title: 'Polled', start_time: at(50 * HOUR), end_time: at(51 * HOUR) },
    })
    await advance(60)
    expect((await eventsOf(userId)).some((event) => event.external_id === created.body.external_id)).toBe(false)
    await advance(5 * 60)
    expect((await eventsOf(userId)).some((event) => event.external_id === created.body.external_id)).toBe(true)
  })

  it('a sync cursor the provider no longer accepts (410) leads to a full resync without duplicates', async () => {
    const { connectionId, userId } = await connect('google')
    const before = await eventsOf(userId)
    const [primary] = await calendarsOf(connectionId)
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/expire_sync_cursors`)
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: { calendar_id: primary.id, title: 'After 410', start_time: at(40 * HOUR), end_time: at(41 * HOUR) },
    })
    await advance(1)
    const after = await eventsOf(userId)
    expect(after).toHaveLength(before.length + 1)
    expect(after.some((event) => event.external_id === created.body.external_id)).toBe(true)
    expect((await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.status).toBe('active')
  })
})

describe('Calendars: GET and PATCH /v1/connections/{id}/calendars', () => {
  it('deselecting stops ingest at once; existing events remain; PATCH is idempotent', async () => {
    const { connectionId, userId } = await connect('google')
    const team = (await calendarsOf(connectionId)).find((calendar) => calendar.name === 'Team')
    const first = await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/${team.id}`, {
      body: { selected: false },
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ object: 'calendar', id: team.id, selected: false })
    const second = await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/${team.id}`, {
      body: { selected: false },
    })
    expect(second.body).toEqual({ ...first.body, request_id: second.body.request_id })
    const standups = (await eventsOf(userId)).filter((event) => event.title === 'Weekly stand-up')
    expect(standups).toHaveLength(6)
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: { calendar_id: team.id, title: 'Not for us', start_time: at(20 * HOUR), end_time: at(21 * HOUR) },
    })
    await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    await advance(6 * 60)
    const events = await eventsOf(userId)
    expect(events.some((event) => event.external_id === created.body.external_id)).toBe(false)
    expect(events.filter((event) => event.title === 'Weekly stand-up')).toHaveLength(6)

    // Selecting it again lists it in full: what happened meanwhile comes in.
    await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/${team.id}`, { body: { selected: true } })
    await advance(1)
    expect((await eventsOf(userId)).some((event) => event.external_id === created.body.external_id)).toBe(true)
  })

  it('writable cannot exceed what the provider allows; unknown calendars and fields are named', async () => {
    const { connectionId } = await connect('google')
    const holidays = (await calendarsOf(connectionId)).find((calendar) => calendar.name === 'UK Holidays')
    const refused = await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/${holidays.id}`, {
      body: { writable: true },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'writable' })
    const missing = await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/cal_nope`, {
      body: { selected: true },
    })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('resource_missing')
    const unknown = await client.sandbox('PATCH', `/v1/connections/${connectionId}/calendars/${holidays.id}`, {
      body: { color: 'red' },
    })
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'color' })
    const noConnection = await client.sandbox('GET', '/v1/connections/con_nope/calendars')
    expect(noConnection.status).toBe(404)
  })
})

describe('Webhook notifications of connections', () => {
  it('records connection.created and connection.disconnected; their body is the connection, never its tokens', async () => {
    const { connectionId } = await connect('google')
    await client.sandbox('DELETE', `/v1/connections/${connectionId}`)
    const [account] = await test.service.application.accountRepository.listAccounts()
    const notes = (await test.service.application.surfaces.test.outbox.list(account!.id, 10_000))
      .filter((note) => (note.object as { id?: string }).id === connectionId)
      .reverse()
    expect(notes.map((note) => note.type)).toEqual(['connection.created', 'connection.disconnected'])
    const body = JSON.parse(renderNotification(notes[1]!, CURRENT_VERSION))
    expect(body.data.object).toMatchObject({
      id: connectionId,
      object: 'connection',
      status: 'disconnected',
      status_reason: 'disconnected_by_request',
    })
    expect(JSON.stringify(body)).not.toMatch(/sealed|v1\.[A-Za-z0-9_-]{10,}\./)
  })
})

describe('GET /v1/connections', () => {
  it('lists newest first in the list envelope, filtered by user_id and provider', async () => {
    const userId = await newUser()
    const google = await connect('google', userId)
    const icloud = await connect('icloud', userId)
    const all = await client.sandbox('GET', `/v1/connections?user_id=${userId}`)
    expect(all.body).toMatchObject({ object: 'list', has_more: false, url: '/v1/connections' })
    expect(all.body.data.map((connection: { id: string }) => connection.id)).toEqual([
      icloud.connectionId,
      google.connectionId,
    ])
    const onlyIcloud = await client.sandbox('GET', `/v1/connections?user_id=${userId}&provider=icloud`)
    expect(onlyIcloud.body.data.map((connection: { id: string }) => connection.id)).toEqual([icloud.connectionId])
    expect((await client.sandbox('GET', '/v1/connections?provider=aol')).body.error.param).toBe('provider')
  })
})

describe('POST /v1/connections/{id}/refresh', () => {
  it('runs a full sync now, at most once per minute per connection', async () => {
    const { connectionId } = await connect('google')
    const first = await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    expect(first.status).toBe(200)
    expect(first.body.object).toBe('connection')
    const second = await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    expect(second.status).toBe(429)
    expect(second.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another connection has its own allowance.
    const other = await connect('google')
    expect((await client.sandbox('POST', `/v1/connections/${other.connectionId}/refresh`)).status).toBe(200)
  })

  it('is 404 for an unknown connection', async () => {
    expect((await client.sandbox('POST', '/v1/connections/con_unknown/refresh')).status).toBe(404)
  })

  it("counts only the owner's calls: another account's refreshes of the id are 404 and leave the allowance", async () => {
    const { connectionId } = await connect('google')
    const { accounts } = test.service.application
    const other = await accounts.issueKey((await accounts.createAccount()).id, 'test')
    if (!other.ok) throw new Error('issue failed')
    for (let i = 0; i < 3; i++) {
      const probe = await api(test.sandbox, 'POST', `/v1/connections/${connectionId}/refresh`, {
        key: other.value.secret,
      })
      expect(probe.status).toBe(404)
    }
    expect((await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)).status).toBe(200)
  })
})

describe('Connection statuses', () => {
  inFreshAccount()
  it('3 failed syncs in a row turn a connection to error (sync_failed); others keep syncing; a success brings it back', async () => {
    const failing = await connect('icloud')
    const healthy = await connect('icloud')
    const [healthyPrimary] = await calendarsOf(healthy.connectionId)
    expect(
      (
        await client.sandbox('POST', `/v1/test_helpers/connections/${failing.connectionId}/provider_outage`, {
          body: { enabled: true },
        })
      ).status,
    ).toBe(200)
    const created = await client.sandbox(
      'POST',
      `/v1/test_helpers/connections/${healthy.connectionId}/provider_events`,
      {
        body: {
          calendar_id: healthyPrimary.id,
          title: 'Still synced',
          start_time: at(60 * HOUR),
          end_time: at(61 * HOUR),
        },
      },
    )
    await advance(5 * 60 + 1)
    expect((await client.sandbox('GET', `/v1/connections/${failing.connectionId}`)).body).toMatchObject({
      status: 'active',
      last_sync_error: expect.stringContaining('ProviderUnavailable'),
    })
    expect((await eventsOf(healthy.userId)).some((event) => event.external_id === created.body.external_id)).toBe(true)
    await advance(2 * (5 * 60 + 1))
    const errored = (await client.sandbox('GET', `/v1/connections/${failing.connectionId}`)).body
    expect(errored).toMatchObject({ status: 'error', status_reason: 'sync_failed' })
    expect((await client.sandbox('GET', `/v1/connections/${healthy.connectionId}`)).body.status).toBe('active')

    await client.sandbox('POST', `/v1/test_helpers/connections/${failing.connectionId}/provider_outage`, {
      body: { enabled: false },
    })
    await advance(30 * 60 + 1)
    expect((await client.sandbox('GET', `/v1/connections/${failing.connectionId}`)).body).toMatchObject({
      status: 'active',
      status_reason: null,
      last_sync_error: null,
    })
  })

  it('a refused access token is refreshed (token_refresh.last_at moves) and the sync goes on', async () => {
    const { connectionId } = await connect('google')
    const before = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body
    test.service.application.surfaces.test.calendarSandbox!.world.expireAccessTokens(before.email)
    await advance(10)
    const refreshed = await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    expect(refreshed.body).toMatchObject({ status: 'active', token_refresh: { failures_count: 0 } })
    expect(Date.parse(refreshed.body.token_refresh.last_at)).toBeGreaterThan(Date.parse(before.token_refresh.last_at))
    expect(Date.parse(refreshed.body.last_synced_at)).toBeGreaterThan(Date.parse(before.last_synced_at))
  })
})

/**
 * The walks of hours below run in an account holding only their own connection: every connection and synced event
 * of the account is synced and recomputed at each step of the walk (on MongoDB, seconds per hour walked).
 */
describe('Connection statuses: a revoked grant', () => {
  inFreshAccount()
  it('a grant revoked at the provider turns the connection disconnected (revoked_by_provider) at the next sync', async () => {
    const { connectionId } = await connect('google')
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/revoke_grant`)
    await advance(6 * 3600)
    const response = await client.sandbox('GET', `/v1/connections/${connectionId}`)
    expect(response.body).toMatchObject({
      status: 'disconnected',
      status_reason: 'revoked_by_provider',
      webhook_subscription: null,
    })
  })
})

describe('DELETE /v1/connections/{id}', () => {
  it('disconnects: provider grant revoked, push channels stopped, syncing stopped; synced events stay', async () => {
    const { connectionId, userId } = await connect('google')
    const before = await eventsOf(userId)
    const world = test.service.application.surfaces.test.calendarSandbox!.world
    const connection = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body
    expect([...world.channels.values()].some((channel) => channel.email === connection.email)).toBe(true)
    const accessToken = await accessTokenOf(connectionId)
    expect(world.accountOf(accessToken)).toMatchObject({ email: connection.email })
    const response = await client.sandbox('DELETE', `/v1/connections/${connectionId}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      id: connectionId,
      status: 'disconnected',
      status_reason: 'disconnected_by_request',
      webhook_subscription: null,
    })
    expect([...world.channels.values()].some((channel) => channel.email === connection.email)).toBe(false)
    expect(world.accountOf(accessToken)).toBe('revoked')
    expect((await eventsOf(userId)).map((event) => event.id).sort()).toEqual(before.map((event) => event.id).sort())
    expect((await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)).body.error.code).toBe(
      'invalid_state_transition',
    )
    const again = await client.sandbox('DELETE', `/v1/connections/${connectionId}`)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('invalid_state_transition')
    expect((await client.sandbox('DELETE', '/v1/connections/con_missing')).status).toBe(404)
  })
})

describe('DELETE /v1/users/{id} cascades through connections and provider tokens', () => {
  it('removes the connections and calendars, revokes the grants and stops the channels', async () => {
    const { connectionId, userId } = await connect('google')
    const connection = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body
    const world = test.service.application.surfaces.test.calendarSandbox!.world
    const hasChannel = () => [...world.channels.values()].some((channel) => channel.email === connection.email)
    expect(hasChannel()).toBe(true)
    const accessToken = await accessTokenOf(connectionId)
    expect(world.accountOf(accessToken)).toMatchObject({ email: connection.email })
    expect((await client.sandbox('DELETE', `/v1/users/${userId}`)).status).toBe(200)
    expect((await client.sandbox('GET', `/v1/connections/${connectionId}`)).status).toBe(404)
    expect((await client.sandbox('GET', `/v1/connections/${connectionId}/calendars`)).status).toBe(404)
    expect(hasChannel()).toBe(false)
    expect(world.accountOf(accessToken)).toBe('revoked')
  })
})

describe('Outbound: events created through the API are mirrored to the writable default calendar', () => {
  inFreshAccount()
  const worldEvents = (email: string) => [
    ...test.service.application.surfaces.test.calendarSandbox!.world.account(email)!.events.values(),
  ]

  it('creates the event at the provider, links it, and a later sync does not duplicate it', async () => {
    const { connectionId, userId } = await connect('google')
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    const [primary] = await calendarsOf(connectionId)
    const created = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Mirrored meeting',
        start_time: at(70 * HOUR),
        end_time: at(71 * HOUR),
        location: { address: 'King Street 5, London' },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.mirror).toMatchObject({
      status: 'synced',
      calendar_id: primary.id,
      attempts: 1,
      last_error: null,
    })
    expect(created.body).toMatchObject({ calendar_id: primary.id, connection_id: connectionId })
    const atProvider = worldEvents(email).find((event) => event.id === created.body.external_id)
    expect(atProvider).toMatchObject({
      title: 'Mirrored meeting',
      calendarId: 'primary',
      location: 'King Street 5, London',
      cancelled: false,
    })
    const before = (await eventsOf(userId)).length
    await advance(1)
    await client.sandbox('POST', `/v1/connections/${connectionId}/refresh`)
    expect(await eventsOf(userId)).toHaveLength(before)
  })

  it('updates and deletes follow the event to the provider', async () => {
    const { connectionId, userId } = await connect('google')
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    const created = (
      await client.sandbox('POST', '/v1/events', {
        body: { user_id: userId, title: 'Draft', start_time: at(80 * HOUR), end_time: at(81 * HOUR) },
      })
    ).body
    const updated = await client.sandbox('PATCH', `/v1/events/${created.id}`, {
      body: { title: 'Final', start_time: at(82 * HOUR), end_time: at(83 * HOUR) },
    })
    expect(updated.body.mirror.status).toBe('synced')
    expect(worldEvents(email).find((event) => event.id === created.external_id)).toMatchObject({
      title: 'Final',
      start: new Date(updated.body.start_time),
    })
    expect((await client.sandbox('DELETE', `/v1/events/${created.id}`)).status).toBe(200)
    expect(worldEvents(email).find((event) => event.id === created.external_id)?.cancelled).toBe(true)
  })

  it('a provider failure never loses the event: it is created, the mirror is pending with the error, and retried until synced', async () => {
    const { connectionId, userId } = await connect('google')
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: true },
    })
    const created = await client.sandbox('POST', '/v1/events', {
      body: { user_id: userId, title: 'During outage', start_time: at(90 * HOUR), end_time: at(91 * HOUR) },
    })
    expect(created.status).toBe(201)
    expect(created.body.mirror).toMatchObject({ status: 'pending', attempts: 1 })
    expect(created.body.mirror.last_error).toContain('ProviderUnavailable')
    // One minute after the failed attempt, which follows creation by the few milliseconds the request takes.
    const retryIn = Date.parse(created.body.mirror.next_attempt_at) - Date.parse(created.body.created_at)
    expect(retryIn).toBeGreaterThanOrEqual(60_000)
    expect(retryIn).toBeLessThan(65_000)
    expect(created.body.external_id).toBeNull()
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: false },
    })
    await advance(61)
    const after = (await client.sandbox('GET', `/v1/events/${created.body.id}`)).body
    expect(after.mirror).toMatchObject({ status: 'synced', attempts: 2, last_error: null, next_attempt_at: null })
    expect(worldEvents(email).find((event) => event.id === after.external_id)?.title).toBe('During outage')
  })

  it('a provider delete that fails is queued on the connection and retried: the copy goes, nothing comes back', async () => {
    const { connectionId, userId } = await connect('google')
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    const created = (
      await client.sandbox('POST', '/v1/events', {
        body: { user_id: userId, title: 'Cancelled later', start_time: at(120 * HOUR), end_time: at(121 * HOUR) },
      })
    ).body
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: true },
    })
    expect((await client.sandbox('DELETE', `/v1/events/${created.id}`)).status).toBe(200)
    expect(worldEvents(email).find((event) => event.id === created.external_id)?.cancelled).toBe(false)
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: false },
    })
    await advance(61)
    expect(worldEvents(email).find((event) => event.id === created.external_id)?.cancelled).toBe(true)
    await advance(1)
    expect((await eventsOf(userId)).some((event) => event.external_id === created.external_id)).toBe(false)
  })

  it('changes that came from the provider are not echoed back to it', async () => {
    const { connectionId, userId } = await connect('google')
    const [primary] = await calendarsOf(connectionId)
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: { calendar_id: primary.id, title: 'From provider', start_time: at(100 * HOUR), end_time: at(101 * HOUR) },
    })
    await advance(1)
    await client.sandbox(
      'PATCH',
      `/v1/test_helpers/connections/${connectionId}/provider_events/${created.body.external_id}`,
      { body: { title: 'Changed at provider' } },
    )
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    const seqBefore = worldEvents(email).find((event) => event.id === created.body.external_id)!.seq
    await advance(1)
    const imported = (await eventsOf(userId)).find((event) => event.external_id === created.body.external_id)
    expect(imported).toMatchObject({ title: 'Changed at provider', mirror: null })
    expect(worldEvents(email).find((event) => event.id === created.body.external_id)!.seq).toBe(seqBefore)
  })

  it('an API change to a synced event of a writable calendar is written back; of a read-only calendar it stays local', async () => {
    const { connectionId, userId } = await connect('google')
    const email = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.email
    const events = await eventsOf(userId)
    const dentist = events.find((event) => event.title === 'Dentist')
    const holiday = events.find((event) => event.title === 'Bank holiday')
    expect(
      (await client.sandbox('PATCH', `/v1/events/${dentist.id}`, { body: { title: 'Dentist (rebooked)' } })).body.mirror
        .status,
    ).toBe('synced')
    expect(worldEvents(email).find((event) => event.id === 'seed-dentist')?.title).toBe('Dentist (rebooked)')
    expect(
      (await client.sandbox('PATCH', `/v1/events/${holiday.id}`, { body: { title: 'Day off' } })).body.mirror,
    ).toBeNull()
    expect(worldEvents(email).find((event) => event.id === 'seed-bank-holiday')?.title).toBe('Bank holiday')
  })

  it('a user without a writable connected calendar gets no mirror', async () => {
    const userId = await newUser()
    const created = await client.sandbox('POST', '/v1/events', {
      body: { user_id: userId, title: 'Local only', start_time: at(5 * HOUR), end_time: at(6 * HOUR) },
    })
    expect(created.body).toMatchObject({ mirror: null, external_id: null, calendar_id: null, connection_id: null })
  })
})

describe('Outbound: a mirror that never succeeds', () => {
  inFreshAccount()
  it('after the last retry (1 min, 5 min, 30 min, 2 h, 6 h) the mirror is failed, and the event is still there', async () => {
    const { connectionId, userId } = await connect('google')
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: true },
    })
    const created = (
      await client.sandbox('POST', '/v1/events', {
        body: { user_id: userId, title: 'Never mirrored', start_time: at(400 * HOUR), end_time: at(401 * HOUR) },
      })
    ).body
    for (const seconds of [61, 5 * 60 + 1, 30 * 60 + 1, 2 * 3600 + 1]) await advance(seconds)
    expect((await client.sandbox('GET', `/v1/events/${created.id}`)).body.mirror).toMatchObject({
      status: 'pending',
      attempts: 5,
    })
    await advance(6 * 3600 + 1)
    const after = (await client.sandbox('GET', `/v1/events/${created.id}`)).body
    expect(after).toMatchObject({
      title: 'Never mirrored',
      mirror: { status: 'failed', attempts: 6, next_attempt_at: null },
    })
    await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_outage`, {
      body: { enabled: false },
    })
  })
})
