import type { WeatherPort, WeatherReport } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { conditionForWmoCode, type HourValues, warningsFor } from './weather-codes.js'

export interface OpenMeteoWeatherOptions extends ProviderHttpOptions {
  /** Open-Meteo forecasts reach 16 days; later times get "no forecast" without a call. */
  readonly maxForecastDays?: number
}

const PROVIDER = 'open-meteo'
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const HOURLY_VARIABLES = [
  'weather_code',
  'temperature_2m',
  'precipitation',
  'wind_speed_10m',
  'wind_gusts_10m',
  'visibility',
]

type HourlySeries = Readonly<Record<string, ReadonlyArray<number | null> | undefined>>

interface OpenMeteoForecastResponse {
  readonly hourly?: HourlySeries & { readonly time?: readonly number[] }
}

interface OpenMeteoError {
  readonly error: true
  readonly reason: string
}

const isOpenMeteoError = (body: unknown): body is OpenMeteoError =>
  typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true

const valueAt = (series: HourlySeries, name: string, index: number): number | null => {
  const value = series[name]?.[index]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * Forecasts from the Open-Meteo forecast API (`/v1/forecast`, hourly variables,
 * times in UTC as unix seconds). Warnings are derived from the documented WMO
 * weather codes and measured thresholds (see `weather-codes.ts`).
 */
export class OpenMeteoWeatherAdapter implements WeatherPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: OpenMeteoWeatherOptions) {
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER })
    this.now = options.now ?? Date.now
  }

  async forecastAt(place: Coordinates, at: Date): Promise<Result<WeatherReport | null, ProviderUnavailable>> {
    const maxDays = this.options.maxForecastDays ?? 16
    if (at.getTime() > this.now() + maxDays * DAY_MS) return ok(null)
    const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)
    const day = hour.toISOString().slice(0, 10)
    const url = endpointUrl(this.options.baseUrl, 'v1/forecast')
    const params = {
      latitude: place.lat.toFixed(4),
      longitude: place.lng.toFixed(4),
      hourly: HOURLY_VARIABLES.join(','),
      timezone: 'GMT',
      timeformat: 'unixtime',
      wind_speed_unit: 'kmh',
      start_date: day,
      end_date: day,
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    if (isOpenMeteoError(body)) {
      return err(new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_request', detail: body.reason }))
    }
    if (status !== 200 || typeof body !== 'object' || body === null) {
      return err(new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_response', detail: `HTTP ${status}` }))
    }
    const hourly = (body as OpenMeteoForecastResponse).hourly
    const index = hourly?.time?.indexOf(hour.getTime() / 1000) ?? -1
    if (hourly === undefined || index < 0) return ok(null)
    const weatherCode = valueAt(hourly, 'weather_code', index)
    const temperatureC = valueAt(hourly, 'temperature_2m', index)
    // Without a code or a temperature the hour is a gap in the model output, not a forecast.
    if (weatherCode === null || temperatureC === null) return ok(null)
    const values: HourValues = {
      weatherCode,
      temperatureC,
      precipitationMmPerHour: valueAt(hourly, 'precipitation', index) ?? 0,
      windSpeedKmh: valueAt(hourly, 'wind_speed_10m', index) ?? 0,
      windGustsKmh: valueAt(hourly, 'wind_gusts_10m', index),
      visibilityM: valueAt(hourly, 'visibility', index),
    }
    return ok({
      forecast: {
        forecastFor: hour,
        condition: conditionForWmoCode(weatherCode),
        precipitationMmPerHour: values.precipitationMmPerHour,
        windSpeedKmh: values.windSpeedKmh,
        windGustsKmh: values.windGustsKmh,
        temperatureC,
        visibilityM: values.visibilityM,
      },
      warnings: warningsFor(values),
    })
  }
}
