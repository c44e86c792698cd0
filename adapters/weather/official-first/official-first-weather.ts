import type { WeatherPort, WeatherReport } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import type { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { ok, type Result } from '../../../core/shared/result.js'
import { sortBySeverity } from '../shared/warning-order.js'

export interface OfficialFirstWeatherOptions {
  /** The forecast (Open-Meteo, or the offline null), whose threshold warnings are the fallback. */
  readonly forecast: WeatherPort
  /**
   * Official warning services that place every warning they issue (the NWS answers for a point itself), each
   * answering null where it knows nothing: where one answers, its word replaces the threshold warnings.
   */
  readonly official: readonly WeatherPort[]
  /**
   * Official services that cannot place every warning they hold (MeteoAlarm: areas named by geocode only), so their
   * silence is no all-clear and their warnings may not be the whole story: what they place joins the threshold
   * warnings instead of replacing them.
   */
  readonly partial?: readonly WeatherPort[]
}

/**
 * The forecast with the warnings the meteorological services issued. Where an official service that places every
 * warning answers for the place (even with no warning: the NWS over the United States), its warnings replace the ones
 * we derive from forecast thresholds: the service that issues warnings is the authority on them. A service that
 * cannot place them all (MeteoAlarm) adds what it placed to the threshold warnings. Where none answers (a place it
 * does not cover, MeteoAlarm finding nothing it can place, a service down), the threshold warnings stay, marked
 * `forecast_threshold`. A failed forecast fails as before unless an official service answered.
 */
export class OfficialFirstWeather implements WeatherPort {
  constructor(private readonly options: OfficialFirstWeatherOptions) {}

  async forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>> {
    const partial = this.options.partial ?? []
    const [forecast, ...answers] = await Promise.all([
      this.options.forecast.forecastAt(place, at),
      ...this.options.official.map((service) => service.forecastAt(place, at)),
      ...partial.map((service) => service.forecastAt(place, at)),
    ])
    const reports = answers.map((result) => (result?.ok && result.value !== null ? result.value : null))
    const authoritative = reports.slice(0, this.options.official.length).filter((report) => report !== null)
    const placed = reports
      .slice(this.options.official.length)
      .flatMap((report) => (report === null ? [] : report.warnings))
    const forecastReport = forecast?.ok ? forecast.value : null
    const hourly = forecastReport?.forecast ?? null
    if (authoritative.length > 0) {
      const warnings = sortBySeverity([...authoritative.flatMap((report) => report.warnings), ...placed])
      return ok(hourly === null && warnings.length === 0 ? null : { forecast: hourly, warnings })
    }
    const thresholds = (forecastReport?.warnings ?? []).map((warning) => ({
      ...warning,
      source: warning.source ?? ('forecast_threshold' as const),
    }))
    if (placed.length > 0) {
      // Official first: of two warnings as severe, the issuer's is the one shown.
      const warnings = sortBySeverity([...placed, ...thresholds])
      return ok({ forecast: hourly, warnings })
    }
    if (forecast === undefined || !forecast.ok || forecast.value === null) return forecast ?? ok(null)
    return ok({ forecast: forecast.value.forecast, warnings: thresholds })
  }
}
