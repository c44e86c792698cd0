import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import {
  type Fix,
  type StopReason,
  TRACKING_LIMITS,
  type TrackingConfidence,
  type TrackingStatus,
  type TripLifecycle,
} from './trip.js'

/**
 * Where a position stands towards the destination, computed by the service (distance, routing) so that the
 * machine stays pure. `predictedArrival` null: the routing failed, the previous prediction stands.
 */
export interface Assessment {
  readonly withinArrivalRadius: boolean
  readonly predictedArrival: Date | null
  readonly confidence: TrackingConfidence
}

/**
 * What can happen to a trip. `start`, `locate` and `stop` come from the API; `idle_check` and `expire` from the
 * tracking job; `event_changed` and `stop` (`event_deleted`) from the event's lifecycle (docs/tracking.md).
 */
export type TrackingCommand =
  | {
      readonly type: 'start'
      readonly now: Date
      readonly idleTimeoutSeconds: number
      readonly startTime: Date
      readonly expiresAt: Date
      /** `start_location`, when given, with its assessment. */
      readonly fix: Fix | null
      readonly assessment: Assessment | null
    }
  | { readonly type: 'locate'; readonly now: Date; readonly fix: Fix; readonly assessment: Assessment }
  | { readonly type: 'idle_check'; readonly now: Date }
  | { readonly type: 'stop'; readonly now: Date; readonly reason: StopReason }
  | {
      readonly type: 'event_changed'
      readonly now: Date
      readonly startTime: Date
      readonly expiresAt: Date
      /** A new assessment of the current position (the destination moved), or null (only the time moved). */
      readonly assessment: Assessment | null
    }
export type TrackingCommandType = TrackingCommand['type']

export const TRACKING_EVENT_TYPES = ['event.late_predicted', 'user.arrived', 'event.tracking_stopped'] as const
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number]

const ACTIVE_MOVING: readonly TrackingStatus[] = ['in_transit', 'arrived']

/**
 * Each status, the commands it accepts and where each may lead; a missing cell is refused (409
 * `invalid_state_transition`): a location for a stopped trip, a start of an arrived one (stop it first).
 * A target equal to the source with nothing changed is a no-op: starting an active trip again, stopping twice.
 */
export const trackingTransitionTable: TransitionTable<TrackingStatus, TrackingCommandType> = {
  not_started: {
    start: ['not_started'],
    locate: ACTIVE_MOVING,
    idle_check: ['not_started', 'stalled'],
    stop: ['stopped'],
    event_changed: ['not_started'],
  },
  in_transit: {
    start: ['in_transit'],
    locate: ACTIVE_MOVING,
    idle_check: ['in_transit', 'stalled'],
    stop: ['stopped'],
    event_changed: ['in_transit', 'arrived'],
  },
  stalled: {
    start: ['stalled'],
    locate: ACTIVE_MOVING,
    idle_check: ['stalled'],
    stop: ['stopped'],
    event_changed: ['stalled', 'arrived'],
  },
  arrived: {
    locate: ['arrived'],
    idle_check: ['arrived'],
    stop: ['stopped'],
    event_changed: ['arrived', 'in_transit'],
  },
  stopped: {
    start: ['not_started', 'in_transit', 'arrived'],
    idle_check: ['stopped'],
    stop: ['stopped'],
    event_changed: ['stopped'],
  },
}

export type TrackingOutcome<S extends TripLifecycle> = TransitionOutcome<S, TrackingEventType>

type Handlers = {
  readonly [Type in TrackingCommandType]: <S extends TripLifecycle>(
    state: S,
    command: Extract<TrackingCommand, { readonly type: Type }>,
  ) => TrackingOutcome<S>
}

const MINUTE = 60_000
const unchanged = <S extends TripLifecycle>(state: S): TrackingOutcome<S> => ({ state, events: [] })

/** Minutes between the predicted arrival and the start: negative early, positive late. */
export const minutesLateOf = (predictedArrival: Date, startTime: Date): number =>
  Math.round((predictedArrival.getTime() - startTime.getTime()) / MINUTE)

/**
 * The prediction against the start: `event.late_predicted` once per crossing into late (`minutes_late` > 0);
 * back on time only once the prediction is `backOnTimeMarginSeconds` before the start again.
 */
const judgeLateness = <S extends TripLifecycle>(
  state: S,
  predictedArrival: Date | null,
  confidence: TrackingConfidence,
): TrackingOutcome<S> => {
  if (predictedArrival === null) return { state: { ...state, confidence: 'low' }, events: [] }
  const minutesLate = minutesLateOf(predictedArrival, state.startTime)
  // Late as the wire says it: `minutes_late` positive (at least 30 s past the start, rounded).
  const late = minutesLate > 0
  const backOnTime =
    predictedArrival.getTime() <= state.startTime.getTime() - TRACKING_LIMITS.backOnTimeMarginSeconds * 1000
  const next = {
    ...state,
    predictedArrival,
    minutesLate,
    confidence,
    late: state.late ? !backOnTime : late,
  }
  return { state: next, events: late && !state.late ? ['event.late_predicted'] : [] }
}

/** A trip reaching the destination: the trail is erased (no longer needed), the arrival is the prediction. */
const arrive = <S extends TripLifecycle>(state: S, fix: Fix | null, now: Date): TrackingOutcome<S> => {
  const at = fix?.recordedAt ?? now
  return {
    state: {
      ...state,
      status: 'arrived',
      trail: [],
      predictedArrival: at,
      minutesLate: minutesLateOf(at, state.startTime),
      confidence: 'high',
      arrivedAt: at,
    },
    events: ['user.arrived'],
  }
}

