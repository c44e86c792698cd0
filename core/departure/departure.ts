import type { GeocodingConfidence } from '../ports/geocoding.js'
import type { RouteDataQuality, TrafficIncident, TransitPlan, TravelMode } from '../ports/routing.js'
import type { WeatherForecast, WeatherWarning } from '../ports/weather.js'
import type { Coordinates } from '../shared/coordinates.js'
import type { PreferredDeparture } from '../user/user.js'
import type { RouteCorrection } from './route-correction.js'

export const TRAFFIC_LEVELS = ['free', 'light', 'moderate', 'heavy', 'severe'] as const
export type TrafficLevel = (typeof TRAFFIC_LEVELS)[number]
export const DEPARTURE_CONFIDENCES = ['low', 'medium', 'high'] as const
export type DepartureConfidence = (typeof DEPARTURE_CONFIDENCES)[number]
export type { PreferredDeparture }

/** The user's preferences that shape a departure window (docs/users.md). */
export interface TravelPreferences {
  /** `default_parking_buffer`, minutes. */
  readonly defaultParkingBufferMinutes: number
  /** `default_walk_buffer`, minutes. */
  readonly defaultWalkBufferMinutes: number
  readonly preferredDeparture: PreferredDeparture
}

export const defaultTravelPreferences: TravelPreferences = {
  defaultParkingBufferMinutes: 5,
  defaultWalkBufferMinutes: 3,
  preferredDeparture: 'on_time',
}

/** Minutes of margin each `preferred_departure` value adds before the earliest departure. */
export const preferredDepartureMarginMinutes: Readonly<Record<PreferredDeparture, number>> = {
  on_time: 0,
  '5_min_early': 5,
  '10_min_early': 10,
}

/** Everything the engine needs to compute one departure window. */
export interface DepartureInput {
  readonly eventId: string
  readonly startTime: Date
  /** IANA timezone of the event (its destination). */
  readonly timezone: string
  readonly origin: Coordinates
  readonly destination: Coordinates
  readonly mode: TravelMode
  /** The event's `travel.parking_buffer_min`; `null` falls back to the user's default. */
  readonly parkingBufferMinutes: number | null
  readonly preferences: TravelPreferences
  /** The weakest geocoding confidence of origin and destination, when they were geocoded. */
  readonly geocodingConfidence?: GeocodingConfidence
  /** What tracked arrivals on this route bucket taught (the monitor reads it); absent: no correction. */
  readonly correction?: RouteCorrection
}

export interface DepartureLearning {
  readonly routeBucket: string
  readonly correctionFactor: number
  readonly uncorrectedMovingMinutes: number
  /** Parking and the walk buffer: the part of the door-to-door time no route predicts. */
  readonly fixedMinutes: number
}

export interface TravelBreakdown {
  readonly totalMinutes: number
  /** Minutes of the moving leg in a vehicle (drive or transit); 0 for walk trips. */
  readonly driveMinutes: number
  readonly parkingMinutes: number
  /** The walk buffer, plus the whole trip when the mode is `walk`. */
  readonly walkMinutes: number
}

/** The Departure resource (docs/departure.md) (the host renders it in snake_case). */
export interface Departure {
  readonly eventId: string
  readonly earliestDeparture: Date
  readonly latestDeparture: Date
  readonly travel: TravelBreakdown
  readonly trafficLevel: TrafficLevel
  /** Expected trip time over the free-flow time of the route (1 = empty roads); absent on windows stored before it was kept. */
  readonly trafficRatio?: number
  /** Forecast at the destination at arrival time, when one is available. */
  readonly weather: WeatherForecast | null
  readonly weatherWarning: WeatherWarning | null
  readonly confidence: DepartureConfidence
  /** The data quality of the route answer actually used (after any fallback); absent on windows stored before it was kept. */
  readonly dataQuality?: RouteDataQuality
  /** Incidents and delays the routing provider reported on the way (live providers only). */
  readonly incidents?: readonly TrafficIncident[]
  /**
   * For a transit trip, the itinerary from the journey planner the window is built on; null when the answer had none
   * (the offline estimate) and for other modes. Absent on windows stored before it was kept.
   */
  readonly transit?: TransitPlan | null
  /**
   * Minutes `latest_departure` leaves before the expected trip (the reliability margin: docs/departure.md); absent on
   * windows stored before it existed. Not rendered: the window says it.
   */
  readonly reliabilityMarginMinutes?: number
  /**
   * The trip as tracking learns from it (not rendered): its route bucket, the correction applied to the moving leg,
   * and the moving leg as predicted before that correction. Absent on windows stored before corrections existed.
   */
  readonly learning?: DepartureLearning
  readonly calculatedAt: Date
  readonly nextRecalcAt: Date
}
