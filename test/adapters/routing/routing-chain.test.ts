import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MemoryMetrics } from '../../../adapters/metrics/memory/memory-metrics.js'
import { type DeadlineWait, RoutingChain, snapToCell } from '../../../adapters/routing/chain/routing-chain.js'
import { OfflineRoutingAdapter } from '../../../adapters/routing/offline/offline-routing.js'
import { OsrmRoutingAdapter } from '../../../adapters/routing/osrm/osrm-routing.js'
import { TomTomRoutingAdapter } from '../../../adapters/routing/tomtom/tomtom-routing.js'
import type { RouteEstimate, RouteQuery, RoutingPort } from '../../../core/ports/routing.js'
import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, expectOk, ok } from '../../../core/shared/result.js'
import { routingPortContract } from '../../contracts/routing.contract.js'
import { berlinTrip } from '../../support/berlin-trip.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { startOsrmFake } from '../../support/fakes/osrm-fake.js'
import { FAKE_TOMTOM_KEY, startTomTomFake } from '../../support/fakes/tomtom-routing-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

routingPortContract('routing chain (TomTom, then OSRM, then offline)', async () => {
  const tomtom = await startTomTomFake({ congestion: 1.2, incidents: [] })
  const osrm = await startOsrmFake()
  const { options } = fastResilience(tomtom.baseUrl)
  return {
    port: new RoutingChain({
      links: [
        {
          name: 'tomtom',
          port: new TomTomRoutingAdapter({ ...options, apiKey: FAKE_TOMTOM_KEY }),
          callsPerMinute: 100,
        },
        { name: 'osrm', port: new OsrmRoutingAdapter({ ...options, baseUrl: osrm.baseUrl }), callsPerMinute: 100 },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: options.now,
    }),
    teardown: async () => {
      await tomtom.close()
      await osrm.close()
    },
  }
})

const trip = berlinTrip

describe('routing chain: live, then historical, then the offline estimate', () => {
  let tomtom: FakeHttpServer
  let osrm: FakeHttpServer
  beforeEach(async () => {
    tomtom = await startTomTomFake({ congestion: 1.6, incidents: [] })
    osrm = await startOsrmFake()
  })
  afterEach(async () => {
    await tomtom.close()
    await osrm.close()
  })

  const chain = (budgets: { tomtom?: number; osrm?: number } = {}, overrides = {}) => {
    const resilience = fastResilience(tomtom.baseUrl, {
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      ...overrides,
    })
    const { options } = resilience
    const routing = new RoutingChain({
      links: [
        {
          name: 'tomtom',
          port: new TomTomRoutingAdapter({ ...options, apiKey: FAKE_TOMTOM_KEY }),
          callsPerMinute: budgets.tomtom ?? 100,
        },
        {
          name: 'osrm',
          port: new OsrmRoutingAdapter({ ...options, timeoutMs: 2_000, baseUrl: osrm.baseUrl }),
          callsPerMinute: budgets.osrm ?? 100,
        },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: options.now,
    })
    return { routing, clock: resilience.clock }
  }

  it('answers from the live provider when it is up: quality live, provider tomtom', async () => {
    const route = expectOk(await chain().routing.travelTime(trip()))
    expect(route).toMatchObject({ quality: 'live', provider: 'tomtom' })
    expect(osrm.requests).toHaveLength(0)
  })

  it('live provider down (5xx): the historical answer, and says so', async () => {
    tomtom.replyNext({ status: 503, rawBody: 'Service Unavailable' })
    const route = expectOk(await chain().routing.travelTime(trip()))
    expect(route).toMatchObject({ quality: 'historical', provider: 'osrm' })
  })

  it('live provider slow (timeout): the historical answer', async () => {
    tomtom.replyNext({ status: 200, body: { routes: [] }, delayMs: 1_000 })
    const route = expectOk(await chain({}, { timeoutMs: 50 }).routing.travelTime(trip()))
    expect(route).toMatchObject({ quality: 'historical', provider: 'osrm' })
  })

  it('both down: the offline estimate, quality estimate', async () => {
    tomtom.replyNext({ status: 500, body: {} })
    osrm.replyNext({ status: 502, rawBody: 'Bad Gateway' })
    const route = expectOk(await chain().routing.travelTime(trip()))
    expect(route).toMatchObject({ quality: 'estimate', provider: 'offline' })
  })

  it('a live provider whose circuit is open is passed over without a call', async () => {
    const { routing } = chain()
    tomtom.replyNext(...Array.from({ length: 3 }, () => ({ status: 500, body: {} })))
    for (let index = 0; index < 3; index++) {
      await routing.travelTime(trip({ destination: { lat: 52.4 + index / 50, lng: 13.3 } }))
    }
    const route = expectOk(await routing.travelTime(trip({ destination: { lat: 52.3, lng: 13.2 } })))
    expect(route.provider).toBe('osrm')
    expect(tomtom.requests).toHaveLength(3)
  })

  it('over budget: the live provider is not called past its calls per minute; the next minute it is again', async () => {
    const { routing, clock } = chain({ tomtom: 2 })
    const answers = []
    for (let index = 0; index < 4; index++) {
      answers.push(expectOk(await routing.travelTime(trip({ destination: { lat: 52.4 + index / 50, lng: 13.3 } }))))
    }
    expect(answers.map((answer) => answer.provider)).toEqual(['tomtom', 'tomtom', 'osrm', 'osrm'])
    expect(tomtom.requests).toHaveLength(2)
    expect(routing.stats.overBudget).toEqual({ tomtom: 2 })
    clock.ms += 60_000
    expect(expectOk(await routing.travelTime(trip({ destination: { lat: 52.3, lng: 13.2 } }))).provider).toBe('tomtom')
  })

  it('every budget spent: the offline estimate', async () => {
    const { routing } = chain({ tomtom: 1, osrm: 1 })
    await routing.travelTime(trip())
    await routing.travelTime(trip({ destination: { lat: 52.4, lng: 13.2 } }))
    const route = expectOk(await routing.travelTime(trip({ destination: { lat: 52.3, lng: 13.2 } })))
    expect(route).toMatchObject({ quality: 'estimate', provider: 'offline' })
  })

  it('no route from the live provider is the answer, not replaced by an estimate', async () => {
    const result = await chain().routing.travelTime(trip({ destination: { lat: 81, lng: 13 } }))
    expect(result.ok ? null : result.error._tag).toBe('NoRouteFound')
    expect(osrm.requests).toHaveLength(0)
  })
})

describe('routing chain headed by OSRM (ROUTING=osrm): historical, then the offline estimate', () => {
  let osrm: FakeHttpServer
  beforeEach(async () => {
    osrm = await startOsrmFake()
  })
  afterEach(async () => {
    await osrm.close()
  })
  const chain = (callsPerMinute: number) => {
    const { options } = fastResilience(osrm.baseUrl, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } })
    return new RoutingChain({
      links: [
        { name: 'osrm', port: new OsrmRoutingAdapter(options), callsPerMinute },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: options.now,
    })
  }

  it('up: OSRM answers, historical; down: the estimate; over budget: the estimate without a call', async () => {
    const routing = chain(2)
    expect(expectOk(await routing.travelTime(trip()))).toMatchObject({ provider: 'osrm', quality: 'historical' })
    osrm.replyNext({ status: 503, rawBody: 'Service Unavailable' })
    const down = expectOk(await routing.travelTime(trip({ destination: { lat: 52.4, lng: 13.3 } })))
    expect(down).toMatchObject({ provider: 'offline', quality: 'estimate' })
    const before = osrm.requests.length
    const over = expectOk(await routing.travelTime(trip({ destination: { lat: 52.3, lng: 13.2 } })))
    expect(over).toMatchObject({ provider: 'offline', quality: 'estimate' })
    expect(osrm.requests).toHaveLength(before)
    expect(routing.stats.overBudget).toEqual({ osrm: 1 })
  })
})

describe('routing chain: identical lookups across users share one call', () => {
  const counting = (): RoutingPort & { queries: RouteQuery[] } => {
    const queries: RouteQuery[] = []
    return {
      queries,
      travelTime: async (query) => {
        queries.push(query)
        return ok<RouteEstimate>({ expectedMinutes: 30, freeFlowMinutes: 20, distanceKm: 12, quality: 'live' })
      },
    }
  }
  const setUp = () => {
    const clock = { ms: Date.parse('2026-06-02T08:00:00Z') }
    const live = counting()
    const routing = new RoutingChain({
      links: [
        { name: 'live', port: live, callsPerMinute: 1_000 },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: () => clock.ms,
    })
    return { clock, live, routing }
  }

  it('two users 50 m apart going to the same venue in the same 5 minutes: one call, from the cell centres', async () => {
    const { live, routing } = setUp()
    const first = trip({ origin: { lat: 52.52, lng: 13.41 } })
    const second = trip({
      origin: { lat: 52.5204, lng: 13.4103 },
      timing: { kind: 'arrive_by', at: new Date('2026-06-02T08:47:00Z') },
    })
    await Promise.all([routing.travelTime(first), routing.travelTime(second)])
    await routing.travelTime(first)
    expect(live.queries).toHaveLength(1)
    const asked = live.queries[0]!
    expect(asked.timing.at.toISOString()).toBe('2026-06-02T08:45:00.000Z')
    expect(greatCircleDistanceKm(asked.origin, first.origin)).toBeLessThan(0.25)
    expect(routing.stats).toMatchObject({ lookups: 3, cacheHits: 2 })
  })

  it('different cells, modes or buckets are different lookups', async () => {
    const { live, routing } = setUp()
    await routing.travelTime(trip())
    await routing.travelTime(trip({ origin: { lat: 52.53, lng: 13.4132 } }))
    await routing.travelTime(trip({ mode: 'walk' }))
    await routing.travelTime(trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T08:50:00Z') } }))
    expect(live.queries).toHaveLength(4)
  })

  it('keeps an answer for a trip minutes away 2 minutes, one a day away an hour', async () => {
    const { clock, live, routing } = setUp()
    const soon = trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-02T08:20:00Z') } })
    const nextDay = trip({ timing: { kind: 'arrive_by', at: new Date('2026-06-03T09:00:00Z') } })
    await routing.travelTime(soon)
    await routing.travelTime(nextDay)
    clock.ms += 2 * 60_000 + 1
    await routing.travelTime(soon)
    await routing.travelTime(nextDay)
    expect(live.queries).toHaveLength(3)
    clock.ms += 58 * 60_000
    await routing.travelTime(nextDay)
    expect(live.queries).toHaveLength(4)
  })

  it('an answer from a fallback is kept one minute only, so live is asked again soon', async () => {
    const clock = { ms: Date.parse('2026-06-02T08:00:00Z') }
    let liveUp = false
    const live = counting()
    const routing = new RoutingChain({
      links: [
        {
          name: 'live',
          port: {
            travelTime: async (query) =>
              liveUp
                ? live.travelTime(query)
                : err(new ProviderUnavailable({ provider: 'live', reason: 'server_error', detail: 'HTTP 503' })),
          },
          callsPerMinute: 1_000,
        },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: () => clock.ms,
    })
    expect(expectOk(await routing.travelTime(trip())).provider).toBe('offline')
    liveUp = true
    clock.ms += 30_000
    expect(expectOk(await routing.travelTime(trip())).provider).toBe('offline')
    clock.ms += 31_000
    expect(expectOk(await routing.travelTime(trip())).provider).toBe('live')
  })

  it('counts lookups by source and outcome in routing_lookups_total', async () => {
    const metrics = new MemoryMetrics()
    const clock = { ms: Date.parse('2026-06-02T08:00:00Z') }
    const routing = new RoutingChain({
      links: [
        { name: 'live', port: counting(), callsPerMinute: 1 },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      now: () => clock.ms,
      metrics,
    })
    await routing.travelTime(trip())
    await routing.travelTime(trip())
    await routing.travelTime(trip({ destination: { lat: 52.3, lng: 13.2 } }))
    const counted = (await metrics.collect())
      .filter((sample) => sample.name === 'routing_lookups_total')
      .map((sample) => [sample.labels.source, sample.labels.outcome, sample.value])
    expect(counted).toEqual(
      expect.arrayContaining([
        ['live', 'answered', 1],
        ['live', 'cache_hit', 1],
        ['live', 'over_budget', 1],
        ['offline', 'answered', 1],
      ]),
    )
  })

  it('snaps points to cells of about the size asked', () => {
    const point = { lat: 52.5219, lng: 13.4132 }
    expect(greatCircleDistanceKm(snapToCell(point, 250), point)).toBeLessThanOrEqual(0.18)
    // Every point of a cell stands for the same centre.
    expect(snapToCell(snapToCell(point, 250), 250)).toEqual(snapToCell(point, 250))
  })
})

describe('routing chain: the whole chain answers within its deadline, else the offline estimate does', () => {
  /** A provider that answers only when the test says so. */
  const slowProvider = () => {
    const pending: Array<(answer: Awaited<ReturnType<RoutingPort['travelTime']>>) => void> = []
    const port: RoutingPort = { travelTime: () => new Promise((resolve) => pending.push(resolve)) }
    const answer = (estimate: RouteEstimate) => {
      for (const resolve of pending.splice(0)) resolve(ok(estimate))
    }
    return { port, pending, answer }
  }
  /** The deadline as a signal the test fires: no wall clock. */
  const controlledDeadline = () => {
    const asked: number[] = []
    const calledOff: boolean[] = []
    const expiries: Array<() => void> = []
    const wait: DeadlineWait = (ms, signal) => {
      asked.push(ms)
      signal.addEventListener('abort', () => calledOff.push(true), { once: true })
      return new Promise<void>((resolve) => expiries.push(resolve))
    }
    return {
      wait,
      asked,
      calledOff,
      expire: () => {
        for (const resolve of expiries.splice(0)) resolve()
      },
    }
  }
  const liveAnswer: RouteEstimate = { expectedMinutes: 30, freeFlowMinutes: 20, distanceKm: 12, quality: 'live' }
  const setUp = () => {
    const slow = slowProvider()
    const deadline = controlledDeadline()
    const routing = new RoutingChain({
      links: [
        { name: 'tomtom', port: slow.port, callsPerMinute: 100 },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      deadline: { afterMs: 8_000, wait: deadline.wait },
      now: () => Date.parse('2026-06-02T08:00:00Z'),
    })
    return { slow, deadline, routing }
  }
  const settledYet = async (promise: Promise<unknown>) => {
    let settled = false
    void promise.then(() => {
      settled = true
    })
    // Let every callback already queued run: the answer, if it were there, would have arrived.
    await new Promise((resolve) => setImmediate(resolve))
    return settled
  }

  it('a provider slower than the deadline: the offline estimate answers, labelled estimate; the late answer is dropped', async () => {
    const { slow, deadline, routing } = setUp()
    const lookup = routing.travelTime(trip())
    expect(await settledYet(lookup)).toBe(false)
    expect(slow.pending).toHaveLength(1)
    expect(deadline.asked).toEqual([8_000])
    deadline.expire()
    expect(expectOk(await lookup)).toMatchObject({ provider: 'offline', quality: 'estimate' })
    expect(routing.stats.deadlineFallbacks).toBe(1)
    // The live answer arriving afterwards changes nothing: the fallback's answer is the one kept (its short TTL).
    slow.answer(liveAnswer)
    expect(expectOk(await routing.travelTime(trip()))).toMatchObject({ provider: 'offline' })
    expect(routing.stats.cacheHits).toBe(1)
  })

  it('the late answer is counted late, never answered: the provider stats say the window did not get it', async () => {
    const metrics = new MemoryMetrics()
    const slow = slowProvider()
    const deadline = controlledDeadline()
    const osrmCalls: RouteQuery[] = []
    const routing = new RoutingChain({
      links: [
        { name: 'tomtom', port: slow.port, callsPerMinute: 100 },
        {
          name: 'osrm',
          port: {
            travelTime: async (query) => {
              osrmCalls.push(query)
              return err(new ProviderUnavailable({ provider: 'osrm', reason: 'server_error', detail: 'HTTP 503' }))
            },
          },
          callsPerMinute: 100,
        },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
      deadline: { afterMs: 8_000, wait: deadline.wait },
      metrics,
      now: () => Date.parse('2026-06-02T08:00:00Z'),
    })
    const lookup = routing.travelTime(trip())
    expect(await settledYet(lookup)).toBe(false)
    deadline.expire()
    expect(expectOk(await lookup).provider).toBe('offline')
    slow.answer(liveAnswer)
    await new Promise((resolve) => setImmediate(resolve))
    expect(routing.stats.calls).toEqual({ tomtom: 1 })
    expect(routing.stats.answered).toEqual({ offline: 1 })
    expect(routing.stats.late).toEqual({ tomtom: 1 })
    // Past the deadline the chain asks no further source: OSRM is spared a call nobody waits for.
    expect(osrmCalls).toHaveLength(0)
    const counted = (await metrics.collect()).filter((sample) => sample.name === 'routing_lookups_total')
    expect(counted.map((sample) => [sample.labels.source, sample.labels.outcome, sample.value])).toEqual([
      ['offline', 'deadline', 1],
      ['tomtom', 'late', 1],
    ])
  })

  it('a provider within the deadline: its answer, and the deadline is called off', async () => {
    const { slow, deadline, routing } = setUp()
    const lookup = routing.travelTime(trip())
    expect(await settledYet(lookup)).toBe(false)
    slow.answer(liveAnswer)
    expect(expectOk(await lookup)).toMatchObject({ provider: 'tomtom', quality: 'live' })
    expect(deadline.calledOff).toEqual([true])
    expect(routing.stats.deadlineFallbacks).toBe(0)
  })

  it('without a deadline the chain waits for its sources', async () => {
    const slow = slowProvider()
    const routing = new RoutingChain({
      links: [
        { name: 'tomtom', port: slow.port, callsPerMinute: 100 },
        { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null },
      ],
    })
    const lookup = routing.travelTime(trip())
    expect(await settledYet(lookup)).toBe(false)
    slow.answer(liveAnswer)
    expect(expectOk(await lookup).provider).toBe('tomtom')
  })
})
