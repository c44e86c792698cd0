import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>
let userId: string

const HOUR = 3_600_000
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()
const HOME = { lat: 52.52, lng: 13.405 }
const OFFICE = { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 }

beforeAll(async () => {
  test = await startTestService()
  client = clients(test)
  userId = (
    await client.live('POST', '/v1/users', {
      body: { email: 'events@example.com', home_location: HOME, timezone: 'Europe/Berlin' },
    })
  ).body.id
})
afterAll(() => test.stop())

const newEvent = (overrides: Record<string, unknown> = {}) => ({
  user_id: userId,
  title: 'Design review',
  category: 'meeting',
  start_time: at(5 * HOUR),
  end_time: at(6 * HOUR),
  location: OFFICE,
  ...overrides,
})

const outboxTypes = async (surface: 'live' | 'test', eventId: string) => {
  const [account] = await test.service.application.accountRepository.listAccounts()
  const events = await test.service.application.surfaces[surface].outbox.list(account!.id, 10_000)
  return events
    .filter((event) => {
      const object = event.object as { id?: string; departure?: { eventId: string } }
      return object.id === eventId || object.departure?.eventId === eventId
    })
    .reverse()
    .map((event) => event.type)
}

describe('POST /v1/events', () => {
  it('answers 201 with Location and the event, its location with lat/lng and monitoring filled', async () => {
    const response = await client.live('POST', '/v1/events', { body: newEvent() })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe(`/v1/events/${response.body.id}`)
    expect(response.body).toMatchObject({
      object: 'event',
      user_id: userId,
      title: 'Design review',
      category: 'meeting',
      timezone: 'Europe/Berlin',
      livemode: true,
    })
    expect(response.body.id).toMatch(/^evt_/)
    expect(response.body.location).toEqual({
      name: 'Office',
      address: 'Friedrichstrasse 100, Berlin',
      lat: 52.5208,
      lng: 13.3874,
    })
    expect(response.body.travel).toEqual({ mode: 'drive', parking_buffer_min: 5 })
    const { monitoring } = response.body
    expect(monitoring.status).toBe('monitoring')
    expect(monitoring.confidence).toBe('low')
    expect(Date.parse(monitoring.earliest_departure)).toBeLessThanOrEqual(Date.parse(monitoring.latest_departure))
    expect(Date.parse(monitoring.latest_departure)).toBeLessThanOrEqual(Date.parse(response.body.start_time))
    expect(monitoring.traffic_status).toBe(monitoring.traffic_level)
    expect(await outboxTypes('live', response.body.id)).toEqual(['event.created', 'departure.computed'])
  })

  it('defaults travel and timezone from the user, and takes the timezone of a located event from its place', async () => {
    const walker = (
      await client.live('POST', '/v1/users', {
        body: {
          email: 'walker@example.com',
          default_travel_mode: 'walk',
          default_parking_buffer: 9,
          timezone: 'Asia/Tokyo',
          home_location: HOME,
        },
      })
    ).body
    const unlocated = await client.live('POST', '/v1/events', {
      body: newEvent({ user_id: walker.id, location: undefined }),
    })
    expect(unlocated.status).toBe(201)
    expect(unlocated.body.travel).toEqual({ mode: 'walk', parking_buffer_min: 9 })
    expect(unlocated.body.timezone).toBe('Asia/Tokyo')
    // The production geocoder is the offline gazetteer: a real city, placed at its centre.
    const located = await client.live('POST', '/v1/events', {
      body: newEvent({ user_id: walker.id, location: { address: '500 Castro St, Mountain View, CA' } }),
    })
    expect(located.status).toBe(201)
    expect(located.body.timezone).toBe('America/Los_Angeles')
    expect(located.body.location.lat).toBeCloseTo(37.386, 2)
    expect(located.body.location.lng).toBeCloseTo(-122.084, 2)
    const pinned = await client.live('POST', '/v1/events', {
      body: newEvent({ user_id: walker.id, timezone: 'Europe/Berlin', location: { address: 'Tokyo, Japan' } }),
    })
    expect(pinned.body.timezone).toBe('Europe/Berlin')
  })

  it('keeps an address the geocoder cannot place, without coordinates, and does not monitor it', async () => {
    const response = await client.live('POST', '/v1/events', {
      body: newEvent({ location: { name: 'Club', address: 'Somewhere 1, Nowhereville' } }),
    })
    expect(response.status).toBe(201)
    expect(response.body.location).toEqual({ name: 'Club', address: 'Somewhere 1, Nowhereville', lat: null, lng: null })
    expect(response.body.monitoring).toMatchObject({ status: 'unresolved_location', earliest_departure: null })
    // The user's timezone, since there is no place to take one from.
    expect(response.body.timezone).toBe('Europe/Berlin')
    const departure = await client.live('GET', `/v1/events/${response.body.id}/departure`)
    expect(departure.status).toBe(409)
    expect(departure.body.error.message).toContain('could not place')
    const retitled = await client.live('PATCH', `/v1/events/${response.body.id}`, { body: { title: 'Renamed' } })
    expect(retitled.body.location.address).toBe('Somewhere 1, Nowhereville')
    expect(retitled.body.monitoring.status).toBe('unresolved_location')
    const placed = await client.live('PATCH', `/v1/events/${response.body.id}`, {
      body: { location: { address: 'Friedrichstrasse 100, Berlin' } },
    })
    expect(typeof placed.body.location.lat).toBe('number')
    expect(placed.body.monitoring.status).toBe('monitoring')
  })

  it('monitors nothing without a location', async () => {
    const response = await client.live('POST', '/v1/events', { body: newEvent({ location: undefined }) })
    expect(response.body.monitoring).toMatchObject({ status: 'no_location', earliest_departure: null })
    const departure = await client.live('GET', `/v1/events/${response.body.id}/departure`)
    expect(departure.status).toBe(409)
    expect(departure.body.error.code).toBe('departure_unavailable')
    expect(departure.body.error.message).toContain('no location')
  })

  it('marks a past event as ended, never monitored', async () => {
    const response = await client.live('POST', '/v1/events', {
      body: newEvent({ start_time: at(-3 * HOUR), end_time: at(-2 * HOUR) }),
    })
    expect(response.body.monitoring.status).toBe('ended')
  })

  it('says when no origin can be found', async () => {
    const homeless = (await client.live('POST', '/v1/users', { body: { email: 'homeless@example.com' } })).body
    const response = await client.live('POST', '/v1/events', { body: newEvent({ user_id: homeless.id }) })
    expect(response.body.monitoring.status).toBe('no_origin')
    const withOrigin = await client.live('POST', '/v1/events', {
      body: newEvent({ user_id: homeless.id, origin: HOME }),
    })
    expect(withOrigin.body.monitoring.status).toBe('monitoring')
  })

  it('is refused with 403 for a paused user', async () => {
    const paused = (await client.live('POST', '/v1/users', { body: { email: 'paused-events@example.com' } })).body
    await client.live('POST', `/v1/users/${paused.id}/deactivate`)
    const response = await client.live('POST', '/v1/events', { body: newEvent({ user_id: paused.id }) })
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('account_deactivated')
  })

  it.each([
    [{ user_id: undefined }, 'parameter_missing', 'user_id'],
    [{ title: undefined }, 'parameter_missing', 'title'],
    [{ title: '   ' }, 'parameter_invalid', 'title'],
    [{ start_time: undefined }, 'parameter_missing', 'start_time'],
    [{ start_time: 'tomorrow' }, 'parameter_invalid', 'start_time'],
    [{ start_time: '2026-05-20T09:00:00' }, 'parameter_invalid', 'start_time'],
    [{ end_time: at(4 * HOUR) }, 'parameter_invalid', 'end_time'],
    [{ category: 'party' }, 'parameter_invalid', 'category'],
    [{ timezone: 'Nowhere/City' }, 'parameter_invalid', 'timezone'],
    [{ location: { lat: 95, lng: 0 } }, 'parameter_invalid', 'location.lat'],
    [{ location: { lat: 52 } }, 'parameter_invalid', 'location.lng'],
    [{ location: { name: 'No address' } }, 'parameter_invalid', 'location.address'],
    [{ travel: { mode: 'teleport' } }, 'parameter_invalid', 'travel.mode'],
    [{ travel: { parking_buffer_min: -1 } }, 'parameter_invalid', 'travel.parking_buffer_min'],
    [{ attendees: [{ name: 'Nobody' }] }, 'parameter_invalid', 'attendees[0]'],
    [{ attendees: [{ email: 'bad' }] }, 'parameter_invalid', 'attendees[0].email'],
    [{ colour: 'red' }, 'parameter_unknown', 'colour'],
  ])('refuses %j with %s naming %s', async (overrides, code, param) => {
    const response = await client.live('POST', '/v1/events', { body: newEvent(overrides) })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code, param })
  })

  it('answers 404 naming user_id for an unknown user', async () => {
    const response = await client.live('POST', '/v1/events', { body: newEvent({ user_id: 'usr_missing' }) })
    expect(response.status).toBe(404)
    expect(response.body.error.param).toBe('user_id')
  })

  it('answers 404 naming attendees[i].user_id for an attendee user id that is not a user of this (connected) account and surface, storing nothing', async () => {
    // attendees[].user_id is for a Connect account: the platform acts for one of its connected accounts.
    const cpa = (await client.live('POST', '/v1/connected_accounts', { body: { name: 'Attendees' } })).body.id
    const connected = { 'service-account': cpa }
    const owner = (
      await client.live('POST', '/v1/users', {
        body: { email: 'cpa-owner@example.com', home_location: HOME },
        headers: connected,
      })
    ).body.id
    const { accounts } = test.service.application
    const other = await accounts.issueKey((await accounts.createAccount()).id, 'live')
    if (!other.ok) throw new Error('issue failed')
    const foreign = await api(test.live, 'POST', '/v1/users', {
      key: other.value.secret,
      body: { email: 'foreign@example.com' },
    })
    const sandboxUser = await client.sandbox('POST', '/v1/users', { body: { email: 'sandbox-attendee@example.com' } })
    const list = async () =>
      (await client.live('GET', `/v1/events?user_id=${owner}&limit=100`, { headers: connected })).body.data.length
    const before = await list()
    // The platform's own user is another account's user too.
    for (const unknown of ['usr_missing', 'not-even-an-id', foreign.body.id, sandboxUser.body.id, userId]) {
      const response = await client.live('POST', '/v1/events', {
        body: newEvent({ user_id: owner, attendees: [{ email: 'ana@example.com' }, { user_id: unknown }] }),
        headers: connected,
      })
      expect(response.status).toBe(404)
      expect(response.body.error).toMatchObject({ code: 'resource_missing', param: 'attendees[1].user_id' })
    }
    expect(await list()).toBe(before)
    const colleague = await client.live('POST', '/v1/users', {
      body: { email: 'colleague@example.com' },
      headers: connected,
    })
    const created = await client.live('POST', '/v1/events', {
      body: newEvent({ user_id: owner, attendees: [{ user_id: colleague.body.id }] }),
      headers: connected,
    })
    expect(created.status).toBe(201)
    expect(created.body.attendees).toEqual([{ email: null, user_id: colleague.body.id, name: null }])
    const patched = await client.live('PATCH', `/v1/events/${created.body.id}`, {
      body: { attendees: [{ user_id: foreign.body.id }] },
      headers: connected,
    })
    expect(patched.status).toBe(404)
    expect(patched.body.error.param).toBe('attendees[0].user_id')
    const unchanged = await client.live('GET', `/v1/events/${created.body.id}`, { headers: connected })
    expect(unchanged.body.attendees).toEqual([{ email: null, user_id: colleague.body.id, name: null }])
  })

  it('replays with the same Idempotency-Key instead of creating a second event', async () => {
    const headers = { 'idempotency-key': 'create-event-once' }
    const first = await client.live('POST', '/v1/events', { body: newEvent(), headers })
    const second = await client.live('POST', '/v1/events', {
      body: newEvent({ start_time: first.body.start_time, end_time: first.body.end_time }),
      headers,
    })
    expect(second.headers.get('service-idempotent-replay')).toBe('true')
    expect(second.status).toBe(201)
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    expect(second.body.id).toBe(first.body.id)
  })
})

