import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LiveTrafficAdapterOptions, TimingParameterNames } from '../../adapters/routing/shared/live-traffic.js'
import type { RoutingPort } from '../../core/ports/routing.js'
import { expectOk } from '../../core/shared/result.js'
import { routingPortContract } from '../contracts/routing.contract.js'
import { berlinTrip } from './berlin-trip.js'
import type { FakeHttpServer } from './fakes/fake-http-server.js'
import { fastResilience } from './fast-resilience.js'

/** A live-traffic provider under test: its adapter, its local fake and how its requests name things. */
export interface LiveTrafficSubject<Traffic extends { congestion: number }> {
  readonly name: string
  readonly provider: string
  readonly startFake: (traffic: Traffic) => Promise<FakeHttpServer>
  /** Roads with this congestion and no incidents. */
  readonly traffic: (congestion: number) => Traffic
  readonly apiKey: string
  readonly makeAdapter: (options: LiveTrafficAdapterOptions) => RoutingPort
  /** The query parameters of the mode and of the two times. */
  readonly modeParameter: string
  readonly timing: TimingParameterNames
  /** The body of the provider's documented 429. */
  readonly tooManyBody: unknown
}

/** The trip every live-traffic test asks, changed where a test is about something else. */
export const liveTrafficTrip = berlinTrip

export interface LiveTrafficFixture<Traffic> {
  readonly fake: () => FakeHttpServer
  /** The fake's roads, mutable by a test before it asks. */
  readonly traffic: () => Traffic
  readonly adapter: (overrides?: Parameters<typeof fastResilience>[1], apiKey?: string) => RoutingPort
}

/** A fresh fake per test (congestion 1.6) and adapters on it with fast, recorded retries. */
export const useLiveTrafficFake = <Traffic extends { congestion: number }>(
  subject: LiveTrafficSubject<Traffic>,
): LiveTrafficFixture<Traffic> => {
  let fake: FakeHttpServer
  let traffic: Traffic
  beforeEach(async () => {
    traffic = subject.traffic(1.6)
    fake = await subject.startFake(traffic)
  })
  afterEach(async () => {
    await fake.close()
  })
  return {
    fake: () => fake,
    traffic: () => traffic,
    adapter: (overrides = {}, apiKey = subject.apiKey) =>
      subject.makeAdapter({ ...fastResilience(fake.baseUrl, overrides).options, apiKey }),
  }
}

/**
 * What every live-traffic adapter does whatever its provider (docs/departure.md, "Live traffic and the provider
 * chain"): the RoutingPort contract; one time parameter, the arrival time while it lies ahead, else a departure
 * (now for an arrival already due); `live` within the horizon and `historical` beyond, the free-flow time beside the
 * traffic time; walking without traffic and transit without a call; the resilience every HTTP adapter has.
 */
