import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { healthWeightsFor } from '../../contracts/event-health.js'
import { API_VERSIONS } from '../../contracts/versions.js'
import type { Departure } from '../../core/departure/departure.js'
import {
  assessEventHealth,
  HEALTH_FACTORS,
  type HealthFactors,
  type HealthInput,
  healthScore,
} from '../../core/event/event-health.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T09:00:00Z').getTime()
const SEVERITIES = ['minor', 'moderate', 'severe', 'extreme'] as const
const STATUSES = ['active', 'error', 'disconnected'] as const

const factors = fc.record<HealthFactors>({
  traffic: fc.double({ min: 0, max: 1, noNaN: true }),
  weather: fc.double({ min: 0, max: 1, noNaN: true }),
  margin: fc.double({ min: 0, max: 1, noNaN: true }),
  conflict: fc.double({ min: 0, max: 1, noNaN: true }),
  connection: fc.double({ min: 0, max: 1, noNaN: true }),
})
const weights = fc.constantFrom(...API_VERSIONS).map(healthWeightsFor)

/** The raw inputs the assessment reads, each on the scale where more is worse. */
interface RawRisks {
  readonly trafficRatio: number
  /** -1: no warning, else an index into SEVERITIES. */
  readonly warning: number
  /** Minutes after the earliest departure (window 15 minutes wide). */
  readonly lateness: number
  /** How far another event reaches into the trip and the event (minutes before the start it ends). */
  readonly otherEndsBeforeStart: number | null
  /** -1: no connection, else an index into STATUSES. */
  readonly connection: number
}

const raw = fc.record<RawRisks>({
  trafficRatio: fc.double({ min: 0.5, max: 4, noNaN: true }),
  warning: fc.integer({ min: -1, max: 3 }),
  lateness: fc.integer({ min: -120, max: 120 }),
  otherEndsBeforeStart: fc.option(fc.integer({ min: -60, max: 120 })),
  connection: fc.integer({ min: -1, max: 2 }),
})

const inputOf = (risks: RawRisks): HealthInput => {
  const earliest = start - 45 * MINUTE
  const departure: Departure = {
    eventId: 'evt_a',
    earliestDeparture: new Date(earliest),
    latestDeparture: new Date(earliest + 15 * MINUTE),
    travel: { totalMinutes: 30, driveMinutes: 22, parkingMinutes: 5, walkMinutes: 3 },
    trafficLevel: 'free',
    trafficRatio: risks.trafficRatio,
    weather: null,
    weatherWarning:
      risks.warning < 0 ? null : { kind: 'wind', severity: SEVERITIES[risks.warning] ?? 'minor', description: 'Wind' },
    confidence: 'high',
    calculatedAt: new Date(earliest - 60 * MINUTE),
    nextRecalcAt: new Date(earliest - 55 * MINUTE),
  }
  return {
    now: new Date(earliest + risks.lateness * MINUTE),
    event: { id: 'evt_a', startTime: new Date(start), endTime: new Date(start + 60 * MINUTE), hasLocation: true },
    status: 'monitoring',
    departure,
    failure: null,
    userPaused: false,
    otherEvents:
      risks.otherEndsBeforeStart === null
        ? []
        : [
            {
              id: 'evt_other',
              startTime: new Date(start - 180 * MINUTE),
              endTime: new Date(start - risks.otherEndsBeforeStart * MINUTE),
            },
          ],
    connections:
      risks.connection < 0
        ? []
        : [{ id: 'con_a', provider: 'google', status: STATUSES[risks.connection] ?? 'active', failures: 0 }],
  }
}

/** One raw risk made worse (or kept), the others unchanged. */
const worsened = fc.tuple(raw, fc.constantFrom(...HEALTH_FACTORS), fc.nat({ max: 200 })).map(([risks, factor, by]) => {
  const worse: RawRisks = (() => {
    switch (factor) {
      case 'traffic':
        return { ...risks, trafficRatio: risks.trafficRatio + by / 100 }
      case 'weather':
        return { ...risks, warning: Math.min(3, risks.warning + (by % 5)) }
      case 'margin':
        return { ...risks, lateness: risks.lateness + by }
      case 'conflict':
        // Ending later (closer to or past the start) is never less in the way; none at all is the least.
        return { ...risks, otherEndsBeforeStart: (risks.otherEndsBeforeStart ?? 200) - by }
      case 'connection':
        return { ...risks, connection: Math.min(2, risks.connection + (by % 4)) }
    }
  })()
  return { risks, worse }
})

describe('Event health score', () => {
  it('is within 0..1 for any factors and any version’s weights', () => {
    fc.assert(
      fc.property(factors, weights, fc.boolean(), (values, chosen, blocked) => {
        const score = healthScore({ factors: values, blockedReason: blocked ? 'no_route' : null }, chosen)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('never rises when one factor’s risk rises', () => {
    fc.assert(
      fc.property(
        factors,
        weights,
        fc.constantFrom(...HEALTH_FACTORS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, chosen, factor, extra) => {
          const worse = { ...values, [factor]: Math.min(1, values[factor] + extra) }
          expect(healthScore({ factors: worse, blockedReason: null }, chosen)).toBeLessThanOrEqual(
            healthScore({ factors: values, blockedReason: null }, chosen),
          )
        },
      ),
    )
  })

  it('from raw inputs: more traffic, a worse warning, less margin, a closer conflict or a worse connection never raise it', () => {
    fc.assert(
      fc.property(worsened, weights, ({ risks, worse }, chosen) => {
        const before = assessEventHealth(inputOf(risks))
        const after = assessEventHealth(inputOf(worse))
        for (const factor of HEALTH_FACTORS) {
          expect(after.factors[factor]).toBeGreaterThanOrEqual(0)
          expect(after.factors[factor]).toBeLessThanOrEqual(1)
        }
        expect(healthScore(after, chosen)).toBeLessThanOrEqual(healthScore(before, chosen))
      }),
    )
  })
})
