import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hiddenFields } from '../support/hosted-page.js'
import { clients, startOnKnownPorts, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  // A service of its own: one connection, so walking the sandbox clock a week ahead stays quick.
  test = await startOnKnownPorts(() => ({ WORKER: 'false' }))
  client = clients(test)
})
afterAll(() => test.stop())

describe('Push channels are renewed before they expire', () => {
  it('the channel is renewed by half its lifetime (3.5 days of 7); a week on, the connection still has a live channel and still receives pushes', async () => {
    const user = await client.sandbox('POST', '/v1/users', { body: { email: 'renewal@example.com' } })
    const started = await client.sandbox('POST', '/v1/connections/start', {
      body: { provider: 'google', user_id: user.body.id, return_url: 'https://app.example.com/back' },
    })
    const html = await (await fetch(started.body.redirect_url)).text()
    const decided = await fetch(`${test.sandbox}/v1/sandbox/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hiddenFields(html), email: 'renewal@example.com', decision: 'allow' }).toString(),
    })
    const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' })
    const connectionId = new URL(back.headers.get('location')!).searchParams.get('connection_id')!
    const first = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.webhook_subscription
    const expiresAt = Date.parse(first.expires_at)

    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3.5 * 24 * 3600 } })
    const halfway = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body.webhook_subscription
    expect(halfway.id).not.toBe(first.id)
    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3.5 * 24 * 3600 } })
    const connection = (await client.sandbox('GET', `/v1/connections/${connectionId}`)).body
    expect(connection.status).toBe('active')
    expect(connection.sync_mode).toBe('realtime')
    expect(connection.webhook_subscription.id).not.toBe(first.id)
    expect(Date.parse(connection.webhook_subscription.expires_at)).toBeGreaterThan(expiresAt)
    const world = test.service.application.surfaces.test.calendarSandbox!.world
    expect(world.channels.has(first.id)).toBe(false)

    const [primary] = (await client.sandbox('GET', `/v1/connections/${connectionId}/calendars`)).body.data
    const soon =
      Date.parse((await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 1 } })).body.now) +
      3_600_000
    const created = await client.sandbox('POST', `/v1/test_helpers/connections/${connectionId}/provider_events`, {
      body: {
        calendar_id: primary.id,
        title: 'After renewal',
        start_time: new Date(soon).toISOString(),
        end_time: new Date(soon + 3_600_000).toISOString(),
      },
    })
    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 1 } })
    const events = (await client.sandbox('GET', `/v1/events?user_id=${user.body.id}&limit=100`)).body.data
    expect(events.some((event: { external_id: string }) => event.external_id === created.body.external_id)).toBe(true)
  })
})
