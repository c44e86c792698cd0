import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_USERS } from '../../core/account/sandbox.js'
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
  return { status: response.status, json: json as Json & { id: string; data: Json[] }, headers: response.headers }
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
  test = await startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '100000' })
  // One request per hour per key: every request after the first is the rate limit's 429.
  limited = await startTestService({ WORKER: 'false', RATE_LIMIT_REQUESTS: '1', RATE_LIMIT_WINDOW_MS: '3600000' })
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

/**
 * What this test does not produce yet, each with its reason. The list can only shrink: an entry the test now produces
 * fails the test, so that it is removed.
 */

const NOT_DRIVEN_SUCCESS = [
  'queryFreeBusy',
  'findSlots',
  'suggestSlots',
  'dismissReminder',
  'startTracking',
  'recordTrackingLocation',
  'retrieveTracking',
  'stopTracking',
  'reportUserLocation',
  'retrieveUserLocation',
  'inboundMailNotice',
  'hostedRespondPage',
  'hostedRespondSubmit',
  'hostedUnsubscribePage',
  'hostedUnsubscribeSubmit',
  'startConnection',
  'completeConnection',
  'listConnections',
  'retrieveConnection',
  'deleteConnection',
  'refreshConnection',
  'listCalendars',
  'updateCalendar',
  'oauthCallback',
  'googlePush',
  'microsoftPush',
  'icloudSignInPage',
  'icloudSignIn',
  'sandboxConsentPage',
  'sandboxConsentDecision',
  'createProviderEvent',
  'updateProviderEvent',
  'deleteProviderEvent',
  'revokeProviderGrant',
  'expireProviderSyncCursors',
  'setProviderOutage',
  'createOAuthApplication',
  'listOAuthApplications',
  'retrieveOAuthApplication',
  'createOAuthConsentTicket',
  'oauthAuthorize',
  'oauthAuthorizeDecision',
  'oauthToken',
  'oauthRevoke',
  'createVoiceSession',
  'retrieveVoiceSession',
  'endVoiceSession',
]

const NOT_DRIVEN_409 = [
  'createUser',
  'createEvent',
  'retrieveDeparture',
  'computeDeparture',
  'parseSchedulingText',
  'queryFreeBusy',
  'findSlots',
  'suggestSlots',
  'createWebhookEndpoint',
  'snoozeReminder',
  'registerDevice',
  'recordTrackingLocation',
  'reportUserLocation',
  'createInvitations',
  'respondToInvitation',
  'hostedRespondSubmit',
  'startConnection',
  'completeConnection',
  'createProviderEvent',
  'setProviderOutage',
  'advanceTime',
  'createApiKey',
  'createOAuthApplication',
  'createOAuthConsentTicket',
  'createVoiceSession',
]

const NOT_DRIVEN_429 = [
  'queryFreeBusy',
  'findSlots',
  'suggestSlots',
  'invitationOpenPixel',
  'oauthCallback',
  'googlePush',
  'microsoftPush',
  'icloudSignInPage',
  'icloudSignIn',
  'sandboxConsentPage',
  'sandboxConsentDecision',
  'openApiDocument',
  'apiReference',
]

const NOT_DRIVEN_404 = [
  'invitationOpenPixel',
  'inboundMailNotice',
  'googlePush',
  'sandboxConsentPage',
  'sandboxConsentDecision',
]

const NOT_DRIVEN_401 = ['respondToInvitation', 'oauthToken', 'oauthRevoke']

const NOT_DRIVEN_502 = ['completeConnection', 'refreshConnection']

const EXCEPTIONS: Readonly<Record<string, string>> = {
  '*:500': 'An internal error: no well-formed or malformed request may cause one (the fuzzer asserts that none does).',
  ...Object.fromEntries(
    NOT_DRIVEN_SUCCESS.map((operation) => [
      `${operation}:success`,
      "Its success needs a flow this test does not drive yet (a provider's OAuth consent or push channel, a tracked trip, free/busy data, hosted pages with a real token, a voice session); its own suite in test/http/ produces it through the same validator.",
    ]),
  ),
  ...Object.fromEntries(
    NOT_DRIVEN_409.map((operation) => [
      `${operation}:409`,
      "The idempotency hook's 409 needs a first request that ran (a stored answer), and this test's first request is refused before; the use case's own 409 is not driven here yet.",
    ]),
  ),
  ...Object.fromEntries(
    NOT_DRIVEN_429.map((operation) => [
      `${operation}:429`,
      "Keyless: counted per client address (failed authentications, the document's own pool), which this test does not exhaust yet.",
    ]),
  ),
  ...Object.fromEntries(
    NOT_DRIVEN_404.map((operation) => [
      `${operation}:404`,
      'A keyless page or receiver addressed by a token or channel: its 404 is not driven here yet.',
    ]),
  ),
  ...Object.fromEntries(
    NOT_DRIVEN_401.map((operation) => [
      `${operation}:401`,
      'A client or token credential refused: not driven here yet.',
    ]),
  ),
  ...Object.fromEntries(
    NOT_DRIVEN_502.map((operation) => [
      `${operation}:502`,
      'Needs a calendar provider outage on a live connection (setProviderOutage): not driven here yet.',
    ]),
  ),
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
