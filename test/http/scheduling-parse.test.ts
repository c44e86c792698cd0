import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>
let userId: string

const parse = (surface: 'live' | 'sandbox', body: unknown) => client[surface]('POST', '/v1/scheduling/parse', { body })

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '100000' })
  client = clients(test)
  userId = (
    await client.live('POST', '/v1/users', { body: { email: 'parse-owner@example.com', timezone: 'Europe/Berlin' } })
  ).body.id
})
afterAll(() => test.stop())

describe('POST /v1/scheduling/parse answers a parsed_event: event, confidence, warnings', () => {
  it('reads title, time, place and people, with the times in the user zone', async () => {
    const response = await parse('live', {
      text: 'Coffee with Ana and bob@example.com at Blue Bottle, 66 Mint St tomorrow 10am for 45 minutes',
      user_context: { timezone: 'America/New_York' },
    })
    expect(response.status).toBe(200)
    const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 })
    const start = tomorrow.set({ hour: 10, minute: 0, second: 0, millisecond: 0 })
    expect(response.body).toMatchObject({
      object: 'parsed_event',
      event: {
        title: 'Coffee with Ana and bob',
        timezone: 'America/New_York',
        location: { name: 'Blue Bottle', address: '66 Mint St' },
        attendees: [
          { name: 'Ana', email: null },
          { name: 'bob', email: 'bob@example.com' },
        ],
      },
      confidence: { title: 0.9, start_time: 0.95, location: 0.9, attendees: 0.5 },
      warnings: ['No e-mail address for "Ana".'],
      livemode: true,
    })
    expect(response.body.event.user_id).toBeUndefined()
    expect(Date.parse(response.body.event.start_time)).toBe(start.toMillis())
    expect(Date.parse(response.body.event.end_time)).toBe(start.plus({ minutes: 45 }).toMillis())
    // Written with the zone's offset, not in UTC.
    expect(response.body.event.start_time).toBe(start.toISO({ suppressMilliseconds: true }))
    expect(response.body.request_id).toMatch(/^req_/)
  })

  it('gives every confidence between 0 and 1, and below 0.7 for what a person should confirm', async () => {
    const response = await parse('live', { text: 'meeting at 9', user_context: { timezone: 'Europe/Berlin' } })
    expect(response.status).toBe(200)
    for (const value of Object.values(response.body.confidence)) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThanOrEqual(1)
    }
    expect(response.body.confidence.start_time).toBeLessThan(0.7)
    expect(response.body.warnings.join(' ')).toContain('am or pm')
  })

  it('uses default_event_duration_min when the text gives no end (default 30)', async () => {
    const withDefault = await parse('live', { text: 'Call tomorrow at 3pm', user_context: { timezone: 'UTC' } })
    const longer = await parse('live', {
      text: 'Call tomorrow at 3pm',
      user_context: { timezone: 'UTC', default_event_duration_min: 90 },
    })
    const length = (body: { event: { start_time: string; end_time: string } }) =>
      (Date.parse(body.event.end_time) - Date.parse(body.event.start_time)) / 60_000
    expect(length(withDefault.body)).toBe(30)
    expect(length(longer.body)).toBe(90)
  })

  it('is harmless with hostile text: markup is dropped and reported, nothing is executed or echoed raw', async () => {
    const response = await parse('live', {
      text: '<script>alert(1)</script><b>Board meeting</b> Friday 2pm\u0000',
      user_context: { timezone: 'UTC' },
    })
    expect(response.status).toBe(200)
    expect(response.body.event.title).toBe('Board meeting')
    expect(response.body.confidence.title).toBeLessThan(0.7)
    expect(response.body.warnings).toContain('Markup or control characters were removed from the text.')
  })
})

