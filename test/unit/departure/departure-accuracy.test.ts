import { describe, expect, it } from 'vitest'
import { defaultTrafficWorld, replayTrips } from '../../support/departure-accuracy-harness.js'

/**
 * The departure window as the user lives it (docs/departure.md, "Departure accuracy"): trips replayed in a traffic
 * world with daily spread, incidents and slow-weather days; the share of late arrivals when leaving at the latest and
 * at the earliest departure, and the wait when early. The figures here are the ones in the docs' table.
 */
describe('departure accuracy, replayed', () => {
  const trips = 4_000

  it('live data: leaving at earliest_departure is late rarely; at latest_departure, far more often', () => {
    const live = replayTrips('live', defaultTrafficWorld, trips, 11)
    expect(live.lateAtEarliest).toBeLessThan(0.05)
    expect(live.lateAtLatest).toBeGreaterThan(live.lateAtEarliest)
    // The docs' table (seeded: the same figures on every run of this model).
    expect([live.lateAtLatest, live.lateAtEarliest]).toEqual([0.36675, 0.00325])
    expect(live.waitAtEarliestMinutes).toBeCloseTo(9.0, 1)
  })

  it('historical and estimated data are late more often than live at the same departure', () => {
    const live = replayTrips('live', defaultTrafficWorld, trips, 11)
    const historical = replayTrips('historical', defaultTrafficWorld, trips, 11)
    const estimate = replayTrips('estimate', defaultTrafficWorld, trips, 11)
    expect([historical.lateAtLatest, historical.lateAtEarliest]).toEqual([0.4475, 0.06075])
    expect(historical.waitAtEarliestMinutes).toBeCloseTo(10.2, 1)
    expect([estimate.lateAtLatest, estimate.lateAtEarliest]).toEqual([0.4975, 0.11025])
    expect(estimate.waitAtEarliestMinutes).toBeCloseTo(15.6, 1)
    expect(historical.lateAtLatest).toBeGreaterThan(live.lateAtLatest)
    expect(estimate.lateAtLatest).toBeGreaterThan(live.lateAtLatest)
  })

  it('a world with more incidents makes every source later', () => {
    const rough = { ...defaultTrafficWorld, incidentChance: 0.2 }
    const calm = replayTrips('historical', defaultTrafficWorld, trips, 12)
    const stormy = replayTrips('historical', rough, trips, 12)
    expect(stormy.lateAtEarliest).toBeGreaterThan(calm.lateAtEarliest)
  })
})
