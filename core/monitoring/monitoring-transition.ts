import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import { MonitoringCommandRejected } from './monitoring.errors.js'
import type {
  MonitoringCommand,
  MonitoringCommandType,
  MonitoringEvent,
  MonitoringState,
  MonitoringStatus,
} from './monitoring.js'
import { recalcCadence } from './recalc-cadence.js'
import { passThresholds } from './thresholds.js'
import { windowChanges } from './window-changes.js'

const AFTER_START: readonly MonitoringStatus[] = ['started', 'ended']
const RESCHEDULED: readonly MonitoringStatus[] = ['pending', 'no_location', 'unresolved_location', ...AFTER_START]

/** What each status accepts, and where each accepted command may lead. Missing: rejected. */
const activeStatusRow = (self: MonitoringStatus) =>
  ({
    recompute_succeeded: ['monitoring', ...AFTER_START],
    recompute_failed: ['no_origin', 'unavailable', ...AFTER_START],
    tick: [self, ...AFTER_START],
    event_updated: RESCHEDULED,
    event_deleted: ['cancelled'],
  }) satisfies Partial<Record<MonitoringCommandType, readonly MonitoringStatus[]>>

export const monitoringTransitionTable: TransitionTable<MonitoringStatus, MonitoringCommandType> = {
  pending: activeStatusRow('pending'),
  monitoring: activeStatusRow('monitoring'),
  no_origin: activeStatusRow('no_origin'),
  unavailable: activeStatusRow('unavailable'),
  no_location: { tick: ['no_location'], event_updated: RESCHEDULED, event_deleted: ['cancelled'] },
  unresolved_location: { tick: ['unresolved_location'], event_updated: RESCHEDULED, event_deleted: ['cancelled'] },
  started: { tick: AFTER_START, event_updated: RESCHEDULED, event_deleted: ['cancelled'] },
  ended: { tick: ['ended'], event_updated: RESCHEDULED, event_deleted: ['cancelled'] },
  cancelled: {},
}

export type MonitoringOutcome = TransitionOutcome<MonitoringState, MonitoringEvent>

export interface NewMonitoredEvent {
  readonly startTime: Date
  readonly endTime: Date
  readonly hasLocation: boolean
  /** Without a location because its address could not be placed. */
  readonly locationUnresolved?: boolean
  readonly preAlertMinutes: number
  readonly now: Date
}

const lifecycleStatus = (startTime: Date, endTime: Date, now: Date): 'started' | 'ended' | null => {
  if (now.getTime() >= endTime.getTime()) return 'ended'
  if (now.getTime() >= startTime.getTime()) return 'started'
  return null
}

/**
 * The state of a just-created event: `pending` with a recompute due now when it
 * starts in the future and has a location; otherwise never monitored.
 */
export const openMonitoring = (event: NewMonitoredEvent): MonitoringState => {
  const lifecycle = lifecycleStatus(event.startTime, event.endTime, event.now)
  const status: MonitoringStatus = !event.hasLocation
    ? event.locationUnresolved === true
      ? 'unresolved_location'
      : 'no_location'
    : (lifecycle ?? 'pending')
  return {
    status,
    startTime: event.startTime,
    endTime: event.endTime,
    hasLocation: event.hasLocation,
    preAlertMinutes: event.preAlertMinutes,
    departure: null,
    thresholdsPassed: [],
    nextRecalcAt: status === 'pending' ? event.now : null,
  }
}

const stop = (state: MonitoringState, status: MonitoringStatus): MonitoringOutcome => ({
  state: { ...state, status, nextRecalcAt: null },
  events: [],
})

/** Shared tail of every command that keeps the event monitored: thresholds are checked. */
const withThresholds = (state: MonitoringState, now: Date, events: readonly MonitoringEvent[]): MonitoringOutcome => {
  const outcome = passThresholds(state.departure, state.thresholdsPassed, state.preAlertMinutes, now)
  return { state: { ...state, thresholdsPassed: outcome.thresholdsPassed }, events: [...events, ...outcome.events] }
}

const nextRecalcAt = (state: MonitoringState, now: Date): Date | null =>
  recalcCadence(now, state.startTime)?.nextRecalcAt ?? null

const handlers: TransitionHandlers<MonitoringState, MonitoringCommand, MonitoringEvent> = {
  recompute_succeeded: (state, { now, departure }) => {
    const lifecycle = lifecycleStatus(state.startTime, state.endTime, now)
    if (lifecycle !== null) return stop(state, lifecycle)
    const changes = state.departure === null ? [] : windowChanges(state.departure, departure)
    const windowEvents: MonitoringEvent[] =
      state.departure === null
        ? [{ type: 'departure.computed', departure }]
        : changes.length > 0
          ? [{ type: 'departure.updated', departure, changes }]
          : []
    const next = { ...state, status: 'monitoring' as const, departure, nextRecalcAt: nextRecalcAt(state, now) }
    return withThresholds(next, now, windowEvents)
  },
  recompute_failed: (state, { now, reason }) => {
    const lifecycle = lifecycleStatus(state.startTime, state.endTime, now)
    if (lifecycle !== null) return stop(state, lifecycle)
    const status = reason === 'no_origin' ? 'no_origin' : 'unavailable'
    return withThresholds({ ...state, status, nextRecalcAt: nextRecalcAt(state, now) }, now, [])
  },
  tick: (state, { now }) => {
    if (state.status === 'no_location' || state.status === 'unresolved_location') return { state, events: [] }
    const lifecycle = lifecycleStatus(state.startTime, state.endTime, now)
    if (lifecycle !== null) return stop(state, lifecycle)
    return withThresholds(state, now, [])
  },
  event_updated: (state, command) => {
    const rescheduled = command.startTime.getTime() !== state.startTime.getTime()
    const updated: MonitoringState = {
      ...state,
      startTime: command.startTime,
      endTime: command.endTime,
      hasLocation: command.hasLocation,
      preAlertMinutes: command.preAlertMinutes ?? state.preAlertMinutes,
      // Thresholds fire once per occurrence: a new start time re-arms them.
      thresholdsPassed: rescheduled ? [] : state.thresholdsPassed,
    }
    if (!command.hasLocation)
      return stop(
        { ...updated, departure: null },
        command.locationUnresolved === true ? 'unresolved_location' : 'no_location',
      )
    const lifecycle = lifecycleStatus(command.startTime, command.endTime, command.now)
    if (lifecycle !== null) return stop(updated, lifecycle)
    // The old window is kept only to tell whether the recomputed one changed.
    return { state: { ...updated, status: 'pending', nextRecalcAt: command.now }, events: [] }
  },
  event_deleted: (state) => stop(state, 'cancelled'),
}

const monitoringMachine: StateMachine<
  MonitoringStatus,
  MonitoringState,
  MonitoringCommand,
  MonitoringEvent,
  MonitoringCommandRejected
> = {
  name: 'monitoring',
  table: monitoringTransitionTable,
  statusOf: (state) => state.status,
  handlers,
  refuse: (state, command) => new MonitoringCommandRejected({ status: state.status, command: command.type }),
}

/** The monitoring state machine: pure, driven by the table above. */
export const monitoringTransition = (
  state: MonitoringState,
  command: MonitoringCommand,
): Result<MonitoringOutcome, MonitoringCommandRejected> => runTransition(monitoringMachine, state, command)
