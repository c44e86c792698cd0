import type { RouteDataQuality } from '../ports/routing.js'
import type { TrafficLevel } from './departure.js'

/** Heavier traffic is less predictable, so the pessimistic trip grows with it. */
export const trafficPessimism: Readonly<Record<TrafficLevel, number>> = {
  free: 1.1,
  light: 1.15,
  moderate: 1.25,
  heavy: 1.35,
  severe: 1.5,
}

/** Less trustworthy data widens the margin further. */
export const qualityPessimismSurcharge: Readonly<Record<RouteDataQuality, number>> = {
  live: 0,
  historical: 0.05,
  estimate: 0.15,
}

/** Multiplier applied to the expected moving minutes to get the pessimistic ones (always > 1). */
export const pessimismFactor = (trafficLevel: TrafficLevel, quality: RouteDataQuality): number =>
  trafficPessimism[trafficLevel] + qualityPessimismSurcharge[quality]
