import type { Coordinates } from '../shared/coordinates.js'
import type { NoRouteFound, ProviderUnavailable } from '../shared/provider.errors.js'
import type { Result } from '../shared/result.js'
import type { TravelMode } from '../user/user.js'

export type { TravelMode }

/**
 * `live`: current traffic feed. `historical`: typical traffic for that time of week.
 * `estimate`: no traffic data at all, a model (always yields `low` confidence).
 */
export type RouteDataQuality = 'live' | 'historical' | 'estimate'

/** A trip is asked either by when it leaves or by when it must arrive. */
export type RouteTiming =
  | { readonly kind: 'depart_at'; readonly at: Date }
  | { readonly kind: 'arrive_by'; readonly at: Date }

export interface RouteQuery {
  readonly origin: Coordinates
  readonly destination: Coordinates
  readonly mode: TravelMode
  readonly timing: RouteTiming
  /** IANA timezone of the destination, for time-of-day traffic profiles. */
  readonly timezone: string
}

export interface RouteEstimate {
  /** Expected door-to-curb travel time with traffic, in minutes. */
  readonly expectedMinutes: number
  /** The same trip with empty roads, so that traffic can be classified. */
  readonly freeFlowMinutes: number
  readonly distanceKm: number
  readonly quality: RouteDataQuality
}

export type RoutingFailure = ProviderUnavailable | NoRouteFound

export interface RoutingPort {
  travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>>
}
