import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { constructWebhookEvent } from '../../contracts/webhooks/verify.js'
import { clients, startTestService, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
let receiver: WebhookReceiver

const HOUR = 3600

beforeAll(async () => {
  // No background timers: the sandbox clock (advance_time) drives every delivery and retry here.
  test = await startTestService({ WORKER: 'false', WEBHOOK_TIMEOUT_MS: '300', RATE_LIMIT_REQUESTS: '100000' })
  client = clients(test)
})
afterAll(() => test.stop())
beforeEach(async () => {
  receiver = await WebhookReceiver.start()
})
afterEach(async () => {
  await receiver.stop()
  for (const endpoint of (await client.sandbox('GET', '/v1/webhook_endpoints?limit=100')).body.data) {
    await client.sandbox('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)
  }
})

const advance = (seconds: number) => client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })
const createEndpoint = async (events: string[] = ['*'], url = receiver.url) => {
  const response = await client.sandbox('POST', '/v1/webhook_endpoints', { body: { url, events } })
  expect(response.status).toBe(201)
  return response.body as { id: string; secret: string }
}
let emailCounter = 0
const createUser = () => client.sandbox('POST', '/v1/users', { body: { email: `hook${++emailCounter}@example.com` } })
const deliveriesOf = async (endpointId: string) =>
  (await client.sandbox('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`)).body.data

describe('POST /v1/webhook_endpoints returns the endpoint with its signing secret', () => {
  it('creates an endpoint; the secret whsec_... is shown at creation only', async () => {
    const created = await client.sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['user.created', 'user.deleted'], description: 'CRM sync' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      url: receiver.url,
      events: ['user.created', 'user.deleted'],
      status: 'enabled',
      disabled_reason: null,
      livemode: false,
      description: 'CRM sync',
    })
    expect(created.body.id).toMatch(/^we_/)
    expect(created.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/)
    const retrieved = await client.sandbox('GET', `/v1/webhook_endpoints/${created.body.id}`)
    expect(retrieved.status).toBe(200)
    expect(retrieved.body.secret).toBeUndefined()
    const listed = await client.sandbox('GET', '/v1/webhook_endpoints')
    expect(listed.body.object).toBe('list')
    expect(listed.body.data.map((endpoint: { id: string }) => endpoint.id)).toContain(created.body.id)
    expect(listed.body.data.every((endpoint: { secret?: string }) => endpoint.secret === undefined)).toBe(true)
  })

  it.each([
    [{ url: 'not a url', events: ['*'] }, 'url'],
    [{ url: 'ftp://127.0.0.1/hook', events: ['*'] }, 'url'],
    [{ url: 'http://user:pw@127.0.0.1/hook', events: ['*'] }, 'url'],
    [{ url: 'http://10.0.0.5/hook', events: ['*'] }, 'url'],
    [{ url: 'http://169.254.169.254/latest/meta-data', events: ['*'] }, 'url'],
    [{ url: 'http://[::127.0.0.1]/hook', events: ['*'] }, 'url'],
    [{ url: 'http://[fec0::1]/hook', events: ['*'] }, 'url'],
    [{ events: ['*'] }, 'url'],
    [{ url: 'http://127.0.0.1/hook' }, 'events'],
    [{ url: 'http://127.0.0.1/hook', events: [] }, 'events'],
    [{ url: 'http://127.0.0.1/hook', events: ['user.created', 'user.exploded'] }, 'events[1]'],
  ])('refuses %j naming %s', async (body, param) => {
    const response = await client.sandbox('POST', '/v1/webhook_endpoints', { body })
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe(param)
    expect((await client.sandbox('GET', '/v1/webhook_endpoints')).body.data).toHaveLength(0)
  })

  it('production accepts only https URLs on public addresses', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://192.168.1.10/hook',
      'https://localhost/hook',
      'https://[::127.0.0.1]/hook',
      'https://[fec0::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[2002:a00:1::1]/hook',
      'https://192.0.0.9/hook',
    ]) {
      const response = await client.live('POST', '/v1/webhook_endpoints', { body: { url, events: ['*'] } })
      expect(response.status, url).toBe(400)
      expect(response.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' })
    }
    const accepted = await client.live('POST', '/v1/webhook_endpoints', {
      body: { url: 'https://93.184.215.14/hooks', events: ['event.created'] },
    })
    expect(accepted.status).toBe(201)
    expect(accepted.body.livemode).toBe(true)
    await client.live('DELETE', `/v1/webhook_endpoints/${accepted.body.id}`)
  })
})

