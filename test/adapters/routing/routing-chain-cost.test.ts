import { describe, expect, it } from 'vitest'
import { simulatedCity, simulateRoutingCost } from '../../support/routing-cost-simulation.js'

/**
 * The cost of live traffic in provider calls per monitored event per hour (docs/departure.md, "Cost in calls"):
 * the monitoring cadence through the routing chain, measured in the steady state of a simulated city.
 */
describe('routing chain: provider calls per monitored event per hour', () => {
  const t0Ms = Date.parse('2026-06-02T06:00:00Z')

  it('events within 3 hours: the cadence asks 30 to 60 times an hour, the cache less than half of that', async () => {
    const events = simulatedCity({ seed: 1, events: 1_000, users: 1_000, venues: 1_000, horizonHours: 3, t0Ms })
    const cached = await simulateRoutingCost(events, { t0Ms, liveCallsPerMinute: 100_000 })
    const uncached = await simulateRoutingCost(events, { t0Ms, liveCallsPerMinute: 100_000, cache: false })
    expect(uncached.recomputesPerEventHour).toBeGreaterThan(29)
    expect(uncached.callsPerEventHour).toBeCloseTo(uncached.recomputesPerEventHour, 5)
    expect(cached.callsPerEventHour).toBeLessThan(uncached.callsPerEventHour / 2)
    console.info('within 3 h', { cached, uncached })
  })

  it('events over the next week: about 1.5 calls an event-hour instead of 12', async () => {
    const events = simulatedCity({ seed: 2, events: 1_000, users: 1_000, venues: 1_000, horizonHours: 24 * 7, t0Ms })
    const cached = await simulateRoutingCost(events, { t0Ms, liveCallsPerMinute: 100_000 })
    const uncached = await simulateRoutingCost(events, { t0Ms, liveCallsPerMinute: 100_000, cache: false })
    expect(uncached.callsPerEventHour).toBeGreaterThan(12)
    expect(cached.callsPerEventHour).toBeLessThan(2)
    console.info('next week', { cached, uncached })
  })

  it('one venue, one start, users from 100 places (a concert): calls are shared across users', async () => {
    const concert = simulatedCity({ seed: 3, events: 1_000, users: 100, venues: 1, horizonHours: 3, t0Ms }).map(
      (event) => ({ ...event, startMs: t0Ms + 150 * 60_000 }),
    )
    const shared = await simulateRoutingCost(concert, { t0Ms, liveCallsPerMinute: 100_000 })
    const distinct = await simulateRoutingCost(
      concert.map((event, index) => ({ ...event, origin: { lat: 52.34 + index / 200, lng: 13.1 } })),
      { t0Ms, liveCallsPerMinute: 100_000 },
    )
    expect(shared.callsPerEventHour).toBeLessThan(distinct.callsPerEventHour / 5)
    console.info('shared', { shared, distinct })
  })

  it('a budget caps the calls: past it the chain answers from the next source', async () => {
    const events = simulatedCity({ seed: 4, events: 1_000, users: 1_000, venues: 1_000, horizonHours: 3, t0Ms })
    const capped = await simulateRoutingCost(events, { t0Ms, liveCallsPerMinute: 50 })
    expect(capped.liveCalls).toBeLessThanOrEqual(50 * 60)
    expect(capped.overBudget).toBeGreaterThan(0)
    console.info('budget 50/min', capped)
  })
})
