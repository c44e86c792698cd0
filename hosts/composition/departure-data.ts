import { ContainerModule } from 'inversify'
import { NominatimGeocodingAdapter } from '../../adapters/geocoding/nominatim/nominatim-geocoding.js'
import { OfflineGeocodingAdapter } from '../../adapters/geocoding/offline/offline-geocoding.js'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { OsrmRoutingAdapter } from '../../adapters/routing/osrm/osrm-routing.js'
import { OfflineWeatherAdapter } from '../../adapters/weather/offline/offline-weather.js'
import { OpenMeteoWeatherAdapter } from '../../adapters/weather/open-meteo/open-meteo-weather.js'
import { GeoTzTimezoneLookup } from '../../adapters/timezone/geo-tz/geo-tz-timezone-lookup.js'
import type { RoutingPort } from '../../core/ports/routing.js'
import type { WeatherPort } from '../../core/ports/weather.js'
import type { Config } from '../config.js'
import { instrumented } from './instrumented.js'
import { TOKENS } from '../di-tokens.js'

/**
 * Routing, weather and geocoding: production gets the configured providers (the offline city-level gazetteer unless
 * `GEOCODER` says otherwise); the sandbox always the embedded, deterministic ones (its synthetic geocoder places any
 * address in a box of Berlin, so that tests and demos need no real addresses). Timezones come from `geo-tz` on both.
 */
export interface DepartureProviders {
  readonly routing?: RoutingPort
  readonly weather?: WeatherPort
}

export const departureDataModule = (config: Config, livemode: boolean, providers: DepartureProviders = {}) =>
  new ContainerModule(({ bind }) => {
    const configured = config.providers
    const http = { timeoutMs: configured.timeoutMs, userAgent: configured.userAgent }
    const routing = livemode ? configured.routing : ({ kind: 'offline' } as const)
    const weather = livemode ? configured.weather : ({ kind: 'offline' } as const)
    const geocoder = livemode ? configured.geocoder : ({ kind: 'synthetic' } as const)
    // The outside providers are measured (provider_request_duration_seconds, provider_errors_total); the embedded ones are not.
    bind(TOKENS.Routing).toResolvedValue(
      (metrics) =>
        providers.routing ??
        (routing.kind === 'osrm'
          ? instrumented(new OsrmRoutingAdapter({ ...http, baseUrl: routing.baseUrl }), 'osrm', metrics)
          : new OfflineRoutingAdapter()),
      [TOKENS.Metrics],
    )
    bind(TOKENS.Weather).toResolvedValue(
      (metrics) =>
        providers.weather ??
        (weather.kind === 'open-meteo'
          ? instrumented(new OpenMeteoWeatherAdapter({ ...http, baseUrl: weather.baseUrl }), 'open-meteo', metrics)
          : new OfflineWeatherAdapter()),
      [TOKENS.Metrics],
    )
    bind(TOKENS.Geocoding).toResolvedValue(
      (metrics) =>
        geocoder.kind === 'nominatim'
          ? instrumented(new NominatimGeocodingAdapter({ ...http, baseUrl: geocoder.baseUrl }), 'nominatim', metrics)
          : geocoder.kind === 'offline'
            ? new OfflineGeocodingAdapter()
            : new SyntheticGeocodingAdapter(),
      [TOKENS.Metrics],
    )
    bind(TOKENS.TimezoneLookup).toResolvedValue(() => new GeoTzTimezoneLookup())
  })
