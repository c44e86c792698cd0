import type { Clock } from '../ports/clock.js'
import type { RoutingPort } from '../ports/routing.js'
import type { WeatherPort } from '../ports/weather.js'
import { err, ok, type Result } from '../shared/result.js'
import { type DepartureError, RouteLookupFailed } from './departure.errors.js'
import type { Departure, DepartureInput } from './departure.js'
import { assembleDeparture, checkDepartureInput, routeQueryFor } from './departure-window.js'

export interface DepartureDataPorts {
  readonly routing: RoutingPort
  readonly weather: WeatherPort
  readonly clock: Clock
}

/**
 * Computes one departure window: a fresh routing lookup and a forecast at the
 * destination for the start time. Weather is best effort (a failed forecast
 * reads as "no forecast"); routing is required.
 */
export const computeDeparture = async (
  input: DepartureInput,
  ports: DepartureDataPorts,
): Promise<Result<Departure, DepartureError>> => {
  const now = ports.clock.now()
  const checked = checkDepartureInput(input, now)
  if (!checked.ok) return checked
  const [route, weather] = await Promise.all([
    ports.routing.travelTime(routeQueryFor(input)),
    ports.weather.forecastAt(input.destination, input.startTime),
  ])
  if (!route.ok) return err(new RouteLookupFailed({ eventId: input.eventId, cause: route.error }))
  return ok(assembleDeparture(input, route.value, weather.ok ? weather.value : null, now))
}
