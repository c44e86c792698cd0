import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_USERS } from '../../core/account/sandbox.js'
import { signatureHeader } from '../../core/webhooks/signature.js'
import { hiddenFields } from '../support/hosted-page.js'
import { assertDescribed, DocumentValidator, type OpenApi } from '../support/openapi-validator.js'
import { startTestService, TEST_KEY, type TestService } from '../support/service.js'

/**
 * The whole sandbox driven through the independent validator (test/support/openapi-validator.ts): every exchange
 * below is checked against the served document, and the test fails when the document has an operation, or an error
 * status of an operation, that no exchange produced, unless it is one of the exceptions listed with their reason.
 *
 * The hooks' errors are provoked on every operation the same way (a wrong `Service-Version`, no key, a key whose
 * allowlist refuses loopback, an unknown `Service-Account`, a reused `Idempotency-Key`, an oversized body, a wrong
 * media type, an exhausted rate limit); successes and the use cases' own errors by the calls of a developer trying
 * the sandbox.
 */

type Json = Record<string, unknown>
interface Operation {
  readonly operationId: string
  readonly security?: unknown[]
  readonly requestBody?: { content: Record<string, unknown> }
  readonly responses: Record<string, unknown>
}

let test: TestService
let limited: TestService
let document: OpenApi
let validator: DocumentValidator
/** operationId -> the statuses it answered. */
const seen = new Map<string, Set<number>>()

const INBOUND_SECRET = 'coverage-inbound-secret-0123'
const REDIRECT_LOOPBACK = 'http://127.0.0.1:9/callback'
const MUTATING = new Set(['POST', 'PATCH', 'DELETE'])

/** One exchange, redirects not followed, validated against the document and recorded against its operation. */
const exchange = async (
  base: string,
  method: string,
  path: string,
  options: { key?: string | null; body?: string; contentType?: string; headers?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = { connection: 'close', ...options.headers }
  const key = options.key === undefined ? TEST_KEY : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json'
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body, redirect: 'manual' })
  const text = await response.text()
  await assertDescribed({
    method,
    url: `${base}${path}`,
    requestHeaders: headers,
    requestBody: options.body,
    status: response.status,
    responseHeaders: response.headers,
    responseText: text,
  })
  const found = validator.operationOf(method, new URL(`${base}${path}`).pathname)
  if (found !== undefined) {
    const statuses = seen.get(found.operation.operationId) ?? new Set<number>()
    statuses.add(response.status)
    seen.set(found.operation.operationId, statuses)
  }
  let json: Json | undefined
  try {
    json = JSON.parse(text) as Json
  } catch {
    json = undefined
  }
  return {
    status: response.status,
    json: json as Json & { id: string; data: Json[] },
    text,
    headers: response.headers,
  }
}

const operations = () =>
  Object.entries(document.paths).flatMap(([template, byMethod]) =>
    Object.entries(byMethod as Record<string, Operation>).map(([method, operation]) => ({
      template,
      method: method.toUpperCase(),
      operation,
      keyed: operation.security === undefined || operation.security.length > 0,
      // Ids no account has: the hooks answer before any handler looks them up.
      path: template.replace(/\{[^}]+\}/g, 'x_unknown_0000'),
    })),
  )

const bodyOf = (operation: Operation) =>
  operation.requestBody === undefined
    ? undefined
    : operation.requestBody.content['application/json'] !== undefined
      ? '{}'
      : 'field=value'
const typeOf = (operation: Operation) =>
  operation.requestBody !== undefined && operation.requestBody.content['application/json'] === undefined
    ? 'application/x-www-form-urlencoded'
    : 'application/json'

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000', MAIL_INBOUND_SECRET: INBOUND_SECRET })
  // One request per hour per key: every request after the first is the rate limit's 429. Its clock stands still, so
  // the pools with their own fixed windows (free/busy, suggestions, the document) fill up however slow the requests.
  const frozen = new Date()
  limited = await startTestService(
    { WORKER: 'false', RATE_LIMIT_REQUESTS: '1', RATE_LIMIT_WINDOW_MS: '3600000' },
    { now: () => new Date(frozen) },
  )
  const served = await fetch(`${test.sandbox}/v1/openapi.json`)
  document = (await served.json()) as OpenApi
  validator = new DocumentValidator(document)
}, 120_000)
afterAll(async () => {
  await test?.stop()
  await limited?.stop()
})

