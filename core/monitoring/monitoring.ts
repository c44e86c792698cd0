import type { Departure } from '../departure/departure.js'

/**
 * `pending`: created (or changed), window not computed yet.
 * `monitoring`: a window exists and is recomputed on the cadence.
 * `no_location`: the event has no location; never monitored.
 * `unresolved_location`: the event has an address the geocoder could not place; never monitored until it changes.
 * `no_origin`: no origin could be resolved; retried on the cadence.
 * `unavailable`: routing failed (provider down or no route); retried on the cadence.
 * `started`: the event began; monitoring stopped.
 * `ended`: the event is over.
 * `cancelled`: the event was deleted (terminal).
 */
export const MONITORING_STATUSES = [
  'pending',
  'monitoring',
  'no_location',
  'unresolved_location',
  'no_origin',
  'unavailable',
  'started',
  'ended',
  'cancelled',
] as const
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number]

/** In firing order. */
export type Threshold = 'pre_alert' | 'leave_now' | 'last_call'
export const thresholdOrder: readonly Threshold[] = ['pre_alert', 'leave_now', 'last_call']

export interface MonitoringState {
  readonly status: MonitoringStatus
  readonly startTime: Date
  readonly endTime: Date
  readonly hasLocation: boolean
  /** The user's `pre_alert_minutes`: the pre-alert comes this long before the earliest departure. */
  readonly preAlertMinutes: number
  /** The last computed window (kept while a later recompute fails). */
  readonly departure: Departure | null
  /** Thresholds already behind (fired, or skipped because a later one was reached at once), in order. */
  readonly thresholdsPassed: readonly Threshold[]
  /** When the sweep should recompute; `null` when nothing is to be recomputed. */
  readonly nextRecalcAt: Date | null
}

export type RecomputeFailureReason = 'no_origin' | 'no_route' | 'provider_unavailable'

export type MonitoringCommand =
  | { readonly type: 'recompute_succeeded'; readonly now: Date; readonly departure: Departure }
  | { readonly type: 'recompute_failed'; readonly now: Date; readonly reason: RecomputeFailureReason }
  /** Time passes: thresholds and the event's start and end are checked. */
  | { readonly type: 'tick'; readonly now: Date }
  | {
      readonly type: 'event_updated'
      readonly now: Date
      readonly startTime: Date
      readonly endTime: Date
      readonly hasLocation: boolean
      /** Without a location because its address could not be placed (`unresolved_location`, not `no_location`). */
      readonly locationUnresolved?: boolean
      /** Set when the user's `pre_alert_minutes` changed too. */
      readonly preAlertMinutes?: number
    }
  | { readonly type: 'event_deleted'; readonly now: Date }

export type MonitoringCommandType = MonitoringCommand['type']

/** Domain events for the outbox; the host renders each as its webhook. */
export type MonitoringEvent =
  | { readonly type: 'departure.computed'; readonly departure: Departure }
  | { readonly type: 'departure.updated'; readonly departure: Departure; readonly changes: readonly WindowChange[] }
  | {
      readonly type: 'departure.threshold_reached'
      readonly threshold: Threshold
      /** When the threshold was due (the crossing time, not the time it was noticed). */
      readonly dueAt: Date
      readonly departure: Departure
    }

export type WindowChange = 'earliest_departure' | 'latest_departure' | 'traffic_level' | 'weather_warning'
