import type { ResponseJson } from '../support/service.js'
import { call, type FuzzResponse, type FuzzService, LIVE_HOOK_HOST, type SurfaceName, send } from './fuzz-service.js'

/**
 * The id prefix a path parameter names, by the collection before it (`/v1/users/{id}` -> `usr`).
 * A route with a parameter after another collection fails the tests until it is added here.
 */
export const ID_PREFIX_BY_COLLECTION: Readonly<Record<string, string>> = {
  users: 'usr',
  events: 'evt',
  reminders: 'rem',
  devices: 'dev',
  webhook_endpoints: 'we',
  deliveries: 'whd',
  invitations: 'inv',
  connections: 'con',
  calendars: 'cal',
  api_keys: 'key',
  connected_accounts: 'cpa',
  oauth_applications: 'oapp',
  // `/v1/users/{id}/agent_tokens/{token_id}`
  agent_tokens: 'agt',
  // `/v1/voice/sessions/{id}`
  sessions: 'vs',
  // External ids of the sandbox provider's events: not ours, no prefix of ours.
  provider_events: 'ext',
}

export interface PathParameter {
  readonly name: string
  readonly prefix: string | undefined
}

/** The parameters of an OpenAPI-style path, each with the prefix of the id it names. */
export const pathParameters = (path: string): PathParameter[] => {
  const segments = path.split('/')
  return segments.flatMap((segment, index) => {
    const match = /^\{([^}]+)\}$/.exec(segment)
    if (match === null) return []
    return [{ name: match[1]!, prefix: ID_PREFIX_BY_COLLECTION[segments[index - 1] ?? ''] }]
  })
}

/** Fills a path's parameters: `/v1/users/{id}` with `{ id: 'usr_1' }`. */
export const fillPath = (path: string, values: Readonly<Record<string, string>>): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '')

/** One of each resource, by prefix (`usr`, `evt`, ...; `ext` an event at the sandbox provider). */
export type FixtureIds = Record<string, string>

export const PUSH_KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) }
export const RETURN_URL = 'https://app.example.com/calendar/connected'

let serial = 0
const HOUR = 3_600_000

const expectOk = (what: string, response: FuzzResponse): ResponseJson => {
  if (response.status >= 300) throw new Error(`fixture ${what}: ${response.status} ${response.text.slice(0, 300)}`)
  return response.json
}

const pathOf = (absolute: string): string => {
  const url = new URL(absolute)
  return `${url.pathname}${url.search}`
}

/**
 * Walks the sandbox OAuth flow in process: start, the provider's consent page, the decision,
 * and our callback, which redirects to the return URL with the new connection's id.
 */
const connect = async (fuzz: FuzzService, key: string, userId: string): Promise<string> => {
  const started = expectOk(
    'connection start',
    await call(fuzz, 'sandbox', key, 'POST', '/v1/connections/start', {
      provider: 'google',
      user_id: userId,
      return_url: RETURN_URL,
    }),
  )
  const consentPage = await send(fuzz, {
    surface: 'sandbox',
    method: 'GET',
    url: pathOf(started.redirect_url),
    headers: {},
  })
  const hidden = Object.fromEntries(
    [...consentPage.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replaceAll('&amp;', '&'),
    ]),
  )
  const decided = await send(fuzz, {
    surface: 'sandbox',
    method: 'POST',
    url: '/v1/sandbox/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...hidden, email: `calendar${++serial}@example.com`, decision: 'allow' }).toString(),
  })
  const callback = await send(fuzz, {
    surface: 'sandbox',
    method: 'GET',
    url: pathOf(String(decided.headers.location)),
    headers: {},
  })
  const connectionId = new URL(String(callback.headers.location)).searchParams.get('connection_id')
  if (connectionId === null) throw new Error(`fixture connection: ${callback.status} ${callback.text.slice(0, 300)}`)
  return connectionId
}

/**
 * A fresh set of resources of one account on one surface, each reachable by the routes
 * with an id in their path: a user with a device, a monitored event with a reminder and
 * an invitation, a webhook endpoint with a delivery, and (sandbox) a calendar connection
 * with its calendars and an event at the provider.
 */
