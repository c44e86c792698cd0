import type { WeatherPort } from '../../../core/ports/weather.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { ok } from '../../../core/shared/result.js'

/**
 * The embedded default knows no weather and says so: every forecast is
 * "not available" (`null`) rather than an invented one.
 */
export class OfflineWeatherAdapter implements WeatherPort {
  async forecastAt(_place: Coordinates, _at: Date) {
    return ok(null)
  }
}
