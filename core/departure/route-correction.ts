import { DateTime } from 'luxon'
import type { RouteQuery } from '../ports/routing.js'
import { snapToCell } from '../shared/grid-cell.js'
import { localHourAndWeekday, steadyOffsetAt } from '../shared/zone-time.js'

/**
 * Corrections learned from tracked arrivals (docs/departure.md, "Corrections from tracked arrivals"): per route
 * bucket, how much slower or faster trips really were than the moving leg we predicted, kept as aggregates only.
 */
export const ROUTE_CORRECTION_RULES = {
  /** Origins and destinations share a bucket within square cells of this side. */
  cellMeters: 500,
  /**
   * A trip more than this factor off the prediction, either way, is not the trip we predicted (a stop on the way,
   * tracking started long before leaving, a detour): it teaches nothing and is ignored.
   */
  maxRatio: 2.5,
  /** The prior: this many trips' worth of "no bias", so that one trip moves the factor only part of the way. */
  priorSamples: 2,
  /** The factor stays within these bounds, whatever was observed. */
  minFactor: 0.75,
  maxFactor: 1.6,
  /** A bucket no trip has confirmed for this long is forgotten. */
  retentionDays: 90,
} as const

/** Where, when and how a trip goes, coarsely: the key corrections are kept under. */
export interface RouteBucket {
  readonly mode: RouteQuery['mode']
  readonly originCell: { readonly lat: number; readonly lng: number }
  readonly destinationCell: { readonly lat: number; readonly lng: number }
  /** ISO weekday (1 = Monday) and hour of the curb arrival, in the trip's timezone. */
  readonly weekday: number
  readonly hour: number
}

export const routeBucketOf = (
  query: RouteQuery,
  cellMeters: number = ROUTE_CORRECTION_RULES.cellMeters,
): RouteBucket => {
  const { weekday, hour } = localTimeOf(query.timing.at.getTime(), query.timezone)
  return {
    mode: query.mode,
    originCell: snapToCell(query.origin, cellMeters),
    destinationCell: snapToCell(query.destination, cellMeters),
    weekday,
    hour,
  }
}

/**
 * Weekday and hour at `ms` in `zone` (UTC for an unknown zone): by the zone's offset remembered for the UTC hour
 * (core/shared/zone-time.ts), and by luxon only in an hour whose offset changes.
 */
const localTimeOf = (ms: number, zone: string): { weekday: number; hour: number } => {
  const offset = steadyOffsetAt(zone, ms)
  if (offset !== null) return localHourAndWeekday(ms, offset)
  const local = DateTime.fromMillis(ms, { zone })
  const valid = local.isValid ? local : DateTime.fromMillis(ms, { zone: 'utc' })
  return { weekday: valid.weekday, hour: valid.hour }
}

/** `drive|52.52025,13.41289>52.46775,13.32534|2@08`: mode, cells, weekday and hour. */
export const routeBucketKey = (bucket: RouteBucket): string =>
  `${bucket.mode}|${bucket.originCell.lat},${bucket.originCell.lng}>${bucket.destinationCell.lat},${bucket.destinationCell.lng}|${bucket.weekday}@${String(bucket.hour).padStart(2, '0')}`

/** What the store keeps of a bucket: sums of the log ratios actual / predicted, never a trip. */
export interface RouteCorrectionStats {
  readonly samples: number
  readonly sumLogRatio: number
  readonly sumSquaredLogRatio: number
  readonly updatedAt: Date
}

/** One tracked trip's moving leg: what we predicted (before any correction) and what it took. */
export interface TravelObservation {
  readonly predictedMinutes: number
  readonly actualMinutes: number
}

/** What the trip's plan predicted (before any correction) against what the tracked trip took, door to door less the buffers. */
export const arrivalObservation = (
  plan: { readonly uncorrectedMovingMinutes: number; readonly fixedMinutes: number },
  startedAt: Date,
  arrivedAt: Date,
): TravelObservation => ({
  predictedMinutes: plan.uncorrectedMovingMinutes,
  actualMinutes: (arrivedAt.getTime() - startedAt.getTime()) / 60_000 - plan.fixedMinutes,
})

/** The log of actual / predicted, or null for a trip that teaches nothing (see `maxRatio`). */
export const observationLogRatio = ({ predictedMinutes, actualMinutes }: TravelObservation): number | null => {
  if (!(predictedMinutes > 0) || !(actualMinutes > 0)) return null
  const ratio = actualMinutes / predictedMinutes
  if (ratio > ROUTE_CORRECTION_RULES.maxRatio || ratio < 1 / ROUTE_CORRECTION_RULES.maxRatio) return null
  return Math.log(ratio)
}

/** The stats with one more trip. */
export const withObservation = (
  stats: RouteCorrectionStats | null,
  logRatio: number,
  at: Date,
): RouteCorrectionStats => ({
  samples: (stats?.samples ?? 0) + 1,
  sumLogRatio: (stats?.sumLogRatio ?? 0) + logRatio,
  sumSquaredLogRatio: (stats?.sumSquaredLogRatio ?? 0) + logRatio * logRatio,
  updatedAt: at,
})

/** What a bucket's stats do to a window. */
export interface RouteCorrection {
  /** Multiplies the moving leg (1 = no bias observed). */
  readonly factor: number
  readonly samples: number
  /**
   * Spread of the trips around the corrected prediction (standard deviation of the log ratio), once two trips say
   * something about it; null before.
   */
  readonly spread: number | null
}

export const noCorrection: RouteCorrection = { factor: 1, samples: 0, spread: null }

/**
 * The mean log ratio, shrunk towards "no bias" by the prior (`n / (n + priorSamples)`), as a factor within its
 * bounds; the spread is the trips' standard deviation around their mean.
 */
export const correctionFrom = (stats: RouteCorrectionStats | null): RouteCorrection => {
  if (stats === null || stats.samples <= 0) return noCorrection
  const { samples } = stats
  const mean = stats.sumLogRatio / samples
  const shrunk = (mean * samples) / (samples + ROUTE_CORRECTION_RULES.priorSamples)
  const factor = Math.min(
    ROUTE_CORRECTION_RULES.maxFactor,
    Math.max(ROUTE_CORRECTION_RULES.minFactor, Math.exp(shrunk)),
  )
  const variance = samples >= 2 ? Math.max(0, stats.sumSquaredLogRatio / samples - mean * mean) : null
  return { factor, samples, spread: variance === null ? null : Math.sqrt(variance) }
}
