import type { Departure, TrafficLevel } from '../departure/departure.js'
import type { MonitoringStatus, RecomputeFailureReason } from '../monitoring/monitoring.js'
import type { WeatherWarningSeverity } from '../ports/weather.js'

/**
 * Event health: how likely the event is to start on time (docs/scheduling.md,
 * "Event health"). The departure recompute stores an assessment (one risk per
 * factor, 0 = no risk, 1 = worst); the score is worked out from it when read,
 * with the weights of the caller's API version, so a version can change them.
 */
export const HEALTH_FACTORS = ['traffic', 'weather', 'margin', 'conflict', 'connection'] as const
export type HealthFactor = (typeof HEALTH_FACTORS)[number]
export type HealthFactors = Readonly<Record<HealthFactor, number>>
/** Weights of the factors; they sum to 1. */
export type HealthWeights = HealthFactors

export const HEALTH_RISK_TYPES = ['traffic', 'weather', 'conflict', 'connection'] as const
export type HealthRiskType = (typeof HEALTH_RISK_TYPES)[number]
export const HEALTH_RISK_SEVERITIES = ['low', 'medium', 'high'] as const
export type HealthRiskSeverity = (typeof HEALTH_RISK_SEVERITIES)[number]
export const HEALTH_LABELS = ['on_track', 'at_risk', 'likely_late', 'blocked'] as const
export type HealthLabel = (typeof HEALTH_LABELS)[number]
/** Why the trip cannot be planned at all (label `blocked`, score 0). */
export const HEALTH_BLOCKED_REASONS = ['no_origin', 'no_route', 'user_paused'] as const
export type HealthBlockedReason = (typeof HEALTH_BLOCKED_REASONS)[number]

export interface HealthRisk {
  readonly type: HealthRiskType
  readonly severity: HealthRiskSeverity
  readonly detail: string
}

/** What is stored with the event at each departure recompute. */
export interface HealthAssessment {
  readonly factors: HealthFactors
  readonly risks: readonly HealthRisk[]
  readonly blockedReason: HealthBlockedReason | null
  readonly calculatedAt: Date
}

/** Score bounds of the labels: `on_track` from 0.85, `at_risk` from 0.6, `likely_late` below. */
export const HEALTH_LABEL_THRESHOLDS = { onTrack: 0.85, atRisk: 0.6 } as const

/** Severity of a listed risk from its factor's value; a factor at 0 lists no risk. */
export const riskSeverity = (risk: number): HealthRiskSeverity =>
  risk >= 0.75 ? 'high' : risk >= 0.4 ? 'medium' : 'low'

const clamp01 = (value: number): number => (Number.isNaN(value) ? 1 : Math.min(1, Math.max(0, value)))

/** The lowest ratio of each traffic level, for departures stored without their ratio. */
const trafficLevelRatio: Readonly<Record<TrafficLevel, number>> = {
  free: 1,
  light: 1.1,
  moderate: 1.25,
  heavy: 1.5,
  severe: 2,
}

/**
 * Traffic: the expected trip against the same trip on empty roads (the routing
 * provider's typical free-flow time). No delay is no risk; twice the free-flow
 * time (where `severe` begins) is full risk; linear between.
 */
export const trafficRisk = (ratio: number): number => clamp01(ratio - 1)

export const weatherSeverityRisk: Readonly<Record<WeatherWarningSeverity, number>> = {
  minor: 0.25,
  moderate: 0.5,
  severe: 0.75,
  extreme: 1,
}

/**
 * Margin: where `now` stands in the departure window. Before the earliest
 * departure there is the whole margin (0); at the latest departure none is
 * left (1); linear between.
 */
export const marginRisk = (departure: Pick<Departure, 'earliestDeparture' | 'latestDeparture'>, now: Date): number => {
  const earliest = departure.earliestDeparture.getTime()
  const latest = departure.latestDeparture.getTime()
  const at = now.getTime()
  if (at >= latest) return 1
  if (at <= earliest) return 0
  return clamp01((at - earliest) / (latest - earliest))
}