describe('POST /v1/scheduling/parse validates its request (400 naming the parameter)', () => {
  const context = { timezone: 'Europe/Berlin' }
  it.each([
    ['text missing', { user_context: context }, 'parameter_missing', 'text'],
    ['text blank', { text: '   ', user_context: context }, 'parameter_invalid', 'text'],
    ['text too long', { text: 'a'.repeat(1001), user_context: context }, 'parameter_invalid', 'text'],
    ['text not a string', { text: 42, user_context: context }, 'parameter_invalid', 'text'],
    ['user_context missing', { text: 'Lunch tomorrow' }, 'parameter_missing', 'user_context'],
    ['timezone missing', { text: 'Lunch tomorrow', user_context: {} }, 'parameter_missing', 'user_context.timezone'],
    [
      'timezone invalid',
      { text: 'Lunch tomorrow', user_context: { timezone: 'Mars/Olympus_Mons' } },
      'parameter_invalid',
      'user_context.timezone',
    ],
    [
      'duration zero',
      { text: 'Lunch', user_context: { ...context, default_event_duration_min: 0 } },
      'parameter_invalid',
      'user_context.default_event_duration_min',
    ],
    [
      'duration over a day',
      { text: 'Lunch', user_context: { ...context, default_event_duration_min: 1441 } },
      'parameter_invalid',
      'user_context.default_event_duration_min',
    ],
    [
      'duration fractional',
      { text: 'Lunch', user_context: { ...context, default_event_duration_min: 30.5 } },
      'parameter_invalid',
      'user_context.default_event_duration_min',
    ],
    [
      'user_id not a string',
      { text: 'Lunch', user_context: { ...context, user_id: 7 } },
      'parameter_invalid',
      'user_context.user_id',
    ],
    ['unknown parameter', { text: 'Lunch', user_context: context, locale: 'en' }, 'parameter_unknown', 'locale'],
    [
      'unknown context parameter',
      { text: 'Lunch', user_context: { ...context, tz: 'UTC' } },
      'parameter_unknown',
      'user_context.tz',
    ],
  ])('%s', async (_name, body, code, param) => {
    const response = await parse('live', body)
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code, param })
  })

  it('refuses a call without user_context.timezone even when a user (with a zone) is given', async () => {
    const response = await parse('live', { text: 'Lunch tomorrow', user_context: { user_id: userId } })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'parameter_missing', param: 'user_context.timezone' })
  })
})

describe('user_context.user_id names a user of the caller account and surface', () => {
  it('answers 404 naming user_context.user_id for an unknown id, another account user and a sandbox user', async () => {
    const { accounts } = test.service.application
    const other = await accounts.issueKey((await accounts.createAccount()).id, 'live')
    if (!other.ok) throw new Error('issue failed')
    const foreign = await api(test.live, 'POST', '/v1/users', {
      key: other.value.secret,
      body: { email: 'foreign-parse@example.com' },
    })
    const sandboxUser = await client.sandbox('POST', '/v1/users', { body: { email: 'sandbox-parse@example.com' } })
    for (const unknown of ['usr_missing', foreign.body.id, sandboxUser.body.id]) {
      const response = await parse('live', {
        text: 'Lunch tomorrow',
        user_context: { timezone: 'UTC', user_id: unknown },
      })
      expect(response.status).toBe(404)
      expect(response.body.error).toMatchObject({ code: 'resource_missing', param: 'user_context.user_id' })
    }
  })

  it('answers 403 account_deactivated for a paused user', async () => {
    const paused = (await client.live('POST', '/v1/users', { body: { email: 'paused-parse@example.com' } })).body.id
    await client.live('POST', `/v1/users/${paused}/deactivate`)
    const response = await parse('live', { text: 'Lunch', user_context: { timezone: 'UTC', user_id: paused } })
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('account_deactivated')
  })

  it("resolves a name to a contact from the user's past events, and echoes user_id in the event", async () => {
    const owner = (await client.live('POST', '/v1/users', { body: { email: 'contacts-owner@example.com' } })).body.id
    const created = await client.live('POST', '/v1/events', {
      body: {
        user_id: owner,
        title: 'Earlier',
        start_time: '2026-01-05T10:00:00Z',
        end_time: '2026-01-05T11:00:00Z',
        attendees: [{ email: 'ana.silva@example.com', name: 'Ana Silva' }],
      },
    })
    expect(created.status).toBe(201)
    const text = 'Lunch with Ana tomorrow at noon'
    const known = await parse('live', { text, user_context: { timezone: 'Europe/Lisbon', user_id: owner } })
    expect(known.status).toBe(200)
    expect(known.body.event.user_id).toBe(owner)
    expect(known.body.event.attendees).toEqual([{ name: 'Ana Silva', email: 'ana.silva@example.com' }])
    expect(known.body.confidence.attendees).toBeGreaterThanOrEqual(0.7)
    // Another user of the account does not know Ana.
    const stranger = await parse('live', { text, user_context: { timezone: 'Europe/Lisbon', user_id: userId } })
    expect(stranger.body.event.attendees).toEqual([{ name: 'Ana', email: null }])
    expect(stranger.body.confidence.attendees).toBeLessThan(0.7)
    expect(stranger.body.warnings).toContain('No e-mail address for "Ana".')
  })
})

