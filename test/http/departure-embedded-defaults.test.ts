import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, startTestService, type TestService } from '../support/service.js'

/**
 * What a platform gets with no provider configured (production's defaults) and on the sandbox, pinned to the minute
 * for one trip: the offline estimator, no weather, and the window model of docs/departure.md ("The embedded
 * defaults"). A change to any of them moves a figure here.
 */
describe('With no provider configured, the embedded defaults answer as documented', () => {
  let test: TestService
  let client: ReturnType<typeof clients>
  beforeAll(async () => {
    test = await startTestService({})
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
  })

  // Alexanderplatz to Steglitz, arriving on a Tuesday at 10:00 Berlin time (09:00Z, winter time).
  const START = Date.parse('2027-03-02T09:00:00Z')
  const body = {
    from_location: { lat: 52.5219, lng: 13.4132 },
    to_location: { lat: 52.4675, lng: 13.3252 },
    arrive_by: new Date(START).toISOString(),
    timezone: 'Europe/Berlin',
  }
  const minutesBefore = (time: string) => (START - Date.parse(time)) / 60_000

  it.each(['live', 'sandbox'] as const)(
    '%s: the offline estimate, its window and nothing invented',
    async (surface) => {
      const response = await client[surface]('POST', '/v1/departure/compute', { body })
      expect(response.status).toBe(200)
      const departure = response.body
      // 11.0 km by the detour factor at urban speeds: 17.2 min free flow, x1.2 in the 09-10 shoulder: 20.7 -> 21.
      expect(departure.travel).toEqual({ total_minutes: 29, drive_minutes: 21, parking_minutes: 5, walk_minutes: 3 })
      expect(departure).toMatchObject({
        traffic_level: 'light',
        data_quality: 'estimate',
        confidence: 'low',
        weather: null,
        weather_warning: null,
        traffic_incidents: [],
        transit_itinerary: null,
      })
      // The reliability margin of estimated data: 21 x exp(1.645 x 0.23) = 30.7 -> 31, 10 minutes of margin; so
      // latest_departure is 31 + 8 minutes before the start, where `start - total_minutes` would be 29.
      expect(minutesBefore(departure.latest_departure)).toBe(39)
      // Pessimism: light traffic 1.15 + estimate 0.15 = 1.30: 21 x 1.3 = 27.3 -> 28, then the margin and the buffers.
      expect(minutesBefore(departure.earliest_departure)).toBe(28 + 10 + 8)
    },
  )
})
