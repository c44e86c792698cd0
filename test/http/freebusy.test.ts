import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>
/** A second account's sandbox key: its ids must be 404 to the first account, and the reverse. */
let intruderKey: string

// A Monday two weeks ahead, in Berlin: every event and window of this file lives in that week.
const monday = DateTime.now().setZone('Europe/Berlin').plus({ weeks: 2 }).startOf('week')
const berlin = (day: number, hour: number, minute = 0) =>
  monday.plus({ days: day }).set({ hour, minute }).toJSDate().toISOString()

const newUser = async (timezone = 'Europe/Berlin') => {
  const user = await client.sandbox('POST', '/v1/users', {
    body: { email: `fb-${Math.random().toString(36).slice(2)}@example.com`, timezone },
  })
  expect(user.status).toBe(201)
  return user.body as { id: string; email: string }
}

const newEvent = async (userId: string, start: string, end: string, extra: Record<string, unknown> = {}) => {
  const event = await client.sandbox('POST', '/v1/events', {
    body: { user_id: userId, title: 'Busy', category: 'meeting', start_time: start, end_time: end, ...extra },
  })
  expect(event.status).toBe(201)
  return event.body as { id: string }
}

const query = (body: unknown, key?: string) =>
  client.sandbox('POST', '/v1/freebusy/query', { body, ...(key === undefined ? {} : { key }) })

beforeAll(async () => {
  test = await startTestService({ RATE_LIMIT_REQUESTS: '10000', RATE_LIMIT_WINDOW_MS: '1000' })
  client = clients(test)
  const { accounts } = test.service.application
  const other = await accounts.createAccount()
  const sandbox = await accounts.issueKey(other.id, 'test')
  if (!sandbox.ok) throw new Error('issue failed')
  intruderKey = sandbox.value.secret
})
afterAll(() => test.stop())