describe('Versions: traffic_level from 2026-05-20 with traffic_status alias; 200 without Location before 2026-03-04', () => {
  it('shows only traffic_status before 2026-05-20', async () => {
    const response = await client.live('POST', '/v1/events', {
      body: newEvent(),
      headers: { 'service-version': '2026-03-04' },
    })
    expect(response.status).toBe(201)
    expect(response.body.monitoring.traffic_status).toBeTruthy()
    expect('traffic_level' in response.body.monitoring).toBe(false)
    const fetched = await client.live('GET', `/v1/events/${response.body.id}`, {
      headers: { 'service-version': '2026-05-20' },
    })
    expect(fetched.body.monitoring.traffic_level).toBe(response.body.monitoring.traffic_status)
  })

  it('answers 200 without Location before 2026-03-04', async () => {
    const response = await client.live('POST', '/v1/events', {
      body: newEvent(),
      headers: { 'service-version': '2025-12-09' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('location')).toBeNull()
    expect(response.body.object).toBe('event')
  })
})

describe('GET, list, PATCH and DELETE /v1/events', () => {
  it('retrieves, and 404s an unknown id', async () => {
    const created = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    expect((await client.live('GET', `/v1/events/${created.id}`)).body.title).toBe('Design review')
    expect((await client.live('GET', '/v1/events/evt_missing')).status).toBe(404)
  })

  it('lists by user and start-time range, newest first', async () => {
    const lister = (
      await client.live('POST', '/v1/users', { body: { email: 'lister@example.com', home_location: HOME } })
    ).body
    const early = (
      await client.live('POST', '/v1/events', {
        body: newEvent({ user_id: lister.id, title: 'early', start_time: at(2 * HOUR), end_time: at(3 * HOUR) }),
      })
    ).body
    const late = (
      await client.live('POST', '/v1/events', {
        body: newEvent({ user_id: lister.id, title: 'late', start_time: at(30 * HOUR), end_time: at(31 * HOUR) }),
      })
    ).body
    const all = await client.live('GET', `/v1/events?user_id=${lister.id}`)
    expect(all.body.data.map((event: { id: string }) => event.id)).toEqual([late.id, early.id])
    const window = await client.live(
      'GET',
      `/v1/events?user_id=${lister.id}&start_time[gte]=${encodeURIComponent(at(HOUR))}&start_time[lt]=${encodeURIComponent(at(10 * HOUR))}`,
    )
    expect(window.body.data.map((event: { title: string }) => event.title)).toEqual(['early'])
    const invalid = await client.live('GET', '/v1/events?start_time[gte]=yesterday')
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.param).toBe('start_time[gte]')
  })

  it('recomputes the window when the time moves, and keeps it when only the title changes', async () => {
    const created = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    const renamed = await client.live('PATCH', `/v1/events/${created.id}`, { body: { title: 'Renamed' } })
    expect(renamed.body.monitoring.earliest_departure).toBe(created.monitoring.earliest_departure)
    const moved = await client.live('PATCH', `/v1/events/${created.id}`, {
      body: { start_time: at(8 * HOUR), end_time: at(9 * HOUR) },
    })
    expect(moved.status).toBe(200)
    expect(Date.parse(moved.body.monitoring.earliest_departure)).toBeGreaterThan(
      Date.parse(created.monitoring.earliest_departure) + 2 * HOUR,
    )
    expect(await outboxTypes('live', created.id)).toEqual([
      'event.created',
      'departure.computed',
      'event.updated',
      'event.updated',
      'departure.updated',
    ])
    const bad = await client.live('PATCH', `/v1/events/${created.id}`, { body: { end_time: at(HOUR) } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('end_time')
  })

  it('deletes: monitoring stops, event.deleted is written, and the event is gone', async () => {
    const created = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    const deleted = await client.live('DELETE', `/v1/events/${created.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: created.id, deleted: true, monitoring: { status: 'cancelled' } })
    expect((await client.live('GET', `/v1/events/${created.id}`)).status).toBe(404)
    expect((await client.live('DELETE', `/v1/events/${created.id}`)).status).toBe(404)
    expect((await outboxTypes('live', created.id)).at(-1)).toBe('event.deleted')
  })

  it('removes a user’s events when the user is deleted (cascade)', async () => {
    const owner = (
      await client.live('POST', '/v1/users', { body: { email: 'cascade-owner@example.com', home_location: HOME } })
    ).body
    const created = (await client.live('POST', '/v1/events', { body: newEvent({ user_id: owner.id }) })).body
    await client.live('DELETE', `/v1/users/${owner.id}`)
    expect((await client.live('GET', `/v1/events/${created.id}`)).status).toBe(404)
  })
})

describe('Departure endpoints', () => {
  it('GET /v1/events/{id}/departure answers the cached window in the Departure shape', async () => {
    const created = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    const response = await client.live('GET', `/v1/events/${created.id}/departure`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      object: 'departure',
      event_id: created.id,
      confidence: 'low',
      origin_source: 'home',
      weather: null,
      weather_warning: null,
    })
    const { travel } = response.body
    expect(travel.total_minutes).toBe(travel.drive_minutes + travel.parking_minutes + travel.walk_minutes)
    expect(travel.parking_minutes).toBe(5)
    expect(travel.walk_minutes).toBe(3)
    expect(response.body.earliest_departure).toBe(created.monitoring.earliest_departure)
  })

  it('POST .../departure/recompute runs a fresh lookup, limited to 4 per minute per event', async () => {
    const created = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    const other = (await client.live('POST', '/v1/events', { body: newEvent() })).body
    const stamps: string[] = []
    for (let i = 0; i < 4; i++) {
      const response = await client.live('POST', `/v1/events/${created.id}/departure/recompute`)
      expect(response.status).toBe(200)
      stamps.push(response.body.calculated_at)
    }
    expect(Date.parse(stamps[3]!)).toBeGreaterThan(Date.parse(created.monitoring.calculated_at) - 1)
    const refused = await client.live('POST', `/v1/events/${created.id}/departure/recompute`)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await client.live('POST', `/v1/events/${other.id}/departure/recompute`)).status).toBe(200)
  })

  it('POST /v1/departure/compute computes a hypothetical trip from lat/lng or addresses and stores nothing', async () => {
    const before = (await client.live('GET', '/v1/events?limit=100')).body.data.length
    const response = await client.live('POST', '/v1/departure/compute', {
      body: {
        from_location: HOME,
        to_location: { address: 'Alexanderplatz 1, Berlin' },
        arrive_by: at(2 * HOUR),
        travel: { mode: 'walk' },
      },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ object: 'departure', event_id: null, confidence: 'low' })
    expect(response.body.travel.parking_minutes).toBe(0)
    expect(Date.parse(response.body.latest_departure)).toBeLessThanOrEqual(Date.parse(at(2 * HOUR)))
    expect((await client.live('GET', '/v1/events?limit=100')).body.data.length).toBe(before)
  })

  it.each([
    [{ to_location: HOME, arrive_by: at(HOUR) }, 'parameter_missing', 'from_location'],
    [{ from_location: HOME, arrive_by: at(HOUR) }, 'parameter_missing', 'to_location'],
    [{ from_location: HOME, to_location: HOME }, 'parameter_missing', 'arrive_by'],
    [{ from_location: {}, to_location: HOME, arrive_by: at(HOUR) }, 'parameter_invalid', 'from_location.address'],
    [{ from_location: HOME, to_location: HOME, arrive_by: at(-HOUR) }, 'parameter_invalid', 'arrive_by'],
    [
      { from_location: HOME, to_location: HOME, arrive_by: at(HOUR), travel: { mode: 'boat' } },
      'parameter_invalid',
      'travel.mode',
    ],
  ])('refuses %j', async (body, code, param) => {
    const response = await client.live('POST', '/v1/departure/compute', { body })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code, param })
  })
})

describe('Sandbox clock walk through an event’s life', () => {
  it('computes the window, tightens the cadence, fires each threshold once in order, and stops at the start', async () => {
    const user = (
      await client.sandbox('POST', '/v1/users', {
        body: { email: 'walk@example.com', home_location: HOME, pre_alert_minutes: 10 },
      })
    ).body
    const created = (
      await client.sandbox('POST', '/v1/events', {
        body: newEvent({ user_id: user.id, start_time: at(4 * HOUR), end_time: at(5 * HOUR) }),
      })
    ).body
    const cadence = (event: { monitoring: { calculated_at: string; next_recalc_at: string } }) =>
      (Date.parse(event.monitoring.next_recalc_at) - Date.parse(event.monitoring.calculated_at)) / 60_000
    expect(cadence(created)).toBeCloseTo(5, 0)

    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 2 * 3600 } })
    const within3h = (await client.sandbox('GET', `/v1/events/${created.id}`)).body
    expect(within3h.monitoring.status).toBe('monitoring')
    expect(cadence(within3h)).toBeCloseTo(2, 0)

    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 100 * 60 } })
    const within30m = (await client.sandbox('GET', `/v1/events/${created.id}`)).body
    expect(cadence(within30m)).toBeCloseTo(1, 0)

    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 30 * 60 } })
    const started = (await client.sandbox('GET', `/v1/events/${created.id}`)).body
    expect(started.monitoring.status).toBe('started')
    expect(started.monitoring.next_recalc_at).toBeNull()

    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3600 } })
    expect((await client.sandbox('GET', `/v1/events/${created.id}`)).body.monitoring.status).toBe('ended')

    const [account] = await test.service.application.accountRepository.listAccounts()
    const outbox = (await test.service.application.surfaces.test.outbox.list(account!.id, 10_000)).reverse()
    const thresholds = outbox
      .filter(
        (event) =>
          event.type === 'departure.threshold_reached' &&
          (event.object as { departure: { eventId: string } }).departure.eventId === created.id,
      )
      .map((event) => event.object as { threshold: string; dueAt: Date })
    expect(thresholds.map((t) => t.threshold)).toEqual(['pre_alert', 'leave_now', 'last_call'])
    // Each fired at its due moment on the sandbox clock (the walk stops there).
    const firedAt = outbox
      .filter(
        (event) =>
          event.type === 'departure.threshold_reached' &&
          (event.object as { departure: { eventId: string } }).departure.eventId === created.id,
      )
      .map((event) => event.createdAt.getTime())
    for (const [index, threshold] of thresholds.entries())
      expect(firedAt[index]).toBe(new Date(threshold.dueAt).getTime())
  })
})
