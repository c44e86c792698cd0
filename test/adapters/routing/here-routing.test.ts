import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HereRoutingAdapter } from '../../../adapters/routing/here/here-routing.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { FAKE_HERE_KEY, type FakeHereTraffic, startHereFake } from '../../support/fakes/here-routing-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

routingPortContract('HERE adapter', async () => {
  const here = await startHereFake({ congestion: 1.3, incidents: [] })
  return {
    port: new HereRoutingAdapter({ ...fastResilience(here.baseUrl).options, apiKey: FAKE_HERE_KEY }),
    teardown: () => here.close(),
  }
})

// The test clock stands at 2026-06-02T08:00Z.
const trip = (overrides: Partial<RouteQuery> = {}): RouteQuery => ({
  origin: { lat: 52.5219, lng: 13.4132 },
  destination: { lat: 52.4675, lng: 13.3252 },
  mode: 'drive',
  timing: { kind: 'arrive_by', at: new Date('2026-06-02T08:45:00Z') },
  timezone: 'Europe/Berlin',
  ...overrides,
})

describe('HERE adapter', () => {
  let here: FakeHttpServer
  let traffic: FakeHereTraffic
  beforeEach(async () => {
    traffic = { congestion: 1.3, incidents: [] }
    here = await startHereFake(traffic)
  })
  afterEach(async () => {
    await here.close()
  })

  const adapter = (overrides: Parameters<typeof fastResilience>[1] = {}, apiKey = FAKE_HERE_KEY) =>
    new HereRoutingAdapter({ ...fastResilience(here.baseUrl, overrides).options, apiKey })

  describe('asks /v8/routes with traffic', () => {
    it('sends lat,lng points, the key, the summary with typical duration and incidents, and the arrival time', async () => {
      await adapter().travelTime(trip())
      const url = here.requests[0]!.url
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

    it('asks a departure time with departureTime, and an arrival already due as a departure now', async () => {
      await adapter().travelTime(trip({ timing: { kind: 'depart_at', at: new Date('2026-06-02T09:00:00Z') } }))
      await adapter().travelTime(trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T07:00:00Z') } }))
      expect(here.requests.map((request) => request.url.searchParams.get('departureTime'))).toEqual([
        '2026-06-02T09:00:00+00:00',
        '2026-06-02T08:00:00+00:00',
      ])
    })
  })

  describe('maps the sections', () => {
    it('reads duration as expected and baseDuration as free flow, quality live', async () => {
      const route = expectOk(await adapter().travelTime(trip()))
      expect(route).toMatchObject({ quality: 'live', provider: 'here', incidents: [] })
      expect(route.expectedMinutes / route.freeFlowMinutes).toBeCloseTo(1.3, 2)
      expect(route.distanceKm).toBeGreaterThan(5)
    })

    it('says historical for a trip beyond the live horizon', async () => {
      const at = new Date('2026-06-04T08:45:00Z')
      expect(expectOk(await adapter().travelTime(trip({ timing: { kind: 'arrive_by', at } }))).quality).toBe(
        'historical',
      )
    })

    it('reports the incidents on the route by kind', async () => {
      traffic.incidents.push(
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

    it('walks as a pedestrian, without traffic; transit is the offline estimate without a call', async () => {
      const walk = expectOk(await adapter().travelTime(trip({ mode: 'walk' })))
      expect(here.requests[0]!.url.searchParams.get('transportMode')).toBe('pedestrian')
      expect(walk.expectedMinutes).toBe(walk.freeFlowMinutes)
      expect(expectOk(await adapter().travelTime(trip({ mode: 'transit' }))).quality).toBe('estimate')
      expect(here.requests).toHaveLength(1)
    })
  })

  describe('maps the documented errors', () => {
    it('a critical noRouteFound or couldNotMatch notice is NoRouteFound', async () => {
      const none = await adapter().travelTime(trip({ destination: { lat: 81, lng: 13 } }))
      const unmatched = await adapter().travelTime(trip({ destination: { lat: -70, lng: 13 } }))
      expect(none.ok ? null : none.error._tag).toBe('NoRouteFound')
      expect(unmatched.ok ? null : unmatched.error._tag).toBe('NoRouteFound')
    })

    it('a malformed request (400) is a bad request naming the cause, not retried', async () => {
      here.replyNext({
        status: 400,
        body: { title: 'Malformed request', status: 400, code: 'E605001', cause: 'bad time' },
      })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_request', detail: 'HTTP 400: bad time' })
      expect(here.requests).toHaveLength(1)
    })

    it('a refused key (401) is unauthorized', async () => {
      const result = await adapter({}, 'wrong').travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'unauthorized' })
    })

    it('429 with Retry-After is honoured, then rate_limited', async () => {
      const { options, sleeps } = fastResilience(here.baseUrl)
      const tooMany = {
        status: 429,
        body: { error: 'Too Many Requests', error_description: 'Rate limit for this service has been reached' },
        headers: { 'retry-after': '0.3' },
      }
      here.replyNext(tooMany, tooMany, tooMany)
      const result = await new HereRoutingAdapter({ ...options, apiKey: FAKE_HERE_KEY }).travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'rate_limited' })
      expect(sleeps).toEqual([300, 300])
    })

    it('retries 5xx and then answers; times out a slow answer', async () => {
      here.replyNext({ status: 502, rawBody: 'Bad Gateway' })
      expect((await adapter().travelTime(trip())).ok).toBe(true)
      here.replyNext({ status: 200, body: { routes: [] }, delayMs: 1_000 })
      const slow = await adapter({
        timeoutMs: 50,
        retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      }).travelTime(trip({ mode: 'walk' }))
      expect(slow.ok ? null : slow.error).toMatchObject({ reason: 'timeout' })
    })

    it('an unexpected body is a bad response', async () => {
      here.replyNext({ status: 200, body: { routes: [{ sections: [{ summary: { duration: 'soon' } }] }] } })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_response' })
    })
  })
})
