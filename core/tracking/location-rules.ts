import type { RouteDataQuality } from '../ports/routing.js'
import { type Coordinates, greatCircleDistanceKm } from '../shared/coordinates.js'
import { type Fix, TRACKING_LIMITS, type TrackingConfidence, type TripLifecycle } from './trip.js'

/** Why a location update was answered but not stored as truth (docs/tracking.md, "Data rules"). */
export const IGNORED_REASONS = ['out_of_order', 'stale', 'inaccurate', 'impossible_jump', 'arrived'] as const
export type IgnoredReason = (typeof IGNORED_REASONS)[number]

export const distanceM = (from: Coordinates, to: Coordinates): number => greatCircleDistanceKm(from, to) * 1000

/**
 * The data rules, in order: a fix older than the last accepted one is `out_of_order`; one recorded more than
 * `maxFixAgeSeconds` ago is `stale`; one less precise than `maxAccuracyM` is `inaccurate`; one implying a
 * speed above `maxSpeedMps` from the last accepted fix (both accuracies given the benefit of the doubt) is an
 * `impossible_jump`, unless `jumpsBeforeReanchor` jumps in a row were ignored already: the anchor was the outlier.
 */
export const judgeFix = (trip: TripLifecycle, fix: Fix, now: Date): IgnoredReason | null => {
  if (trip.status === 'arrived') return 'arrived'
  const previous = trip.currentLocation
  if (previous !== null && fix.recordedAt.getTime() <= previous.recordedAt.getTime()) return 'out_of_order'
  if (now.getTime() - fix.recordedAt.getTime() > TRACKING_LIMITS.maxFixAgeSeconds * 1000) return 'stale'
  if (fix.accuracyM !== null && fix.accuracyM > TRACKING_LIMITS.maxAccuracyM) return 'inaccurate'
  if (previous === null || trip.ignoredJumps >= TRACKING_LIMITS.jumpsBeforeReanchor) return null
  const seconds = (fix.recordedAt.getTime() - previous.recordedAt.getTime()) / 1000
  const slack = (fix.accuracyM ?? 0) + (previous.accuracyM ?? 0)
  const metres = Math.max(0, distanceM(previous, fix) - slack)
  return metres / seconds > TRACKING_LIMITS.maxSpeedMps ? 'impossible_jump' : null
}

const LEVELS: readonly TrackingConfidence[] = ['low', 'medium', 'high']

/**
 * Confidence of a prediction: `high`, one level down for each of a coarse fix (accuracy unknown or worse than
 * 50 m), routing without live traffic, more than 20 km left, and a trail of a single fix (no history yet).
 */
export const predictionConfidence = (input: {
  readonly fix: Fix
  readonly quality: RouteDataQuality
  readonly distanceLeftM: number
  readonly trailLength: number
}): TrackingConfidence => {
  let level = 2
  if (input.fix.accuracyM === null || input.fix.accuracyM > 50) level -= 1
  if (input.quality !== 'live') level -= 1
  if (input.distanceLeftM > 20_000) level -= 1
  if (input.trailLength < 2) level -= 1
  return LEVELS[Math.max(0, level)] ?? 'low'
}
