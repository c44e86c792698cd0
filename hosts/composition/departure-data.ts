import { ContainerModule } from 'inversify'
import { NominatimGeocodingAdapter } from '../../adapters/geocoding/nominatim/nominatim-geocoding.js'
import { OfflineGeocodingAdapter } from '../../adapters/geocoding/offline/offline-geocoding.js'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { OsrmRoutingAdapter } from '../../adapters/routing/osrm/osrm-routing.js'
import { OfflineWeatherAdapter } from '../../adapters/weather/offline/offline-weather.js'
import { OpenMeteoWeatherAdapter } from '../../adapters/weather/open-meteo/open-meteo-weather.js'
import { GeoTzTimezoneLookup } from '../../adapters/timezone/geo-tz/geo-tz-timezone-lookup.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/**
 * Routing, weather and geocoding: production gets the configured providers (the offline city-level gazetteer unless
 * `GEOCODER` says otherwise); the sandbox always the embedded, deterministic ones (its synthetic geocoder places any
 * address in a box of Berlin, so that tests and demos need no real addresses). Timezones come from `geo-tz` on both.
 */
export const departureDataModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    const { providers } = config
    const http = { timeoutMs: providers.timeoutMs, userAgent: providers.userAgent }
    const routing = livemode ? providers.routing : ({ kind: 'offline' } as const)
    const weather = livemode ? providers.weather : ({ kind: 'offline' } as const)
    const geocoder = livemode ? providers.geocoder : ({ kind: 'synthetic' } as const)
    bind(TOKENS.Routing).toResolvedValue(() =>
      routing.kind === 'osrm'
        ? new OsrmRoutingAdapter({ ...http, baseUrl: routing.baseUrl })
        : new OfflineRoutingAdapter(),
    )
    bind(TOKENS.Weather).toResolvedValue(() =>
      weather.kind === 'open-meteo'
        ? new OpenMeteoWeatherAdapter({ ...http, baseUrl: weather.baseUrl })
        : new OfflineWeatherAdapter(),
    )
    bind(TOKENS.Geocoding).toResolvedValue(() =>
      geocoder.kind === 'nominatim'
        ? new NominatimGeocodingAdapter({ ...http, baseUrl: geocoder.baseUrl })
        : geocoder.kind === 'offline'
          ? new OfflineGeocodingAdapter()
          : new SyntheticGeocodingAdapter(),
    )
    bind(TOKENS.TimezoneLookup).toResolvedValue(() => new GeoTzTimezoneLookup())
  })
