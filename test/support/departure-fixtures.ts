import type { DepartureInput } from '../../core/departure/departure.js'
import { defaultTravelPreferences } from '../../core/departure/departure.js'
import type { Clock } from '../../core/ports/clock.js'
import type { RouteEstimate, RouteQuery, RoutingFailure, RoutingPort } from '../../core/ports/routing.js'
import type { WeatherForecast, WeatherPort, WeatherReport } from '../../core/ports/weather.js'
import type { ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { ok, type Result } from '../../core/shared/result.js'

export const fixedClock = (iso: string): Clock & { set(iso: string): void } => {
  let now = new Date(iso)
  return {
    now: () => now,
    set: (next) => {
      now = new Date(next)
    },
  }
}

/** Routing that answers a fixed estimate (or failure) and records the queries it saw. */
export const stubRouting = (
  answer: Result<RouteEstimate, RoutingFailure> = ok({
    expectedMinutes: 20,
    freeFlowMinutes: 20,
    distanceKm: 10,
    quality: 'live',
  }),
): RoutingPort & { queries: RouteQuery[] } => {
  const queries: RouteQuery[] = []
  return {
    queries,
    travelTime: async (query) => {
      queries.push(query)
      return answer
    },
  }
}

export const stubWeather = (
  answer: Result<WeatherReport | null, ProviderUnavailable> = ok(null),
): WeatherPort & { calls: number } => {
  const port = {
    calls: 0,
    forecastAt: async () => {
      port.calls++
      return answer
    },
  }
  return port
}

export const calmForecast: WeatherForecast = {
  forecastFor: new Date('2026-06-02T09:00:00Z'),
  condition: 'clear',
  precipitationMmPerHour: 0,
  windSpeedKmh: 10,
  windGustsKmh: 20,
  temperatureC: 18,
  visibilityM: 20_000,
}

export const departureInput = (overrides: Partial<DepartureInput> = {}): DepartureInput => ({
  eventId: 'evt_123',
  startTime: new Date('2026-06-02T09:00:00Z'),
  timezone: 'Europe/Berlin',
  origin: { lat: 52.5219, lng: 13.4132 },
  destination: { lat: 52.4675, lng: 13.3252 },
  mode: 'drive',
  parkingBufferMinutes: null,
  preferences: defaultTravelPreferences,
  ...overrides,
})
