import type { Coordinates } from '../shared/coordinates.js'
import type { ProviderUnavailable } from '../shared/provider.errors.js'
import type { Result } from '../shared/result.js'

export type WeatherCondition =
  | 'clear'
  | 'cloudy'
  | 'fog'
  | 'drizzle'
  | 'rain'
  | 'freezing_rain'
  | 'snow'
  | 'thunderstorm'

export interface WeatherForecast {
  /** The hour the forecast describes. */
  readonly forecastFor: Date
  readonly condition: WeatherCondition
  readonly precipitationMmPerHour: number
  readonly windSpeedKmh: number
  readonly windGustsKmh: number | null
  readonly temperatureC: number
  /** Horizontal visibility in metres, when the provider gives it. */
  readonly visibilityM: number | null
}

export type WeatherWarningSeverity = 'minor' | 'moderate' | 'severe' | 'extreme'

export type WeatherWarningKind =
  | 'heavy_rain'
  | 'snow'
  | 'ice'
  | 'fog'
  | 'wind'
  | 'thunderstorm'
  | 'extreme_heat'
  | 'extreme_cold'
  | 'flood'
  | 'tornado'
  | 'other'

/**
 * `official`: issued by a meteorological service (the US National Weather Service, a MeteoAlarm member).
 * `forecast_threshold`: derived by us from a forecast crossing a threshold: the fallback where no official
 * source covers the place.
 */
export type WeatherWarningSource = 'official' | 'forecast_threshold'

export interface WeatherWarning {
  readonly kind: WeatherWarningKind
  readonly severity: WeatherWarningSeverity
  readonly description: string
  /** Absent on warnings stored before sources were told apart: those were all forecast thresholds. */
  readonly source?: WeatherWarningSource
  /** An official warning's own words: its event name ("Winter Storm Warning") and headline, and who issued it. */
  readonly event?: string
  readonly headline?: string | null
  readonly issuer?: string | null
  /** When the hazard begins and ends, as the issuer says (an open end is null). */
  readonly onset?: Date | null
  readonly ends?: Date | null
}

export interface WeatherReport {
  /** null when only warnings are known (an official service warned, no forecast is available). */
  readonly forecast: WeatherForecast | null
  /** Warnings active at that place and time, most severe first. */
  readonly warnings: readonly WeatherWarning[]
}

export interface WeatherPort {
  /**
   * Forecast and warnings at a place and time, or `null` when the adapter knows nothing of them (no forecast that
   * far ahead; a warning service that does not cover the place).
   */
  forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>>
}
