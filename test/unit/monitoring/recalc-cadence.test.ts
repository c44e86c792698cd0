import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recalcCadence } from '../../../core/monitoring/recalc-cadence.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T12:00:00Z')
const beforeStart = (ms: number) => new Date(start.getTime() - ms)

describe('recompute cadence: 5 min beyond 3 h, 2 min within 3 h, 60 s within 30 min', () => {
  it.each([
    [24 * 60 * MINUTE, 5 * MINUTE],
    [180 * MINUTE + 1, 5 * MINUTE],
    [180 * MINUTE, 2 * MINUTE],
    [30 * MINUTE + 1, 2 * MINUTE],
    [30 * MINUTE, MINUTE],
    [90_000, MINUTE],
  ])('%i ms before start: every %i ms', (untilStart, interval) => {
    const cadence = recalcCadence(beforeStart(untilStart), start)
    expect(cadence?.intervalMs).toBe(interval)
    expect(cadence?.nextRecalcAt).toEqual(new Date(start.getTime() - untilStart + interval))
  })

  it('never schedules after the start', () => {
    expect(recalcCadence(beforeStart(20_000), start)?.nextRecalcAt).toEqual(start)
  })

  it('stops once the event has started', () => {
    expect(recalcCadence(start, start)).toBeNull()
    expect(recalcCadence(new Date(start.getTime() + 1), start)).toBeNull()
  })

  it('agrees with the documented cadence for any time before the start (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 * 24 * 60 * MINUTE }), (untilStart) => {
        const now = beforeStart(untilStart)
        const cadence = recalcCadence(now, start)!
        const expected = untilStart > 180 * MINUTE ? 5 * MINUTE : untilStart > 30 * MINUTE ? 2 * MINUTE : MINUTE
        expect(cadence.intervalMs).toBe(expected)
        expect(cadence.nextRecalcAt.getTime()).toBe(Math.min(now.getTime() + expected, start.getTime()))
        expect(cadence.nextRecalcAt.getTime()).toBeGreaterThan(now.getTime())
      }),
    )
  })
})
