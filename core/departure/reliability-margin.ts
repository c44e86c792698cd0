import type { RouteDataQuality } from '../ports/routing.js'
import type { RouteCorrection } from './route-correction.js'

/**
 * How far a real trip's moving leg strays from the expected one, by the data that predicted it: the standard
 * deviation of log(actual / expected). Measured in the accuracy harness's world (docs/departure.md): a live feed errs
 * by about 5% and sees incidents, typical traffic misses the day's own (12%) and its incidents, the offline estimate
 * also misses the road network (20%).
 */
export const qualitySpread: Readonly<Record<RouteDataQuality, number>> = {
  live: 0.05,
  historical: 0.12,
  estimate: 0.23,
}

/** `latest_departure` aims at 95% of arrivals in time: the one-sided normal quantile. */
export const RELIABILITY_QUANTILE_Z = 1.645

/** Tracked trips a bucket needs before its own spread counts as much as the data quality's. */
export const OBSERVED_SPREAD_PRIOR_SAMPLES = 5

/**
 * The spread the margin is built on: the data quality's, blended with the spread tracked trips showed on this route
 * bucket once two of them say something (weighted by their number against `OBSERVED_SPREAD_PRIOR_SAMPLES`), so that
 * a route that proved steady narrows its margin and an erratic one widens it.
 */
export const reliabilitySpread = (quality: RouteDataQuality, correction: RouteCorrection | undefined): number => {
  const prior = qualitySpread[quality]
  if (correction === undefined || correction.spread === null) return prior
  const weight = correction.samples / (correction.samples + OBSERVED_SPREAD_PRIOR_SAMPLES)
  return weight * correction.spread + (1 - weight) * prior
}

/** Multiplies the expected moving leg to give the one `latest_departure` leaves time for (always >= 1). */
export const reliabilityMarginFactor = (quality: RouteDataQuality, correction: RouteCorrection | undefined): number =>
  Math.exp(RELIABILITY_QUANTILE_Z * reliabilitySpread(quality, correction))
