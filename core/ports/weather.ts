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

export interface WeatherWarning {
  readonly kind: WeatherWarningKind
  readonly severity: WeatherWarningSeverity
  readonly description: string
}

export interface WeatherReport {
  readonly forecast: WeatherForecast
  /** Warnings active at that place and time, most severe first. */
  readonly warnings: readonly WeatherWarning[]
}

export interface WeatherPort {
  /** Forecast at a place and time, or `null` when no forecast is available. */
  forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>>
}
