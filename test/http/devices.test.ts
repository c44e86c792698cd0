import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) }
const subscription = (path: string, host = 'push.example.com') => ({ endpoint: `https://${host}/${path}`, keys: KEYS })

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '100000', WORKER: 'false' })
  client = clients(test)
})
afterAll(() => test.stop())

const newUser = async (surface: 'live' | 'sandbox', email: string) =>
  (await client[surface]('POST', '/v1/users', { body: { email } })).body.id as string

describe('POST /v1/users/{id}/devices registers a Web Push subscription', () => {
  it('answers 201 with the device (dev_), never echoing the keys', async () => {
    const user = await newUser('live', 'device-owner@example.com')
    const response = await client.live('POST', `/v1/users/${user}/devices`, {
      body: { ...subscription('a1'), expirationTime: null },
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      object: 'device',
      user_id: user,
      endpoint: 'https://push.example.com/a1',
      expires_at: null,
      livemode: true,
    })
    expect(response.body.id).toMatch(/^dev_/)
    expect(response.body.keys).toBeUndefined()
    expect(response.text).not.toContain(KEYS.auth)
  })

  it('accepts PushSubscription.toJSON() as is (expirationTime shows as expires_at)', async () => {
    const user = await newUser('live', 'device-json@example.com')
    const response = await client.live('POST', `/v1/users/${user}/devices`, {
      body: { ...subscription('json'), expirationTime: Date.parse('2099-01-01T00:00:00Z') },
    })
    expect(response.status).toBe(201)
    expect(response.body.expires_at).toBe('2099-01-01T00:00:00.000Z')
  })

  it('is idempotent on the endpoint: the same subscription again answers 200 with the same device', async () => {
    const user = await newUser('live', 'device-twice@example.com')
    const first = await client.live('POST', `/v1/users/${user}/devices`, { body: subscription('twice') })
    const again = await client.live('POST', `/v1/users/${user}/devices`, { body: subscription('twice') })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect((await client.live('GET', `/v1/users/${user}/devices`)).body.data).toHaveLength(1)
  })

  it('an endpoint registered to another user moves to the new user', async () => {
    const ada = await newUser('live', 'device-ada@example.com')
    const bob = await newUser('live', 'device-bob@example.com')
    await client.live('POST', `/v1/users/${ada}/devices`, { body: subscription('shared') })
    const moved = await client.live('POST', `/v1/users/${bob}/devices`, { body: subscription('shared') })
    expect(moved.status).toBe(201)
    expect(moved.body.user_id).toBe(bob)
    expect((await client.live('GET', `/v1/users/${ada}/devices`)).body.data).toEqual([])
  })

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing endpoint', { keys: KEYS }, 'parameter_missing', 'endpoint'],
    ['missing keys', { endpoint: 'https://push.example.com/x' }, 'parameter_missing', 'keys'],
    [
      'a p256dh that is not a P-256 point',
      { endpoint: 'https://push.example.com/x', keys: { ...KEYS, p256dh: 'short' } },
      'parameter_invalid',
      'keys.p256dh',
    ],
    [
      'an auth secret of the wrong length',
      { endpoint: 'https://push.example.com/x', keys: { ...KEYS, auth: 'y'.repeat(30) } },
      'parameter_invalid',
      'keys.auth',
    ],
    ['a negative expirationTime', { ...subscription('x'), expirationTime: -1 }, 'parameter_invalid', 'expirationTime'],
    ['a relative endpoint', { endpoint: '/push/x', keys: KEYS }, 'parameter_invalid', 'endpoint'],
    [
      'an http endpoint on production',
      { endpoint: 'http://push.example.com/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
    [
      'a loopback endpoint on production',
      { endpoint: 'https://127.0.0.1:8443/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
    [
      'an IPv4-compatible loopback endpoint on production',
      { endpoint: 'https://[::127.0.0.1]/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
    [
      'a site-local endpoint on production',
      { endpoint: 'https://[fec0::1]/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
    [
      'a localhost endpoint on production',
      { endpoint: 'https://localhost/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
    [
      'credentials in the endpoint',
      { endpoint: 'https://user:pass@push.example.com/x', keys: KEYS },
      'parameter_invalid',
      'endpoint',
    ],
  ])('refuses %s', async (_label, body, code, param) => {
    const user = await newUser('live', 'device-invalid@example.com')
    const response = await client.live('POST', `/v1/users/${user}/devices`, { body })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code, param })
  })

  it('production says why an http endpoint is refused', async () => {
    const user = await newUser('live', 'device-http@example.com')
    const response = await client.live('POST', `/v1/users/${user}/devices`, {
      body: { endpoint: 'http://push.example.com/x', keys: KEYS },
    })
    expect(response.body.error.message).toContain('https')
  })

  it('the sandbox, which only records pushes, accepts http endpoints', async () => {
    const user = await newUser('sandbox', 'device-http@example.com')
    const response = await client.sandbox('POST', `/v1/users/${user}/devices`, {
      body: { endpoint: 'http://127.0.0.1:9999/push', keys: KEYS },
    })
    expect(response.status).toBe(201)
  })

  it('the sandbox takes loopback (its operator allows it here) but no other special-purpose address', async () => {
    const user = await newUser('sandbox', 'device-private@example.com')
    for (const endpoint of ['http://10.0.0.1/push', 'http://169.254.169.254/push', 'http://[::127.0.0.1]/push']) {
      const response = await client.sandbox('POST', `/v1/users/${user}/devices`, { body: { endpoint, keys: KEYS } })
      expect(response.status, endpoint).toBe(400)
      expect(response.body.error.param).toBe('endpoint')
    }
  })

  it('404 for an unknown user; 403 account_deactivated for a paused one', async () => {
    const missing = await client.live('POST', '/v1/users/usr_missing/devices', { body: subscription('m') })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('resource_missing')
    const paused = await newUser('live', 'device-paused@example.com')
    const registered = await client.live('POST', `/v1/users/${paused}/devices`, { body: subscription('paused') })
    await client.live('POST', `/v1/users/${paused}/deactivate`)
    for (const response of [
      await client.live('POST', `/v1/users/${paused}/devices`, { body: subscription('paused-2') }),
      await client.live('DELETE', `/v1/users/${paused}/devices/${registered.body.id}`),
    ]) {
      expect(response.status).toBe(403)
      expect(response.body.error.code).toBe('account_deactivated')
    }
    expect((await client.live('GET', `/v1/users/${paused}/devices`)).body.data).toHaveLength(1)
  })
})

describe('GET /v1/users/{id}/devices lists a user’s devices', () => {
  it('newest first in the list envelope; 404 for an unknown user', async () => {
    const user = await newUser('live', 'device-list@example.com')
    const first = await client.live('POST', `/v1/users/${user}/devices`, { body: subscription('l1') })
    const second = await client.live('POST', `/v1/users/${user}/devices`, { body: subscription('l2') })
    const list = await client.live('GET', `/v1/users/${user}/devices`)
    expect(list.body).toMatchObject({ object: 'list', has_more: false, url: `/v1/users/${user}/devices` })
    expect(list.body.data.map((device: { id: string }) => device.id)).toEqual([second.body.id, first.body.id])
    const page = await client.live('GET', `/v1/users/${user}/devices?limit=1`)
    expect(page.body).toMatchObject({ has_more: true })
    expect((await client.live('GET', '/v1/users/usr_missing/devices')).status).toBe(404)
  })
})

describe('DELETE /v1/users/{id}/devices/{device_id}', () => {
  it('removes the device; a second delete, or another user’s device, is 404', async () => {
    const user = await newUser('live', 'device-delete@example.com')
    const other = await newUser('live', 'device-other@example.com')
    const device = await client.live('POST', `/v1/users/${user}/devices`, { body: subscription('d1') })
    const wrongOwner = await client.live('DELETE', `/v1/users/${other}/devices/${device.body.id}`)
    expect(wrongOwner.status).toBe(404)
    expect(wrongOwner.body.error.param).toBe('device_id')
    const deleted = await client.live('DELETE', `/v1/users/${user}/devices/${device.body.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: device.body.id, deleted: true })
    expect((await client.live('DELETE', `/v1/users/${user}/devices/${device.body.id}`)).status).toBe(404)
    expect((await client.live('GET', `/v1/users/${user}/devices`)).body.data).toEqual([])
  })
})

describe('GET /v1/test_helpers/push_messages (sandbox only)', () => {
  it('is 404 on production', async () => {
    const response = await client.live('GET', '/v1/test_helpers/push_messages')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('route_not_found')
  })

  it('shows what was pushed; a subscription the push service reports gone is forgotten', async () => {
    const user = await newUser('sandbox', 'device-gone@example.com')
    const kept = await client.sandbox('POST', `/v1/users/${user}/devices`, { body: subscription('kept') })
    const gone = await client.sandbox('POST', `/v1/users/${user}/devices`, { body: subscription('gone/abc') })
    const now = Date.parse(
      (await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 1 } })).body.now,
    )
    const event = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user,
        title: 'Gym',
        start_time: new Date(now + 3_600_000).toISOString(),
        end_time: new Date(now + 7_200_000).toISOString(),
      },
    })
    await client.sandbox('POST', `/v1/events/${event.body.id}/reminders`, { body: { offset_minutes: 5 } })
    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3600 } })
    const pushes = await client.sandbox('GET', `/v1/test_helpers/push_messages?user_id=${user}`)
    expect(pushes.status).toBe(200)
    expect(pushes.body.object).toBe('list')
    expect(
      pushes.body.data.map((push: { device_id: string; outcome: string }) => [push.device_id, push.outcome]).sort(),
    ).toEqual(
      [
        [kept.body.id, 'delivered'],
        [gone.body.id, 'expired'],
      ].sort(),
    )
    const devices = await client.sandbox('GET', `/v1/users/${user}/devices`)
    expect(devices.body.data.map((device: { id: string }) => device.id)).toEqual([kept.body.id])
  })

  it('validates its query', async () => {
    const response = await client.sandbox('GET', '/v1/test_helpers/push_messages?limit=0')
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe('limit')
  })
})

describe('push adapter per surface', () => {
  it('records on both surfaces without VAPID keys', () => {
    expect(test.service.application.surfaces.live.pushRecorder).not.toBeNull()
    expect(test.service.application.surfaces.test.pushRecorder).not.toBeNull()
  })

  it('production sends Web Push when VAPID keys are configured; the sandbox still records', async () => {
    const vapid = webpush.generateVAPIDKeys()
    const withVapid = await startTestService({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    })
    try {
      expect(withVapid.service.application.surfaces.live.pushRecorder).toBeNull()
      expect(withVapid.service.application.surfaces.test.pushRecorder).not.toBeNull()
    } finally {
      await withVapid.stop()
    }
  })
})
