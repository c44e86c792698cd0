import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>
let userId: string

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const iso = (ms: number) => new Date(ms).toISOString()

beforeAll(async () => {
  // Many requests per second: lift the per-key rate limit out of the way. No periodic worker: the sandbox clock
  // alone drives the background jobs, so each firing happens at its exact due moment.
  test = await startTestService({ RATE_LIMIT_REQUESTS: '100000', WORKER: 'false' })
  client = clients(test)
  userId = (
    await client.live('POST', '/v1/users', { body: { email: 'reminders@example.com', timezone: 'Europe/Berlin' } })
  ).body.id
})
afterAll(() => test.stop())

const createEvent = async (surface: 'live' | 'sandbox', owner: string, startMs: number, title = 'Dentist') => {
  const response = await client[surface]('POST', '/v1/events', {
    body: { user_id: owner, title, start_time: iso(startMs), end_time: iso(startMs + HOUR) },
  })
  expect(response.status).toBe(201)
  return response.body as { id: string; start_time: string }
}

const outboxOf = async (surface: 'live' | 'test', reminderId: string) => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  const events = await test.service.application.surfaces[surface].outbox.list(account!.id, 10_000)
  return events
    .filter((event) => event.objectType === 'reminder' && (event.object as { id: string }).id === reminderId)
    .reverse()
    .map((event) => event.type)
}

describe('POST /v1/events/{id}/reminders: offset_minutes gives a before_event reminder at start minus the offset', () => {
  it('answers 201 with the reminder, scheduled', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const response = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { offset_minutes: 15, message: 'Bring the insurance card' },
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      object: 'reminder',
      event_id: event.id,
      user_id: userId,
      reminder_type: 'before_event',
      offset_minutes: 15,
      custom_time: null,
      scheduled_at: iso(Date.parse(event.start_time) - 15 * MINUTE),
      status: 'scheduled',
      sent_at: null,
      message: 'Bring the insurance card',
      livemode: true,
    })
    expect(response.body.id).toMatch(/^rem_/)
    expect(response.body.request_id).toMatch(/^req_/)
    expect(await outboxOf('live', response.body.id)).toEqual(['reminder.created'])
  })

  it.each([5, 15, 30, 60, 120, 1440, 10080])('accepts offset_minutes %i', async (offset) => {
    const event = await createEvent('live', userId, Date.now() + 8 * 24 * HOUR)
    const response = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: offset } })
    expect(response.status).toBe(201)
    expect(Date.parse(response.body.scheduled_at)).toBe(Date.parse(event.start_time) - offset * MINUTE)
  })

  it('custom_time instead gives a custom_time reminder at that time; message is optional', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const at = '2099-01-01T09:30:00+01:00'
    const response = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { custom_time: at } })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      reminder_type: 'custom_time',
      offset_minutes: null,
      custom_time: '2099-01-01T08:30:00.000Z',
      scheduled_at: '2099-01-01T08:30:00.000Z',
      message: null,
    })
  })
})

describe('POST /v1/events/{id}/reminders is idempotent: the same reminder again returns the existing one with 200', () => {
  it('same event and offset', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const first = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 30 } })
    const again = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { offset_minutes: 30, message: 'another text' },
    })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(again.body.message).toBeNull()
    const list = await client.live('GET', `/v1/events/${event.id}/reminders`)
    expect(list.body.data).toHaveLength(1)
  })

  it('same event and the same instant written in another offset', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const first = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { custom_time: '2099-03-01T10:00:00Z' },
    })
    const again = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { custom_time: '2099-03-01T11:00:00+01:00' },
    })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
  })

  it('another offset, or the same offset on another event, is a new reminder', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const other = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const a = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 60 } })
    const b = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 120 } })
    const c = await client.live('POST', `/v1/events/${other.id}/reminders`, { body: { offset_minutes: 60 } })
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201])
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3)
  })

  it('a replay with the same Idempotency-Key answers the original 201', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const headers = { 'idempotency-key': `rem-${event.id}` }
    const first = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { offset_minutes: 5 },
      headers,
    })
    const replay = await client.live('POST', `/v1/events/${event.id}/reminders`, {
      body: { offset_minutes: 5 },
      headers,
    })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
    expect(replay.body.id).toBe(first.body.id)
  })
})

