import { describe, expect, it } from 'vitest'
import { HEALTH_WEIGHTS_BY_VERSION, healthWeightsFor } from '../../../contracts/event-health.js'
import { API_VERSIONS, CURRENT_VERSION } from '../../../contracts/versions.js'
import type { Departure } from '../../../core/departure/departure.js'
import {
  assessEventHealth,
  eventHealth,
  findConflicts,
  forgetConflicts,
  HEALTH_FACTORS,
  type HealthAssessment,
  type HealthFactors,
  type HealthInput,
  healthLabel,
  healthScore,
  marginRisk,
  rememberedConflicts,
  trafficRisk,
} from '../../../core/event/event-health.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T09:00:00Z')
const minutes = (offset: number) => new Date(start.getTime() + offset * MINUTE)
const weights = healthWeightsFor(CURRENT_VERSION)
const noRisk: HealthFactors = { traffic: 0, weather: 0, margin: 0, conflict: 0, connection: 0 }

const departure = (overrides: Partial<Departure> = {}): Departure => ({
  eventId: 'evt_a',
  earliestDeparture: minutes(-40),
  latestDeparture: minutes(-30),
  travel: { totalMinutes: 30, driveMinutes: 22, parkingMinutes: 5, walkMinutes: 3 },
  trafficLevel: 'free',
  trafficRatio: 1,
  weather: null,
  weatherWarning: null,
  confidence: 'high',
  calculatedAt: minutes(-120),
  nextRecalcAt: minutes(-118),
  ...overrides,
})

const input = (overrides: Partial<HealthInput> = {}): HealthInput => ({
  now: minutes(-120),
  event: { id: 'evt_a', startTime: start, endTime: minutes(60), hasLocation: true },
  status: 'monitoring',
  departure: departure(),
  failure: null,
  userPaused: false,
  otherEvents: [],
  connections: [],
  ...overrides,
})

const scoreOf = (overrides: Partial<HealthInput> = {}) => healthScore(assessEventHealth(input(overrides)), weights)

describe('Score weights: traffic 40%, weather 25%, departure window margin 20%, conflicts 10%, connection 5%', () => {
  it('are the documented weights on every API version, and sum to 1', () => {
    for (const version of API_VERSIONS) {
      expect(healthWeightsFor(version)).toEqual({
        traffic: 0.4,
        weather: 0.25,
        margin: 0.2,
        conflict: 0.1,
        connection: 0.05,
      })
    }
    for (const entry of HEALTH_WEIGHTS_BY_VERSION)
      expect(HEALTH_FACTORS.reduce((sum, factor) => sum + entry.weights[factor], 0)).toBeCloseTo(1, 10)
  })

  it('each factor at full risk alone takes exactly its weight off a perfect score', () => {
    expect(healthScore({ factors: noRisk, blockedReason: null }, weights)).toBe(1)
    const expected = { traffic: 0.6, weather: 0.75, margin: 0.8, conflict: 0.9, connection: 0.95 }
    for (const factor of HEALTH_FACTORS)
      expect(healthScore({ factors: { ...noRisk, [factor]: 1 }, blockedReason: null }, weights)).toBe(expected[factor])
    const all = { traffic: 1, weather: 1, margin: 1, conflict: 1, connection: 1 }
    expect(healthScore({ factors: all, blockedReason: null }, weights)).toBe(0)
  })

  it('a blocked event scores 0', () => {
    expect(healthScore({ factors: noRisk, blockedReason: 'no_origin' }, weights)).toBe(0)
  })

  it('a later version with other weights reads the same stored assessment differently', () => {
    const assessment = { factors: { ...noRisk, traffic: 1 }, blockedReason: null }
    expect(healthScore(assessment, { ...weights, traffic: 0.2, margin: 0.4 })).toBe(0.8)
    expect(healthScore(assessment, weights)).toBe(0.6)
  })
})

describe('Labels', () => {
  it('on_track from 0.85, at_risk from 0.6, likely_late below, blocked whatever the score', () => {
    expect(healthLabel(1, false)).toBe('on_track')
    expect(healthLabel(0.85, false)).toBe('on_track')
    expect(healthLabel(0.8499, false)).toBe('at_risk')
    expect(healthLabel(0.6, false)).toBe('at_risk')
    expect(healthLabel(0.5999, false)).toBe('likely_late')
    expect(healthLabel(0, false)).toBe('likely_late')
    expect(healthLabel(1, true)).toBe('blocked')
  })
})