describe('POST /v1/freebusy/query: participants map to their busy time in the window', () => {
  it('merges a user’s overlapping events, clips to the window, and leaves out events outside it', async () => {
    const user = await newUser()
    await newEvent(user.id, berlin(0, 9), berlin(0, 10))
    await newEvent(user.id, berlin(0, 9, 30), berlin(0, 11))
    await newEvent(user.id, berlin(0, 11), berlin(0, 11, 30))
    await newEvent(user.id, berlin(0, 13), berlin(0, 14))
    await newEvent(user.id, berlin(1, 9), berlin(1, 10))
    const response = await query({ participants: [user.id], from: berlin(0, 8), to: berlin(0, 13, 30) })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ object: 'freebusy', livemode: false })
    expect(response.body.request_id).toMatch(/^req_/)
    expect(response.body.participants[user.id]).toEqual({
      busy: [
        { start: berlin(0, 9), end: berlin(0, 11, 30) },
        { start: berlin(0, 13), end: berlin(0, 13, 30) },
      ],
      availability: 'known',
      reason: null,
      timezone: 'Europe/Berlin',
    })
  })

  it('ignores deleted events', async () => {
    const user = await newUser()
    const event = await newEvent(user.id, berlin(2, 9), berlin(2, 10))
    expect((await client.sandbox('DELETE', `/v1/events/${event.id}`)).status).toBe(200)
    const response = await query({ participants: [user.id], from: berlin(2, 0), to: berlin(3, 0) })
    expect(response.body.participants[user.id].busy).toEqual([])
  })

  it('external:<EMAIL>: the events naming the address are partial knowledge; an address nobody knows is unknown, not free', async () => {
    const organizer = await newUser()
    await newEvent(organizer.id, berlin(1, 15), berlin(1, 16), {
      attendees: [{ email: 'guest-fb@example.com', name: 'Guest' }],
    })
    const response = await query({
      participants: ['external:Guest-FB@example.com', 'external:nobody-fb@example.com'],
      from: berlin(1, 0),
      to: berlin(2, 0),
    })
    expect(response.status).toBe(200)
    expect(response.body.participants['external:Guest-FB@example.com']).toEqual({
      busy: [{ start: berlin(1, 15), end: berlin(1, 16) }],
      availability: 'partial',
      reason: 'invitations_only',
      timezone: null,
    })
    expect(response.body.participants['external:nobody-fb@example.com']).toEqual({
      busy: [],
      availability: 'unknown',
      reason: 'no_information',
      timezone: null,
    })
  })

  it('an external address of one of the account’s users is that user', async () => {
    const user = await newUser('America/New_York')
    await newEvent(user.id, berlin(3, 9), berlin(3, 10))
    const response = await query({ participants: [`external:${user.email}`], from: berlin(3, 0), to: berlin(4, 0) })
    expect(response.body.participants[`external:${user.email}`]).toMatchObject({
      busy: [{ start: berlin(3, 9), end: berlin(3, 10) }],
      availability: 'known',
      timezone: 'America/New_York',
    })
  })

  it('include_tentative: a tentative answer counts only when asked; a declined one never does', async () => {
    const organizer = await newUser()
    const attendee = 'maybe-fb@example.com'
    const tentative = await newEvent(organizer.id, berlin(4, 9), berlin(4, 10), { attendees: [{ email: attendee }] })
    const declined = await newEvent(organizer.id, berlin(4, 11), berlin(4, 12), { attendees: [{ email: attendee }] })
    const accepted = await newEvent(organizer.id, berlin(4, 13), berlin(4, 14), { attendees: [{ email: attendee }] })
    const answer = async (eventId: string, status: string) => {
      const invited = await client.sandbox('POST', '/v1/invitations', {
        body: { event_id: eventId, attendees: [{ email: attendee }] },
      })
      expect(invited.status).toBe(201)
      const responded = await client.sandbox('POST', `/v1/invitations/${invited.body.data[0].id}/respond`, {
        body: { status },
      })
      expect(responded.status).toBe(200)
    }
    await answer(tentative.id, 'tentative')
    await answer(declined.id, 'declined')
    await answer(accepted.id, 'accepted')
    const window = { participants: [`external:${attendee}`], from: berlin(4, 0), to: berlin(5, 0) }
    const without = await query(window)
    expect(without.body.participants[`external:${attendee}`].busy).toEqual([
      { start: berlin(4, 13), end: berlin(4, 14) },
    ])
    const withTentative = await query({ ...window, include_tentative: true })
    expect(withTentative.body.participants[`external:${attendee}`].busy).toEqual([
      { start: berlin(4, 9), end: berlin(4, 10) },
      { start: berlin(4, 13), end: berlin(4, 14) },
    ])
  })

  it('ids of another account are 404 naming the participant, exactly like ids that do not exist', async () => {
    const user = await newUser()
    const foreign = await api(test.sandbox, 'POST', '/v1/freebusy/query', {
      key: intruderKey,
      body: { participants: ['external:a@example.com', user.id], from: berlin(0, 0), to: berlin(1, 0) },
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toMatchObject({ code: 'resource_missing', param: 'participants[1]' })
    const missing = await api(test.sandbox, 'POST', '/v1/freebusy/query', {
      key: intruderKey,
      body: { participants: ['external:a@example.com', 'usr_doesnotexist'], from: berlin(0, 0), to: berlin(1, 0) },
    })
    expect(missing.status).toBe(404)
    expect(foreign.body.error.message.replace(user.id, 'ID')).toBe(
      missing.body.error.message.replace('usr_doesnotexist', 'ID'),
    )
    const calendar = await query({ participants: ['cal_doesnotexist'], from: berlin(0, 0), to: berlin(1, 0) })
    expect(calendar.status).toBe(404)
    expect(calendar.body.error).toMatchObject({ code: 'resource_missing', param: 'participants[0]' })
    // The production surface does not see sandbox users either.
    const live = await client.live('POST', '/v1/freebusy/query', {
      body: { participants: [user.id], from: berlin(0, 0), to: berlin(1, 0) },
    })
    expect(live.status).toBe(404)
  })

  describe('validation errors name the parameter', () => {
    const window = { from: berlin(0, 0), to: berlin(1, 0) }
    const cases: [string, unknown, string, string][] = [
      ['no participants', { ...window }, 'parameter_missing', 'participants'],
      ['an empty list', { ...window, participants: [] }, 'parameter_invalid', 'participants'],
      [
        'more than 50',
        { ...window, participants: Array.from({ length: 51 }, (_, i) => `external:p${i}@example.com`) },
        'parameter_invalid',
        'participants',
      ],
      ['a participant of no known form', { ...window, participants: ['bob'] }, 'parameter_invalid', 'participants[0]'],
      [
        'a malformed external address',
        { ...window, participants: ['external:not-an-email'] },
        'parameter_invalid',
        'participants[0]',
      ],
      [
        'a bad datetime',
        { participants: ['external:a@example.com'], from: 'monday', to: window.to },
        'parameter_invalid',
        'from',
      ],
      ['no to', { participants: ['external:a@example.com'], from: window.from }, 'parameter_missing', 'to'],
      [
        'to before from',
        { participants: ['external:a@example.com'], from: window.to, to: window.from },
        'parameter_invalid',
        'to',
      ],
      [
        'a window over 62 days',
        { participants: ['external:a@example.com'], from: berlin(0, 0), to: berlin(63, 0) },
        'parameter_invalid',
        'to',
      ],
      [
        'include_tentative not a boolean',
        { ...window, participants: ['external:a@example.com'], include_tentative: 'yes' },
        'parameter_invalid',
        'include_tentative',
      ],
      [
        'an unknown parameter',
        { ...window, participants: ['external:a@example.com'], timezone: 'UTC' },
        'parameter_unknown',
        'timezone',
      ],
    ]
    for (const [name, body, code, param] of cases)
      it(`${name}: ${code} on ${param}`, async () => {
        const response = await query(body)
        expect(response.status).toBe(400)
        expect(response.body.error).toMatchObject({ code, param })
      })
  })
})

