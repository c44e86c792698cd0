import type { Threshold } from '../monitoring/monitoring.js'
import type { RouteDataQuality } from '../ports/routing.js'
import type { WeatherCondition, WeatherWarningKind, WeatherWarningSeverity } from '../ports/weather.js'
import type { DepartureConfidence, TrafficLevel } from './departure.js'

/**
 * What set off a recompute: the event's creation, the monitor's cadence (`scheduled`), an API or dashboard call
 * (`requested`), a read of a window still pending (`read`), or a tracked trip's new position (`tracking`).
 */
export const DEPARTURE_HISTORY_TRIGGERS = ['event_created', 'scheduled', 'requested', 'read', 'tracking'] as const
export type DepartureHistoryTrigger = (typeof DEPARTURE_HISTORY_TRIGGERS)[number]

/** One successful recompute of an event's departure window, as it was computed then. */
export interface DepartureHistoryEntry {
  /** `dph_...`, sorting in the order the recomputes were recorded. */
  readonly id: string
  readonly accountId: string
  readonly eventId: string
  readonly computedAt: Date
  readonly earliestDeparture: Date
  readonly latestDeparture: Date
  readonly travelMinutes: number
  readonly trafficLevel: TrafficLevel
  readonly confidence: DepartureConfidence
  /** The route answer's data quality; null when the window did not say. */
  readonly dataQuality: RouteDataQuality | null
  readonly trigger: DepartureHistoryTrigger
  /**
   * The weather the window was computed with (null: none was known). Absent on entries recorded before the history
   * kept it.
   */
  readonly weather?: DepartureHistoryWeather | null
  /**
   * The departure thresholds passed once that recompute was applied, in their order (`pre_alert`, `leave_now`,
   * `last_call`). Absent on entries recorded before the history kept them.
   */
  readonly thresholdsReached?: readonly Threshold[]
}

/** The weather of one recompute, as the window used it (the forecast hour's summary and its warning, if any). */
export interface DepartureHistoryWeather {
  readonly condition: WeatherCondition
  readonly temperatureC: number
  readonly precipitationMmPerHour: number
  readonly windSpeedKmh: number
  readonly warning: { readonly kind: WeatherWarningKind; readonly severity: WeatherWarningSeverity } | null
}

/** The most recomputes kept per event: the oldest goes when one more is recorded. */
export const DEPARTURE_HISTORY_PER_EVENT = 500
