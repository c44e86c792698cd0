import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OsrmRoutingAdapter } from '../../../adapters/routing/osrm/osrm-routing.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'
import { berlinTrip } from '../../support/berlin-trip.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { startOsrmFake } from '../../support/fakes/osrm-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

routingPortContract('OSRM adapter', async () => {
  const osrm = await startOsrmFake()
  return { port: new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options), teardown: () => osrm.close() }
})

// 08:30 in Berlin: rush hour.
const trip = (overrides: Partial<RouteQuery> = {}): RouteQuery =>
  berlinTrip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T06:30:00Z') }, ...overrides })

describe('OSRM adapter', () => {
  let osrm: FakeHttpServer
  beforeEach(async () => {
    osrm = await startOsrmFake()
  })
  afterEach(async () => {
    await osrm.close()
  })

  describe('maps the documented route response', () => {
    it('asks /route/v1/{profile}/{lon},{lat};{lon},{lat} with its User-Agent', async () => {
      const { options } = fastResilience(osrm.baseUrl)
      await new OsrmRoutingAdapter(options).travelTime(trip())
      const [request] = osrm.requests
      expect(request?.url.pathname).toBe('/route/v1/driving/13.4132,52.5219;13.3252,52.4675')
      expect(request?.headers['user-agent']).toBe(options.userAgent)
    })

    it('reads OSRM duration as free flow, applies the congestion profile and reports quality historical', async () => {
      const route = expectOk(await new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options).travelTime(trip()))
      expect(route.quality).toBe('historical')
      expect(route.expectedMinutes / route.freeFlowMinutes).toBeGreaterThanOrEqual(1.5)
      expect(route.distanceKm).toBeGreaterThan(5)
    })

    it('uses the foot profile for walking', async () => {
      await new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options).travelTime(trip({ mode: 'walk' }))
      expect(osrm.requests[0]?.url.pathname).toMatch(/^\/route\/v1\/foot\//)
    })

    it('answers transit with the offline estimate, without calling OSRM', async () => {
      const route = expectOk(
        await new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options).travelTime(trip({ mode: 'transit' })),
      )
      expect(route.quality).toBe('estimate')
      expect(osrm.requests).toHaveLength(0)
    })
  })

  describe('maps OSRM error codes', () => {
    it('NoRoute is NoRouteFound', async () => {
      const result = await new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options).travelTime(
        trip({ destination: { lat: 81, lng: 13 } }),
      )
      expect(result.ok ? null : result.error._tag).toBe('NoRouteFound')
    })

    it('NoSegment (a point off the road network) is NoRouteFound', async () => {
      const result = await new OsrmRoutingAdapter(fastResilience(osrm.baseUrl).options).travelTime(
        trip({ destination: { lat: -70, lng: 13 } }),
      )
      expect(result.ok ? null : result.error._tag).toBe('NoRouteFound')
    })

    it('InvalidService is a bad request, not retried', async () => {
      const adapter = new OsrmRoutingAdapter({
        ...fastResilience(osrm.baseUrl).options,
        profiles: { drive: 'hovercraft', walk: 'foot' },
      })
      const result = await adapter.travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ _tag: 'ProviderUnavailable', reason: 'bad_request' })
      expect(osrm.requests).toHaveLength(1)
    })
  })

  describe('is resilient', () => {
    it('retries a 503 with exponential backoff and then answers', async () => {
      const { options, sleeps } = fastResilience(osrm.baseUrl)
      osrm.replyNext({ status: 503, rawBody: 'Service Unavailable' }, { status: 502, rawBody: 'Bad Gateway' })
      const route = await new OsrmRoutingAdapter(options).travelTime(trip())
      expect(route.ok).toBe(true)
      expect(osrm.requests).toHaveLength(3)
      expect(sleeps).toEqual([75, 150])
    })

    it('gives up as rate_limited after repeated 429s, honouring Retry-After up to the cap', async () => {
      const { options, sleeps } = fastResilience(osrm.baseUrl)
      const tooMany = { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '0.5' } }
      osrm.replyNext(tooMany, tooMany, tooMany)
      const result = await new OsrmRoutingAdapter(options).travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ _tag: 'ProviderUnavailable', reason: 'rate_limited' })
      expect(sleeps).toEqual([500, 500])
    })

    it('times out a slow answer', async () => {
      const { options } = fastResilience(osrm.baseUrl, {
        timeoutMs: 50,
        retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      })
      osrm.replyNext({ status: 200, body: { code: 'Ok', routes: [] }, delayMs: 1_000 })
      const result = await new OsrmRoutingAdapter(options).travelTime(trip())
      expect(result.ok ? null : result.error).toMatchObject({ _tag: 'ProviderUnavailable', reason: 'timeout' })
    })

    it('opens the circuit after repeated failures and stops calling, then tries again after the reset time', async () => {
      const { options, clock } = fastResilience(osrm.baseUrl, {
        retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      })
      const adapter = new OsrmRoutingAdapter(options)
      osrm.replyNext(...Array.from({ length: 3 }, () => ({ status: 500, rawBody: 'boom' })))
      for (let index = 0; index < 3; index++)
        await adapter.travelTime(trip({ destination: { lat: 52.4 + index / 100, lng: 13.3 } }))
      const shortCircuited = await adapter.travelTime(trip())
      expect(shortCircuited.ok ? null : shortCircuited.error).toMatchObject({ reason: 'circuit_open' })
      expect(osrm.requests).toHaveLength(3)
      clock.ms += 30_000
      expect((await adapter.travelTime(trip())).ok).toBe(true)
      expect(osrm.requests).toHaveLength(4)
    })

    it('caches identical lookups for the TTL', async () => {
      const { options, clock } = fastResilience(osrm.baseUrl)
      const adapter = new OsrmRoutingAdapter(options)
      await Promise.all([adapter.travelTime(trip()), adapter.travelTime(trip())])
      await adapter.travelTime(trip())
      expect(osrm.requests).toHaveLength(1)
      clock.ms += 60_001
      await adapter.travelTime(trip())
      expect(osrm.requests).toHaveLength(2)
    })
  })
})