describe('the hooks answer the errors the document declares, on every operation', () => {
  it('400 for an unknown Service-Version, 401 without a key, 404 for an unknown Service-Account', async () => {
    for (const { method, path, operation, keyed } of operations()) {
      const body = bodyOf(operation)
      const contentType = typeOf(operation)
      await exchange(test.sandbox, method, path, { body, contentType, headers: { 'service-version': '1999-01-01' } })
      if (!keyed) continue
      await exchange(test.sandbox, method, path, { key: null, body, contentType })
      await exchange(test.sandbox, method, path, { body, contentType, headers: { 'service-account': 'cpa_unknown' } })
    }
  }, 120_000)

  it('403 for a key whose allowlist refuses the caller', async () => {
    const created = await exchange(test.sandbox, 'POST', '/v1/api_keys', {
      body: JSON.stringify({ name: 'elsewhere', permissions: { users: 'read' }, allowed_ips: ['203.0.113.7'] }),
    })
    expect(created.status).toBe(201)
    const elsewhere = String(created.json.secret)
    for (const { method, path, operation, keyed } of operations()) {
      if (!keyed) continue
      await exchange(test.sandbox, method, path, {
        key: elsewhere,
        body: bodyOf(operation),
        contentType: typeOf(operation),
      })
    }
  }, 120_000)

  it('409 for an Idempotency-Key reused with another request, 413 for an oversized body, 415 for another type', async () => {
    const oversized = JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) })
    for (const { method, path, operation, keyed } of operations()) {
      if (keyed && MUTATING.has(method)) {
        const key = `coverage-${operation.operationId}`
        await exchange(test.sandbox, method, path, { body: '{}', headers: { 'idempotency-key': key } })
        await exchange(test.sandbox, method, path, {
          body: '{"other":1}',
          headers: { 'idempotency-key': key },
        })
      }
      if (!MUTATING.has(method)) continue
      await exchange(test.sandbox, method, path, { body: oversized, contentType: typeOf(operation) })
      await exchange(test.sandbox, method, path, { body: '<plain/>', contentType: 'application/xml' })
    }
  }, 120_000)

  it('429 once the rate limit is spent', async () => {
    await exchange(limited.sandbox, 'GET', '/v1/health')
    for (const { method, path, operation } of operations())
      await exchange(limited.sandbox, method, path, { body: bodyOf(operation), contentType: typeOf(operation) })
    // The pools apart from the general one, and the address's pools of the keyless routes: spent, then one more.
    const spend = async (count: number, method: string, path: string, body?: string) => {
      for (let i = 0; i < count; i++)
        await fetch(`${limited.sandbox}${path}`, {
          method,
          headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
          body,
        }).then((response) => response.arrayBuffer())
      return exchange(limited.sandbox, method, path, { body })
    }
    expect((await spend(50, 'POST', '/v1/freebusy/query', '{}')).status).toBe(429)
    expect((await spend(0, 'POST', '/v1/freebusy/find_slots', '{}')).status).toBe(429)
    expect((await spend(10, 'POST', '/v1/scheduling/suggest', '{}')).status).toBe(429)
    expect((await spend(60, 'GET', '/v1/openapi.json')).status).toBe(429)
    expect((await spend(0, 'GET', '/v1/invitations/inv_unknown/open.gif?token=x')).status).toBe(429)
  }, 120_000)
})