export const liveTrafficAdapterSuite = <Traffic extends { congestion: number }>(
  subject: LiveTrafficSubject<Traffic>,
): void => {
  routingPortContract(subject.name, async () => {
    const fake = await subject.startFake(subject.traffic(1.3))
    return {
      port: subject.makeAdapter({ ...fastResilience(fake.baseUrl).options, apiKey: subject.apiKey }),
      teardown: () => fake.close(),
    }
  })

  describe(`${subject.name}: what every live-traffic adapter does`, () => {
    const { fake, adapter } = useLiveTrafficFake(subject)
    const times = () =>
      fake().requests.map((request) => ({
        arriveBy: request.url.searchParams.get(subject.timing.arriveBy),
        departAt: request.url.searchParams.get(subject.timing.departAt),
      }))

    it('asks an arrival time ahead as such, a departure time as such, and an arrival already due as a departure now', async () => {
      await adapter().travelTime(liveTrafficTrip())
      await adapter().travelTime(
        liveTrafficTrip({ timing: { kind: 'depart_at', at: new Date('2026-06-02T09:00:00Z') } }),
      )
      await adapter().travelTime(
        liveTrafficTrip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T07:59:00Z') } }),
      )
      expect(times()).toEqual([
        { arriveBy: '2026-06-02T08:45:00+00:00', departAt: null },
        { arriveBy: null, departAt: '2026-06-02T09:00:00+00:00' },
        { arriveBy: null, departAt: '2026-06-02T08:00:00+00:00' },
      ])
    })

    it('reads the traffic time as expected and the no-traffic time as free flow, quality live', async () => {
      const route = expectOk(await adapter().travelTime(liveTrafficTrip()))
      expect(route).toMatchObject({ quality: 'live', provider: subject.provider })
      expect(route.expectedMinutes / route.freeFlowMinutes).toBeCloseTo(1.6, 2)
      expect(route.distanceKm).toBeGreaterThan(5)
    })

    it('says historical for a trip beyond the live horizon: the answer then comes from typical traffic', async () => {
      const at = new Date('2026-06-03T08:45:00Z')
      const route = expectOk(await adapter().travelTime(liveTrafficTrip({ timing: { kind: 'arrive_by', at } })))
      expect(route.quality).toBe('historical')
    })

    it('walks as a pedestrian, without traffic or incidents; transit is the offline estimate, without a call', async () => {
      const walk = expectOk(await adapter().travelTime(liveTrafficTrip({ mode: 'walk' })))
      expect(fake().requests[0]!.url.searchParams.get(subject.modeParameter)).toBe('pedestrian')
      expect(walk.expectedMinutes).toBe(walk.freeFlowMinutes)
      expect(walk.incidents).toEqual([])
      const transit = expectOk(await adapter().travelTime(liveTrafficTrip({ mode: 'transit' })))
      expect(transit).toMatchObject({ quality: 'estimate', provider: 'offline' })
      expect(fake().requests).toHaveLength(1)
    })

    it('no route (the fakes: north of 80°) and a point matching no road (south of -60°) are NoRouteFound', async () => {
      const none = await adapter().travelTime(liveTrafficTrip({ destination: { lat: 81, lng: 13 } }))
      const unmatched = await adapter().travelTime(liveTrafficTrip({ destination: { lat: -70, lng: 13 } }))
      expect([none, unmatched].map((result) => (result.ok ? null : result.error._tag))).toEqual([
        'NoRouteFound',
        'NoRouteFound',
      ])
    })

    it('a refused key is unauthorized, not retried', async () => {
      const result = await adapter({}, 'wrong-key').travelTime(liveTrafficTrip())
      expect(result.ok ? null : result.error).toMatchObject({ _tag: 'ProviderUnavailable', reason: 'unauthorized' })
      expect(fake().requests).toHaveLength(1)
    })

    it('429 with Retry-After is honoured, then rate_limited', async () => {
      const { options, sleeps } = fastResilience(fake().baseUrl)
      const tooMany = { status: 429, body: subject.tooManyBody, headers: { 'retry-after': '0.4' } }
      fake().replyNext(tooMany, tooMany, tooMany)
      const result = await subject.makeAdapter({ ...options, apiKey: subject.apiKey }).travelTime(liveTrafficTrip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'rate_limited' })
      expect(sleeps).toEqual([400, 400])
    })

    it('retries 5xx and then answers', async () => {
      fake().replyNext({ status: 503, rawBody: 'Service Unavailable' }, { status: 502, rawBody: 'Bad Gateway' })
      expect((await adapter().travelTime(liveTrafficTrip())).ok).toBe(true)
      expect(fake().requests).toHaveLength(3)
    })

    it('times out a slow answer', async () => {
      fake().replyNext({ status: 200, body: { routes: [] }, delayMs: 1_000 })
      const result = await adapter({
        timeoutMs: 50,
        retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      }).travelTime(liveTrafficTrip())
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'timeout' })
    })
  })
}