export const createFixtures = async (fuzz: FuzzService, surface: SurfaceName, key: string): Promise<FixtureIds> => {
  const n = ++serial
  const ids: FixtureIds = {}
  const json = (method: string, url: string, body?: unknown) => call(fuzz, surface, key, method, url, body)
  ids.usr = expectOk(
    'user',
    await json('POST', '/v1/users', {
      email: `owner${n}@example.com`,
      timezone: 'Europe/Paris',
      home_location: { name: 'Home', lat: 48.85, lng: 2.35 },
    }),
  ).id
  const start = Date.now() + 48 * HOUR
  ids.evt = expectOk(
    'event',
    await json('POST', '/v1/events', {
      user_id: ids.usr,
      title: `Fixture ${n}`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
      timezone: 'Europe/Paris',
      location: { name: 'Office', lat: 48.87, lng: 2.33 },
    }),
  ).id
  // A trip under way to the event (ETA tracking), and the user's reported position.
  expectOk(
    'tracking',
    await json('POST', `/v1/events/${ids.evt}/tracking/start`, { start_location: { lat: 48.86, lng: 2.34 } }),
  )
  expectOk(
    'user location',
    await json('POST', `/v1/users/${ids.usr}/location`, {
      lat: 48.86,
      lng: 2.34,
      recorded_at: new Date().toISOString(),
    }),
  )
  // A restricted key of the account's own (never the key the tests call with: revoking or rolling it is fine).
  ids.key = expectOk(
    'api key',
    await json('POST', '/v1/api_keys', { name: `fixture ${n}`, permissions: { users: 'read' } }),
  ).id
  ids.cpa = expectOk('connected account', await json('POST', '/v1/connected_accounts', { name: `fixture ${n}` })).id
  ids.oapp = expectOk(
    'oauth application',
    await json('POST', '/v1/oauth_applications', {
      name: `fixture ${n}`,
      client_type: 'public',
      redirect_uris: ['https://app.example.com/oauth/callback'],
    }),
  ).id
  ids.agt = expectOk(
    'agent token',
    await json('POST', `/v1/users/${ids.usr}/agent_tokens`, { permissions: { users: 'read' } }),
  ).id
  ids.rem = expectOk('reminder', await json('POST', `/v1/events/${ids.evt}/reminders`, { offset_minutes: 60 })).id
  ids.vs = expectOk('voice session', await json('POST', '/v1/voice/sessions', { user_id: ids.usr })).id
  ids.dev = expectOk(
    'device',
    await json('POST', `/v1/users/${ids.usr}/devices`, { endpoint: `https://push.example.com/${n}`, keys: PUSH_KEYS }),
  ).id
  ids.inv = expectOk(
    'invitation',
    await json('POST', '/v1/invitations', { event_id: ids.evt, attendees: [{ email: `guest${n}@example.com` }] }),
  ).data[0].id
  // Production accepts public hosts only: the name resolves to one while the endpoint is created, then to nothing,
  // so that a delivery attempt fails at the lookup instead of leaving the machine.
  if (surface === 'live') fuzz.dns.hosts.set(LIVE_HOOK_HOST, ['93.184.215.14'])
  try {
    ids.we = expectOk(
      'webhook endpoint',
      await json('POST', '/v1/webhook_endpoints', { url: fuzz.hookUrl[surface], events: ['user.deleted'] }),
    ).id
  } finally {
    if (surface === 'live') fuzz.dns.hosts.delete(LIVE_HOOK_HOST)
  }
  ids.whd = expectOk('webhook delivery', await json('POST', `/v1/webhook_endpoints/${ids.we}/test`, {})).id
  if (surface === 'sandbox') {
    ids.con = await connect(fuzz, key, ids.usr!)
    const calendars = expectOk('calendars', await json('GET', `/v1/connections/${ids.con}/calendars`))
    ids.cal = calendars.data[0].id
    ids.ext = expectOk(
      'provider event',
      await json('POST', `/v1/test_helpers/connections/${ids.con}/provider_events`, {
        calendar_id: ids.cal,
        title: `Provider ${n}`,
        start_time: new Date(start + 2 * HOUR).toISOString(),
        end_time: new Date(start + 3 * HOUR).toISOString(),
      }),
    ).external_id
  }
  return ids
}