describe('Delivery: signed notifications reach the subscribed endpoints', () => {
  it('delivers user.created with the documented body, signed over the raw body', async () => {
    const endpoint = await createEndpoint(['user.created'])
    const user = await createUser()
    await advance(1)
    const [notification] = receiver.ofType(endpoint.secret, 'user.created')
    expect(notification).toMatchObject({
      object: 'event',
      type: 'user.created',
      livemode: false,
      api_version: '2026-05-20',
      data: { object: { id: user.body.id, object: 'user' } },
    })
    expect(notification!.id).toMatch(/^ntf_/)
    expect(Number.isInteger(notification!.created)).toBe(true)
    const header = receiver.received[0]!.headers['service-signature'] as string
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    // A receiver that checks against a re-serialized body, or with another secret, must fail.
    expect(() => constructWebhookEvent(`${receiver.received[0]!.rawBody} `, header, endpoint.secret)).toThrow(
      /signature/,
    )
    expect(() => constructWebhookEvent(receiver.received[0]!.rawBody, header, 'whsec_other')).toThrow(/signature/)
  })

  it('sends only the subscribed types, and every type to "*"', async () => {
    const onlyDeletes = await createEndpoint(['user.deleted'])
    const all = await WebhookReceiver.start('/all')
    try {
      const everything = await createEndpoint(['*'], all.url)
      const user = await createUser()
      await client.sandbox('DELETE', `/v1/users/${user.body.id}`)
      await advance(1)
      expect(receiver.verified(onlyDeletes.secret).map((n) => n.type)).toEqual(['user.deleted'])
      expect(all.verified(everything.secret).map((n) => n.type)).toEqual(['user.created', 'user.deleted'])
    } finally {
      await all.stop()
    }
  })

  it('delivers reminder notifications with the reminder resource', async () => {
    const endpoint = await createEndpoint(['reminder.created', 'reminder.sent'])
    const user = await createUser()
    const start = new Date(Date.now() + 2 * HOUR * 1000)
    const event = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Standup',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 900_000).toISOString(),
      },
    })
    const reminder = await client.sandbox('POST', `/v1/events/${event.body.id}/reminders`, {
      body: { offset_minutes: 60 },
    })
    expect(reminder.status).toBe(201)
    await advance(HOUR + 60)
    const types = receiver
      .verified(endpoint.secret)
      .map((notification) => [notification.type, notification.data.object.object, notification.data.object.id])
    expect(types).toEqual([
      ['reminder.created', 'reminder', reminder.body.id],
      ['reminder.sent', 'reminder', reminder.body.id],
    ])
  })

  it('delivers invitation notifications with the invitation resource', async () => {
    const endpoint = await createEndpoint(['invitation.created'])
    const user = await createUser()
    const start = new Date(Date.now() + 30 * HOUR * 1000)
    const event = await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Offsite',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    })
    const invited = await client.sandbox('POST', '/v1/invitations', {
      body: { event_id: event.body.id, attendees: [{ email: 'guest@example.com', name: 'Guest' }] },
    })
    expect(invited.status).toBe(201)
    await advance(1)
    const [notification] = receiver.ofType(endpoint.secret, 'invitation.created')
    expect(notification!.data.object).toMatchObject({
      object: 'invitation',
      id: invited.body.data[0].id,
      attendee_email: 'guest@example.com',
    })
  })

  it('renders the resource in the account pinned API version', async () => {
    const [account] = await test.service.application.accountRepository.listAccounts()
    await test.service.application.accountRepository.updateAccount({ ...account!, pinnedVersion: '2026-03-04' })
    try {
      const endpoint = await createEndpoint(['event.created'])
      const user = await createUser()
      const start = new Date(Date.now() + 5 * HOUR * 1000)
      await client.sandbox('POST', '/v1/events', {
        headers: { 'service-version': '2026-05-20' },
        body: {
          user_id: user.body.id,
          title: 'Dentist',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        },
      })
      await advance(1)
      const [notification] = receiver.ofType(endpoint.secret, 'event.created')
      expect(notification!.api_version).toBe('2026-03-04')
      const monitoring = (notification!.data.object as { monitoring: Record<string, unknown> }).monitoring
      expect(monitoring).toHaveProperty('traffic_status')
      expect(monitoring).not.toHaveProperty('traffic_level')
    } finally {
      const current = await test.service.application.accountRepository.getAccount(account!.id)
      await test.service.application.accountRepository.updateAccount({
        ...current!,
        pinnedVersion: account!.pinnedVersion,
      })
    }
  })
})

