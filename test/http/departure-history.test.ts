import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKENS } from '../../hosts/di-tokens.js'
import { api, clients, startTestService, TEST_KEY, type TestService } from '../support/service.js'

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
    await client.sandbox('POST', '/v1/users', {
      body: { email: 'history@example.com', home_location: HOME, timezone: 'Europe/Berlin' },
    })
  ).body.id
})
afterAll(() => test.stop())

const createEvent = async (startsInHours = 5) =>
  (
    await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: userId,
        title: 'Design review',
        category: 'meeting',
        start_time: at(startsInHours * HOUR),
        end_time: at((startsInHours + 1) * HOUR),
        location: OFFICE,
      },
    })
  ).body

describe('GET /v1/events/{id}/departure/history: the recomputes of an event’s departure over time', () => {
  it('holds the first window computed at creation, then each recompute, newest first, with what triggered it', async () => {
    const event = await createEvent()
    const first = await client.sandbox('GET', `/v1/events/${event.id}/departure/history`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ object: 'list', has_more: false, livemode: false })
    expect(first.body.data).toHaveLength(1)
    expect(first.body.data[0]).toMatchObject({
      object: 'departure_history_entry',
      event_id: event.id,
      trigger: 'event_created',
      earliest_departure: event.monitoring.earliest_departure,
      computed_at: event.monitoring.calculated_at,
    })
    expect(first.body.data[0].travel_minutes).toBeGreaterThan(0)

    const recomputed = await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)
    expect(recomputed.status).toBe(200)
    const after = await client.sandbox('GET', `/v1/events/${event.id}/departure/history`)
    expect(after.body.data.map((entry: { trigger: string }) => entry.trigger)).toEqual(['requested', 'event_created'])
    expect(after.body.data[0]).toMatchObject({
      computed_at: recomputed.body.calculated_at,
      earliest_departure: recomputed.body.earliest_departure,
      latest_departure: recomputed.body.latest_departure,
      traffic_level: recomputed.body.traffic_level,
      confidence: recomputed.body.confidence,
      data_quality: recomputed.body.data_quality,
      travel_minutes: recomputed.body.travel.total_minutes,
    })
  })

  it('keeps the weather each recompute used, and the thresholds passed by then as the sandbox clock moves on', async () => {
    const event = await createEvent(2)
    const recomputed = await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)
    const [newest] = (await client.sandbox('GET', `/v1/events/${event.id}/departure/history`)).body.data
    const weather = recomputed.body.weather
    expect(newest.weather).toEqual(
      weather === null
        ? null
        : {
            condition: weather.condition,
            temperature_c: weather.temperature_c,
            precipitation_mm_per_hour: weather.precipitation_mm_per_hour,
            wind_speed_kmh: weather.wind_speed_kmh,
            warning:
              recomputed.body.weather_warning === null
                ? null
                : { kind: recomputed.body.weather_warning.kind, severity: recomputed.body.weather_warning.severity },
          },
    )
    expect(newest.thresholds_reached).toEqual([])

    // Up to the start: the monitor's sweeps recompute on the way and pass the thresholds.
    const moved = await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 2 * 3_600 - 60 } })
    expect(moved.status).toBe(200)
    const entries: { computed_at: string; trigger: string; thresholds_reached: string[] }[] = []
    let after: string | undefined
    for (;;) {
      const page = await client.sandbox(
        'GET',
        `/v1/events/${event.id}/departure/history?limit=100${after === undefined ? '' : `&starting_after=${after}`}`,
      )
      entries.push(...page.body.data)
      if (!page.body.has_more) break
      after = page.body.data.at(-1).id
    }
    const order = ['pre_alert', 'leave_now', 'last_call']
    const oldestFirst = entries.reverse()
    let passed = 0
    for (const entry of oldestFirst) {
      // Always a prefix of the order, never shrinking from one recompute to the next.
      expect(entry.thresholds_reached).toEqual(order.slice(0, entry.thresholds_reached.length))
      expect(entry.thresholds_reached.length).toBeGreaterThanOrEqual(passed)
      passed = entry.thresholds_reached.length
    }
    expect(passed).toBeGreaterThan(0)
    expect(oldestFirst.some((entry) => entry.trigger === 'scheduled')).toBe(true)
  })

  it('pages like every list: limit, then starting_after', async () => {
    const event = await createEvent()
    await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)
    await client.sandbox('POST', `/v1/events/${event.id}/departure/recompute`)
    const page = await client.sandbox('GET', `/v1/events/${event.id}/departure/history?limit=2`)
    expect(page.body.data).toHaveLength(2)
    expect(page.body.has_more).toBe(true)
    const next = await client.sandbox(
      'GET',
      `/v1/events/${event.id}/departure/history?limit=2&starting_after=${page.body.data[1].id}`,
    )
    expect(next.body.data.map((entry: { trigger: string }) => entry.trigger)).toEqual(['event_created'])
    expect(next.body.has_more).toBe(false)
  })

  it('an unknown event is 404 naming the id; a bad limit is 400 naming limit', async () => {
    const missing = await client.sandbox('GET', '/v1/events/evt_missing/departure/history')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'id' })
    const event = await createEvent()
    const bad = await client.sandbox('GET', `/v1/events/${event.id}/departure/history?limit=0`)
    expect(bad.status).toBe(400)
    expect(bad.body.error.param).toBe('limit')
  })

  it('another account’s (or surface’s) event is not found', async () => {
    const event = await createEvent()
    const live = await client.live('GET', `/v1/events/${event.id}/departure/history`)
    expect(live.status).toBe(404)
    expect((await api(test.sandbox, 'GET', `/v1/events/${event.id}/departure/history`, { key: TEST_KEY })).status).toBe(
      200,
    )
  })

  it('a restricted key needs departure:read', async () => {
    const event = await createEvent()
    const key = await client.sandbox('POST', '/v1/api_keys', {
      body: { name: 'events only', permissions: { events: 'read' } },
    })
    const refused = await api(test.sandbox, 'GET', `/v1/events/${event.id}/departure/history`, {
      key: key.body.secret,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain('departure')
  })
  it('goes with its event, and with its user', async () => {
    const event = await createEvent()
    const [account] = await test.service.application.accountRepository.listAccounts()
    const history = test.service.application.surfaces.test.container.get(TOKENS.BufferedDepartureHistory)
    expect((await history.list(account!.id, event.id, { limit: 10 })).data).toHaveLength(1)
    expect((await client.sandbox('DELETE', `/v1/events/${event.id}`)).status).toBe(200)
    expect((await history.list(account!.id, event.id, { limit: 10 })).data).toEqual([])

    const second = await createEvent()
    expect((await history.list(account!.id, second.id, { limit: 10 })).data).toHaveLength(1)
    expect((await client.sandbox('DELETE', `/v1/users/${userId}`)).status).toBe(200)
    expect((await history.list(account!.id, second.id, { limit: 10 })).data).toEqual([])
  })
})