export interface OtherEvent {
  readonly id: string
  readonly startTime: Date
  readonly endTime: Date
}

export interface Conflict {
  readonly eventId: string
  readonly risk: number
  readonly detail: string
}

/** Risks of the three ways another event can stand in the way (docs/scheduling.md). */
export const CONFLICT_RISKS = { overlap: 1, travel: 0.6, window: 0.3 } as const

/** Whether the span [otherStart, otherEnd) runs into [from, to). */
const overlaps = (otherStart: number, otherEnd: number, from: number, to: number): boolean =>
  from < to && otherStart < to && otherEnd > from

type ConflictKind = keyof typeof CONFLICT_RISKS
const CONFLICT_KINDS: readonly ConflictKind[] = ['overlap', 'travel', 'window']

/** The detail of a conflict of each kind with another event (written only for an event in the way). */
const conflictDetail = (kind: ConflictKind, other: OtherEvent): string => {
  const span = `${other.startTime.toISOString()} to ${other.endTime.toISOString()}`
  return kind === 'overlap'
    ? `Overlaps event ${other.id} (${span}).`
    : kind === 'travel'
      ? `Event ${other.id} (${span}) ends after the latest departure.`
      : `Event ${other.id} (${span}) runs into the departure window.`
}

/** A conflict with one neighbour, and the risk the assessment lists for it. */
interface KnownConflict {
  readonly conflict: Conflict
  readonly risk: HealthRisk
}

/** The conflicts of one neighbour as it stood (its times), by kind, built when first found. */
interface NeighbourConflicts {
  readonly startMs: number
  readonly endMs: number
  readonly kinds: (KnownConflict | undefined)[]
}

/**
 * The conflicts built so far, by the other event's id. A neighbour is in the way of several events and each of them
 * is recomputed every few minutes: the same conflict (same event, times and kind) is built once and shared, text
 * included, by every assessment that lists it (they are read-only). Bounded: past `CONFLICT_MEMORY_LIMIT` events it
 * is emptied and filled again. The text depends on the id, the times and the kind only, so a remembered one is always
 * what building it again would give.
 */
const CONFLICT_MEMORY_LIMIT = 100_000
const conflictMemory = new Map<string, NeighbourConflicts>()

/** Empties the conflict memory (tests; it also empties itself when full). */
export const forgetConflicts = (): void => conflictMemory.clear()

/** How many neighbours the conflict memory holds (tests). */
export const rememberedConflicts = (): number => conflictMemory.size

const knownConflict = (other: OtherEvent, startMs: number, endMs: number, kind: number): KnownConflict => {
  let memory = conflictMemory.get(other.id)
  if (memory === undefined || memory.startMs !== startMs || memory.endMs !== endMs) {
    if (memory === undefined && conflictMemory.size >= CONFLICT_MEMORY_LIMIT) conflictMemory.clear()
    memory = { startMs, endMs, kinds: [undefined, undefined, undefined] }
    conflictMemory.set(other.id, memory)
  }
  let known = memory.kinds[kind]
  if (known === undefined) {
    const name = CONFLICT_KINDS[kind] as ConflictKind
    const risk = CONFLICT_RISKS[name]
    const detail = conflictDetail(name, other)
    known = {
      conflict: { eventId: other.id, risk, detail },
      risk: { type: 'conflict', severity: riskSeverity(risk), detail },
    }
    memory.kinds[kind] = known
  }
  return known
}

/**
 * Which way a span is in the way, as an index of `CONFLICT_KINDS` (-1: it is not): overlapping the event, else (with
 * a window) the trip from the latest departure to the start, else the window itself.
 */