describe('a developer trying the sandbox: successes and the use cases own errors', () => {
  it('drives the resources end to end', async () => {
    const post = (path: string, body: Json = {}) => exchange(test.sandbox, 'POST', path, { body: JSON.stringify(body) })
    const get = (path: string) => exchange(test.sandbox, 'GET', path)
    await get('/v1/health')
    const users = await get('/v1/users?limit=5')
    const ada = users.json.data.find((user) => user.email === SANDBOX_USERS[0].email) ?? users.json.data[0]!
    const user = await post('/v1/users', { email: 'coverage@example.com' })
    await post('/v1/users', { email: 'coverage@example.com' })
    await get(`/v1/users/${user.json.id}`)
    await exchange(test.sandbox, 'PATCH', `/v1/users/${user.json.id}`, {
      body: JSON.stringify({ timezone: 'Europe/Paris' }),
    })
    await post(`/v1/users/${user.json.id}/deactivate`)
    await exchange(test.sandbox, 'PATCH', `/v1/users/${user.json.id}`, {
      body: JSON.stringify({ timezone: 'Europe/Paris' }),
    })
    await post(`/v1/users/${user.json.id}/reactivate`)
    // A user's agent tokens for /mcp: minted, listed, revoked; a paused user gets none.
    const agentToken = await post(`/v1/users/${user.json.id}/agent_tokens`, { permissions: { users: 'read' } })
    expect(agentToken.status).toBe(201)
    await get(`/v1/users/${user.json.id}/agent_tokens?limit=1`)
    await exchange(test.sandbox, 'DELETE', `/v1/users/${user.json.id}/agent_tokens/${agentToken.json.id}`)
    await post(`/v1/users/${user.json.id}/deactivate`)
    await post(`/v1/users/${user.json.id}/agent_tokens`, { permissions: { users: 'read' } })
    await post(`/v1/users/${user.json.id}/reactivate`)
    const start = new Date(Date.now() + 26 * 3_600_000)
    const end = new Date(start.getTime() + 3_600_000)
    const office = { name: 'British Library', lat: 51.5299, lng: -0.1277 }
    const home = { name: 'Home', lat: 51.5014, lng: -0.1419 }
    const event = await post('/v1/events', {
      user_id: ada.id,
      title: 'Coverage',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      location: office,
      origin: home,
    })
    expect(event.status).toBe(201)
    await get(`/v1/events?user_id=${ada.id}&limit=5`)
    const series = await post('/v1/events', {
      user_id: ada.id,
      title: 'Stand-up',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
    })
    expect(series.status).toBe(201)
    await get(`/v1/events/${series.json.id}/instances?limit=5`)
    await get(`/v1/events/${event.json.id}`)
    await exchange(test.sandbox, 'PATCH', `/v1/events/${event.json.id}`, { body: JSON.stringify({ title: 'Covered' }) })
    await get(`/v1/events/${event.json.id}/departure`)
    await post(`/v1/events/${event.json.id}/departure/recompute`)
    await get(`/v1/events/${event.json.id}/departure/history?limit=5`)
    await get(`/v1/events/${event.json.id}/health`)
    await get(`/v1/events/health/upcoming?user_id=${ada.id}`)
    await post('/v1/departure/compute', { from_location: home, to_location: office, arrive_by: start.toISOString() })
    await post('/v1/scheduling/parse', {
      text: 'Lunch with Grace tomorrow at noon',
      user_context: { timezone: 'Europe/London' },
    })
    const reminder = await post(`/v1/events/${event.json.id}/reminders`, { offset_minutes: 30 })
    await post(`/v1/events/${event.json.id}/reminders`, { offset_minutes: 30 })
    await get(`/v1/events/${event.json.id}/reminders`)
    await get(`/v1/reminders/${reminder.json.id}`)
    await post(`/v1/reminders/${reminder.json.id}/snooze`, { snooze_minutes: 5 })
    // Scheduled, not sent: dismissing it is the state machine's 409.
    await post(`/v1/reminders/${reminder.json.id}/dismiss`)
    await exchange(test.sandbox, 'DELETE', `/v1/reminders/${reminder.json.id}`)
    const device = await post(`/v1/users/${ada.id}/devices`, {
      endpoint: 'https://push.example.com/coverage',
      keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
    })
    await get(`/v1/users/${ada.id}/devices`)
    await exchange(test.sandbox, 'DELETE', `/v1/users/${ada.id}/devices/${device.json.id}`)
    await get('/v1/test_helpers/push_messages')
    const invitations = await post('/v1/invitations', {
      event_id: event.json.id,
      attendees: [{ email: SANDBOX_USERS[1].email }],
    })
    const invitation = invitations.json.data?.[0] as Json | undefined
    if (invitation !== undefined) {
      await get(`/v1/invitations/${invitation.id}`)
      await post(`/v1/test_helpers/invitations/${invitation.id}/deliver`)
      await post(`/v1/test_helpers/invitations/${invitation.id}/open`)
      await post(`/v1/invitations/${invitation.id}/respond`, { status: 'accepted' })
      await post(`/v1/test_helpers/invitations/${invitation.id}/bounce`)
    }
    await get('/v1/test_helpers/sent_emails')
    // The hosted pages, for an invitation that does not exist: the HTML page saying the link is not valid.
    for (const page of ['respond', 'unsubscribe']) {
      await exchange(test.sandbox, 'GET', `/hosted/invitations/inv_unknown/${page}?token=abc`, { key: null })
      await exchange(test.sandbox, 'POST', `/hosted/invitations/inv_unknown/${page}`, {
        key: null,
        body: 'token=abc&status=accepted',
        contentType: 'application/x-www-form-urlencoded',
      })
    }
    // The sandbox's operator allows loopback receivers (nothing listens here: deliveries fail, and are logged).
    const endpoint = await post('/v1/webhook_endpoints', { url: 'http://localhost:4242/webhooks', events: ['*'] })
    expect(endpoint.status).toBe(201)
    await get('/v1/webhook_endpoints')
    await get(`/v1/webhook_endpoints/${endpoint.json.id}`)
    await exchange(test.sandbox, 'PATCH', `/v1/webhook_endpoints/${endpoint.json.id}`, {
      body: JSON.stringify({ description: 'Coverage' }),
    })
    await post(`/v1/webhook_endpoints/${endpoint.json.id}/rotate_secret`)
    const tested = await post(`/v1/webhook_endpoints/${endpoint.json.id}/test`)
    await get(`/v1/webhook_endpoints/${endpoint.json.id}/deliveries`)
    await get(`/v1/webhook_endpoints/${endpoint.json.id}/deliveries/${tested.json.id}`)
    await post(`/v1/webhook_endpoints/${endpoint.json.id}/deliveries/${tested.json.id}/replay`)
    await exchange(test.sandbox, 'DELETE', `/v1/webhook_endpoints/${endpoint.json.id}`)
    const key = await post('/v1/api_keys', { name: 'Reporting', permissions: { events: 'read' } })
    await get('/v1/api_keys')
    await get(`/v1/api_keys/${key.json.id}`)
    await post(`/v1/api_keys/${key.json.id}/roll`, { expires_in_seconds: 0 })
    await exchange(test.sandbox, 'POST', `/v1/api_keys/${key.json.id}/revoke`)
    const account = await post('/v1/connected_accounts', { name: 'Bakery', email: 'coverage-bakery@example.com' })
    await get('/v1/connected_accounts')
    await get(`/v1/connected_accounts/${account.json.id}`)
    await exchange(test.sandbox, 'PATCH', `/v1/connected_accounts/${account.json.id}`, {
      body: JSON.stringify({ name: 'Bakery and cafe' }),
    })
    await exchange(test.sandbox, 'DELETE', `/v1/connected_accounts/${account.json.id}`)
    await exchange(test.sandbox, 'DELETE', `/v1/events/${event.json.id}`)
    await exchange(test.sandbox, 'DELETE', `/v1/users/${user.json.id}`)
    await post('/v1/test_helpers/advance_time', { seconds: 60 })
    await exchange(test.sandbox, 'GET', '/v1/openapi.json', { key: null })
    await exchange(test.sandbox, 'GET', '/docs', { key: null })
    await exchange(test.sandbox, 'GET', '/.well-known/oauth-authorization-server', { key: null })
    await exchange(test.sandbox, 'GET', '/.well-known/oauth-protected-resource/mcp', { key: null })
    await exchange(test.sandbox, 'GET', '/.well-known/oauth-protected-resource', { key: null })
  }, 120_000)
})

