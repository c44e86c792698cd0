import { describe, expect, it } from 'vitest'
import { commuterTrafficWorld, defaultTrafficWorld, replayTrips } from '../../support/departure-accuracy-harness.js'

/**
 * The departure window as the user lives it (docs/departure.md, "Departure accuracy, replayed"): trips replayed in a
 * traffic world with daily spread, incidents and slow-weather days; the share of late arrivals when leaving at the
 * latest and at the earliest departure, and the wait when early. The figures here are the ones in the docs' tables
 * (seeded: the same on every run of this model).
 */
describe('departure accuracy, replayed', () => {
  const trips = 4_000

  describe('late arrivals at latest_departure: at most 5% with live data, 10% with historical', () => {
    it('live data meets its goal; without the reliability margin a third of arrivals would be late', () => {
      const live = replayTrips('live', defaultTrafficWorld, trips, 11)
      expect(live.lateAtLatest).toBeLessThanOrEqual(0.05)
      expect(live.lateAtExpected).toBeGreaterThan(0.3)
      expect([live.lateAtLatest, live.lateAtExpected, live.lateAtEarliest]).toEqual([0.0135, 0.3555, 0])
      expect(live.waitAtLatestMinutes).toBeCloseTo(4.2, 1)
      expect(live.waitAtEarliestMinutes).toBeCloseTo(12.8, 1)
    })

    it('historical data meets its goal; the estimate is late about as often, at the cost of a longer wait', () => {
      const historical = replayTrips('historical', defaultTrafficWorld, trips, 11)
      const estimate = replayTrips('estimate', defaultTrafficWorld, trips, 11)
      expect(historical.lateAtLatest).toBeLessThanOrEqual(0.1)
      expect([historical.lateAtLatest, historical.lateAtExpected, historical.lateAtEarliest]).toEqual([
        0.0555, 0.45825, 0.0165,
      ])
      expect(historical.waitAtLatestMinutes).toBeCloseTo(8.8, 1)
      expect([estimate.lateAtLatest, estimate.lateAtExpected, estimate.lateAtEarliest]).toEqual([
        0.05475, 0.4775, 0.013,
      ])
      expect(estimate.waitAtLatestMinutes).toBeCloseTo(18.9, 1)
      expect(estimate.waitAtLatestMinutes).toBeGreaterThan(historical.waitAtLatestMinutes)
    })
  })

  it('leaving at earliest_departure is never later than leaving at latest_departure', () => {
    for (const quality of ['live', 'historical', 'estimate'] as const) {
      const figures = replayTrips(quality, defaultTrafficWorld, trips, 13)
      expect(figures.lateAtEarliest).toBeLessThanOrEqual(figures.lateAtLatest)
    }
  })

  it('a world with more incidents makes every source later', () => {
    const rough = { ...defaultTrafficWorld, incidentChance: 0.2 }
    const calm = replayTrips('historical', defaultTrafficWorld, trips, 12)
    const stormy = replayTrips('historical', rough, trips, 12)
    expect(stormy.lateAtLatest).toBeGreaterThan(calm.lateAtLatest)
    expect(stormy.lateAtEarliest).toBeGreaterThan(calm.lateAtEarliest)
  })

  describe('corrections learned from tracked arrivals: fewer late arrivals on routes every source misjudges', () => {
    it.each([
      ['live', 0.14925, 0.03],
      ['historical', 0.105, 0.0645],
      ['estimate', 0.08825, 0.04925],
    ] as const)('%s data: late at latest_departure drops from %s to %s', (quality, without, withCorrections) => {
      const off = replayTrips(quality, commuterTrafficWorld, trips, 11, { corrections: false })
      const on = replayTrips(quality, commuterTrafficWorld, trips, 11, { corrections: true })
      expect(on.lateAtLatest).toBeLessThan(off.lateAtLatest)
      expect(on.lateAtEarliest).toBeLessThanOrEqual(off.lateAtEarliest)
      expect([off.lateAtLatest, on.lateAtLatest]).toEqual([without, withCorrections])
    })

    it('with corrections, both goals hold on those routes too; without, live data misses its own', () => {
      const liveOff = replayTrips('live', commuterTrafficWorld, trips, 11, { corrections: false })
      const liveOn = replayTrips('live', commuterTrafficWorld, trips, 11, { corrections: true })
      const historicalOn = replayTrips('historical', commuterTrafficWorld, trips, 11, { corrections: true })
      expect(liveOff.lateAtLatest).toBeGreaterThan(0.05)
      expect(liveOn.lateAtLatest).toBeLessThanOrEqual(0.05)
      expect(historicalOn.lateAtLatest).toBeLessThanOrEqual(0.1)
    })
  })
})