const conflictKindIndex = (
  otherStart: number,
  otherEnd: number,
  start: number,
  end: number,
  window: { readonly earliest: number; readonly latest: number } | null,
): number => {
  if (overlaps(otherStart, otherEnd, start, end)) return 0
  if (window === null) return -1
  if (overlaps(otherStart, otherEnd, window.latest, start)) return 1
  return overlaps(otherStart, otherEnd, window.earliest, window.latest) ? 2 : -1
}

/** The conflicts of `findConflicts`, each with its listed risk. */
const conflictsOf = (
  event: OtherEvent,
  departure: Pick<Departure, 'earliestDeparture' | 'latestDeparture'> | null,
  others: readonly OtherEvent[],
): KnownConflict[] => {
  const start = event.startTime.getTime()
  const end = event.endTime.getTime()
  // Read once: the loop below runs over about a hundred neighbours on every recompute.
  const window =
    departure === null
      ? null
      : { earliest: departure.earliestDeparture.getTime(), latest: departure.latestDeparture.getTime() }
  const conflicts: KnownConflict[] = []
  for (const other of others) {
    const otherStart = other.startTime.getTime()
    const otherEnd = other.endTime.getTime()
    const kind = conflictKindIndex(otherStart, otherEnd, start, end, window)
    // The event itself (among its own neighbours) is told apart by id once it would count: most neighbours do not.
    if (kind >= 0 && other.id !== event.id) conflicts.push(knownConflict(other, otherStart, otherEnd, kind))
  }
  return conflicts
}

/**
 * Other events of the user in the way: overlapping the event itself, overlapping
 * the trip (from the latest departure to the start: the user must leave it
 * early), or overlapping the departure window (leaving comfortably is not possible).
 */
export const findConflicts = (
  event: OtherEvent,
  departure: Pick<Departure, 'earliestDeparture' | 'latestDeparture'> | null,
  others: readonly OtherEvent[],
): Conflict[] => conflictsOf(event, departure, others).map((known) => known.conflict)

export interface ConnectionHealthInput {
  readonly id: string
  readonly provider: string
  readonly status: 'active' | 'disconnected' | 'error'
  /** Consecutive failed token refreshes or syncs. */
  readonly failures: number
}

/** Risks of a connection's state: a disconnected provider no longer syncs the calendar. */
export const CONNECTION_RISKS = { disconnected: 1, error: 0.6, failing: 0.3 } as const

export const connectionRisk = (connection: ConnectionHealthInput): number =>
  connection.status === 'disconnected'
    ? CONNECTION_RISKS.disconnected
    : connection.status === 'error'
      ? CONNECTION_RISKS.error
      : connection.failures > 0
        ? CONNECTION_RISKS.failing
        : 0

export interface HealthInput {
  readonly now: Date
  readonly event: OtherEvent & { readonly hasLocation: boolean }
  readonly status: MonitoringStatus
  /** The last computed window (null when none yet). */
  readonly departure: Departure | null
  /** The reason of the last failed recompute, when the last recompute failed. */
  readonly failure: RecomputeFailureReason | null
  readonly userPaused: boolean
  /** The user's other events around this one. */
  readonly otherEvents: readonly OtherEvent[]
  /** The connections the event depends on. */
  readonly connections: readonly ConnectionHealthInput[]
}

const describeTraffic = (departure: Departure, ratio: number): string =>
  `Traffic is ${departure.trafficLevel}: the trip takes ${Math.round((ratio - 1) * 100)}% longer than on empty roads.`

