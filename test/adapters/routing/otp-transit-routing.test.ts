import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineRoutingAdapter } from '../../../adapters/routing/offline/offline-routing.js'
import { OtpTransitRoutingAdapter } from '../../../adapters/routing/otp/otp-transit-routing.js'
import type { DeadlineWait } from '../../../adapters/routing/shared/routing-deadline.js'
import type { MetricsPort } from '../../../core/ports/metrics.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import { expectOk } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'
import { berlinTrip } from '../../support/berlin-trip.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { type FakeTransitNetwork, startOtpFake } from '../../support/fakes/otp-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

routingPortContract('OpenTripPlanner adapter', async () => {
  const otp = await startOtpFake({ headwayMinutes: 10, walkToStopMinutes: 5, walkFromStopMinutes: 4, realTime: false })
  return {
    port: new OtpTransitRoutingAdapter({
      ...fastResilience(otp.baseUrl).options,
      otherModes: new OfflineRoutingAdapter(),
    }),
    teardown: () => otp.close(),
  }
})

// The test clock stands at 2026-06-02T08:00Z (10:00 in Berlin).
const trip = (overrides: Partial<RouteQuery> = {}): RouteQuery =>
  berlinTrip({
    destination: { lat: 52.5301, lng: 13.4502 },
    mode: 'transit',
    timing: { kind: 'arrive_by', at: new Date('2026-06-02T09:00:00Z') },
    ...overrides,
  })