describe('a developer trying the flows: tracking, free/busy, voice, connections, OAuth, hosted pages', () => {
  const post = (path: string, body: Json = {}, headers: Record<string, string> = {}) =>
    exchange(test.sandbox, 'POST', path, { body: JSON.stringify(body), headers })
  const get = (path: string) => exchange(test.sandbox, 'GET', path)
  /** A request that ran, then another body under its Idempotency-Key: the hook's 409. */
  let serial = 0
  const reused = async (path: string, body: Json) => {
    const key = `coverage-flow-${++serial}`
    const first = await post(path, body, { 'idempotency-key': key })
    await post(path, { ...body, other: 1 }, { 'idempotency-key': key })
    return first
  }
  const iso = (ms: number) => new Date(ms).toISOString()
  const DESTINATION = { name: 'Office', lat: 48.8566, lng: 2.3522 }

  it('drives the flows end to end', async () => {
    const now = Date.parse((await reused('/v1/test_helpers/advance_time', { seconds: 1 })).json.now as string)
    const traveller = await reused('/v1/users', {
      email: 'coverage-traveller@example.com',
      home_location: { lat: 48.9, lng: 2.3 },
    })
    await reused(`/v1/users/${traveller.json.id}/agent_tokens`, { permissions: { events: 'read' } })
    const userId = traveller.json.id
    const trip = await reused('/v1/events', {
      user_id: userId,
      title: 'Tracked',
      start_time: iso(now + 3_600_000),
      end_time: iso(now + 7_200_000),
      location: DESTINATION,
    })
    expect(trip.status).toBe(201)
    const eventPath = `/v1/events/${trip.json.id}`
    const position = { lat: 48.89, lng: 2.3522, accuracy_m: 10, speed_mps: 8, recorded_at: iso(now) }
    await reused(`/v1/users/${userId}/location`, { lat: 48.89, lng: 2.3522, accuracy_m: 20, recorded_at: iso(now) })
    await get(`/v1/users/${userId}/location`)
    await post(`${eventPath}/tracking/location`, position)
    await post(`${eventPath}/tracking/start`)
    await post(`${eventPath}/tracking/start`)
    await reused(`${eventPath}/tracking/location`, position)
    await get(`${eventPath}/tracking`)
    await post(`${eventPath}/tracking/stop`)
    await post(`${eventPath}/tracking/stop`)
    await post(`${eventPath}/tracking/location`, position)

    const window = { participants: [userId], from: iso(now), to: iso(now + 86_400_000) }
    await reused('/v1/freebusy/query', window)
    await reused('/v1/freebusy/find_slots', {
      participants: [userId],
      duration_minutes: 30,
      earliest_start: window.from,
      latest_end: window.to,
    })
    await reused('/v1/scheduling/suggest', { intent: 'Sync', participants: [userId], duration_minutes: 30 })
    await reused('/v1/departure/compute', {
      from_location: { lat: 48.9, lng: 2.3 },
      to_location: DESTINATION,
      arrive_by: iso(now + 3_600_000),
    })
    await reused('/v1/scheduling/parse', { text: 'Lunch tomorrow at noon', user_context: { timezone: 'Europe/Paris' } })

    const session = await reused('/v1/voice/sessions', { user_id: userId })
    await get(`/v1/voice/sessions/${session.json.id}`)
    await post(`/v1/voice/sessions/${session.json.id}/end`)
    await post(`/v1/voice/sessions/${session.json.id}/end`)

    const reminder = await post(`${eventPath}/reminders`, { offset_minutes: 30 })
    await reused(`/v1/reminders/${reminder.json.id}/snooze`, { snooze_minutes: 5 })
    // An event with nowhere to go: its departure cannot be planned.
    const nowhere = await post('/v1/events', {
      user_id: userId,
      title: 'Call',
      start_time: iso(now + 3 * 3_600_000),
      end_time: iso(now + 4 * 3_600_000),
    })
    expect((await get(`/v1/events/${nowhere.json.id}/departure`)).status).toBe(409)
    // A reminder an hour before it: sent once the sandbox clock passes that time, then dismissed (at the end).
    const due = await post(`/v1/events/${nowhere.json.id}/reminders`, { offset_minutes: 60 })
    await reused(`/v1/users/${userId}/devices`, {
      endpoint: 'https://push.example.com/coverage-flow',
      keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
    })
    await reused('/v1/webhook_endpoints', { url: 'http://localhost:4242/flows', events: ['*'] })
    await reused('/v1/api_keys', { name: 'Flows', permissions: { events: 'read' } })

    const invited = await reused('/v1/invitations', {
      event_id: trip.json.id,
      attendees: [{ email: 'coverage-attendee@example.com' }],
    })
    const invitation = invited.json.data[0]!
    const token = String(invitation.response_token)
    const hosted = `/hosted/invitations/${invitation.id}`
    const form = (path: string, fields: Record<string, string>) =>
      exchange(test.sandbox, 'POST', path, {
        key: null,
        body: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
      })
    await exchange(test.sandbox, 'GET', `/v1/invitations/${invitation.id}/open.gif?token=${token}`, { key: null })
    await exchange(test.sandbox, 'GET', `/v1/invitations/x_unknown_0000/open.gif?token=${token}`, { key: null })
    await exchange(test.sandbox, 'GET', `${hosted}/respond?token=${token}`, { key: null })
    await form(`${hosted}/respond`, { token, status: 'accepted' })
    await exchange(test.sandbox, 'POST', `/v1/invitations/${invitation.id}/respond`, {
      key: null,
      body: JSON.stringify({ status: 'declined' }),
    })
    await exchange(test.sandbox, 'POST', `/v1/invitations/${invitation.id}/respond?response_token=${token}`, {
      key: null,
      body: JSON.stringify({ status: 'declined' }),
      headers: { 'idempotency-key': 'coverage-flow-respond' },
    })
    await exchange(test.sandbox, 'POST', `/v1/invitations/${invitation.id}/respond?response_token=${token}`, {
      key: null,
      body: JSON.stringify({ status: 'accepted' }),
      headers: { 'idempotency-key': 'coverage-flow-respond' },
    })
    await exchange(test.sandbox, 'GET', `${hosted}/unsubscribe?token=${token}`, { key: null })
    await form(`${hosted}/unsubscribe`, { token })
    // The event cancelled: the attendee's answer comes too late.
    await exchange(test.sandbox, 'DELETE', eventPath)
    await form(`${hosted}/respond`, { token, status: 'declined' })
    expect((await post(`/v1/invitations/${invitation.id}/respond`, { status: 'declined' })).status).toBe(409)
    const notice = (body: Json) => {
      const raw = JSON.stringify(body)
      return exchange(test.sandbox, 'POST', '/v1/inbound/mail_events', {
        key: null,
        body: raw,
        headers: { 'service-signature': signatureHeader(raw, [INBOUND_SECRET], Math.floor(Date.now() / 1000)) },
      })
    }
    // The provider's notice about a known invitation: receipted (the answer already recorded outranks delivery).
    expect((await notice({ id: 'ntc_coverage', type: 'delivered', invitation_id: invitation.id })).status).toBe(200)
    await post('/v1/test_helpers/advance_time', { seconds: 2 * 3600 + 60 })
    expect((await post(`/v1/reminders/${due.json.id}/dismiss`)).status).toBe(200)
    // The sandbox's consent page is not on production.
    await exchange(test.live, 'GET', '/v1/sandbox/oauth/authorize?state=x', { key: null })
    await exchange(test.live, 'POST', '/v1/sandbox/oauth/authorize', {
      key: null,
      body: 'state=x&decision=allow',
      contentType: 'application/x-www-form-urlencoded',
    })

    const application = await reused('/v1/oauth_applications', {
      name: 'Route Planner',
      client_type: 'confidential',
      redirect_uris: ['https://planner.example.com/callback'],
    })
    await get('/v1/oauth_applications')
    await get(`/v1/oauth_applications/${application.json.id ?? application.json.id}`)
    const account = await post('/v1/connected_accounts', { name: 'Flows', email: 'coverage-flows@example.com' })
    await reused('/v1/oauth_consent_tickets', {
      connected_account: account.json.id,
      client_id: application.json.id,
    })
    await reused('/v1/oauth_consent_tickets', {
      connected_account: account.json.id,
      client_id: application.json.id,
    })
  }, 120_000)

  it('drives a calendar connection, its provider helpers and the push receivers', async () => {
    const follow = (url: string, options: Parameters<typeof exchange>[3] = {}) => {
      // The service's public base is not this loopback address: the same path, on the sandbox.
      const parsed = new URL(url)
      return exchange(test.sandbox, options.body === undefined ? 'GET' : 'POST', `${parsed.pathname}${parsed.search}`, {
        key: null,
        ...options,
      })
    }
    const consent = async (redirectUrl: string) => {
      const html = (await follow(redirectUrl)).text
      const email = /name="email" required value="([^"]*)"/.exec(html)?.[1] ?? 'coverage-calendar@example.com'
      return follow(`${test.sandbox}/v1/sandbox/oauth/authorize`, {
        body: new URLSearchParams({ ...hiddenFields(html), email, decision: 'allow' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      })
    }
    const owner = await post('/v1/users', { email: 'coverage-calendar@example.com', timezone: 'Europe/London' })
    const started = await reused('/v1/connections/start', {
      provider: 'google',
      user_id: owner.json.id,
      return_url: 'https://app.example.com/connected',
    })
    const decided = await consent(String(started.json.redirect_url))
    const back = await follow(decided.headers.get('location')!)
    const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
    const connection = `/v1/connections/${connectionId}`
    await get('/v1/connections')
    await get(connection)
    const calendars = await get(`${connection}/calendars`)
    const primary = calendars.json.data[0]!
    await exchange(test.sandbox, 'PATCH', `${connection}/calendars/${primary.id}`, {
      body: JSON.stringify({ selected: true }),
    })
    const helpers = `/v1/test_helpers/connections/${connectionId}`
    const start = Date.now() + 30 * 3_600_000
    const created = await reused(`${helpers}/provider_events`, {
      calendar_id: primary.id,
      title: 'Board meeting',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    })
    await exchange(test.sandbox, 'PATCH', `${helpers}/provider_events/${created.json.external_id}`, {
      body: JSON.stringify({ title: 'Board meeting (moved)' }),
    })
    await exchange(test.sandbox, 'DELETE', `${helpers}/provider_events/${created.json.external_id}`)
    await post(`${helpers}/expire_sync_cursors`)
    // The provider down: the refresh is the provider's 502 (one refresh a minute per connection, so this is its first).
    // The server-side callback variant: the browser lands on the platform's return_url with the code and state.
    const serverCallback = async () => {
      const server = await post('/v1/connections/start', {
        provider: 'google',
        user_id: owner.json.id,
        return_url: 'https://api.example.com/oauth/done',
        callback: 'server',
      })
      const returned = new URL((await consent(String(server.json.redirect_url))).headers.get('location')!)
      return { state: returned.searchParams.get('state'), code: returned.searchParams.get('code') }
    }
    // The provider down for this e-mail: a refresh records the failed sync (200), a new consent cannot list calendars (502).
    await reused(`${helpers}/provider_outage`, { enabled: true })
    expect((await post(`${connection}/refresh`)).status).toBe(200)
    expect((await post('/v1/connections/callback', await serverCallback())).status).toBe(502)
    await post(`${helpers}/provider_outage`, { enabled: false })
    const completed = await reused('/v1/connections/callback', await serverCallback())
    expect(completed.status).toBe(201)
    await post(`${helpers}/revoke_grant`)
    await exchange(test.sandbox, 'DELETE', connection)

    const json = { 'content-type': 'application/json' }
    await exchange(test.sandbox, 'POST', '/v1/connections/push/microsoft?validationToken=coverage', { key: null })
    await exchange(test.sandbox, 'POST', '/v1/connections/push/microsoft?channel=x', {
      key: null,
      body: JSON.stringify({ value: [{ clientState: 'guess', changeType: 'updated' }] }),
      headers: json,
    })
    await exchange(test.sandbox, 'POST', '/v1/connections/push/google', {
      key: null,
      headers: {
        'x-goog-channel-id': 'chan_unknown',
        'x-goog-channel-token': 'forged',
        'x-goog-resource-state': 'exists',
      },
    })
    const notice = (body: Json) => {
      const raw = JSON.stringify(body)
      return exchange(test.sandbox, 'POST', '/v1/inbound/mail_events', {
        key: null,
        body: raw,
        headers: { 'service-signature': signatureHeader(raw, [INBOUND_SECRET], Math.floor(Date.now() / 1000)) },
      })
    }
    expect((await notice({ id: 'ntc_u', type: 'delivered', invitation_id: 'inv_missing' })).status).toBe(404)
  }, 120_000)

  it('drives the OAuth authorization server: consent, token, revocation', async () => {
    const application = await post('/v1/oauth_applications', {
      name: 'Coverage client',
      client_type: 'confidential',
      redirect_uris: ['https://client.example.com/callback'],
    })
    const account = await post('/v1/connected_accounts', { name: 'OAuth', email: 'coverage-oauth@example.com' })
    const ticket = await post('/v1/oauth_consent_tickets', {
      connected_account: account.json.id,
      client_id: application.json.id,
    })
    const verifier = 'v'.repeat(64)
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: String(application.json.id),
      redirect_uri: 'https://client.example.com/callback',
      scope: 'users:read',
      state: 'coverage-state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      login_hint: String(ticket.json.ticket),
    })
    const { text: html } = await exchange(test.sandbox, 'GET', `/oauth/authorize?${query}`, { key: null })
    const decided = await exchange(test.sandbox, 'POST', '/oauth/authorize', {
      key: null,
      body: new URLSearchParams({ ...hiddenFields(html), decision: 'allow' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })
    const callback = new URL(decided.headers.get('location') ?? 'https://client.example.com/callback')
    const client = { client_id: String(application.json.id), client_secret: String(application.json.client_secret) }
    const form = (path: string, fields: Record<string, string>) =>
      exchange(test.sandbox, 'POST', path, {
        key: null,
        body: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
      })
    const token = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: 'https://client.example.com/callback',
      code_verifier: verifier,
      ...client,
    })
    await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: client.client_id,
      client_secret: 'wrong',
    })
    await form('/oauth/revoke', { token: String(token.json?.access_token), ...client })
    await form('/oauth/revoke', { token: 'x', client_id: client.client_id, client_secret: 'wrong' })
    // RFC 7591: a public client registers itself; a refused registration is the protocol's 400.
    const registration = (metadata: unknown) =>
      exchange(test.sandbox, 'POST', '/oauth/register', { key: null, body: JSON.stringify(metadata) })
    expect((await registration({ client_name: 'Coverage agent', redirect_uris: [REDIRECT_LOOPBACK] })).status).toBe(201)
    expect((await registration({ redirect_uris: ['http://agent.example/cb'] })).json.error).toBe('invalid_redirect_uri')
  }, 120_000)
})

