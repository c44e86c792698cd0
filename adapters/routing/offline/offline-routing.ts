import {
  congestionFactorAt,
  transitCongestionFactorAt,
  tripMidpoint,
} from '../../../core/departure/congestion-profile.js'
import type { RouteEstimate, RouteQuery, RoutingPort, TravelMode } from '../../../core/ports/routing.js'
import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { ok } from '../../../core/shared/result.js'

/** Roads and paths are longer than the straight line between two points. */
export const detourFactors: Readonly<Record<TravelMode, number>> = { drive: 1.3, walk: 1.2, transit: 1.4 }

/**
 * Free-flow driving speed by stretch of the trip: city streets first, then
 * arterials, then highways; so short trips average slowly and long ones faster.
 * Checked against 20 published driving times (docs/departure.md, "Offline routing
 * against published driving times"; test/unit/departure/offline-routing-reality.test.ts).
 */
export const drivingSpeedBands: ReadonlyArray<{ readonly uptoKm: number; readonly kmh: number }> = [
  { uptoKm: 5, kmh: 30 },
  { uptoKm: 20, kmh: 50 },
  { uptoKm: Number.POSITIVE_INFINITY, kmh: 110 },
]
export const WALKING_KMH = 4.8
export const TRANSIT_KMH = 22
/** Walking to the stop and waiting for the vehicle. */
export const TRANSIT_ACCESS_MINUTES = 8

const drivingMinutes = (distanceKm: number): number => {
  let minutes = 0
  let coveredKm = 0
  for (const band of drivingSpeedBands) {
    const stretchKm = Math.max(0, Math.min(distanceKm, band.uptoKm) - coveredKm)
    minutes += (stretchKm / band.kmh) * 60
    coveredKm = Math.min(distanceKm, band.uptoKm)
  }
  return minutes
}

const freeFlowMinutesFor = (mode: TravelMode, distanceKm: number): number => {
  switch (mode) {
    case 'drive':
      return drivingMinutes(distanceKm)
    case 'walk':
      return (distanceKm / WALKING_KMH) * 60
    case 'transit':
      return distanceKm === 0 ? 0 : TRANSIT_ACCESS_MINUTES + (distanceKm / TRANSIT_KMH) * 60
  }
}

/** Pure estimate behind the offline adapter (also used where a provider has no traffic). */
export const estimateRoute = (query: RouteQuery): RouteEstimate => {
  const distanceKm = greatCircleDistanceKm(query.origin, query.destination) * detourFactors[query.mode]
  const freeFlowMinutes = freeFlowMinutesFor(query.mode, distanceKm)
  const midpoint = tripMidpoint(query.timing, freeFlowMinutes)
  const congestion =
    query.mode === 'drive'
      ? congestionFactorAt(midpoint, query.timezone)
      : query.mode === 'transit'
        ? transitCongestionFactorAt(midpoint, query.timezone)
        : 1
  return { expectedMinutes: freeFlowMinutes * congestion, freeFlowMinutes, distanceKm, quality: 'estimate' }
}

/**
 * The embedded default: great-circle distance, a detour factor, mode speeds and
 * a time-of-day congestion profile. Deterministic, needs no network, and says
 * so: its quality is always `estimate`, so confidence is always `low`.
 */
export class OfflineRoutingAdapter implements RoutingPort {
  async travelTime(query: RouteQuery) {
    return ok(estimateRoute(query))
  }
}
