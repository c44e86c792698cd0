import { describe, expect, it } from 'vitest'
import { HereRoutingAdapter } from '../../../adapters/routing/here/here-routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { FAKE_HERE_KEY, type FakeHereTraffic, startHereFake } from '../../support/fakes/here-routing-fake.js'
import {
  type LiveTrafficSubject,
  liveTrafficAdapterSuite,
  liveTrafficTrip as trip,
  useLiveTrafficFake,
} from '../../support/live-traffic-adapter-suite.js'

const here: LiveTrafficSubject<FakeHereTraffic> = {
  name: 'HERE adapter',
  provider: 'here',
  startFake: startHereFake,
  traffic: (congestion) => ({ congestion, incidents: [] }),
  apiKey: FAKE_HERE_KEY,
  makeAdapter: (options) => new HereRoutingAdapter(options),
  modeParameter: 'transportMode',
  timing: { arriveBy: 'arrivalTime', departAt: 'departureTime' },
  tooManyBody: { error: 'Too Many Requests', error_description: 'Rate limit for this service has been reached' },
}

liveTrafficAdapterSuite(here)

describe('HERE adapter', () => {
  const { fake, traffic, adapter } = useLiveTrafficFake(here)

  it('asks /v8/routes with lat,lng points, the key, the summary with typical duration and incidents', async () => {
    await adapter().travelTime(trip())
    const url = fake().requests[0]!.url
    expect(url.pathname).toBe('/v8/routes')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      transportMode: 'car',
      origin: '52.5219,13.4132',
      destination: '52.4675,13.3252',
      return: 'summary,typicalDuration,incidents',
      apiKey: FAKE_HERE_KEY,
      arrivalTime: '2026-06-02T08:45:00+00:00',
    })
  })

  it('reports the incidents on the route by kind, without a delay (HERE gives none per incident)', async () => {
    traffic().incidents.push(
      { type: 'accident', criticality: 'major', description: 'Accident on A100' },
      { type: 'construction', criticality: 'minor' },
      { type: 'massTransit', criticality: 'low' },
    )
    expect(expectOk(await adapter().travelTime(trip())).incidents).toEqual([
      { kind: 'accident', delayMinutes: null, description: 'Accident on A100' },
      { kind: 'road_works', delayMinutes: null, description: 'construction' },
      { kind: 'other', delayMinutes: null, description: 'massTransit' },
    ])
  })

  describe('maps the documented errors', () => {
    it('a malformed request (400) is a bad request naming the cause, not retried', async () => {
      fake().replyNext({
        status: 400,
        body: { title: 'Malformed request', status: 400, code: 'E605001', cause: 'bad time' },
      })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_request', detail: 'HTTP 400: bad time' })
      expect(fake().requests).toHaveLength(1)
    })

    it('an unexpected body is a bad response', async () => {
      fake().replyNext({ status: 200, body: { routes: [{ sections: [{ summary: { duration: 'soon' } }] }] } })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_response' })
    })
  })
})