// The receivers here listen on loopback, a private target: the log says only whether an attempt succeeded.
describe('Retries: failures are retried on the schedule with the same id, then given up', () => {
  it('retries a failing receiver within 5 minutes and keeps the notification id once it recovers', async () => {
    const endpoint = await createEndpoint(['user.created'])
    receiver.behave = () => ({ status: 500 })
    await createUser()
    await advance(1)
    let [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempt_count: 1,
      attempts: [{ number: 1, status_code: null, result: 'failed', error: null }],
    })
    const firstAttempt = Date.parse(delivery.attempts[0].attempted_at)
    expect(Date.parse(delivery.next_attempt_at) - firstAttempt).toBeLessThanOrEqual(5 * 60_000)
    receiver.behave = () => ({ status: 204 })
    await advance(5 * 60)
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 2, next_attempt_at: null })
    const ids = receiver.verified(endpoint.secret).map((notification) => notification.id)
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(1)
  })

  it('counts redirects, timeouts and refused connections as failures, follows no redirect, and on a private target shows none of them', async () => {
    const target = await WebhookReceiver.start('/elsewhere')
    try {
      const redirected = await createEndpoint(['user.created'])
      receiver.behave = () => ({ status: 302, location: target.url })
      await createUser()
      await advance(1)
      expect((await deliveriesOf(redirected.id))[0]).toMatchObject({
        status: 'retrying',
        attempts: [{ result: 'failed', status_code: null, error: null }],
      })
      expect(target.received).toHaveLength(0)
      await client.sandbox('DELETE', `/v1/webhook_endpoints/${redirected.id}`)

      const hanging = await createEndpoint(['user.created'])
      receiver.behave = () => ({ hang: true })
      await createUser()
      await advance(1)
      expect((await deliveriesOf(hanging.id))[0]).toMatchObject({
        status: 'retrying',
        attempts: [{ result: 'failed', status_code: null, error: null }],
      })
      await client.sandbox('DELETE', `/v1/webhook_endpoints/${hanging.id}`)
    } finally {
      await target.stop()
    }
    const closed = await WebhookReceiver.start()
    const closedUrl = closed.url
    await closed.stop()
    const refused = await createEndpoint(['user.created'], closedUrl)
    await createUser()
    await advance(1)
    expect((await deliveriesOf(refused.id))[0]).toMatchObject({
      status: 'retrying',
      attempts: [{ result: 'failed', status_code: null, error: null }],
    })
    // Nor does a test send (no ECONNREFUSED, no status code).
    const tested = await client.sandbox('POST', `/v1/webhook_endpoints/${refused.id}/test`)
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({
      status: 'retrying',
      attempts: [{ result: 'failed', status_code: null, error: null }],
    })
  })

  it('gives up after 24 retries over 72 hours and disables an endpoint that failed for 72 hours, with a notification', async () => {
    const watcher = await WebhookReceiver.start('/watcher')
    try {
      const watching = await createEndpoint(['webhook_endpoint.disabled'], watcher.url)
      const failing = await createEndpoint(['user.created'])
      receiver.behave = () => ({ status: 503 })
      await createUser()
      await advance(73 * HOUR)
      const [delivery] = await deliveriesOf(failing.id)
      expect(delivery).toMatchObject({
        status: 'failed',
        failure_reason: 'retries_exhausted',
        attempt_count: 25,
        next_attempt_at: null,
      })
      const times = delivery.attempts.map((attempt: { attempted_at: string }) => Date.parse(attempt.attempted_at))
      expect(times.at(-1) - times[0]).toBeLessThan(72 * HOUR * 1000)
      // One delivery's retries end before 72 hours: still enabled. The next failure past 72 hours of failing disables it.
      expect((await client.sandbox('GET', `/v1/webhook_endpoints/${failing.id}`)).body.status).toBe('enabled')
      await createUser()
      await advance(1)
      const endpoint = (await client.sandbox('GET', `/v1/webhook_endpoints/${failing.id}`)).body
      expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'failing' })
      const [notice] = watcher.ofType(watching.secret, 'webhook_endpoint.disabled')
      expect(notice!.data.object).toMatchObject({ id: failing.id, object: 'webhook_endpoint', status: 'disabled' })
      expect(notice!.data.object).not.toHaveProperty('secret')
      // Disabled: new notifications are not sent to it.
      const before = receiver.received.length
      await createUser()
      await advance(1)
      expect(receiver.received).toHaveLength(before)
      // Re-enabling starts again.
      const enabled = await client.sandbox('PATCH', `/v1/webhook_endpoints/${failing.id}`, { body: { enabled: true } })
      expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null })
    } finally {
      await watcher.stop()
    }
  })
})