describe('Traffic delta versus typical', () => {
  it('is no risk on empty roads, full risk from twice the free-flow time, linear between', () => {
    expect(trafficRisk(1)).toBe(0)
    expect(trafficRisk(0.9)).toBe(0)
    expect(trafficRisk(1.5)).toBeCloseTo(0.5)
    expect(trafficRisk(2)).toBe(1)
    expect(trafficRisk(3)).toBe(1)
  })

  it('lists a traffic risk with its severity, and falls back on the traffic level for windows stored without a ratio', () => {
    const heavy = assessEventHealth(input({ departure: departure({ trafficLevel: 'heavy', trafficRatio: 1.8 }) }))
    expect(heavy.factors.traffic).toBeCloseTo(0.8)
    expect(heavy.risks).toEqual([{ type: 'traffic', severity: 'high', detail: expect.stringContaining('80% longer') }])
    const older = assessEventHealth(
      input({ departure: { ...departure({ trafficLevel: 'heavy' }), trafficRatio: undefined } }),
    )
    expect(older.factors.traffic).toBeCloseTo(0.5)
    expect(older.risks[0]?.severity).toBe('medium')
    expect(assessEventHealth(input()).risks).toEqual([])
  })
})

describe('Weather warning severity', () => {
  it('minor 0.25, moderate 0.5, severe 0.75, extreme 1, none 0', () => {
    const withWarning = (severity: 'minor' | 'moderate' | 'severe' | 'extreme') =>
      assessEventHealth(
        input({ departure: departure({ weatherWarning: { kind: 'snow', severity, description: 'Snowfall' } }) }),
      )
    expect(withWarning('minor').factors.weather).toBe(0.25)
    expect(withWarning('moderate').factors.weather).toBe(0.5)
    expect(withWarning('severe').factors.weather).toBe(0.75)
    expect(withWarning('extreme').factors.weather).toBe(1)
    expect(withWarning('extreme').risks).toEqual([
      { type: 'weather', severity: 'high', detail: 'extreme snow warning: Snowfall' },
    ])
    expect(assessEventHealth(input()).factors.weather).toBe(0)
  })
})

describe('Departure window margin', () => {
  it('is whole before the earliest departure, gone at the latest, linear between', () => {
    const window = departure()
    expect(marginRisk(window, minutes(-50))).toBe(0)
    expect(marginRisk(window, minutes(-40))).toBe(0)
    expect(marginRisk(window, minutes(-35))).toBeCloseTo(0.5)
    expect(marginRisk(window, minutes(-30))).toBe(1)
    expect(marginRisk(window, minutes(-5))).toBe(1)
    const closed = departure({ earliestDeparture: minutes(-30), latestDeparture: minutes(-30) })
    expect(marginRisk(closed, minutes(-31))).toBe(0)
    expect(marginRisk(closed, minutes(-30))).toBe(1)
  })

  it('past the latest departure alone the event is at risk', () => {
    const score = scoreOf({ now: minutes(-20) })
    expect(score).toBe(0.8)
    expect(healthLabel(score, false)).toBe('at_risk')
  })
})

describe('Conflicts with other events', () => {
  const other = (id: string, from: number, to: number) => ({ id, startTime: minutes(from), endTime: minutes(to) })

  it('an overlap is high, an event running into the trip medium, one running into the window low', () => {
    const found = findConflicts({ id: 'evt_a', startTime: start, endTime: minutes(60) }, departure(), [
      other('evt_overlap', 30, 90),
      other('evt_trip', -60, -10),
      other('evt_window', -90, -35),
      other('evt_before', -120, -45),
      other('evt_after', 60, 120),
      other('evt_a', 0, 60),
    ])
    expect(found.map((conflict) => [conflict.eventId, conflict.risk])).toEqual([
      ['evt_overlap', 1],
      ['evt_trip', 0.6],
      ['evt_window', 0.3],
    ])
  })

  it('the worst conflict is the factor; each is listed', () => {
    const assessment = assessEventHealth(input({ otherEvents: [other('evt_trip', -60, -10), other('evt_o', 30, 90)] }))
    expect(assessment.factors.conflict).toBe(1)
    expect(assessment.risks.map((risk) => [risk.type, risk.severity])).toEqual([
      ['conflict', 'medium'],
      ['conflict', 'high'],
    ])
    expect(healthScore(assessment, weights)).toBe(0.9)
  })

  it('a conflict reads the neighbour as it stands now: its text follows a move, the memory never answers stale', () => {
    forgetConflicts()
    const event = { id: 'evt_a', startTime: start, endTime: minutes(60) }
    const before = findConflicts(event, departure(), [other('evt_b', 30, 90)])
    expect(before.map((found) => found.detail)).toEqual([
      'Overlaps event evt_b (2026-06-02T09:30:00.000Z to 2026-06-02T10:30:00.000Z).',
    ])
    // The same neighbour, moved into the trip: another kind and another span, from the same id.
    const moved = findConflicts(event, departure(), [other('evt_b', -60, -10)])
    expect(moved.map((found) => [found.risk, found.detail])).toEqual([
      [0.6, 'Event evt_b (2026-06-02T08:00:00.000Z to 2026-06-02T08:50:00.000Z) ends after the latest departure.'],
    ])
    // Moved back: the first text again, for another event it is in the way of as well.
    const back = findConflicts({ id: 'evt_c', startTime: minutes(15), endTime: minutes(75) }, departure(), [
      other('evt_b', 30, 90),
    ])
    expect(back.map((found) => found.detail)).toEqual(before.map((found) => found.detail))
    expect(rememberedConflicts()).toBe(1)
  })

  it('assessments listing the same conflict share it, and each lists what it would have built alone', () => {
    forgetConflicts()
    const neighbours = [other('evt_trip', -60, -10), other('evt_o', 30, 90)]
    const first = assessEventHealth(input({ otherEvents: neighbours }))
    const second = assessEventHealth(input({ otherEvents: neighbours.map((neighbour) => ({ ...neighbour })) }))
    expect(second.risks).toEqual(first.risks)
    expect(second.risks[0]).toBe(first.risks[0])
    forgetConflicts()
    expect(assessEventHealth(input({ otherEvents: neighbours })).risks).toEqual(first.risks)
  })

  it('the conflict memory is bounded: full, it is emptied before another neighbour is added', () => {
    forgetConflicts()
    const event = { id: 'evt_a', startTime: start, endTime: minutes(60) }
    for (let index = 0; index < 100_000; index += 1) findConflicts(event, null, [other(`evt_${index}`, 30, 90)])
    expect(rememberedConflicts()).toBe(100_000)
    // A known neighbour at new times replaces its own entry; an unknown one empties the memory first.
    findConflicts(event, null, [other('evt_0', 20, 90)])
    expect(rememberedConflicts()).toBe(100_000)
    findConflicts(event, null, [other('evt_new', 30, 90)])
    expect(rememberedConflicts()).toBe(1)
    forgetConflicts()
  })

  it('an event without a location conflicts only by overlapping', () => {
    const assessment = assessEventHealth(
      input({
        event: { id: 'evt_a', startTime: start, endTime: minutes(60), hasLocation: false },
        status: 'no_location',
        departure: null,
        otherEvents: [other('evt_trip', -60, -10), other('evt_o', 30, 90)],
      }),
    )
    expect(assessment.factors).toEqual({ ...noRisk, conflict: 1 })
    expect(assessment.blockedReason).toBeNull()
  })
})

