import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FakeHttpServer } from '../support/fakes/fake-http-server.js'
import { startOtpFake } from '../support/fakes/otp-fake.js'
import { clients, startTestService, type TestService } from '../support/service.js'

const HOUR = 3_600_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const trip = (arriveBy: string, mode: 'transit' | 'drive') => ({
  from_location: { lat: 52.5219, lng: 13.4132 },
  to_location: { lat: 52.4675, lng: 13.3252 },
  arrive_by: arriveBy,
  timezone: 'Europe/Berlin',
  travel: { mode },
})

describe('The transit itinerary in the departure (OpenTripPlanner, against a local fake)', () => {
  let otp: FakeHttpServer
  let test: TestService
  let client: ReturnType<typeof clients>
  beforeAll(async () => {
    otp = await startOtpFake({ headwayMinutes: 10, walkToStopMinutes: 5, walkFromStopMinutes: 4, realTime: false })
    test = await startTestService({ TRANSIT: 'otp', OTP_URL: otp.baseUrl, PROVIDER_TIMEOUT_MS: '2000' })
    client = clients(test)
  })
  afterAll(async () => {
    await test.stop()
    await otp.close()
  })

  it('a transit departure carries the itinerary: walk to the stop, each ride with its line, headsign and stops, the change, walk from it', async () => {
    const response = await client.live('POST', '/v1/departure/compute', { body: trip(at(2 * HOUR), 'transit') })
    expect(response.status).toBe(200)
    const itinerary = response.body.transit_itinerary
    expect(itinerary).toMatchObject({ transfers: 1, walk_minutes: 9, wait_minutes: 4 })
    expect(
      itinerary.legs.map((leg: Record<string, unknown>) => [leg.mode, leg.route, leg.headsign, leg.from, leg.to]),
    ).toEqual([
      ['walk', null, null, 'Origin', 'Stop A'],
      ['tram', 'M10', 'Hauptbahnhof', 'Stop A', 'Change'],
      ['rail', 'S5', 'Flughafen BER', 'Change', 'Stop B'],
      ['walk', null, null, 'Stop B', 'Destination'],
    ])
    // The itinerary is the one the window is built on: it arrives in time and leaves after latest_departure.
    expect(Date.parse(itinerary.arrives_at)).toBeLessThanOrEqual(Date.parse(trip(at(2 * HOUR), 'transit').arrive_by))
    expect(Date.parse(itinerary.departs_at)).toBeGreaterThanOrEqual(Date.parse(response.body.latest_departure))
    expect(itinerary.legs[0].departs_at).toBe(itinerary.departs_at)
  })

  it('the offline estimate (the sandbox) says it has no itinerary, and so does a drive', async () => {
    const estimated = await client.sandbox('POST', '/v1/departure/compute', { body: trip(at(2 * HOUR), 'transit') })
    expect(estimated.body).toMatchObject({ data_quality: 'estimate', transit_itinerary: null })
    const drive = await client.live('POST', '/v1/departure/compute', { body: trip(at(2 * HOUR), 'drive') })
    expect(drive.body.transit_itinerary).toBeNull()
  })
})
