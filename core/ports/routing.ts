import type { Coordinates } from '../shared/coordinates.js'
import type { NoRouteFound, ProviderUnavailable } from '../shared/provider.errors.js'
import type { Result } from '../shared/result.js'
import type { TravelMode } from '../user/user.js'

export type { TravelMode }

/**
 * `live`: current traffic feed. `historical`: typical traffic for that time of week.
 * `estimate`: no traffic data at all, a model (always yields `low` confidence).
 */
export const ROUTE_DATA_QUALITIES = ['live', 'historical', 'estimate'] as const
export type RouteDataQuality = (typeof ROUTE_DATA_QUALITIES)[number]

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

/** What a traffic provider reports on the route (a jam, road works, an accident). */
export const TRAFFIC_INCIDENT_KINDS = [
  'congestion',
  'accident',
  'road_works',
  'road_closure',
  'hazard',
  'other',
] as const
export type TrafficIncidentKind = (typeof TRAFFIC_INCIDENT_KINDS)[number]

export interface TrafficIncident {
  readonly kind: TrafficIncidentKind
  /** Minutes the incident adds to the trip, when the provider says. */
  readonly delayMinutes: number | null
  /** The provider's words, when it gives any. */
  readonly description: string | null
}

export const TRANSIT_LEG_MODES = ['walk', 'bus', 'tram', 'subway', 'rail', 'ferry', 'other'] as const

/** One leg of a public-transport itinerary: walking to, riding, changing, walking from. */
export interface TransitLeg {
  readonly mode: (typeof TRANSIT_LEG_MODES)[number]
  /** The line's short name (`M10`, `S5`), for riding legs. */
  readonly route: string | null
  /** Where the vehicle is headed (`S Wannsee`), for riding legs, when the feed says. */
  readonly headsign: string | null
  readonly from: string | null
  readonly to: string | null
  readonly departsAt: Date
  readonly arrivesAt: Date
}

/** The itinerary a transit answer is built on: for an arrival time, the last one that arrives in time. */
export interface TransitPlan {
  readonly departsAt: Date
  readonly arrivesAt: Date
  /** Changes between vehicles (riding legs less one). */
  readonly transfers: number
  readonly walkMinutes: number
  readonly waitMinutes: number
  readonly legs: readonly TransitLeg[]
}

export interface RouteEstimate {
  /** Expected door-to-curb travel time with traffic, in minutes. */
  readonly expectedMinutes: number
  /** The same trip with empty roads, so that traffic can be classified. */
  readonly freeFlowMinutes: number
  readonly distanceKm: number
  readonly quality: RouteDataQuality
  /** Which provider answered (`tomtom`, `here`, `osrm`, `offline`), when the adapter says. */
  readonly provider?: string
  /** Incidents and delays the provider reported on the route (live providers only; absent when none say). */
  readonly incidents?: readonly TrafficIncident[]
  /** For transit from a journey planner: the itinerary behind the minutes. */
  readonly transit?: TransitPlan
}

export type RoutingFailure = ProviderUnavailable | NoRouteFound

export interface RoutingPort {
  travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>>
}
