import type { DepartureLearning } from '../departure/departure.js'
import type { TravelMode } from '../ports/routing.js'
import type { Coordinates } from '../shared/coordinates.js'

/** Domain shape of a tracked trip (one per event). The wire shape (snake_case) lives in contracts/tracking.ts. */

/**
 * The contract's four statuses plus `stopped` (docs/tracking.md), the state `POST .../tracking/stop` (or the event's deletion, or the
 * retention job) leaves a trip in: its positions are erased at once, the record itself goes after the retention.
 */
export const TRACKING_STATUSES = ['not_started', 'in_transit', 'arrived', 'stalled', 'stopped'] as const
export type TrackingStatus = (typeof TRACKING_STATUSES)[number]

export const STOP_REASONS = ['requested', 'event_deleted', 'expired'] as const
export type StopReason = (typeof STOP_REASONS)[number]

export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const
export type TrackingConfidence = (typeof CONFIDENCE_LEVELS)[number]

/** The documented bounds of tracking (docs/tracking.md); docs/spec-map.md, "Limits", lists the first three. */
export const TRACKING_LIMITS = {
  /** Location updates closer than this (on the account's clock) are answered 429. */
  minUpdateIntervalSeconds: 5,
  defaultIdleTimeoutSeconds: 120,
  /** Within this distance of the destination the user has arrived. */
  arrivalRadiusM: 50,
  minIdleTimeoutSeconds: 10,
  maxIdleTimeoutSeconds: 3600,
  /** A fix less precise than this is ignored. */
  maxAccuracyM: 200,
  /** A fix implying a faster move than this from the last accepted one is ignored (about 250 km/h). */
  maxSpeedMps: 70,
  /** After this many jumps ignored in a row, the next fix is taken as the new anchor (the old one was the outlier). */
  jumpsBeforeReanchor: 3,
  /** A `recorded_at` further ahead of the server's clock than this is refused (400). */
  futureToleranceSeconds: 60,
  /** A fix recorded longer ago than this is ignored (`stale`). */
  maxFixAgeSeconds: 600,
  /** Accepted fixes kept for the prediction, newest last. */
  trailLength: 10,
  /** Once late, a prediction counts as back on time only this far before the start (no flapping). */
  backOnTimeMarginSeconds: 60,
  /** An active trip is stopped (`expired`) this long after its event's end. */
  activeAfterEventEndSeconds: 2 * 3600,
  /** A stopped trip's record (no positions left) is deleted this long after the stop. */
  stoppedRetentionSeconds: 24 * 3600,
  /** A position reported for a user (`POST /v1/users/{id}/location`) is deleted this long after it was recorded. */
  reportedPositionRetentionSeconds: 24 * 3600,
} as const

/** One accepted location fix. */
export interface Fix extends Coordinates {
  readonly accuracyM: number | null
  readonly speedMps: number | null
  readonly recordedAt: Date
}

/** The part of a trip its state machine moves. */
export interface TripLifecycle {
  readonly status: TrackingStatus
  readonly idleTimeoutSeconds: number
  /** The last accepted fix; null before the first one and once stopped (erased). */
  readonly currentLocation: Fix | null
  /** The last accepted fixes, newest last (the current one included); emptied on arrival and on stop. */
  readonly trail: readonly Fix[]
  /** Server time (account clock) of the start or of the last accepted fix: the idle timer runs from it. */
  readonly lastSignalAt: Date
  /** Server time of the last location request, accepted or ignored: the 5 s cadence runs from it. */
  readonly lastUpdateAt: Date | null
  readonly predictedArrival: Date | null
  readonly minutesLate: number | null
  readonly confidence: TrackingConfidence | null
  /** The event's start, which lateness is judged against. */
  readonly startTime: Date
  /** In a late crossing: `event.late_predicted` was sent and the prediction has not come back on time since. */
  readonly late: boolean
  /** Jumps ignored in a row since the last accepted fix. */
  readonly ignoredJumps: number
  readonly arrivedAt: Date | null
  readonly stoppedAt: Date | null
  readonly stopReason: StopReason | null
  /** When an active trip is stopped as `expired` (its event's end plus the documented margin). */
  readonly expiresAt: Date
}

export interface Trip extends TripLifecycle {
  readonly accountId: string
  readonly livemode: boolean
  /** One trip per event: the event's id is the trip's key. */
  readonly eventId: string
  readonly userId: string
  readonly destination: Coordinates
  readonly mode: TravelMode
  readonly timezone: string
  readonly startedAt: Date
  /**
   * The event's window when the trip started (its route bucket and the moving leg predicted before any correction):
   * what the arrival is compared with to learn a route correction. Absent or null without a window then.
   */
  readonly plan?: DepartureLearning | null
  readonly updatedAt: Date
  /** Optimistic-concurrency version: bumped on every write. */
  readonly version: number
}

/** A position the app reported for its user outside a trip (`POST /v1/users/{id}/location`). */
export interface ReportedPosition extends Coordinates {
  readonly accountId: string
  readonly userId: string
  readonly accuracyM: number | null
  readonly recordedAt: Date
}

export const isActive = (status: TrackingStatus): boolean => status !== 'stopped' && status !== 'arrived'

const SECOND = 1000

/**
 * When the tracking job must look at the trip: the idle deadline while waiting for fixes, the expiry while
 * active, the end of the retention once stopped.
 */
export const tripDueAt = (trip: TripLifecycle): Date => {
  if (trip.status === 'stopped')
    return new Date((trip.stoppedAt ?? trip.lastSignalAt).getTime() + TRACKING_LIMITS.stoppedRetentionSeconds * SECOND)
  const expiry = trip.expiresAt.getTime()
  if (trip.status === 'not_started' || trip.status === 'in_transit')
    return new Date(Math.min(expiry, trip.lastSignalAt.getTime() + trip.idleTimeoutSeconds * SECOND))
  return trip.expiresAt
}

export const expiryFor = (eventEnd: Date): Date =>
  new Date(eventEnd.getTime() + TRACKING_LIMITS.activeAfterEventEndSeconds * SECOND)

/** When a reported position is deleted. */
export const reportedPositionExpiry = (position: Pick<ReportedPosition, 'recordedAt'>): Date =>
  new Date(position.recordedAt.getTime() + TRACKING_LIMITS.reportedPositionRetentionSeconds * SECOND)