describe('POST /v1/events/{id}/reminders validation names the offending parameter', () => {
  let eventId: string
  beforeAll(async () => {
    eventId = (await createEvent('live', userId, Date.now() + 5 * HOUR)).id
  })

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an offset outside the closed set', { offset_minutes: 10 }, 'parameter_invalid', 'offset_minutes'],
    ['a non-integer offset', { offset_minutes: '15' }, 'parameter_invalid', 'offset_minutes'],
    [
      'both offset and custom time',
      { offset_minutes: 15, custom_time: '2099-01-01T00:00:00Z' },
      'parameter_invalid',
      'custom_time',
    ],
    ['neither offset nor custom time', { message: 'hi' }, 'parameter_missing', 'offset_minutes'],
    ['a custom time without a UTC offset', { custom_time: '2099-01-01T09:00:00' }, 'parameter_invalid', 'custom_time'],
    ['a custom time in the past', { custom_time: '2020-01-01T09:00:00Z' }, 'parameter_invalid', 'custom_time'],
    ['a message over 500 characters', { offset_minutes: 15, message: 'x'.repeat(501) }, 'parameter_invalid', 'message'],
    ['an unknown parameter', { offset_minutes: 15, minutes: 3 }, 'parameter_unknown', 'minutes'],
  ])('refuses %s', async (_label, body, code, param) => {
    const response = await client.live('POST', `/v1/events/${eventId}/reminders`, { body })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param })
  })

  it('refuses an offset that would fire before now', async () => {
    const soon = await createEvent('live', userId, Date.now() + 20 * MINUTE)
    const response = await client.live('POST', `/v1/events/${soon.id}/reminders`, { body: { offset_minutes: 30 } })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'parameter_invalid', param: 'offset_minutes' })
    expect(response.body.error.message).toContain('less than 30 minutes')
  })

  it('404 naming id for an unknown event', async () => {
    const response = await client.live('POST', '/v1/events/evt_missing/reminders', { body: { offset_minutes: 15 } })
    expect(response.status).toBe(404)
    expect(response.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
  })
})

describe('GET /v1/events/{id}/reminders lists them in the list envelope', () => {
  it('newest first, with has_more, limit and a status filter', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const ids: string[] = []
    for (const offset of [5, 15, 30])
      ids.push(
        (await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: offset } })).body.id,
      )
    await client.live('DELETE', `/v1/reminders/${ids[0]}`)
    const list = await client.live('GET', `/v1/events/${event.id}/reminders`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({
      object: 'list',
      has_more: false,
      url: `/v1/events/${event.id}/reminders`,
      livemode: true,
    })
    expect(list.body.data.map((reminder: { id: string }) => reminder.id)).toEqual([...ids].reverse())
    const page = await client.live('GET', `/v1/events/${event.id}/reminders?limit=2`)
    expect(page.body.data).toHaveLength(2)
    expect(page.body.has_more).toBe(true)
    const scheduled = await client.live('GET', `/v1/events/${event.id}/reminders?status=scheduled`)
    expect(scheduled.body.data.map((reminder: { id: string }) => reminder.id)).toEqual([ids[2], ids[1]])
    const cancelled = await client.live('GET', `/v1/events/${event.id}/reminders?status=cancelled`)
    expect(cancelled.body.data.map((reminder: { id: string }) => reminder.id)).toEqual([ids[0]])
  })

  it('validates the query and 404s an unknown event', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const bad = await client.live('GET', `/v1/events/${event.id}/reminders?status=fired`)
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('status')
    const missing = await client.live('GET', '/v1/events/evt_nope/reminders')
    expect(missing.status).toBe(404)
  })
})

