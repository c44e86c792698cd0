import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clients, startTestService, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
let receiver: WebhookReceiver
/** Keys of a second account, on both surfaces: a tenant that knows (or guesses) the first one's ids. */
let intruder: { live: string; sandbox: string }

const HOUR = 3_600_000
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
  receiver = await WebhookReceiver.start()
  const { accounts } = test.service.application
  const other = await accounts.createAccount()
  const live = await accounts.issueKey(other.id, 'live')
  const sandbox = await accounts.issueKey(other.id, 'test')
  if (!live.ok || !sandbox.ok) throw new Error('issue failed')
  intruder = { live: live.value.secret, sandbox: sandbox.value.secret }
})
afterAll(async () => {
  await receiver.stop()
  await test.stop()
})

const newEvent = async () => {
  const user = await client.live('POST', '/v1/users', {
    body: { email: `owner-${Date.now()}@example.com`, home_location: { lat: 52.52, lng: 13.405 } },
  })
  const event = await client.live('POST', '/v1/events', {
    body: {
      user_id: user.body.id,
      title: 'Design review',
      category: 'meeting',
      start_time: at(5 * HOUR),
      end_time: at(6 * HOUR),
      location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
    },
  })
  expect(event.status).toBe(201)
  return event.body.id as string
}

describe('Sub-limits count only requests that reach the caller’s own resource', () => {
  it('POST /v1/events/{id}/departure/recompute (4 per minute per event): another account’s calls are 404 and use up nothing', async () => {
    const eventId = await newEvent()
    for (let i = 0; i < 6; i++) {
      const probe = await api(test.live, 'POST', `/v1/events/${eventId}/departure/recompute`, { key: intruder.live })
      expect(probe.status).toBe(404)
      expect(probe.body.error.code).toBe('resource_missing')
    }
    // On the other surface the event does not exist at all.
    expect(
      (await api(test.sandbox, 'POST', `/v1/events/${eventId}/departure/recompute`, { key: intruder.sandbox })).status,
    ).toBe(404)
    for (let i = 0; i < 4; i++) {
      expect((await client.live('POST', `/v1/events/${eventId}/departure/recompute`)).status).toBe(200)
    }
    expect((await client.live('POST', `/v1/events/${eventId}/departure/recompute`)).status).toBe(429)
    // Once the owner used up its allowance, others still get 404 (no rate-limit answer that would reveal the id).
    expect(
      (await api(test.live, 'POST', `/v1/events/${eventId}/departure/recompute`, { key: intruder.live })).status,
    ).toBe(404)
  })

  it('an unknown id does not count either: 404 as often as asked, never 429', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await client.live('POST', '/v1/events/evt_00000000000000000000000000/departure/recompute')).status).toBe(
        404,
      )
    }
  })

  it('POST /v1/webhook_endpoints/{id}/test (30 per hour per endpoint): another account cannot lock the owner out', async () => {
    const created = await client.sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['*'] },
    })
    expect(created.status).toBe(201)
    const endpointId = created.body.id as string
    for (let i = 0; i < 31; i++) {
      const probe = await api(test.sandbox, 'POST', `/v1/webhook_endpoints/${endpointId}/test`, {
        key: intruder.sandbox,
      })
      expect(probe.status).toBe(404)
    }
    const owner = await client.sandbox('POST', `/v1/webhook_endpoints/${endpointId}/test`)
    expect(owner.status).toBe(200)
    expect(owner.body.object).toBe('webhook_delivery')
  })
})
