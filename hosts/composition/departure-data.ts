import { ContainerModule } from 'inversify'
import { NominatimGeocodingAdapter } from '../../adapters/geocoding/nominatim/nominatim-geocoding.js'
import { OfflineGeocodingAdapter } from '../../adapters/geocoding/offline/offline-geocoding.js'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { defaultRoutingChainCache, RoutingChain } from '../../adapters/routing/chain/routing-chain.js'
import { HereRoutingAdapter } from '../../adapters/routing/here/here-routing.js'
import { OfflineRoutingAdapter } from '../../adapters/routing/offline/offline-routing.js'
import { OsrmRoutingAdapter } from '../../adapters/routing/osrm/osrm-routing.js'
import { OtpTransitRoutingAdapter } from '../../adapters/routing/otp/otp-transit-routing.js'
import { TomTomRoutingAdapter } from '../../adapters/routing/tomtom/tomtom-routing.js'
import { GeoTzTimezoneLookup } from '../../adapters/timezone/geo-tz/geo-tz-timezone-lookup.js'
import { MeteoAlarmWarningsAdapter } from '../../adapters/weather/meteoalarm/meteoalarm-warnings.js'
import { NwsAlertsAdapter } from '../../adapters/weather/nws/nws-alerts.js'
import { OfficialFirstWeather } from '../../adapters/weather/official-first/official-first-weather.js'
import { OfflineWeatherAdapter } from '../../adapters/weather/offline/offline-weather.js'
import { OpenMeteoWeatherAdapter } from '../../adapters/weather/open-meteo/open-meteo-weather.js'
import type { MetricsPort } from '../../core/ports/metrics.js'
import type { RoutingPort } from '../../core/ports/routing.js'
import type { WeatherPort } from '../../core/ports/weather.js'
import type { Config, RoutingConfig } from '../config.js'
import { TOKENS } from '../di-tokens.js'
import { instrumented } from './instrumented.js'

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
    const transit = livemode ? configured.transit : null
    bind(TOKENS.Routing).toResolvedValue(
      (metrics) => {
        const roads = providers.routing ?? routingPort(routing, http, metrics)
        return transit === null
          ? roads
          : new OtpTransitRoutingAdapter({
              ...http,
              baseUrl: transit.baseUrl,
              otherModes: roads,
              unavailableFallback: new OfflineRoutingAdapter(),
              deadline: { afterMs: transit.deadlineMs },
              metrics,
            })
      },
      [TOKENS.Metrics],
    )
    const warnings = livemode ? configured.warnings : { nws: null, meteoAlarm: null }
    bind(TOKENS.Weather).toResolvedValue(
      (metrics) => {
        if (providers.weather !== undefined) return providers.weather
        const forecast: WeatherPort =
          weather.kind === 'open-meteo'
            ? instrumented(new OpenMeteoWeatherAdapter({ ...http, baseUrl: weather.baseUrl }), 'open-meteo', metrics)
            : new OfflineWeatherAdapter()
        const official: WeatherPort[] = []
        // MeteoAlarm cannot place warnings whose area is a geocode only: what it places joins the thresholds.
        const partial: WeatherPort[] = []
        if (warnings.nws !== null)
          official.push(instrumented(new NwsAlertsAdapter({ ...http, baseUrl: warnings.nws.baseUrl }), 'nws', metrics))
        if (warnings.meteoAlarm !== null)
          partial.push(
            instrumented(
              new MeteoAlarmWarningsAdapter({
                ...http,
                ...warnings.meteoAlarm,
                cache: { ttlMs: 300_000, maxEntries: 100 },
              }),
              'meteoalarm',
              metrics,
            ),
          )
        return official.length === 0 && partial.length === 0
          ? forecast
          : new OfficialFirstWeather({ forecast, official, partial })
      },
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

/**
 * The configured routing: the offline estimator alone, or a chain down to it headed by a live provider (then OSRM
 * when configured) or by OSRM, under one deadline (see `RoutingConfig`).
 */
const routingPort = (
  routing: RoutingConfig,
  http: { readonly timeoutMs: number; readonly userAgent: string },
  metrics: MetricsPort,
): RoutingPort => {
  if (routing.kind === 'offline') return new OfflineRoutingAdapter()
  const osrm = (baseUrl: string, callsPerMinute: number) => ({
    name: 'osrm',
    port: instrumented(new OsrmRoutingAdapter({ ...http, baseUrl }), 'osrm', metrics),
    callsPerMinute,
  })
  const offline = { name: 'offline', port: new OfflineRoutingAdapter(), callsPerMinute: null }
  const chained = {
    cache: { ...defaultRoutingChainCache, ...routing.cache },
    deadline: { afterMs: routing.deadlineMs },
    metrics,
  }
  if (routing.kind === 'osrm')
    return new RoutingChain({ links: [osrm(routing.baseUrl, routing.callsPerMinute), offline], ...chained })
  const liveOptions = {
    ...http,
    baseUrl: routing.baseUrl,
    apiKey: routing.apiKey,
    liveHorizonMinutes: routing.liveHorizonMinutes,
  }
  const live =
    routing.provider === 'tomtom' ? new TomTomRoutingAdapter(liveOptions) : new HereRoutingAdapter(liveOptions)
  return new RoutingChain({
    links: [
      {
        name: routing.provider,
        port: instrumented(live, routing.provider, metrics),
        callsPerMinute: routing.callsPerMinute,
      },
      ...(routing.osrm === null ? [] : [osrm(routing.osrm.baseUrl, routing.osrm.callsPerMinute)]),
      offline,
    ],
    ...chained,
  })
}