/**
 * What this test does not produce yet, each with its reason. The list can only shrink: an entry the test now produces
 * fails the test, so that it is removed.
 */

const EXCEPTIONS: Readonly<Record<string, string>> = {
  '*:500': 'An internal error: no well-formed or malformed request may cause one (the fuzzer asserts that none does).',
  'googlePush:success':
    "Needs a push channel that Google registered: only a live Google connection opens one (the sandbox's simulated provider does not); test/http/connections-google.test.ts produces it against a fake Google API.",
  'icloudSignInPage:success':
    'iCloud is offered only on production with a CalDAV server (ICLOUD_CALDAV_URL), and is 404 on the sandbox; test/http/connections-icloud.test.ts produces it against Radicale.',
  'icloudSignIn:success':
    'iCloud is offered only on production with a CalDAV server (ICLOUD_CALDAV_URL), and is 404 on the sandbox; test/http/connections-icloud.test.ts produces it against Radicale.',
}

describe('coverage', () => {
  it('every operation answered a success, and every documented error status, once at least', () => {
    const missing: string[] = []
    for (const { operation } of operations()) {
      const statuses = seen.get(operation.operationId) ?? new Set<number>()
      const declared = Object.keys(operation.responses).map(Number)
      if (![...statuses].some((status) => status < 400)) missing.push(`${operation.operationId}:success`)
      for (const status of declared.filter((each) => each >= 400))
        if (!statuses.has(status) && EXCEPTIONS[`*:${status}`] === undefined)
          missing.push(`${operation.operationId}:${status}`)
    }
    const unexplained = missing.filter((entry) => EXCEPTIONS[entry] === undefined)
    const produced = Object.keys(EXCEPTIONS).filter((entry) => !entry.startsWith('*:') && !missing.includes(entry))
    expect({ unexplained, produced }).toEqual({ unexplained: [], produced: [] })
  })
})
