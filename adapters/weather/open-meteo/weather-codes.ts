import type {
  WeatherCondition,
  WeatherWarning,
  WeatherWarningKind,
  WeatherWarningSeverity,
} from '../../../core/ports/weather.js'

/** WMO weather interpretation codes, as documented by Open-Meteo, mapped to our conditions. */
export const conditionForWmoCode = (code: number): WeatherCondition => {
  if (code <= 1) return 'clear'
  if (code <= 3) return 'cloudy'
  if (code === 45 || code === 48) return 'fog'
  if (code === 56 || code === 57 || code === 66 || code === 67) return 'freezing_rain'
  if (code >= 51 && code <= 55) return 'drizzle'
  if ((code >= 61 && code <= 65) || (code >= 80 && code <= 82)) return 'rain'
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow'
  if (code >= 95) return 'thunderstorm'
  return 'cloudy'
}

/** Warnings implied by a weather code alone. */
const codeWarnings: ReadonlyMap<number, readonly [WeatherWarningKind, WeatherWarningSeverity, string]> = new Map([
  [48, ['ice', 'moderate', 'Depositing rime fog: icy surfaces']],
  [56, ['ice', 'severe', 'Freezing drizzle: black ice likely']],
  [57, ['ice', 'severe', 'Dense freezing drizzle: black ice likely']],
  [66, ['ice', 'severe', 'Freezing rain: black ice likely']],
  [67, ['ice', 'extreme', 'Heavy freezing rain: roads may be impassable']],
  [65, ['heavy_rain', 'moderate', 'Heavy rain']],
  [82, ['heavy_rain', 'severe', 'Violent rain showers']],
  [73, ['snow', 'moderate', 'Moderate snowfall']],
  [85, ['snow', 'moderate', 'Snow showers']],
  [75, ['snow', 'severe', 'Heavy snowfall']],
  [86, ['snow', 'severe', 'Heavy snow showers']],
  [95, ['thunderstorm', 'moderate', 'Thunderstorm']],
  [96, ['thunderstorm', 'severe', 'Thunderstorm with hail']],
  [99, ['thunderstorm', 'severe', 'Thunderstorm with heavy hail']],
])

/** Measured thresholds (the hour's values), checked in addition to the code. */
export const warningThresholds = {
  heavyRainMmPerHour: 7.6,
  violentRainMmPerHour: 20,
  strongGustsKmh: 65,
  stormGustsKmh: 90,
  hurricaneGustsKmh: 118,
  denseFogVisibilityM: 200,
  heatC: 35,
  coldC: -15,
} as const

export interface HourValues {
  readonly weatherCode: number
  readonly precipitationMmPerHour: number
  readonly windGustsKmh: number | null
  readonly windSpeedKmh: number
  readonly visibilityM: number | null
  readonly temperatureC: number
}

const severityRank: Readonly<Record<WeatherWarningSeverity, number>> = { minor: 0, moderate: 1, severe: 2, extreme: 3 }

/** Derived warnings for one hour, one per kind (the most severe), most severe first. */
export const warningsFor = (hour: HourValues): WeatherWarning[] => {
  const t = warningThresholds
  const found: WeatherWarning[] = []
  const add = (kind: WeatherWarningKind, severity: WeatherWarningSeverity, description: string) =>
    found.push({ kind, severity, description, source: 'forecast_threshold' })
  const fromCode = codeWarnings.get(hour.weatherCode)
  if (fromCode !== undefined) add(...fromCode)
  if (hour.precipitationMmPerHour >= t.violentRainMmPerHour) add('heavy_rain', 'severe', 'Violent rainfall')
  else if (hour.precipitationMmPerHour >= t.heavyRainMmPerHour) add('heavy_rain', 'moderate', 'Heavy rainfall')
  const wind = Math.max(hour.windSpeedKmh, hour.windGustsKmh ?? 0)
  if (wind >= t.hurricaneGustsKmh) add('wind', 'extreme', 'Hurricane-force gusts')
  else if (wind >= t.stormGustsKmh) add('wind', 'severe', 'Storm-force gusts')
  else if (wind >= t.strongGustsKmh) add('wind', 'moderate', 'Strong gusts')
  if (hour.visibilityM !== null && hour.visibilityM < t.denseFogVisibilityM) add('fog', 'moderate', 'Dense fog')
  if (hour.temperatureC >= t.heatC) add('extreme_heat', 'moderate', 'Extreme heat')
  if (hour.temperatureC <= t.coldC) add('extreme_cold', 'moderate', 'Extreme cold')
  const worstByKind = new Map<WeatherWarningKind, WeatherWarning>()
  for (const warning of found) {
    const existing = worstByKind.get(warning.kind)
    if (existing === undefined || severityRank[warning.severity] > severityRank[existing.severity]) {
      worstByKind.set(warning.kind, warning)
    }
  }
  return [...worstByKind.values()].sort((a, b) => severityRank[b.severity] - severityRank[a.severity])
}
