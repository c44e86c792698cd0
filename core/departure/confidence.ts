import type { GeocodingConfidence } from '../ports/geocoding.js'
import type { RouteDataQuality } from '../ports/routing.js'
import type { DepartureConfidence } from './departure.js'

const HOUR_MS = 3_600_000

/**
 * For each data quality, the longest horizon (time until the event starts) at
 * which a confidence still holds; past every bound the confidence is `low`.
 * Live traffic says a lot about the next hours and little about next week;
 * an offline estimate is never better than `low`.
 */
export const confidenceHorizons: Readonly<
  Record<RouteDataQuality, ReadonlyArray<{ readonly confidence: DepartureConfidence; readonly withinHours: number }>>
> = {
  live: [
    { confidence: 'high', withinHours: 3 },
    { confidence: 'medium', withinHours: 24 },
  ],
  historical: [{ confidence: 'medium', withinHours: 24 * 7 }],
  estimate: [],
}

const rank: Readonly<Record<DepartureConfidence, number>> = { low: 0, medium: 1, high: 2 }

export const departureConfidence = (
  quality: RouteDataQuality,
  horizonMs: number,
  geocodingConfidence: GeocodingConfidence = 'high',
): DepartureConfidence => {
  const fromData =
    confidenceHorizons[quality].find((band) => horizonMs <= band.withinHours * HOUR_MS)?.confidence ?? 'low'
  // A window is never more certain than the positions it was computed between.
  return rank[geocodingConfidence] < rank[fromData] ? geocodingConfidence : fromData
}