describe('Endpoint operations: update, rotate, test, replay, delete', () => {
  it('updates url, events and enabled; a manually disabled endpoint gets nothing', async () => {
    const endpoint = await createEndpoint(['user.created'])
    const other = await WebhookReceiver.start('/moved')
    try {
      const updated = await client.sandbox('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, {
        body: { url: other.url, events: ['user.created', 'user.updated'] },
      })
      expect(updated.body).toMatchObject({ url: other.url, events: ['user.created', 'user.updated'] })
      expect(
        (await client.sandbox('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { body: { events: ['nope'] } })).body
          .error.param,
      ).toBe('events[0]')
      expect(
        (
          await client.sandbox('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, {
            body: { url: 'http://192.168.0.1/' },
          })
        ).body.error.param,
      ).toBe('url')
      await createUser()
      await advance(1)
      expect(other.received).toHaveLength(1)
      expect(receiver.received).toHaveLength(0)
      const disabled = await client.sandbox('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, {
        body: { enabled: false },
      })
      expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: 'manual' })
      await createUser()
      await advance(1)
      expect(other.received).toHaveLength(1)
      expect((await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)).body.error.code).toBe(
        'webhook_endpoint_disabled',
      )
    } finally {
      await other.stop()
    }
  })

  it('rotating the secret signs with both secrets for 24 hours, then with the new one only', async () => {
    const endpoint = await createEndpoint(['webhook_endpoint.test'])
    const rotated = await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(endpoint.secret)
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * HOUR * 1000)
    await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)
    const during = receiver.received.at(-1)!
    expect((during.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(2)
    expect(
      constructWebhookEvent(during.rawBody, during.headers['service-signature'] as string, endpoint.secret).type,
    ).toBe('webhook_endpoint.test')
    expect(
      constructWebhookEvent(during.rawBody, during.headers['service-signature'] as string, rotated.body.secret).type,
    ).toBe('webhook_endpoint.test')
    await advance(24 * HOUR + 1)
    await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)
    const after = receiver.received.at(-1)!
    expect((after.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(1)
    expect(() =>
      constructWebhookEvent(after.rawBody, after.headers['service-signature'] as string, endpoint.secret),
    ).toThrow()
    expect(
      (await client.sandbox('GET', `/v1/webhook_endpoints/${endpoint.id}`)).body.previous_secret_expires_at,
    ).toBeNull()
  })

  it('POST /test sends webhook_endpoint.test at once and answers with the delivery', async () => {
    const endpoint = await createEndpoint(['user.created'])
    const response = await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      object: 'webhook_delivery',
      endpoint_id: endpoint.id,
      status: 'succeeded',
      event: { type: 'webhook_endpoint.test' },
      attempts: [{ result: 'succeeded', status_code: null, error: null }],
    })
    expect(receiver.ofType(endpoint.secret, 'webhook_endpoint.test')).toHaveLength(1)
  })

  it('POST /test is limited to 30 per hour per endpoint (429 shape)', async () => {
    const endpoint = await createEndpoint(['user.created'])
    const other = await createEndpoint(['user.created'])
    for (let i = 0; i < 30; i++)
      expect((await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)).status).toBe(200)
    const limited = await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(limited.body.error.retry_after_seconds).toBeGreaterThan(0)
    expect(limited.headers.get('retry-after')).not.toBeNull()
    expect((await client.sandbox('POST', `/v1/webhook_endpoints/${other.id}/test`)).status).toBe(200)
  })

  it('replays a delivery with the same notification id, and lists every delivery with its attempts', async () => {
    const endpoint = await createEndpoint(['user.created'])
    await createUser()
    await advance(1)
    const [original] = await deliveriesOf(endpoint.id)
    expect(original.status).toBe('succeeded')
    const replay = await client.sandbox('POST', `/v1/webhook_endpoints/${endpoint.id}/deliveries/${original.id}/replay`)
    expect(replay.status).toBe(200)
    expect(replay.body).toMatchObject({ status: 'succeeded', replay_of: original.id, event: { id: original.event.id } })
    const [first, second] = receiver.verified(endpoint.secret)
    expect(second!.id).toBe(first!.id)
    const retrieved = await client.sandbox('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries/${original.id}`)
    expect(retrieved.body).toMatchObject({ id: original.id, attempt_count: 1 })
    expect(retrieved.body.attempts[0].duration_ms).toBeGreaterThanOrEqual(0)
    expect((await client.sandbox('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries/whd_missing`)).status).toBe(
      404,
    )
  })

  it('deletes an endpoint; nothing more is sent and a second delete is a 404', async () => {
    const endpoint = await createEndpoint(['user.created'])
    const deleted = await client.sandbox('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)
    expect(deleted.body).toMatchObject({ id: endpoint.id, deleted: true })
    await createUser()
    await advance(1)
    expect(receiver.received).toHaveLength(0)
    expect((await client.sandbox('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)).status).toBe(404)
    expect((await client.sandbox('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries`)).status).toBe(404)
  })

  it('keeps the surfaces apart: a sandbox endpoint is unknown to production', async () => {
    const endpoint = await createEndpoint(['user.created'])
    expect((await client.live('GET', `/v1/webhook_endpoints/${endpoint.id}`)).status).toBe(404)
    await client.live('POST', '/v1/users', { body: { email: `live${++emailCounter}@example.com` } })
    await advance(1)
    expect(receiver.received).toHaveLength(0)
  })
})

describe('Delivery in the background: with the worker running, notifications arrive within seconds', () => {
  it('delivers event.created and departure.computed without any sandbox clock move', async () => {
    const running = await startTestService({ RATE_LIMIT_REQUESTS: '100000' })
    const own = clients(running)
    const inbox = await WebhookReceiver.start()
    try {
      const endpoint = (
        await own.sandbox('POST', '/v1/webhook_endpoints', {
          body: { url: inbox.url, events: ['event.created', 'departure.computed'] },
        })
      ).body
      const user = (
        await own.sandbox('POST', '/v1/users', {
          body: { email: 'background@example.com', home_location: { lat: 52.52, lng: 13.405 } },
        })
      ).body
      const start = new Date(Date.now() + 5 * HOUR * 1000)
      await own.sandbox('POST', '/v1/events', {
        body: {
          user_id: user.id,
          title: 'Review',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
          location: { address: 'Friedrichstrasse 100, Berlin' },
        },
      })
      await inbox.waitFor(2, 5000)
      expect(
        inbox
          .verified(endpoint.secret)
          .map((notification) => notification.type)
          .sort(),
      ).toEqual(['departure.computed', 'event.created'])
    } finally {
      await inbox.stop()
      await running.stop()
    }
  })
})

describe('A sandbox whose operator does not allow loopback targets (a shared deployment)', () => {
  it('refuses loopback webhook endpoints and push endpoints, naming the parameter', async () => {
    const shared = await startTestService({ WORKER: 'false', SANDBOX_LOOPBACK_TARGETS: 'false' })
    const own = clients(shared)
    try {
      for (const url of [receiver.url, 'http://localhost:4242/hook', 'http://[::1]:4242/hook']) {
        const response = await own.sandbox('POST', '/v1/webhook_endpoints', { body: { url, events: ['*'] } })
        expect(response.status, url).toBe(400)
        expect(response.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' })
      }
      const user = (await own.sandbox('POST', '/v1/users', { body: { email: 'shared@example.com' } })).body
      const device = await own.sandbox('POST', `/v1/users/${user.id}/devices`, {
        body: {
          endpoint: 'http://127.0.0.1:9999/push',
          keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
        },
      })
      expect(device.status).toBe(400)
      expect(device.body.error).toMatchObject({ code: 'parameter_invalid', param: 'endpoint' })
    } finally {
      await shared.stop()
    }
  })
})
