import type { RouteEstimate, RouteQuery, RoutingFailure } from '../ports/routing.js'
import type { WeatherReport } from '../ports/weather.js'
import { mapWithConcurrency } from '../shared/concurrency.js'
import type { Coordinates } from '../shared/coordinates.js'
import { ProviderUnavailable } from '../shared/provider.errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { DepartureDataPorts } from './compute-departure.js'
import { type DepartureError, RouteLookupFailed } from './departure.errors.js'
import type { Departure, DepartureInput } from './departure.js'
import { assembleDeparture, checkDepartureInput, routeQueryFor } from './departure-window.js'

export interface BatchPlanOptions {
  /** Decimal places kept on route end points (3 is about 110 m). */
  readonly routeCoordinateDecimals: number
  /** Route lookups whose arrival times fall in the same bucket are shared. */
  readonly routeTimeBucketMinutes: number
  /** Decimal places kept on forecast places (2 is about 1 km, a weather model cell). */
  readonly weatherCoordinateDecimals: number
}

export const defaultBatchPlanOptions: BatchPlanOptions = {
  routeCoordinateDecimals: 3,
  routeTimeBucketMinutes: 5,
  weatherCoordinateDecimals: 2,
}

export interface PlannedRouteLookup {
  readonly key: string
  readonly query: RouteQuery
  readonly eventIds: readonly string[]
}

export interface PlannedWeatherLookup {
  readonly key: string
  readonly place: Coordinates
  readonly at: Date
  readonly eventIds: readonly string[]
}

export interface BatchPlan {
  readonly routeLookups: readonly PlannedRouteLookup[]
  readonly weatherLookups: readonly PlannedWeatherLookup[]
}

const HOUR_MS = 3_600_000

const roundTo = (value: number, decimals: number): number => {
  const scale = 10 ** decimals
  return Math.round(value * scale) / scale
}

const roundPoint = (point: Coordinates, decimals: number): Coordinates => ({
  lat: roundTo(point.lat, decimals),
  lng: roundTo(point.lng, decimals),
})

const floorTo = (time: Date, bucketMs: number): Date => new Date(Math.floor(time.getTime() / bucketMs) * bucketMs)

/**
 * The shared lookup standing for every query in its group: rounded end points
 * and the start of the time bucket, so a shared `arrive_by` is never later than
 * any member's own.
 */
const sharedRouteQuery = (query: RouteQuery, options: BatchPlanOptions): RouteQuery => ({
  origin: roundPoint(query.origin, options.routeCoordinateDecimals),
  destination: roundPoint(query.destination, options.routeCoordinateDecimals),
  mode: query.mode,
  timing: { kind: query.timing.kind, at: floorTo(query.timing.at, options.routeTimeBucketMinutes * 60_000) },
  timezone: query.timezone,
})

/** Identical lookups have the same key (times as epoch milliseconds: the key is only compared). */
const routeLookupKey = (query: RouteQuery): string =>
  `${query.mode}|${query.origin.lat},${query.origin.lng}|${query.destination.lat},${query.destination.lng}|${query.timing.kind}@${query.timing.at.getTime()}|${query.timezone}`

const groupBy = <T extends { key: string }>(items: readonly (T & { eventId: string })[]) => {
  const groups = new Map<string, { first: T; eventIds: string[] }>()
  for (const item of items) {
    const group = groups.get(item.key)
    if (group === undefined) groups.set(item.key, { first: item, eventIds: [item.eventId] })
    else group.eventIds.push(item.eventId)
  }
  return [...groups.values()]
}

/**
 * Groups the routing and weather lookups of due recomputations so that
 * identical ones (same rounded end points, mode and time bucket) run once.
 * Pure: the sweep executes the plan (see `recomputeDueDepartures`).
 */
export const planBatch = (
  dueDepartures: readonly DepartureInput[],
  options: BatchPlanOptions = defaultBatchPlanOptions,
): BatchPlan => {
  const routes = dueDepartures.map((input) => {
    const query = sharedRouteQuery(routeQueryFor(input), options)
    return { key: routeLookupKey(query), query, eventId: input.eventId }
  })
  const forecasts = dueDepartures.map((input) => {
    const place = roundPoint(input.destination, options.weatherCoordinateDecimals)
    const at = floorTo(input.startTime, HOUR_MS)
    return { key: `${place.lat},${place.lng}@${at.getTime()}`, place, at, eventId: input.eventId }
  })
  return {
    routeLookups: groupBy(routes).map(({ first, eventIds }) => ({ key: first.key, query: first.query, eventIds })),
    weatherLookups: groupBy(forecasts).map(({ first, eventIds }) => ({
      key: first.key,
      place: first.place,
      at: first.at,
      eventIds,
    })),
  }
}

/** A lookup's answer, or `ProviderUnavailable` (`adapter_error`) when the adapter threw. */
const contained = async <T, E>(
  provider: string,
  lookup: () => Promise<Result<T, E>>,
): Promise<Result<T, E | ProviderUnavailable>> => {
  try {
    return await lookup()
  } catch (error) {
    return err(
      new ProviderUnavailable({
        provider,
        reason: 'adapter_error',
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
    )
  }
}

export interface RecomputeOptions extends BatchPlanOptions {
  /** Provider calls in flight at once. */
  readonly concurrency: number
}

/**
 * Recomputes many departures sharing identical lookups. Every input gets a
 * result under its event id; inputs refused before lookup (already started,
 * invalid) take no part in the plan.
 */
export const recomputeDueDepartures = async (
  dueDepartures: readonly DepartureInput[],
  ports: DepartureDataPorts,
  options: RecomputeOptions = { ...defaultBatchPlanOptions, concurrency: 4 },
): Promise<Map<string, Result<Departure, DepartureError>>> => {
  const now = ports.clock.now()
  const results = new Map<string, Result<Departure, DepartureError>>()
  const ready: DepartureInput[] = []
  for (const input of dueDepartures) {
    const checked = checkDepartureInput(input, now)
    if (checked.ok) ready.push(input)
    else results.set(input.eventId, checked)
  }
  const plan = planBatch(ready, options)
  const routeByEvent = new Map<string, Result<RouteEstimate, RoutingFailure>>()
  const weatherByEvent = new Map<string, WeatherReport | null>()
  // A lookup that throws fails its own events only (as an outage), never the rest of the batch nor the write
  // of the event it was planned for.
  await mapWithConcurrency(plan.routeLookups, options.concurrency, async (lookup) => {
    const route = await contained('routing', () => ports.routing.travelTime(lookup.query))
    for (const eventId of lookup.eventIds) routeByEvent.set(eventId, route)
  })
  await mapWithConcurrency(plan.weatherLookups, options.concurrency, async (lookup) => {
    const report = await contained('weather', () => ports.weather.forecastAt(lookup.place, lookup.at))
    for (const eventId of lookup.eventIds) weatherByEvent.set(eventId, report.ok ? report.value : null)
  })
  for (const input of ready) {
    const route = routeByEvent.get(input.eventId)
    if (route === undefined) throw new Error(`batch plan lost event ${input.eventId}`)
    results.set(
      input.eventId,
      route.ok
        ? ok(assembleDeparture(input, route.value, weatherByEvent.get(input.eventId) ?? null, now))
        : err(new RouteLookupFailed({ eventId: input.eventId, cause: route.error })),
    )
  }
  return results
}