describe('GET /v1/reminders/{id}', () => {
  it('retrieves a reminder; 404 for an unknown id', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 60 } })
    const retrieved = await client.live('GET', `/v1/reminders/${created.body.id}`)
    expect(retrieved.status).toBe(200)
    expect({ ...retrieved.body, request_id: null }).toEqual({ ...created.body, request_id: null })
    const missing = await client.live('GET', '/v1/reminders/rem_missing')
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('resource_missing')
  })
})

describe('DELETE /v1/reminders/{id} cancels: the reminder stays visible as cancelled and never fires', () => {
  it('moves it to cancelled with cancelled_at and reason requested; repeating is a no-op', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    const cancelled = await client.live('DELETE', `/v1/reminders/${created.body.id}`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ id: created.body.id, status: 'cancelled', cancellation_reason: 'requested' })
    expect(cancelled.body.cancelled_at).not.toBeNull()
    const again = await client.live('DELETE', `/v1/reminders/${created.body.id}`)
    expect(again.status).toBe(200)
    expect(again.body.updated_at).toBe(cancelled.body.updated_at)
    expect(await outboxOf('live', created.body.id)).toEqual(['reminder.created', 'reminder.cancelled'])
  })

  it('a cancelled reminder does not count for idempotency: the same offset again creates a new one', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const first = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    await client.live('DELETE', `/v1/reminders/${first.body.id}`)
    const second = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.body.id)
  })

  it('404 for a missing reminder', async () => {
    const response = await client.live('DELETE', '/v1/reminders/rem_missing')
    expect(response.status).toBe(404)
  })
})

describe('POST /v1/reminders/{id}/snooze takes snooze_minutes of 1, 3, 5 or 15', () => {
  it.each<[unknown, string]>([
    [2, 'parameter_invalid'],
    [0, 'parameter_invalid'],
    ['5', 'parameter_invalid'],
    [undefined, 'parameter_missing'],
  ])('refuses %s', async (minutes, code) => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    const response = await client.live('POST', `/v1/reminders/${created.body.id}/snooze`, {
      body: minutes === undefined ? {} : { snooze_minutes: minutes },
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code, param: 'snooze_minutes' })
  })

  it('snoozing a scheduled reminder fires it that much later', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    const snoozed = await client.live('POST', `/v1/reminders/${created.body.id}/snooze`, {
      body: { snooze_minutes: 5 },
    })
    expect(snoozed.status).toBe(200)
    expect(snoozed.body).toMatchObject({
      status: 'scheduled',
      snooze_count: 1,
      scheduled_at: iso(Date.parse(created.body.scheduled_at) + 5 * MINUTE),
    })
  })

  it('a cancelled reminder cannot be snoozed or dismissed (409 invalid_state_transition)', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    await client.live('DELETE', `/v1/reminders/${created.body.id}`)
    const snooze = await client.live('POST', `/v1/reminders/${created.body.id}/snooze`, { body: { snooze_minutes: 5 } })
    expect(snooze.status).toBe(409)
    expect(snooze.body.error.code).toBe('invalid_state_transition')
    const dismiss = await client.live('POST', `/v1/reminders/${created.body.id}/dismiss`)
    expect(dismiss.status).toBe(409)
  })

  it('404 for a missing reminder', async () => {
    const response = await client.live('POST', '/v1/reminders/rem_missing/snooze', { body: { snooze_minutes: 5 } })
    expect(response.status).toBe(404)
  })
})

describe('POST /v1/reminders/{id}/dismiss', () => {
  it('a reminder not yet sent cannot be dismissed (cancel it instead)', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    const response = await client.live('POST', `/v1/reminders/${created.body.id}/dismiss`)
    expect(response.status).toBe(409)
    expect(response.body.error).toMatchObject({ code: 'invalid_state_transition' })
    expect(response.body.error.message).toContain("'scheduled'")
  })
})