describe('Connection health (a disconnected provider lowers the score)', () => {
  const connection = (status: 'active' | 'disconnected' | 'error', failures = 0) => ({
    id: 'con_a',
    provider: 'google',
    status,
    failures,
  })

  it('disconnected 1, error 0.6, failing 0.3, healthy or none 0', () => {
    const factor = (connections: HealthInput['connections']) =>
      assessEventHealth(input({ connections })).factors.connection
    expect(factor([connection('disconnected')])).toBe(1)
    expect(factor([connection('error')])).toBe(0.6)
    expect(factor([connection('active', 2)])).toBe(0.3)
    expect(factor([connection('active')])).toBe(0)
    expect(factor([])).toBe(0)
    expect(scoreOf({ connections: [connection('disconnected')] })).toBe(0.95)
    expect(assessEventHealth(input({ connections: [connection('disconnected')] })).risks).toEqual([
      { type: 'connection', severity: 'high', detail: 'The google connection con_a is disconnected.' },
    ])
  })
})

describe('Blocked', () => {
  it('when no origin can be found, no route exists, or the user is paused', () => {
    expect(assessEventHealth(input({ status: 'no_origin', departure: null })).blockedReason).toBe('no_origin')
    expect(assessEventHealth(input({ status: 'unavailable', failure: 'no_route' })).blockedReason).toBe('no_route')
    expect(assessEventHealth(input({ userPaused: true })).blockedReason).toBe('user_paused')
  })

  it('not when the routing provider is merely unavailable (the last window still counts)', () => {
    expect(
      assessEventHealth(input({ status: 'unavailable', failure: 'provider_unavailable' })).blockedReason,
    ).toBeNull()
  })
})

describe('Reading the health', () => {
  const stored: HealthAssessment = {
    factors: { ...noRisk, traffic: 0.5 },
    risks: [],
    blockedReason: null,
    calculatedAt: minutes(-120),
  }

  it('is all null before the first assessment', () => {
    expect(eventHealth({ id: 'evt_a', startTime: start }, weights)).toMatchObject({
      score: null,
      label: null,
      risks: [],
      calculatedAt: null,
    })
    expect(eventHealth({ id: 'evt_a', startTime: start, health: null }, weights).score).toBeNull()
  })

  it('reads the score with the weights given, and the user’s pause as of now', () => {
    expect(eventHealth({ id: 'evt_a', startTime: start, health: stored }, weights)).toMatchObject({
      score: 0.8,
      label: 'at_risk',
      calculatedAt: minutes(-120),
    })
    expect(eventHealth({ id: 'evt_a', startTime: start, health: stored }, weights, true)).toMatchObject({
      score: 0,
      label: 'blocked',
      blockedReason: 'user_paused',
    })
    const pausedThen = { ...stored, blockedReason: 'user_paused' as const }
    expect(eventHealth({ id: 'evt_a', startTime: start, health: pausedThen }, weights, false)).toMatchObject({
      score: 0.8,
      label: 'at_risk',
      blockedReason: null,
    })
  })
})