const findSlots = (body: unknown) => client.sandbox('POST', '/v1/freebusy/find_slots', { body })

describe('POST /v1/freebusy/find_slots: free slots of every participant, in their own working hours', () => {
  it('keeps clear of busy time plus the buffer, inside working hours in each participant’s zone, best first', async () => {
    const paris = await newUser('Europe/Paris')
    const newYork = await newUser('America/New_York')
    await newEvent(paris.id, berlin(1, 15), berlin(1, 16))
    const response = await findSlots({
      participants: [paris.id, newYork.id],
      duration_minutes: 30,
      earliest_start: berlin(1, 0),
      latest_end: berlin(2, 0),
      working_hours: { start: '09:00', end: '18:00', days: ['monday', 'tuesday', 'wed'] },
      buffer_minutes_between_meetings: 15,
      limit: 25,
    })
    expect(response.status).toBe(200)
    expect(response.body.object).toBe('list')
    expect(response.body.warnings).toEqual([])
    const slots = response.body.data as {
      start: string
      end: string
      score: number
      matches: string[]
      misses: string[]
    }[]
    expect(slots.length).toBeGreaterThan(0)
    // Paris 09:00-18:00 meets New York 09:00-18:00 from 15:00 to 18:00 Paris time (Berlin time too).
    for (const slot of slots) {
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.parse(berlin(1, 15)))
      expect(Date.parse(slot.end)).toBeLessThanOrEqual(Date.parse(berlin(1, 18)))
      // Busy 15:00-16:00 plus 15 minutes each side.
      expect(Date.parse(slot.start) >= Date.parse(berlin(1, 16, 15))).toBe(true)
      expect(slot.score).toBeGreaterThanOrEqual(0)
      expect(slot.score).toBeLessThanOrEqual(1)
      expect(slot.matches).toEqual(['working_hours', 'buffer_minutes_between_meetings'])
      expect(slot.misses).toEqual([])
    }
    const scores = slots.map((slot) => slot.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('limit defaults to 5; preferred_time_of_day lands in misses when a slot is outside it', async () => {
    const user = await newUser('Europe/Berlin')
    const response = await findSlots({
      participants: [user.id],
      duration_minutes: 60,
      earliest_start: berlin(2, 0),
      latest_end: berlin(3, 0),
      working_hours: { start: '08:00', end: '18:00' },
      preferred_time_of_day: 'afternoon',
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toHaveLength(5)
    for (const slot of response.body.data) {
      const local = DateTime.fromISO(slot.start, { zone: 'Europe/Berlin' })
      const inAfternoon = local.hour >= 12 && DateTime.fromISO(slot.end, { zone: 'Europe/Berlin' }).hour <= 17
      expect(slot.matches.includes('preferred_time_of_day')).toBe(inAfternoon)
      expect(slot.misses.includes('preferred_time_of_day')).toBe(!inAfternoon)
    }
    expect(response.body.data[0].matches).toContain('preferred_time_of_day')
  })

  it('warns that an unknown participant is assumed free', async () => {
    const user = await newUser()
    const response = await findSlots({
      participants: [user.id, 'external:stranger-fb@example.com'],
      duration_minutes: 30,
      earliest_start: berlin(2, 9),
      latest_end: berlin(2, 12),
    })
    expect(response.status).toBe(200)
    expect(response.body.warnings).toEqual([
      expect.objectContaining({ code: 'availability_unknown', participant: 'external:stranger-fb@example.com' }),
    ])
  })

  it('never offers a slot before the sandbox clock’s now', async () => {
    // An account of its own: advancing its clock must not move the other tests' clock.
    const { accounts } = test.service.application
    const account = await accounts.createAccount()
    const issued = await accounts.issueKey(account.id, 'test')
    if (!issued.ok) throw new Error('issue failed')
    const key = issued.value.secret
    const user = await api(test.sandbox, 'POST', '/v1/users', { key, body: { email: 'clock-fb@example.com' } })
    const advanced = await api(test.sandbox, 'POST', '/v1/test_helpers/advance_time', {
      key,
      body: { seconds: 3 * 86_400 },
    })
    expect(advanced.status).toBe(200)
    const sandboxNow = Date.parse(advanced.body.now)
    const response = await api(test.sandbox, 'POST', '/v1/freebusy/find_slots', {
      key,
      body: {
        participants: [user.body.id],
        duration_minutes: 30,
        earliest_start: new Date().toISOString(),
        latest_end: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        limit: 25,
      },
    })
    expect(response.status).toBe(200)
    expect(response.body.data.length).toBeGreaterThan(0)
    for (const slot of response.body.data) expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(sandboxNow)
  })

  describe('validation errors name the parameter', () => {
    const base = {
      participants: ['external:a@example.com'],
      duration_minutes: 30,
      earliest_start: berlin(0, 0),
      latest_end: berlin(1, 0),
    }
    const cases: [string, unknown, string, string][] = [
      ['no duration', { ...base, duration_minutes: undefined }, 'parameter_missing', 'duration_minutes'],
      ['a zero duration', { ...base, duration_minutes: 0 }, 'parameter_invalid', 'duration_minutes'],
      ['no earliest_start', { ...base, earliest_start: undefined }, 'parameter_missing', 'earliest_start'],
      ['no latest_end', { ...base, latest_end: undefined }, 'parameter_missing', 'latest_end'],
      [
        'a window shorter than the meeting',
        { ...base, latest_end: berlin(0, 0, 15) },
        'parameter_invalid',
        'latest_end',
      ],
      ['limit over 25', { ...base, limit: 26 }, 'parameter_invalid', 'limit'],
      [
        'a negative buffer',
        { ...base, buffer_minutes_between_meetings: -5 },
        'parameter_invalid',
        'buffer_minutes_between_meetings',
      ],
      [
        'an unknown time of day',
        { ...base, preferred_time_of_day: 'night' },
        'parameter_invalid',
        'preferred_time_of_day',
      ],
      [
        'working hours that end before they start',
        { ...base, working_hours: { start: '17:00', end: '09:00' } },
        'parameter_invalid',
        'working_hours.end',
      ],
      [
        'a working-hours time not HH:mm',
        { ...base, working_hours: { start: '9am', end: '17:00' } },
        'parameter_invalid',
        'working_hours.start',
      ],
      [
        'an unknown weekday',
        { ...base, working_hours: { start: '09:00', end: '17:00', days: ['funday'] } },
        'parameter_invalid',
        'working_hours.days[0]',
      ],
      [
        'a bad fallback timezone',
        { ...base, working_hours: { start: '09:00', end: '17:00', timezone: 'Mars/Olympus' } },
        'parameter_invalid',
        'working_hours.timezone',
      ],
    ]
    for (const [name, body, code, param] of cases)
      it(`${name}: ${code} on ${param}`, async () => {
        const response = await findSlots(body)
        expect(response.status).toBe(400)
        expect(response.body.error).toMatchObject({ code, param })
      })
  })
})

const suggest = (body: unknown) => client.sandbox('POST', '/v1/scheduling/suggest', { body })

describe('POST /v1/scheduling/suggest: travel-aware slot candidates', () => {
  it('answers {object: "list", data: [slot candidates]} with truthful matches and misses', async () => {
    const user = await newUser()
    const response = await suggest({
      intent: 'Coffee with Ana',
      participants: [user.id],
      duration_minutes: 30,
      constraints: {
        earliest: berlin(0, 0),
        latest: berlin(7, 0),
        preferred_days: ['tue', 'thu'],
        preferred_time_of_day: 'morning',
      },
      limit: 10,
    })
    expect(response.status).toBe(200)
    expect(response.body.object).toBe('list')
    expect(response.body.data).toHaveLength(10)
    for (const slot of response.body.data) {
      const local = DateTime.fromISO(slot.start, { zone: 'Europe/Berlin' })
      const onDay = local.weekday === 2 || local.weekday === 4
      expect(slot.matches.includes('preferred_days')).toBe(onDay)
      expect(slot.misses.includes('preferred_days')).toBe(!onDay)
      expect(slot.matches).toEqual(expect.arrayContaining(['earliest', 'latest']))
      expect(slot.score).toBeGreaterThanOrEqual(0)
      expect(slot.score).toBeLessThanOrEqual(1)
    }
    // The best candidate meets both preferences.
    expect(response.body.data[0].misses).toEqual([])
  })

  it('in person: no slot the participant cannot reach from the event before, or that makes the next one late', async () => {
    const user = await newUser()
    // Two meetings in Hamburg, a few hours by road from the (synthetic, Berlin) venue.
    const hamburg = { name: 'Hamburg office', address: 'Jungfernstieg 1, Hamburg', lat: 53.5527, lng: 9.9934 }
    await newEvent(user.id, berlin(1, 6), berlin(1, 7), { location: hamburg })
    await newEvent(user.id, berlin(1, 21), berlin(1, 22), { location: hamburg })
    const response = await suggest({
      intent: 'Site visit',
      participants: [user.id],
      duration_minutes: 60,
      constraints: { earliest: berlin(1, 0), latest: berlin(2, 0), max_travel_minutes_between_meetings: 600 },
      location: { address: 'Alexanderplatz 1, Berlin', type: 'in_person' },
      limit: 25,
    })
    expect(response.status).toBe(200)
    const slots = response.body.data as { start: string; end: string; matches: string[] }[]
    expect(slots.length).toBeGreaterThan(0)
    for (const slot of slots) {
      // At least two hours on the road each way: nothing right after the first meeting or right before the second.
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.parse(berlin(1, 9, 30)))
      expect(Date.parse(slot.end)).toBeLessThanOrEqual(Date.parse(berlin(1, 18, 30)))
      expect(slot.matches).toContain('max_travel_minutes_between_meetings')
    }
    const strict = await suggest({
      intent: 'Site visit',
      participants: [user.id],
      duration_minutes: 60,
      constraints: { earliest: berlin(1, 0), latest: berlin(2, 0), max_travel_minutes_between_meetings: 30 },
      location: { address: 'Alexanderplatz 1, Berlin', type: 'in_person' },
      limit: 25,
    })
    for (const slot of strict.body.data) {
      expect(slot.misses).toContain('max_travel_minutes_between_meetings')
      expect(slot.matches).not.toContain('max_travel_minutes_between_meetings')
    }
  })

  describe('validation errors name the parameter', () => {
    const base = { intent: 'Sync', participants: ['external:a@example.com'], duration_minutes: 30 }
    const cases: [string, unknown, string, string][] = [
      ['no intent', { ...base, intent: undefined }, 'parameter_missing', 'intent'],
      ['a calendar id', { ...base, participants: ['cal_abc'] }, 'parameter_invalid', 'participants[0]'],
      [
        'a full weekday name',
        { ...base, constraints: { preferred_days: ['monday'] } },
        'parameter_invalid',
        'constraints.preferred_days[0]',
      ],
      [
        'latest before earliest',
        { ...base, constraints: { earliest: berlin(2, 0), latest: berlin(1, 0) } },
        'parameter_invalid',
        'constraints.latest',
      ],
      [
        'a horizon over 31 days',
        { ...base, constraints: { earliest: berlin(0, 0), latest: berlin(40, 0) } },
        'parameter_invalid',
        'constraints.latest',
      ],
      [
        'a negative travel allowance',
        { ...base, constraints: { max_travel_minutes_between_meetings: -1 } },
        'parameter_invalid',
        'constraints.max_travel_minutes_between_meetings',
      ],
      ['limit over 25', { ...base, limit: 26 }, 'parameter_invalid', 'limit'],
      ['an unknown location field', { ...base, location: { city: 'Berlin' } }, 'parameter_unknown', 'location.city'],
    ]
    // The intruder account's key: the suggestions pool (10 per second per key) is the other tests' to use up.
    for (const [name, body, code, param] of cases)
      it(`${name}: ${code} on ${param}`, async () => {
        const response = await api(test.sandbox, 'POST', '/v1/scheduling/suggest', { key: intruderKey, body })
        expect(response.status).toBe(400)
        expect(response.body.error).toMatchObject({ code, param })
      })
  })
})