describe('known contacts also come from the invitations of the user events', () => {
  it('resolves a first name to the invited address and name', async () => {
    const owner = (await client.live('POST', '/v1/users', { body: { email: 'inviter@example.com' } })).body.id
    const event = await client.live('POST', '/v1/events', {
      body: { user_id: owner, title: 'Kickoff', start_time: '2030-02-01T10:00:00Z', end_time: '2030-02-01T11:00:00Z' },
    })
    const invited = await client.live('POST', '/v1/invitations', {
      body: { event_id: event.body.id, attendees: [{ email: 'yusuf.k@example.com', name: 'Yusuf Kaya' }] },
    })
    expect(invited.status).toBe(201)
    const parsed = await parse('live', {
      text: 'Follow-up with Yusuf Friday 11am',
      user_context: { timezone: 'Europe/Istanbul', user_id: owner },
    })
    expect(parsed.body.event.attendees).toEqual([{ name: 'Yusuf Kaya', email: 'yusuf.k@example.com' }])
    expect(parsed.body.confidence.attendees).toBe(0.8)
  })
})

describe('dates are read against the request clock: the sandbox clock on the test surface', () => {
  it('"tomorrow" moves when the sandbox clock is advanced, and production keeps real time', async () => {
    const zone = 'Asia/Tokyo'
    const body = { text: 'Standup tomorrow at 10am', user_context: { timezone: zone } }
    const dayOf = (iso: string) => DateTime.fromISO(iso, { zone }).toISODate()
    const before = Date.parse(
      (await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 1 } })).body.now,
    )
    const first = await parse('sandbox', body)
    expect(first.status).toBe(200)
    expect(first.body.livemode).toBe(false)
    expect(dayOf(first.body.event.start_time)).toBe(DateTime.fromMillis(before, { zone }).plus({ days: 1 }).toISODate())

    const moved = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3 * 24 * 3600 } })
    const after = Date.parse(moved.body.now)
    const second = await parse('sandbox', body)
    expect(dayOf(second.body.event.start_time)).toBe(DateTime.fromMillis(after, { zone }).plus({ days: 1 }).toISODate())
    expect(Date.parse(second.body.event.start_time) - Date.parse(first.body.event.start_time)).toBe(3 * 24 * 3600_000)

    const live = await parse('live', body)
    expect(dayOf(live.body.event.start_time)).toBe(DateTime.now().setZone(zone).plus({ days: 1 }).toISODate())
  })
})

describe('the parsed event is a request body of POST /v1/events as is', () => {
  it('creates the event with the same title, times, zone, place and attendees', async () => {
    const parsed = await parse('live', {
      text: 'Design review with Ana and carla@example.com at Hauptstraße 5, 10115 Berlin next Tuesday 14:00-15:30',
      user_context: { timezone: 'Europe/Berlin', user_id: userId },
    })
    expect(parsed.status).toBe(200)
    expect(parsed.body.event.attendees.some((attendee: { email: null }) => attendee.email === null)).toBe(true)
    const created = await client.live('POST', '/v1/events', { body: parsed.body.event })
    expect(created.status).toBe(201)
    const { event } = parsed.body
    expect(created.body).toMatchObject({
      user_id: userId,
      title: event.title,
      timezone: 'Europe/Berlin',
      location: { name: null, address: 'Hauptstraße 5, 10115 Berlin' },
      attendees: [
        { name: 'Ana', email: null, user_id: null },
        { name: 'carla', email: 'carla@example.com', user_id: null },
      ],
    })
    expect(Date.parse(created.body.start_time)).toBe(Date.parse(event.start_time))
    expect(Date.parse(created.body.end_time)).toBe(Date.parse(event.end_time))
  })

  it('also without a user_id once the caller adds it, and with no location', async () => {
    const parsed = await parse('sandbox', {
      text: 'Zoom call with dana@example.com in 2 hours',
      user_context: { timezone: 'America/New_York' },
    })
    expect(parsed.body.event.location).toBeNull()
    const owner = (await client.sandbox('POST', '/v1/users', { body: { email: 'sandbox-owner@example.com' } })).body.id
    const created = await client.sandbox('POST', '/v1/events', { body: { user_id: owner, ...parsed.body.event } })
    expect(created.status).toBe(201)
    expect(created.body.location).toBeNull()
    expect(created.body.attendees).toEqual([{ name: 'dana', email: 'dana@example.com', user_id: null }])
  })

  it('POST /v1/events still refuses an attendee with neither an e-mail, a user_id nor a name', async () => {
    const response = await client.live('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Nobody',
        start_time: '2030-01-01T10:00:00Z',
        end_time: '2030-01-01T11:00:00Z',
        attendees: [{ email: null }],
      },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.param).toBe('attendees[0]')
  })
})