/** The assessment the recompute stores: pure, from what the recompute already knows. */
export const assessEventHealth = (input: HealthInput): HealthAssessment => {
  const { departure, now } = input
  const blockedReason: HealthBlockedReason | null = input.userPaused
    ? 'user_paused'
    : input.event.hasLocation && (input.status === 'no_origin' || input.failure === 'no_origin')
      ? 'no_origin'
      : input.event.hasLocation && input.failure === 'no_route'
        ? 'no_route'
        : null
  const risks: HealthRisk[] = []
  const listed = (type: HealthRiskType, risk: number, detail: string) => {
    if (risk > 0) risks.push({ type, severity: riskSeverity(risk), detail })
  }

  const ratio = departure === null ? 1 : (departure.trafficRatio ?? trafficLevelRatio[departure.trafficLevel])
  const traffic = trafficRisk(ratio)
  if (departure !== null) listed('traffic', traffic, describeTraffic(departure, ratio))

  const warning = departure?.weatherWarning ?? null
  const weather = warning === null ? 0 : weatherSeverityRisk[warning.severity]
  if (warning !== null)
    listed('weather', weather, `${warning.severity} ${warning.kind} warning: ${warning.description}`)

  const margin = departure === null ? 0 : marginRisk(departure, now)

  let conflict = 0
  for (const found of conflictsOf(input.event, departure, input.otherEvents)) {
    conflict = Math.max(conflict, found.conflict.risk)
    risks.push(found.risk)
  }

  let connection = 0
  for (const linked of input.connections) {
    const risk = connectionRisk(linked)
    connection = Math.max(connection, risk)
    const state = linked.status === 'active' ? `failing (${linked.failures} failures in a row)` : linked.status
    listed('connection', risk, `The ${linked.provider} connection ${linked.id} is ${state}.`)
  }

  return {
    factors: { traffic, weather, margin, conflict, connection },
    risks,
    blockedReason,
    calculatedAt: now,
  }
}

/** 1 minus the weighted risks, in 0..1; a blocked event scores 0. */
export const healthScore = (
  assessment: Pick<HealthAssessment, 'factors' | 'blockedReason'>,
  weights: HealthWeights,
) => {
  if (assessment.blockedReason !== null) return 0
  const risk = HEALTH_FACTORS.reduce((sum, factor) => sum + weights[factor] * clamp01(assessment.factors[factor]), 0)
  // Rounded to 4 places so the same inputs always read the same (no floating-point dust on the wire).
  return Math.round(clamp01(1 - risk) * 10_000) / 10_000
}

export const healthLabel = (score: number, blocked: boolean): HealthLabel =>
  blocked
    ? 'blocked'
    : score >= HEALTH_LABEL_THRESHOLDS.onTrack
      ? 'on_track'
      : score >= HEALTH_LABEL_THRESHOLDS.atRisk
        ? 'at_risk'
        : 'likely_late'

export interface EventHealth {
  readonly eventId: string
  readonly startTime: Date
  readonly score: number | null
  readonly label: HealthLabel | null
  readonly risks: readonly HealthRisk[]
  readonly blockedReason: HealthBlockedReason | null
  readonly calculatedAt: Date | null
}

/**
 * The health of an event as read, with the caller's weights; all null before the
 * first assessment. Whether the user is paused is read now, not from the assessment.
 */
export const eventHealth = (
  event: { readonly id: string; readonly startTime: Date; readonly health?: HealthAssessment | null },
  weights: HealthWeights,
  userPaused = false,
): EventHealth => {
  const stored = event.health ?? null
  if (stored === null)
    return {
      eventId: event.id,
      startTime: event.startTime,
      score: null,
      label: null,
      risks: [],
      blockedReason: null,
      calculatedAt: null,
    }
  // The user's state is read now: paused since the assessment, or restored since.
  const assessment: HealthAssessment = userPaused
    ? { ...stored, blockedReason: 'user_paused' }
    : stored.blockedReason === 'user_paused'
      ? { ...stored, blockedReason: null }
      : stored
  const score = healthScore(assessment, weights)
  return {
    eventId: event.id,
    startTime: event.startTime,
    score,
    label: healthLabel(score, assessment.blockedReason !== null),
    risks: assessment.risks,
    blockedReason: assessment.blockedReason,
    calculatedAt: assessment.calculatedAt,
  }
}