describe('a paused user: every reminder mutation answers 403 account_deactivated', () => {
  it('create, cancel, snooze and dismiss are refused; reads still work', async () => {
    const paused = (await client.live('POST', '/v1/users', { body: { email: 'paused-reminders@example.com' } })).body.id
    const event = await createEvent('live', paused, Date.now() + 5 * HOUR)
    const created = await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    await client.live('POST', `/v1/users/${paused}/deactivate`)
    const attempts = [
      await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 30 } }),
      await client.live('DELETE', `/v1/reminders/${created.body.id}`),
      await client.live('POST', `/v1/reminders/${created.body.id}/snooze`, { body: { snooze_minutes: 5 } }),
      await client.live('POST', `/v1/reminders/${created.body.id}/dismiss`),
    ]
    for (const response of attempts) {
      expect(response.status).toBe(403)
      expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'account_deactivated' })
    }
    expect((await client.live('GET', `/v1/reminders/${created.body.id}`)).body.status).toBe('scheduled')
    expect((await client.live('GET', `/v1/events/${event.id}/reminders`)).status).toBe(200)
  })
})

describe('sandbox clock: reminders fire at scheduled_at and follow their event', () => {
  let owner: string
  const SUBSCRIPTION = {
    endpoint: 'https://push.example.com/subscriptions/walk',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  }

  const advance = async (seconds: number) => {
    const response = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } })
    expect(response.status).toBe(200)
    return Date.parse(response.body.now)
  }
  const pushesFor = async (reminderId: string) =>
    (await client.sandbox('GET', `/v1/test_helpers/push_messages?user_id=${owner}&limit=100`)).body.data.filter(
      (push: { data: { reminder_id: string } }) => push.data.reminder_id === reminderId,
    )
  const get = async (id: string) => (await client.sandbox('GET', `/v1/reminders/${id}`)).body

  beforeAll(async () => {
    owner = (await client.sandbox('POST', '/v1/users', { body: { email: 'walker@example.com', timezone: 'UTC' } })).body
      .id
    expect((await client.sandbox('POST', `/v1/users/${owner}/devices`, { body: SUBSCRIPTION })).status).toBe(201)
  })

  it('at scheduled_at the reminder is pushed to the user’s devices and becomes sent with sent_at; snooze brings it back; dismiss ends it', async () => {
    const now = await advance(1)
    const event = await createEvent('sandbox', owner, now + 2 * HOUR, 'Board meeting')
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    ).body
    await advance(100 * 60)
    expect(await get(reminder.id)).toMatchObject({ status: 'scheduled', sent_at: null })
    expect(await pushesFor(reminder.id)).toEqual([])

    await advance(10 * 60)
    const sent = await get(reminder.id)
    expect(sent).toMatchObject({ status: 'sent', sent_at: reminder.scheduled_at })
    const [push] = await pushesFor(reminder.id)
    expect(push).toMatchObject({
      object: 'push_message',
      user_id: owner,
      endpoint: SUBSCRIPTION.endpoint,
      title: 'Board meeting',
      silent: false,
      urgency: 'high',
      outcome: 'delivered',
      data: { type: 'reminder', reminder_id: reminder.id, event_id: event.id },
      created_at: reminder.scheduled_at,
    })
    expect(push.body).toMatch(/^Starts in 15 min \(at \d\d:\d\d\)$/)
    expect(push.ttl_seconds).toBe(75 * 60)

    const snoozed = await client.sandbox('POST', `/v1/reminders/${reminder.id}/snooze`, { body: { snooze_minutes: 5 } })
    expect(snoozed.body).toMatchObject({ status: 'scheduled', sent_at: null, snooze_count: 1 })
    const snoozedUntil = Date.parse(snoozed.body.scheduled_at)
    await advance(4 * 60)
    expect((await get(reminder.id)).status).toBe('scheduled')
    await advance(2 * 60)
    expect(await get(reminder.id)).toMatchObject({ status: 'sent', sent_at: iso(snoozedUntil) })
    expect(await pushesFor(reminder.id)).toHaveLength(2)

    const dismissed = await client.sandbox('POST', `/v1/reminders/${reminder.id}/dismiss`)
    expect(dismissed.body).toMatchObject({ status: 'dismissed', sent_at: iso(snoozedUntil) })
    expect(dismissed.body.dismissed_at).not.toBeNull()
    expect(await outboxOf('test', reminder.id)).toEqual([
      'reminder.created',
      'reminder.sent',
      'reminder.snoozed',
      'reminder.sent',
      'reminder.dismissed',
    ])
  })

  it('a cancelled reminder never fires', async () => {
    const now = await advance(1)
    const event = await createEvent('sandbox', owner, now + HOUR)
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 30 } })
    ).body
    await client.sandbox('DELETE', `/v1/reminders/${reminder.id}`)
    await advance(2 * 3600)
    expect((await get(reminder.id)).status).toBe('cancelled')
    expect(await pushesFor(reminder.id)).toEqual([])
  })

  it('moving the event reschedules its before_event reminders (not its custom_time ones)', async () => {
    const now = await advance(1)
    const event = await createEvent('sandbox', owner, now + HOUR)
    const before = (await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 30 } }))
      .body
    const custom = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, {
        body: { custom_time: iso(now + 50 * MINUTE) },
      })
    ).body
    const newStart = Date.parse(event.start_time) + 2 * HOUR
    const moved = await client.sandbox('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: iso(newStart), end_time: iso(newStart + HOUR) },
    })
    expect(moved.status).toBe(200)
    expect(await get(before.id)).toMatchObject({ status: 'scheduled', scheduled_at: iso(newStart - 30 * MINUTE) })
    expect((await get(custom.id)).scheduled_at).toBe(custom.scheduled_at)
    expect(await outboxOf('test', before.id)).toEqual(['reminder.created', 'reminder.rescheduled'])

    await advance(60 * 60)
    expect((await get(before.id)).status).toBe('scheduled')
    expect((await get(custom.id)).status).toBe('sent')
    await advance(2 * 60 * 60)
    expect(await get(before.id)).toMatchObject({ status: 'sent', sent_at: iso(newStart - 30 * MINUTE) })
  })

  it('moving the event later re-arms a before_event reminder that already fired', async () => {
    const now = await advance(1)
    const event = await createEvent('sandbox', owner, now + HOUR)
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    ).body
    await advance(50 * 60)
    expect((await get(reminder.id)).status).toBe('sent')
    const newStart = Date.parse(event.start_time) + 3 * HOUR
    await client.sandbox('PATCH', `/v1/events/${event.id}`, {
      body: { start_time: iso(newStart), end_time: iso(newStart + HOUR) },
    })
    expect(await get(reminder.id)).toMatchObject({
      status: 'scheduled',
      sent_at: null,
      scheduled_at: iso(newStart - 15 * MINUTE),
    })
  })

  it('deleting the event cancels its reminders (reason event_deleted); they never fire', async () => {
    const now = await advance(1)
    const event = await createEvent('sandbox', owner, now + HOUR)
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    ).body
    expect((await client.sandbox('DELETE', `/v1/events/${event.id}`)).status).toBe(200)
    expect(await get(reminder.id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'event_deleted' })
    await advance(2 * 3600)
    expect((await get(reminder.id)).status).toBe('cancelled')
    expect(await pushesFor(reminder.id)).toEqual([])
  })

  it('quiet hours: a reminder due inside them is delivered on time but silent', async () => {
    const sleeper = (
      await client.sandbox('POST', '/v1/users', {
        body: {
          email: 'sleeper@example.com',
          timezone: 'Asia/Tokyo',
          quiet_hours_start: '22:00',
          quiet_hours_end: '07:00',
        },
      })
    ).body.id
    await client.sandbox('POST', `/v1/users/${sleeper}/devices`, {
      body: { ...SUBSCRIPTION, endpoint: 'https://push.example.com/subscriptions/sleeper' },
    })
    const now = await advance(1)
    const local = DateTime.fromMillis(now, { zone: 'Asia/Tokyo' }).plus({ days: 1 })
    const night = local.set({ hour: 23, minute: 30, second: 0, millisecond: 0 }).toMillis()
    const noon = local.set({ hour: 12, minute: 0, second: 0, millisecond: 0 }).toMillis()
    const event = await createEvent('sandbox', sleeper, now + 3 * 24 * HOUR)
    const atNight = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { custom_time: iso(night) } })
    ).body
    const atNoon = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { custom_time: iso(noon) } })
    ).body
    await advance(Math.ceil((night - now) / 1000) + 60)
    const pushes = (await client.sandbox('GET', `/v1/test_helpers/push_messages?user_id=${sleeper}`)).body.data
    const silentOf = (id: string) =>
      pushes.find((push: { data: { reminder_id: string } }) => push.data.reminder_id === id)
    expect(silentOf(atNight.id)).toMatchObject({ silent: true, urgency: 'normal', created_at: iso(night) })
    expect(silentOf(atNoon.id)).toMatchObject({ silent: false, urgency: 'high', created_at: iso(noon) })
  })

  it('a paused user gets no push; the reminder still becomes sent at its time', async () => {
    const napper = (await client.sandbox('POST', '/v1/users', { body: { email: 'napper@example.com' } })).body.id
    await client.sandbox('POST', `/v1/users/${napper}/devices`, {
      body: { ...SUBSCRIPTION, endpoint: 'https://push.example.com/subscriptions/napper' },
    })
    const now = await advance(1)
    const event = await createEvent('sandbox', napper, now + HOUR)
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    ).body
    await client.sandbox('POST', `/v1/users/${napper}/deactivate`)
    await advance(HOUR / 1000)
    expect((await get(reminder.id)).status).toBe('sent')
    expect((await client.sandbox('GET', `/v1/test_helpers/push_messages?user_id=${napper}`)).body.data).toEqual([])
  })

  it('deleting the user removes its reminders and devices', async () => {
    const leaver = (await client.sandbox('POST', '/v1/users', { body: { email: 'leaver@example.com' } })).body.id
    await client.sandbox('POST', `/v1/users/${leaver}/devices`, {
      body: { ...SUBSCRIPTION, endpoint: 'https://push.example.com/subscriptions/leaver' },
    })
    const now = await advance(1)
    const event = await createEvent('sandbox', leaver, now + HOUR)
    const reminder = (
      await client.sandbox('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 15 } })
    ).body
    expect((await client.sandbox('DELETE', `/v1/users/${leaver}`)).status).toBe(200)
    expect((await client.sandbox('GET', `/v1/reminders/${reminder.id}`)).status).toBe(404)
    const [account] = await test.service.application.accountRepository.listAccounts()
    expect(await test.service.application.surfaces.test.devices.devicesOf(account!.id, leaver)).toEqual([])
  })
})

describe('production: the periodic sweep fires due reminders of every account', () => {
  it('the reminder-delivery job, run for all accounts at a clock past scheduled_at, sends the reminder', async () => {
    const event = await createEvent('live', userId, Date.now() + 5 * HOUR)
    const reminder = (await client.live('POST', `/v1/events/${event.id}/reminders`, { body: { offset_minutes: 60 } }))
      .body
    const job = test.service.application.surfaces.live.backgroundJobs.find(
      (candidate) => candidate.name === 'reminder-delivery',
    )!
    const scheduledAt = new Date(reminder.scheduled_at)
    expect(
      await job.nextDueAt({ accountId: null, clock: { now: () => new Date() } }, new Date(scheduledAt.getTime() - 1)),
    ).toEqual(scheduledAt)
    await job.run({ accountId: null, clock: { now: () => new Date(scheduledAt.getTime() + 500) } })
    expect((await client.live('GET', `/v1/reminders/${reminder.id}`)).body).toMatchObject({
      status: 'sent',
      sent_at: iso(scheduledAt.getTime() + 500),
    })
    expect(await outboxOf('live', reminder.id)).toEqual(['reminder.created', 'reminder.sent'])
  })
})