const withFix = <S extends TripLifecycle>(state: S, fix: Fix, now: Date): S => ({
  ...state,
  currentLocation: fix,
  trail: [...state.trail, fix].slice(-TRACKING_LIMITS.trailLength),
  lastSignalAt: now,
  ignoredJumps: 0,
})

const handlers: Handlers = {
  start: (state, command) => {
    if (state.status !== 'stopped') return unchanged(state)
    const fresh = {
      ...state,
      status: 'not_started' as const,
      idleTimeoutSeconds: command.idleTimeoutSeconds,
      currentLocation: null,
      trail: [],
      lastSignalAt: command.now,
      lastUpdateAt: null,
      predictedArrival: null,
      minutesLate: null,
      confidence: null,
      startTime: command.startTime,
      late: false,
      ignoredJumps: 0,
      arrivedAt: null,
      stoppedAt: null,
      stopReason: null,
      expiresAt: command.expiresAt,
    }
    if (command.fix === null || command.assessment === null) return { state: fresh, events: [] }
    const located = withFix(fresh, command.fix, command.now)
    if (command.assessment.withinArrivalRadius) return arrive(located, command.fix, command.now)
    return judgeLateness(
      { ...located, status: 'in_transit' as const },
      command.assessment.predictedArrival,
      command.assessment.confidence,
    )
  },
  locate: (state, command) => {
    if (state.status === 'arrived') return unchanged(state)
    const located = withFix(state, command.fix, command.now)
    if (command.assessment.withinArrivalRadius) return arrive(located, command.fix, command.now)
    return judgeLateness(
      { ...located, status: 'in_transit' as const },
      command.assessment.predictedArrival,
      command.assessment.confidence,
    )
  },
  idle_check: (state, command) => {
    if (state.status !== 'not_started' && state.status !== 'in_transit') return unchanged(state)
    const deadline = state.lastSignalAt.getTime() + state.idleTimeoutSeconds * 1000
    return command.now.getTime() >= deadline ? { state: { ...state, status: 'stalled' }, events: [] } : unchanged(state)
  },
  stop: (state, command) =>
    state.status === 'stopped'
      ? unchanged(state)
      : {
          state: {
            ...state,
            status: 'stopped',
            currentLocation: null,
            trail: [],
            // The crossing belongs to the trip: a restart starts on time.
            late: false,
            stoppedAt: command.now,
            stopReason: command.reason,
          },
          events: ['event.tracking_stopped'],
        },
  event_changed: (state, command) => {
    if (state.status === 'stopped') return unchanged(state)
    const moved = { ...state, startTime: command.startTime, expiresAt: command.expiresAt }
    const { assessment } = command
    if (state.status === 'arrived') {
      // The destination moved away from where the user arrived: the trip goes on.
      if (assessment === null || assessment.withinArrivalRadius) {
        const arrivedAt = moved.arrivedAt ?? command.now
        return { state: { ...moved, minutesLate: minutesLateOf(arrivedAt, moved.startTime) }, events: [] }
      }
      return judgeLateness(
        { ...moved, status: 'in_transit' as const, arrivedAt: null },
        assessment.predictedArrival,
        assessment.confidence,
      )
    }
    if (state.status === 'not_started' || state.currentLocation === null) return { state: moved, events: [] }
    if (assessment?.withinArrivalRadius === true) return arrive(moved, state.currentLocation, command.now)
    if (assessment === null) {
      // Only the time moved: the same predicted arrival against the new start.
      return moved.predictedArrival === null
        ? { state: moved, events: [] }
        : judgeLateness(moved, moved.predictedArrival, moved.confidence ?? 'low')
    }
    return judgeLateness(moved, assessment.predictedArrival, assessment.confidence)
  },
}

const refuse = (state: TripLifecycle, command: TrackingCommand): InvalidTransition =>
  new InvalidTransition({ resource: 'tracking', from: state.status, command: command.type })

const trackingMachine: StateMachine<
  TrackingStatus,
  TripLifecycle,
  TrackingCommand,
  TrackingEventType,
  InvalidTransition
> = { name: 'tracking', table: trackingTransitionTable, statusOf: (state) => state.status, handlers, refuse }

/** The tracking state machine: pure, driven by the table above. */
export const trackingTransition = <S extends TripLifecycle>(
  state: S,
  command: TrackingCommand,
): Result<TrackingOutcome<S>, InvalidTransition> =>
  // The handlers are generic in the state (above): what they return for an S is an S.
  runTransition(trackingMachine, state, command) as Result<TrackingOutcome<S>, InvalidTransition>

/** A new trip's lifecycle before its first command (`start` from `stopped` builds the rest). */
export const blankLifecycle = (now: Date): TripLifecycle => ({
  status: 'stopped',
  idleTimeoutSeconds: TRACKING_LIMITS.defaultIdleTimeoutSeconds,
  currentLocation: null,
  trail: [],
  lastSignalAt: now,
  lastUpdateAt: null,
  predictedArrival: null,
  minutesLate: null,
  confidence: null,
  startTime: now,
  late: false,
  ignoredJumps: 0,
  arrivedAt: null,
  stoppedAt: now,
  stopReason: null,
  expiresAt: now,
})