describe('OpenTripPlanner adapter', () => {
  let otp: FakeHttpServer
  let network: FakeTransitNetwork
  beforeEach(async () => {
    network = { headwayMinutes: 10, walkToStopMinutes: 5, walkFromStopMinutes: 4, realTime: false }
    otp = await startOtpFake(network)
  })
  afterEach(async () => {
    await otp.close()
  })
  const adapter = (overrides: Parameters<typeof fastResilience>[1] = {}) =>
    new OtpTransitRoutingAdapter({
      ...fastResilience(otp.baseUrl, overrides).options,
      otherModes: new OfflineRoutingAdapter(),
    })

  it('asks plan with arriveBy, the local date and time of the feed, transit and walking', async () => {
    await adapter().travelTime(trip())
    const request = otp.requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url.pathname).toBe('/otp/routers/default/index/graphql')
    const { query, variables } = JSON.parse(request.body)
    expect(query).toMatch(/plan\(/)
    expect(query).toMatch(/mode: TRANSIT/)
    expect(variables).toEqual({
      from: { lat: 52.5219, lon: 13.4132 },
      to: { lat: 52.5301, lon: 13.4502 },
      date: '2026-06-02',
      time: '11:00',
      arriveBy: true,
    })
  })

  it('takes the last itinerary that arrives in time: minutes run from its departure to the arrival asked', async () => {
    const route = expectOk(await adapter().travelTime(trip()))
    const plan = route.transit!
    expect(plan.arrivesAt.getTime()).toBeLessThanOrEqual(Date.parse('2026-06-02T09:00:00Z'))
    // The next vehicle (10 minutes later) would arrive late.
    expect(plan.arrivesAt.getTime() + 10 * 60_000).toBeGreaterThan(Date.parse('2026-06-02T09:00:00Z'))
    expect(route.expectedMinutes).toBeCloseTo((Date.parse('2026-06-02T09:00:00Z') - plan.departsAt.getTime()) / 60_000)
    expect(route).toMatchObject({ quality: 'historical', provider: 'otp' })
    expect(route.freeFlowMinutes).toBe(route.expectedMinutes)
  })

  it('reports the walking legs, the rides and the transfers', async () => {
    const near = expectOk(await adapter().travelTime(trip())).transit!
    expect(near.legs.map((leg) => [leg.mode, leg.route, leg.headsign, leg.from, leg.to])).toEqual([
      ['walk', null, null, 'Origin', 'Stop A'],
      ['tram', 'M10', 'Hauptbahnhof', 'Stop A', 'Stop B'],
      ['walk', null, null, 'Stop B', 'Destination'],
    ])
    expect(near).toMatchObject({ transfers: 0, walkMinutes: 9, waitMinutes: 0 })
    const far = expectOk(await adapter().travelTime(trip({ destination: { lat: 52.4, lng: 13.1 } }))).transit!
    expect(far.legs.map((leg) => leg.route)).toEqual([null, 'M10', 'S5', null])
    expect(far).toMatchObject({ transfers: 1, waitMinutes: 4 })
  })

  it('a departure time takes the first itinerary leaving after it', async () => {
    const at = new Date('2026-06-02T08:30:00Z')
    const route = expectOk(await adapter().travelTime(trip({ timing: { kind: 'depart_at', at } })))
    expect(route.transit!.departsAt.getTime()).toBeGreaterThanOrEqual(at.getTime())
    expect(route.expectedMinutes).toBeCloseTo((route.transit!.arrivesAt.getTime() - at.getTime()) / 60_000)
  })

  it('is live when a ride runs on real-time data and leaves within the horizon', async () => {
    network.realTime = true
    expect(expectOk(await adapter().travelTime(trip())).quality).toBe('live')
  })

  it('a routing error such as OUTSIDE_BOUNDS is NoRouteFound; driving and walking go to the other adapter', async () => {
    const outside = await adapter().travelTime(trip({ destination: { lat: 81, lng: 13 } }))
    expect(outside.ok ? null : outside.error).toMatchObject({
      _tag: 'NoRouteFound',
      detail: expect.stringMatching(/outside/),
    })
    expect(expectOk(await adapter().travelTime(trip({ mode: 'drive' }))).quality).toBe('estimate')
    expect(otp.requests).toHaveLength(1)
  })

  it('OTP down with a fallback configured: the offline estimate, quality estimate; no route stays no route', async () => {
    const withFallback = new OtpTransitRoutingAdapter({
      ...fastResilience(otp.baseUrl, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).options,
      otherModes: new OfflineRoutingAdapter(),
      unavailableFallback: new OfflineRoutingAdapter(),
    })
    otp.replyNext({ status: 502, rawBody: 'Bad Gateway' })
    expect(expectOk(await withFallback.travelTime(trip())).quality).toBe('estimate')
    const outside = await withFallback.travelTime(trip({ destination: { lat: 81, lng: 13 } }))
    expect(outside.ok ? null : outside.error._tag).toBe('NoRouteFound')
  })

  it('a GraphQL error is a bad request; 5xx retried; a slow answer times out', async () => {
    otp.replyNext({ status: 200, body: { errors: [{ message: 'Validation error of type FieldUndefined' }] } })
    const invalid = await adapter().travelTime(trip())
    expect(invalid.ok ? null : invalid.error).toMatchObject({
      reason: 'bad_request',
      detail: expect.stringMatching(/FieldUndefined/),
    })
    otp.replyNext({ status: 503, rawBody: 'unavailable' })
    expect((await adapter().travelTime(trip())).ok).toBe(true)
    otp.replyNext({ status: 200, body: {}, delayMs: 1_000 })
    const slow = await adapter({ timeoutMs: 50, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).travelTime(
      trip(),
    )
    expect(slow.ok ? null : slow.error).toMatchObject({ reason: 'timeout' })
  })

  describe('ROUTING_DEADLINE_MS bounds a transit lookup, retries included', () => {
    /** Counts routing_lookups_total and says when an outcome is first counted: a signal, not a wait. */
    const signallingMetrics = () => {
      const outcomes: string[] = []
      const waiters = new Map<string, () => void>()
      const metrics = {
        increment: (_name: string, labels: { source: string; outcome: string }) => {
          outcomes.push(`${labels.source}:${labels.outcome}`)
          waiters.get(labels.outcome)?.()
        },
      } as unknown as MetricsPort
      const counted = (outcome: string) => new Promise<void>((resolve) => waiters.set(outcome, resolve))
      return { metrics, outcomes, counted }
    }
    // The deadline passes at once: OTP's answer needs a round trip over the loopback, so it always comes after.
    const expiredAtOnce: DeadlineWait = () => Promise.resolve()
    const heldDeadline: DeadlineWait = () => new Promise<void>(() => undefined)

    it('OTP slower than the deadline: the offline estimate answers; the plan that comes later is counted late, not answered', async () => {
      const { metrics, outcomes, counted } = signallingMetrics()
      const routing = new OtpTransitRoutingAdapter({
        ...fastResilience(otp.baseUrl).options,
        otherModes: new OfflineRoutingAdapter(),
        unavailableFallback: new OfflineRoutingAdapter(),
        deadline: { afterMs: 8_000, wait: expiredAtOnce },
        metrics,
      })
      const late = counted('late')
      const route = expectOk(await routing.travelTime(trip()))
      expect(route).toMatchObject({ quality: 'estimate' })
      expect(route.transit).toBeUndefined()
      await late
      expect(routing.stats).toEqual({ calls: 1, answered: 0, deadlineFallbacks: 1, late: 1 })
      expect(outcomes).toEqual(['otp:deadline', 'otp:late'])
    })

    it('without a fallback the lookup fails as a timeout naming the deadline', async () => {
      const routing = new OtpTransitRoutingAdapter({
        ...fastResilience(otp.baseUrl).options,
        otherModes: new OfflineRoutingAdapter(),
        deadline: { afterMs: 8_000, wait: expiredAtOnce },
      })
      const failed = await routing.travelTime(trip())
      expect(failed.ok ? null : failed.error).toMatchObject({
        reason: 'timeout',
        detail: expect.stringMatching(/8000 ms/),
      })
    })

    it('OTP within the deadline: its itinerary, counted answered; driving never waits on the transit deadline', async () => {
      const { metrics, outcomes } = signallingMetrics()
      const routing = new OtpTransitRoutingAdapter({
        ...fastResilience(otp.baseUrl).options,
        otherModes: new OfflineRoutingAdapter(),
        unavailableFallback: new OfflineRoutingAdapter(),
        deadline: { afterMs: 8_000, wait: heldDeadline },
        metrics,
      })
      expect(expectOk(await routing.travelTime(trip())).provider).toBe('otp')
      expect(expectOk(await routing.travelTime(trip({ mode: 'drive' }))).quality).toBe('estimate')
      expect(routing.stats).toEqual({ calls: 1, answered: 1, deadlineFallbacks: 0, late: 0 })
      expect(outcomes).toEqual(['otp:answered'])
    })

    it('OTP down: the fallback answers and the failure is counted failed', async () => {
      const { metrics, outcomes } = signallingMetrics()
      const routing = new OtpTransitRoutingAdapter({
        ...fastResilience(otp.baseUrl, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).options,
        otherModes: new OfflineRoutingAdapter(),
        unavailableFallback: new OfflineRoutingAdapter(),
        deadline: { afterMs: 8_000, wait: heldDeadline },
        metrics,
      })
      otp.replyNext({ status: 503, rawBody: 'unavailable' })
      expect(expectOk(await routing.travelTime(trip())).quality).toBe('estimate')
      expect(outcomes).toEqual(['otp:failed'])
    })
  })
})
