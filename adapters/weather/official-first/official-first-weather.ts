import type { WeatherPort, WeatherReport } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import type { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { ok, type Result } from '../../../core/shared/result.js'
import { sortBySeverity } from '../shared/warning-order.js'

export interface OfficialFirstWeatherOptions {
  /** The forecast (Open-Meteo, or the offline null), whose threshold warnings are the fallback. */
  readonly forecast: WeatherPort
  /** Official warning services (NWS, MeteoAlarm), each answering null where it knows nothing. */
  readonly official: readonly WeatherPort[]
}

/**
 * The forecast with the warnings the meteorological services issued. Where an official service answers for the
 * place (even with no warning: the NWS over the United States), its warnings replace the ones we derive from
 * forecast thresholds: the service that issues warnings is the authority on them. Where none answers (a place it
 * does not cover, MeteoAlarm finding nothing it can place, a service down), the threshold warnings stay, marked
 * `forecast_threshold`. A failed forecast fails as before unless an official service answered.
 */
export class OfficialFirstWeather implements WeatherPort {
  constructor(private readonly options: OfficialFirstWeatherOptions) {}

  async forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>> {
    const [forecast, ...official] = await Promise.all([
      this.options.forecast.forecastAt(place, at),
      ...this.options.official.map((service) => service.forecastAt(place, at)),
    ])
    const answered = official.flatMap((result) => (result?.ok && result.value !== null ? [result.value] : []))
    const forecastReport = forecast?.ok ? forecast.value : null
    if (answered.length > 0) {
      const warnings = sortBySeverity(answered.flatMap((report) => report.warnings))
      const hourly = forecastReport?.forecast ?? null
      return ok(hourly === null && warnings.length === 0 ? null : { forecast: hourly, warnings })
    }
    if (forecast === undefined || !forecast.ok || forecast.value === null) return forecast ?? ok(null)
    return ok({
      forecast: forecast.value.forecast,
      warnings: forecast.value.warnings.map((warning) => ({
        ...warning,
        source: warning.source ?? 'forecast_threshold',
      })),
    })
  }
}
