import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, startTestService, type TestService } from '../support/service.js'

const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) }
let test: TestService
let client: ReturnType<typeof clients>

beforeAll(async () => {
  test = await startTestService({ WORKER: 'false' })
  client = clients(test)
})
afterAll(() => test.stop())

const pushesOf = async (userId: string) =>
  (await client.sandbox('GET', `/v1/test_helpers/push_messages?user_id=${userId}`)).body.data

describe('Invitations: an attendee who is also a user gets an in-app push', () => {
  it('pushes to every device of the attendee user, and nothing to outside attendees', async () => {
    const organizer = (
      await client.sandbox('POST', '/v1/users', { body: { email: 'org.push@example.com', display_name: 'Olga' } })
    ).body
    const attendee = (
      await client.sandbox('POST', '/v1/users', { body: { email: 'att.push@example.com', timezone: 'Europe/Berlin' } })
    ).body
    await client.sandbox('POST', `/v1/users/${attendee.id}/devices`, {
      body: { endpoint: 'https://push.example.com/phone', keys: KEYS },
    })
    await client.sandbox('POST', `/v1/users/${attendee.id}/devices`, {
      body: { endpoint: 'https://push.example.com/laptop', keys: KEYS },
    })
    const start = new Date(Date.now() + 48 * 3_600_000)
    const event = (
      await client.sandbox('POST', '/v1/events', {
        body: {
          user_id: organizer.id,
          title: 'Roadmap',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        },
      })
    ).body
    const invited = await client.sandbox('POST', '/v1/invitations', {
      body: { event_id: event.id, attendees: [{ email: 'att.push@example.com' }, { email: 'outsider@example.com' }] },
    })
    expect(invited.status).toBe(201)
    const [forUser] = invited.body.data
    expect(forUser.attendee_user_id).toBe(attendee.id)
    const pushes = await pushesOf(attendee.id)
    expect(pushes).toHaveLength(2)
    for (const push of pushes) {
      expect(push).toMatchObject({
        title: 'Olga invited you',
        data: { type: 'invitation', invitation_id: forUser.id, event_id: event.id },
      })
      expect(push.body).toContain('Roadmap')
    }
    expect(await pushesOf(organizer.id)).toEqual([])
  })

  it('sends no push to a paused attendee', async () => {
    const organizer = (await client.sandbox('POST', '/v1/users', { body: { email: 'org2.push@example.com' } })).body
    const attendee = (await client.sandbox('POST', '/v1/users', { body: { email: 'paused.push@example.com' } })).body
    await client.sandbox('POST', `/v1/users/${attendee.id}/devices`, {
      body: { endpoint: 'https://push.example.com/p', keys: KEYS },
    })
    await client.sandbox('POST', `/v1/users/${attendee.id}/deactivate`)
    const start = new Date(Date.now() + 48 * 3_600_000)
    const event = (
      await client.sandbox('POST', '/v1/events', {
        body: {
          user_id: organizer.id,
          title: 'Sync',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        },
      })
    ).body
    expect(
      (
        await client.sandbox('POST', '/v1/invitations', {
          body: { event_id: event.id, attendees: [{ email: 'paused.push@example.com' }] },
        })
      ).status,
    ).toBe(201)
    expect(await pushesOf(attendee.id)).toEqual([])
  })
})
