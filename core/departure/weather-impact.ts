import type { WeatherForecast, WeatherWarning, WeatherWarningSeverity } from '../ports/weather.js'

/** Rain intensity bands (mm/h) from the usual meteorological light/moderate/heavy split. */
const rainFactors: ReadonlyArray<{ readonly belowMmPerHour: number; readonly factor: number }> = [
  { belowMmPerHour: 0.1, factor: 1.0 },
  { belowMmPerHour: 2.5, factor: 1.05 },
  { belowMmPerHour: 7.6, factor: 1.1 },
]
const HEAVY_RAIN_FACTOR = 1.2
const LIGHT_SNOW_FACTOR = 1.2
const HEAVY_SNOW_FACTOR = 1.35
/** Snow water equivalent (mm/h) from which snowfall counts as heavy. */
const HEAVY_SNOW_MM_PER_HOUR = 1.0
const FREEZING_RAIN_FACTOR = 1.4
const THUNDERSTORM_FACTOR = 1.2
const FOG_FACTOR = 1.1
const DENSE_FOG_FACTOR = 1.25
const FOG_VISIBILITY_M = 1000
const DENSE_FOG_VISIBILITY_M = 200
const STRONG_WIND_KMH = 60
const STORM_WIND_KMH = 90
const STRONG_WIND_FACTOR = 1.05
const STORM_WIND_FACTOR = 1.15
/** Weather never more than this multiplies a trip: beyond, travel is advised against, not timed. */
export const MAX_WEATHER_FACTOR = 1.6

const precipitationFactor = (forecast: WeatherForecast): number => {
  const intensity = forecast.precipitationMmPerHour
  if (forecast.condition === 'freezing_rain') return FREEZING_RAIN_FACTOR
  if (forecast.condition === 'snow') return intensity >= HEAVY_SNOW_MM_PER_HOUR ? HEAVY_SNOW_FACTOR : LIGHT_SNOW_FACTOR
  const rain = rainFactors.find((band) => intensity < band.belowMmPerHour)?.factor ?? HEAVY_RAIN_FACTOR
  return forecast.condition === 'thunderstorm' ? Math.max(rain, THUNDERSTORM_FACTOR) : rain
}

const visibilityFactor = (forecast: WeatherForecast): number => {
  if (forecast.visibilityM !== null) {
    if (forecast.visibilityM < DENSE_FOG_VISIBILITY_M) return DENSE_FOG_FACTOR
    if (forecast.visibilityM < FOG_VISIBILITY_M) return FOG_FACTOR
    return 1
  }
  return forecast.condition === 'fog' ? FOG_FACTOR : 1
}

const windFactor = (forecast: WeatherForecast): number => {
  const wind = Math.max(forecast.windSpeedKmh, forecast.windGustsKmh ?? 0)
  if (wind >= STORM_WIND_KMH) return STORM_WIND_FACTOR
  if (wind >= STRONG_WIND_KMH) return STRONG_WIND_FACTOR
  return 1
}

/** How much the weather slows the moving leg of a trip (1 = not at all). */
export const weatherSlowdownFactor = (forecast: WeatherForecast | null): number => {
  if (forecast === null) return 1
  const combined = precipitationFactor(forecast) * visibilityFactor(forecast) * windFactor(forecast)
  return Math.min(MAX_WEATHER_FACTOR, combined)
}

const severityRank: Readonly<Record<WeatherWarningSeverity, number>> = {
  minor: 0,
  moderate: 1,
  severe: 2,
  extreme: 3,
}

/** The warning a departure surfaces: the most severe active one (first on ties). */
export const mostSevereWarning = (warnings: readonly WeatherWarning[]): WeatherWarning | null =>
  warnings.reduce<WeatherWarning | null>(
    (worst, warning) =>
      worst === null || severityRank[warning.severity] > severityRank[worst.severity] ? warning : worst,
    null,
  )
