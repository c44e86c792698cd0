import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TomTomRoutingAdapter } from '../../../adapters/routing/tomtom/tomtom-routing.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { FAKE_TOMTOM_KEY, type FakeTrafficState, startTomTomFake } from '../../support/fakes/tomtom-routing-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

routingPortContract('TomTom adapter', async () => {
  const tomtom = await startTomTomFake({ congestion: 1.3, incidents: [] })
  return {
    port: new TomTomRoutingAdapter({ ...fastResilience(tomtom.baseUrl).options, apiKey: FAKE_TOMTOM_KEY }),
    teardown: () => tomtom.close(),
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

describe('TomTom adapter', () => {
  let tomtom: FakeHttpServer
  let traffic: FakeTrafficState
  beforeEach(async () => {
    traffic = { congestion: 1.6, incidents: [] }
    tomtom = await startTomTomFake(traffic)
  })
  afterEach(async () => {
    await tomtom.close()
  })

  const adapter = (overrides: Parameters<typeof fastResilience>[1] = {}, apiKey = FAKE_TOMTOM_KEY) =>
    new TomTomRoutingAdapter({ ...fastResilience(tomtom.baseUrl, overrides).options, apiKey })

  describe('asks calculateRoute with live traffic', () => {
    it('sends lat,lon pairs, the key, traffic=true, computeTravelTimeFor=all and the arrival time', async () => {
      await adapter().travelTime(trip())
      const url = tomtom.requests[0]!.url
      expect(url.pathname).toBe('/routing/1/calculateRoute/52.5219,13.4132:52.4675,13.3252/json')
      expect(url.searchParams.get('key')).toBe(FAKE_TOMTOM_KEY)
      expect(url.searchParams.get('traffic')).toBe('true')
      expect(url.searchParams.get('computeTravelTimeFor')).toBe('all')
      expect(url.searchParams.get('sectionType')).toBe('traffic')
      expect(url.searchParams.get('travelMode')).toBe('car')
      expect(url.searchParams.get('arriveAt')).toBe('2026-06-02T08:45:00+00:00')
      expect(url.searchParams.has('departAt')).toBe(false)
    })

    it('asks a departure time with departAt, and an arrival already due as a departure now', async () => {
      await adapter().travelTime(trip({ timing: { kind: 'depart_at', at: new Date('2026-06-02T09:00:00Z') } }))
      await adapter().travelTime(trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T07:59:00Z') } }))
      expect(tomtom.requests.map((request) => request.url.searchParams.get('departAt'))).toEqual([
        '2026-06-02T09:00:00+00:00',
        '2026-06-02T08:00:00+00:00',
      ])
      expect(tomtom.requests.every((request) => !request.url.searchParams.has('arriveAt'))).toBe(true)
    })
  })

  describe('maps the summary', () => {
    it('reads the traffic time as expected and the no-traffic time as free flow, quality live', async () => {
      const route = expectOk(await adapter().travelTime(trip()))
      expect(route.quality).toBe('live')
      expect(route.provider).toBe('tomtom')
      expect(route.expectedMinutes / route.freeFlowMinutes).toBeCloseTo(1.6, 2)
      expect(route.distanceKm).toBeGreaterThan(5)
    })

    it('says historical for a trip beyond the live horizon: the answer then comes from typical traffic', async () => {
      const route = expectOk(
        await adapter().travelTime(trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-03T08:45:00Z') } })),
      )
      expect(route.quality).toBe('historical')
    })

    it('reports the traffic sections as incidents with their delays', async () => {
      traffic.incidents.push(
        { simpleCategory: 'JAM', delayInSeconds: 240, mainCauseCode: 2 },
        { simpleCategory: 'ROAD_WORK', delayInSeconds: 90 },
        { simpleCategory: 'ROAD_CLOSURE', delayInSeconds: 0 },
      )
      const route = expectOk(await adapter().travelTime(trip()))
      expect(route.incidents).toEqual([
        { kind: 'accident', delayMinutes: 4, description: 'JAM' },
        { kind: 'road_works', delayMinutes: 1.5, description: 'ROAD_WORK' },
        { kind: 'road_closure', delayMinutes: 0, description: 'ROAD_CLOSURE' },
      ])
    })

    it('walks as a pedestrian, without traffic', async () => {
      const route = expectOk(await adapter().travelTime(trip({ mode: 'walk' })))
      expect(tomtom.requests[0]!.url.searchParams.get('travelMode')).toBe('pedestrian')
      expect(route.expectedMinutes).toBe(route.freeFlowMinutes)
      expect(route.incidents).toEqual([])
    })

    it('answers transit with the offline estimate, without calling TomTom', async () => {
      const route = expectOk(await adapter().travelTime(trip({ mode: 'transit' })))
      expect(route.quality).toBe('estimate')
      expect(tomtom.requests).toHaveLength(0)
    })
  })

  describe('maps the documented errors', () => {
    it('NO_ROUTE_FOUND and MAP_MATCHING_FAILURE are NoRouteFound', async () => {
      const none = await adapter().travelTime(trip({ destination: { lat: 81, lng: 13 } }))
      const offRoad = await adapter().travelTime(trip({ destination: { lat: -70, lng: 13 } }))
      expect(none.ok ? null : none.error._tag).toBe('NoRouteFound')
      expect(offRoad.ok ? null : offRoad.error._tag).toBe('NoRouteFound')
    })

    it('a 400 BAD_INPUT is a bad request, not retried', async () => {
      tomtom.replyNext({
        status: 400,
        body: { formatVersion: '0.0.12', detailedError: { code: 'BAD_INPUT', message: 'Invalid date format' } },
      })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({
        reason: 'bad_request',
        detail: expect.stringMatching(/Invalid date/),
      })
      expect(tomtom.requests).toHaveLength(1)
    })

    it('a refused key (403) is unauthorized, not retried', async () => {
      const result = await adapter({}, 'wrong-key').travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ _tag: 'ProviderUnavailable', reason: 'unauthorized' })
      expect(tomtom.requests).toHaveLength(1)
    })

    it('429 with Retry-After is honoured, then rate_limited', async () => {
      const { options, sleeps } = fastResilience(tomtom.baseUrl)
      const tooMany = {
        status: 429,
        body: { detailedError: { code: 'TooManyRequests' } },
        headers: { 'retry-after': '0.4' },
      }
      tomtom.replyNext(tooMany, tooMany, tooMany)
      const result = await new TomTomRoutingAdapter({ ...options, apiKey: FAKE_TOMTOM_KEY }).travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'rate_limited' })
      expect(sleeps).toEqual([400, 400])
    })

    it('retries 5xx and then answers', async () => {
      tomtom.replyNext({ status: 503, rawBody: 'Service Unavailable' }, { status: 500, body: {} })
      expect((await adapter().travelTime(trip())).ok).toBe(true)
      expect(tomtom.requests).toHaveLength(3)
    })

    it('times out a slow answer', async () => {
      tomtom.replyNext({ status: 200, body: { routes: [] }, delayMs: 1_000 })
      const result = await adapter({
        timeoutMs: 50,
        retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      }).travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'timeout' })
    })

    it('an answer without a route is a bad response', async () => {
      tomtom.replyNext({ status: 200, body: { formatVersion: '0.0.12', routes: [] } })
      const result = await adapter().travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_response' })
    })
  })
})
