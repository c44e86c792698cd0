import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxConsent } from '../support/hosted-page.js'
import { api, clients, LIVE_KEY, startOnKnownPorts, TEST_KEY, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
/** A second platform, with its own keys. */
let other: { live: string; sandbox: string }

beforeAll(async () => {
  // Fixed free ports: the sandbox provider's consent page is addressed by the service's public address.
  test = await startOnKnownPorts(() => ({
    RATE_LIMIT_REQUESTS: '1000',
    RATE_LIMIT_WINDOW_MS: '60000',
  }))
  client = clients(test)
  const { accounts } = test.service.application
  const account = await accounts.createAccount()
  const live = await accounts.issueKey(account.id, 'live')
  const sandbox = await accounts.issueKey(account.id, 'test')
  if (!live.ok || !sandbox.ok) throw new Error('issue failed')
  other = { live: live.value.secret, sandbox: sandbox.value.secret }
})
afterAll(() => test.stop())

const HOUR = 3_600_000
const at = (ms: number) => new Date(Date.now() + ms).toISOString()
let serial = 0

const createConnected = async (surface: 'live' | 'sandbox' = 'live', key?: string) => {
  const response = await api(surface === 'live' ? test.live : test.sandbox, 'POST', '/v1/connected_accounts', {
    key: key ?? (surface === 'live' ? LIVE_KEY : TEST_KEY),
    body: { name: `Business ${++serial}`, email: `owner${serial}@example.com` },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.id as string
}

/** The live surface acting for a connected account (or for the platform itself with `cpa` null). */
const asAccount = (cpa: string | null, key = LIVE_KEY) => ({
  call: (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    api(test.live, method, path, {
      key,
      body: options.body,
      headers: { ...(cpa === null ? {} : { 'service-account': cpa }), ...options.headers },
    }),
})

describe('Connected accounts: a platform creates, lists, retrieves, updates and deletes them', () => {
  it('manages cpa_ accounts on its own surface only', async () => {
    const created = await client.live('POST', '/v1/connected_accounts', {
      body: { name: 'Bakery', email: 'bakery@example.com' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      object: 'connected_account',
      name: 'Bakery',
      email: 'bakery@example.com',
      livemode: true,
    })
    expect(created.body.id).toMatch(/^cpa_/)
    const id = created.body.id as string
    expect((await client.live('GET', `/v1/connected_accounts/${id}`)).body.name).toBe('Bakery')
    const updated = await client.live('PATCH', `/v1/connected_accounts/${id}`, { body: { name: 'Bakery & Café' } })
    expect(updated.body).toMatchObject({ name: 'Bakery & Café', email: 'bakery@example.com' })
    const listed = await client.live('GET', '/v1/connected_accounts?limit=100')
    expect(listed.body.data.map((account: { id: string }) => account.id)).toContain(id)
    // Not on the sandbox, not for another platform.
    expect((await client.sandbox('GET', `/v1/connected_accounts/${id}`)).status).toBe(404)
    expect((await api(test.live, 'GET', `/v1/connected_accounts/${id}`, { key: other.live })).status).toBe(404)
    expect((await api(test.live, 'GET', '/v1/connected_accounts?limit=100', { key: other.live })).body.data).toEqual([])
  })

  it('refuses the management routes when a request acts for a connected account', async () => {
    const cpa = await createConnected()
    const response = await asAccount(cpa).call('GET', '/v1/connected_accounts')
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe('Service-Account')
  })

  it('deleting one deletes its data through the users’ cascade, and the id is unknown from then on', async () => {
    const cpa = await createConnected()
    const acting = asAccount(cpa)
    const user = await acting.call('POST', '/v1/users', {
      body: { email: 'doomed@example.com', home_location: { lat: 52.52, lng: 13.405 } },
    })
    const event = await acting.call('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Visit',
        category: 'meeting',
        start_time: at(5 * HOUR),
        end_time: at(6 * HOUR),
        location: { name: 'Office', lat: 52.5208, lng: 13.3874 },
      },
    })
    expect(event.status).toBe(201)
    const { users, events } = test.service.application.surfaces.live
    const scope = { accountId: cpa, livemode: true, clock: test.service.application.clock }
    const deleted = await client.live('DELETE', `/v1/connected_accounts/${cpa}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: cpa, deleted: true })
    expect((await users.retrieve(scope, user.body.id)).ok).toBe(false)
    expect((await events.retrieve(scope, event.body.id)).ok).toBe(false)
    expect((await acting.call('GET', '/v1/users')).status).toBe(404)
    expect((await client.live('GET', `/v1/connected_accounts/${cpa}`)).status).toBe(404)
    expect((await client.live('DELETE', `/v1/connected_accounts/${cpa}`)).status).toBe(404)
  })

  it('a test connected account finds the sandbox’s seeded users, like every account’s sandbox', async () => {
    const cpa = await createConnected('sandbox')
    const seeded = await api(test.sandbox, 'GET', '/v1/users?limit=100', {
      key: TEST_KEY,
      headers: { 'service-account': cpa },
    })
    expect(seeded.status).toBe(200)
    expect(seeded.body.data.length).toBeGreaterThan(0)
    expect(seeded.body.livemode).toBe(false)
  })
})

describe('Service-Account: the platform acts for one connected account; each sees only its own data', () => {
  it('an unknown cpa_, another platform’s, the other surface’s or a malformed one are the same 404', async () => {
    const mine = await createConnected()
    const theirs = await createConnected('live', other.live)
    const sandboxOne = await createConnected('sandbox')
    const bodies = []
    for (const id of ['cpa_00000000000000000000000000', theirs, sandboxOne, 'usr_x', '']) {
      const response = await asAccount(id).call('GET', '/v1/users')
      expect(response.status, id).toBe(404)
      expect(response.body.error).toMatchObject({ code: 'resource_missing', param: 'Service-Account' })
      bodies.push(response.body.error.message.replace(id, 'ID'))
    }
    expect(new Set(bodies.slice(0, 3)).size).toBe(1)
    expect((await asAccount(mine).call('GET', '/v1/users')).status).toBe(200)
  })

  it('probes across connected accounts and the platform answer 404 on every resource type', async () => {
    const [a, b] = [await createConnected(), await createConnected()]
    const owner = asAccount(a)
    const user = await owner.call('POST', '/v1/users', {
      body: { email: 'owner@example.com', home_location: { lat: 52.52, lng: 13.405 } },
    })
    const event = await owner.call('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Review',
        category: 'meeting',
        start_time: at(5 * HOUR),
        end_time: at(6 * HOUR),
        location: { name: 'Office', lat: 52.5208, lng: 13.3874 },
      },
    })
    const reminder = await owner.call('POST', `/v1/events/${event.body.id}/reminders`, { body: { offset_minutes: 60 } })
    const invitation = await owner.call('POST', '/v1/invitations', {
      body: { event_id: event.body.id, attendees: [{ email: 'guest@example.com' }] },
    })
    const paths = [
      `/v1/users/${user.body.id}`,
      `/v1/events/${event.body.id}`,
      `/v1/events/${event.body.id}/departure`,
      `/v1/events/${event.body.id}/reminders`,
      `/v1/reminders/${reminder.body.id}`,
      `/v1/invitations/${invitation.body.data?.[0]?.id ?? invitation.body.id}`,
      `/v1/users/${user.body.id}/devices`,
    ]
    for (const path of paths) {
      expect((await owner.call('GET', path)).status, `owner ${path}`).toBe(200)
      expect((await asAccount(b).call('GET', path)).status, `other cpa ${path}`).toBe(404)
      expect((await asAccount(null).call('GET', path)).status, `platform ${path}`).toBe(404)
    }
    // Writes are refused alike and change nothing.
    expect((await asAccount(b).call('DELETE', `/v1/users/${user.body.id}`)).status).toBe(404)
    expect((await asAccount(b).call('PATCH', `/v1/events/${event.body.id}`, { body: { title: 'X' } })).status).toBe(404)
    expect((await owner.call('GET', `/v1/events/${event.body.id}`)).body.title).toBe('Review')
  })

  it('webhook endpoints too (on the sandbox, whose loopback targets need no name lookup)', async () => {
    const [a, b] = [await createConnected('sandbox'), await createConnected('sandbox')]
    const as = (cpa: string | null) => (method: string, path: string, body?: unknown) =>
      api(test.sandbox, method, path, { key: TEST_KEY, body, headers: cpa === null ? {} : { 'service-account': cpa } })
    const endpoint = await as(a)('POST', '/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', events: ['*'] })
    expect(endpoint.status).toBe(201)
    const path = `/v1/webhook_endpoints/${endpoint.body.id}`
    expect((await as(a)('GET', path)).status).toBe(200)
    expect((await as(b)('GET', path)).status).toBe(404)
    expect((await as(null)('GET', path)).status).toBe(404)
    expect((await as(b)('POST', `${path}/test`)).status).toBe(404)
  })

  it('each connected account has its own rate pool, whichever key acts for it', async () => {
    const [a, b] = [await createConnected(), await createConnected()]
    const remaining = async (cpa: string | null) =>
      Number((await asAccount(cpa).call('GET', '/v1/users')).headers.get('x-ratelimit-remaining'))
    expect(await remaining(a)).toBe(999)
    expect(await remaining(a)).toBe(998)
    expect(await remaining(b)).toBe(999)
    const restricted = await client.live('POST', '/v1/api_keys', { body: { permissions: { users: 'read' } } })
    const viaRestricted = await asAccount(a, restricted.body.secret).call('GET', '/v1/users')
    expect(Number(viaRestricted.headers.get('x-ratelimit-remaining'))).toBe(997)
  })

  it('Idempotency-Key is scoped per connected account: two of them reusing a key are independent', async () => {
    const [a, b] = [await createConnected(), await createConnected()]
    const headers = { 'idempotency-key': 'same-key-everywhere' }
    const first = await asAccount(a).call('POST', '/v1/users', { body: { email: 'same@example.com' }, headers })
    const second = await asAccount(b).call('POST', '/v1/users', { body: { email: 'same@example.com' }, headers })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('service-idempotent-replay')).toBeNull()
    expect(second.body.id).not.toBe(first.body.id)
    const replay = await asAccount(a).call('POST', '/v1/users', { body: { email: 'same@example.com' }, headers })
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
    expect(replay.body.id).toBe(first.body.id)
  })

  it('a restricted key acts for a connected account within its permissions', async () => {
    const cpa = await createConnected()
    const reader = await client.live('POST', '/v1/api_keys', { body: { permissions: { users: 'read' } } })
    expect((await asAccount(cpa, reader.body.secret).call('GET', '/v1/users')).status).toBe(200)
    const write = await asAccount(cpa, reader.body.secret).call('POST', '/v1/users', {
      body: { email: 'nope@example.com' },
    })
    expect(write.status).toBe(403)
    expect(
      (await api(test.live, 'GET', '/v1/connected_accounts', { key: reader.body.secret })).body.error.message,
    ).toContain('connected_accounts:read')
  })
})

describe('attendees[].user_id (since 2026-05-20): for a Connect account, one of its own users', () => {
  const eventBody = (userId: string, attendees: unknown[]) => ({
    user_id: userId,
    title: 'Team lunch',
    category: 'meeting',
    start_time: at(5 * HOUR),
    end_time: at(6 * HOUR),
    attendees,
  })

  it('accepts the connected account’s user, 404s another account’s, 400s it without Connect or on older versions', async () => {
    const [a, b] = [await createConnected(), await createConnected()]
    const owner = (await asAccount(a).call('POST', '/v1/users', { body: { email: `o${++serial}@example.com` } })).body
      .id
    const colleague = (await asAccount(a).call('POST', '/v1/users', { body: { email: `c${++serial}@example.com` } }))
      .body.id
    const stranger = (await asAccount(b).call('POST', '/v1/users', { body: { email: `s${++serial}@example.com` } }))
      .body.id
    const created = await asAccount(a).call('POST', '/v1/events', { body: eventBody(owner, [{ user_id: colleague }]) })
    expect(created.status).toBe(201)
    expect(created.body.attendees).toEqual([{ email: null, user_id: colleague, name: null }])
    const foreign = await asAccount(a).call('POST', '/v1/events', { body: eventBody(owner, [{ user_id: stranger }]) })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.param).toBe('attendees[0].user_id')
    const older = await asAccount(a).call('POST', '/v1/events', {
      body: eventBody(owner, [{ email: 'x@example.com' }, { user_id: colleague }]),
      headers: { 'service-version': '2026-03-04' },
    })
    expect(older.status).toBe(400)
    expect(older.body.error.param).toBe('attendees[1].user_id')
    const platformUser = (await client.live('POST', '/v1/users', { body: { email: `p${++serial}@example.com` } })).body
      .id
    const direct = await client.live('POST', '/v1/events', {
      body: eventBody(platformUser, [{ user_id: platformUser }]),
    })
    expect(direct.status).toBe(400)
    expect(direct.body.error.param).toBe('attendees[0].user_id')
  })
})

describe('Webhooks of a connected account carry account: "cpa_..." so that a platform can route them', () => {
  it('names the connected account in its notifications; the platform’s own carry no account', async () => {
    const connectedReceiver = await WebhookReceiver.start()
    const platformReceiver = await WebhookReceiver.start()
    try {
      const cpa = await createConnected('sandbox')
      const as = (id: string | null) => (method: string, path: string, body?: unknown) =>
        api(test.sandbox, method, path, { key: TEST_KEY, body, headers: id === null ? {} : { 'service-account': id } })
      const theirs = await as(cpa)('POST', '/v1/webhook_endpoints', {
        url: connectedReceiver.url,
        events: ['user.created'],
      })
      const ours = await as(null)('POST', '/v1/webhook_endpoints', {
        url: platformReceiver.url,
        events: ['user.created'],
      })
      await as(cpa)('POST', '/v1/users', { email: `routed${++serial}@example.com` })
      await as(null)('POST', '/v1/users', { email: `platform${++serial}@example.com` })
      await connectedReceiver.waitFor(1, 15_000)
      await platformReceiver.waitFor(1, 15_000)
      const [forConnected] = connectedReceiver.ofType(theirs.body.secret, 'user.created')
      const [forPlatform] = platformReceiver.ofType(ours.body.secret, 'user.created')
      expect(forConnected?.account).toBe(cpa)
      expect(forPlatform).toBeDefined()
      expect(forPlatform?.account).toBeUndefined()
      await as(cpa)('DELETE', `/v1/webhook_endpoints/${theirs.body.id}`)
      await as(null)('DELETE', `/v1/webhook_endpoints/${ours.body.id}`)
    } finally {
      await connectedReceiver.stop()
      await platformReceiver.stop()
    }
  })
})

describe('POST /v1/connections/callback under Connect: the platform completes a provider consent for one connected account', () => {
  it('completes only for the connected account that started it; the connection is that account’s alone', async () => {
    const [a, b] = [await createConnected('sandbox'), await createConnected('sandbox')]
    const as = (id: string | null) => (method: string, path: string, body?: unknown) =>
      api(test.sandbox, method, path, { key: TEST_KEY, body, headers: id === null ? {} : { 'service-account': id } })
    const user = await as(a)('POST', '/v1/users', { email: `calendar${++serial}@example.com` })
    const started = await as(a)('POST', '/v1/connections/start', {
      provider: 'google',
      user_id: user.body.id,
      return_url: 'https://platform.example.com/oauth/done',
      callback: 'server',
    })
    expect(started.status).toBe(200)
    const { location } = await sandboxConsent(test.sandbox, started.body.redirect_url)
    const returned = new URL(location)
    const completion = { state: returned.searchParams.get('state'), code: returned.searchParams.get('code') }
    // Another connected account, and the platform itself, know nothing of that consent.
    for (const other of [b, null]) {
      const refused = await as(other)('POST', '/v1/connections/callback', completion)
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'oauth_state_invalid', param: 'state' })
    }
    const completed = await as(a)('POST', '/v1/connections/callback', completion)
    expect(completed.status).toBe(201)
    expect(completed.body).toMatchObject({ object: 'connection', user_id: user.body.id, status: 'active' })
    expect((await as(a)('GET', `/v1/connections/${completed.body.id}`)).status).toBe(200)
    expect((await as(b)('GET', `/v1/connections/${completed.body.id}`)).status).toBe(404)
    expect((await as(null)('GET', `/v1/connections/${completed.body.id}`)).status).toBe(404)
  })
})

describe('Connect endpoints: a platform’s endpoint with connect: true receives its connected accounts’ notifications', () => {
  it('gets every connected account’s notifications (with account) and none of the platform’s own; others get theirs', async () => {
    const connectReceiver = await WebhookReceiver.start()
    const ownReceiver = await WebhookReceiver.start()
    try {
      const [a, b] = [await createConnected('sandbox'), await createConnected('sandbox')]
      const as = (id: string | null) => (method: string, path: string, body?: unknown) =>
        api(test.sandbox, method, path, { key: TEST_KEY, body, headers: id === null ? {} : { 'service-account': id } })
      const connect = await as(null)('POST', '/v1/webhook_endpoints', {
        url: connectReceiver.url,
        events: ['user.created'],
        connect: true,
      })
      expect(connect.status).toBe(201)
      expect(connect.body.connect).toBe(true)
      const own = await as(null)('POST', '/v1/webhook_endpoints', { url: ownReceiver.url, events: ['user.created'] })
      expect(own.body.connect).toBe(false)
      // A connected account cannot have a Connect endpoint of its own.
      const refused = await as(a)('POST', '/v1/webhook_endpoints', {
        url: connectReceiver.url,
        events: ['*'],
        connect: true,
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error.param).toBe('connect')
      const fromA = await as(a)('POST', '/v1/users', { email: `a${++serial}@example.com` })
      const fromB = await as(b)('POST', '/v1/users', { email: `b${++serial}@example.com` })
      const fromPlatform = await as(null)('POST', '/v1/users', { email: `p${++serial}@example.com` })
      await connectReceiver.waitFor(2, 15_000)
      await ownReceiver.waitFor(1, 15_000)
      const routed = connectReceiver.ofType(connect.body.secret, 'user.created')
      expect(routed.map((notification) => [notification.account, notification.data.object.id]).sort()).toEqual(
        [
          [a, fromA.body.id],
          [b, fromB.body.id],
        ].sort(),
      )
      const ownNotes = ownReceiver.ofType(own.body.secret, 'user.created')
      expect(ownNotes.map((notification) => notification.data.object.id)).toEqual([fromPlatform.body.id])
      expect(ownNotes[0]?.account).toBeUndefined()
      // The deliveries are the platform's: listed under its Connect endpoint.
      const deliveries = await as(null)('GET', `/v1/webhook_endpoints/${connect.body.id}/deliveries?limit=100`)
      expect(deliveries.body.data.length).toBe(2)
      await as(null)('DELETE', `/v1/webhook_endpoints/${connect.body.id}`)
      await as(null)('DELETE', `/v1/webhook_endpoints/${own.body.id}`)
    } finally {
      await connectReceiver.stop()
      await ownReceiver.stop()
    }
  })
})
