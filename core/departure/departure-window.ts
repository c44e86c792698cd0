import { recalcCadence } from '../monitoring/recalc-cadence.js'
import type { RouteEstimate, RouteQuery } from '../ports/routing.js'
import type { WeatherReport } from '../ports/weather.js'
import { isValidCoordinates } from '../shared/coordinates.js'
import { err, ok, type Result } from '../shared/result.js'
import { departureConfidence } from './confidence.js'
import { EventAlreadyStarted, InvalidDepartureInput } from './departure.errors.js'
import { type Departure, type DepartureInput, preferredDepartureMarginMinutes } from './departure.js'
import { pessimismFactor } from './pessimism.js'
import { reliabilityMarginFactor } from './reliability-margin.js'
import { routeBucketKey, routeBucketOf } from './route-correction.js'
import { classifyTraffic } from './traffic-level.js'
import { mostSevereWarning, weatherSlowdownFactor } from './weather-impact.js'

const MINUTE_MS = 60_000

/** Rounds up to whole minutes, ignoring floating-point dust (20 x 1.1 must stay 22, not 23). */
const wholeMinutesUp = (minutes: number): number => Math.max(0, Math.ceil(minutes - 1e-9))

export interface TripBuffers {
  readonly parkingMinutes: number
  readonly walkBufferMinutes: number
}

/** Parking only applies to driving; the walk buffer (curb to door) always applies. */
export const tripBuffers = (input: DepartureInput): TripBuffers => ({
  parkingMinutes:
    input.mode === 'drive' ? (input.parkingBufferMinutes ?? input.preferences.defaultParkingBufferMinutes) : 0,
  walkBufferMinutes: input.preferences.defaultWalkBufferMinutes,
})

/** Inputs the engine refuses before asking any provider. */
export const checkDepartureInput = (
  input: DepartureInput,
  now: Date,
): Result<DepartureInput, EventAlreadyStarted | InvalidDepartureInput> => {
  const invalid = (detail: string) => err(new InvalidDepartureInput({ eventId: input.eventId, detail }))
  if (!isValidCoordinates(input.origin)) return invalid('origin coordinates are out of range')
  if (!isValidCoordinates(input.destination)) return invalid('destination coordinates are out of range')
  const buffers = tripBuffers(input)
  for (const minutes of [buffers.parkingMinutes, buffers.walkBufferMinutes]) {
    if (!Number.isInteger(minutes) || minutes < 0) return invalid('buffers must be whole non-negative minutes')
  }
  if (input.startTime.getTime() <= now.getTime()) {
    return err(new EventAlreadyStarted({ eventId: input.eventId, startTime: input.startTime }))
  }
  return ok(input)
}

/** The routing lookup for a departure: arrive at the curb in time to park and walk in. */
export const routeQueryFor = (input: DepartureInput): RouteQuery => {
  const buffers = tripBuffers(input)
  const curbArrivalMs = input.startTime.getTime() - (buffers.parkingMinutes + buffers.walkBufferMinutes) * MINUTE_MS
  return {
    origin: input.origin,
    destination: input.destination,
    mode: input.mode,
    timing: { kind: 'arrive_by', at: new Date(curbArrivalMs) },
    timezone: input.timezone,
  }
}

/**
 * The pure heart of the engine: from a route and a forecast to a window.
 * `latestDeparture` = start - (expected trip + reliability margin); `earliestDeparture` = start -
 * (pessimistic trip + reliability margin + preferred margin). The moving leg carries the correction
 * tracked arrivals taught for its route bucket, when the input has one. Requires `now < startTime`.
 */
export const assembleDeparture = (
  input: DepartureInput,
  route: RouteEstimate,
  weather: WeatherReport | null,
  now: Date,
): Departure => {
  const cadence = recalcCadence(now, input.startTime)
  if (cadence === null) throw new Error('assembleDeparture called at or after the event start')
  const buffers = tripBuffers(input)
  const trafficLevel = classifyTraffic(route.expectedMinutes, route.freeFlowMinutes)
  const correctionFactor = input.correction?.factor ?? 1
  const uncorrectedMovingMinutes = route.expectedMinutes * weatherSlowdownFactor(weather?.forecast ?? null)
  const movingMinutes = wholeMinutesUp(uncorrectedMovingMinutes * correctionFactor)
  // latest_departure leaves time for the trip most arrivals take: the margin moves the whole window earlier, and
  // earliest_departure keeps its pessimism cushion before it.
  const reliableMovingMinutes = wholeMinutesUp(movingMinutes * reliabilityMarginFactor(route.quality, input.correction))
  const reliabilityMarginMinutes = reliableMovingMinutes - movingMinutes
  const pessimisticMovingMinutes =
    wholeMinutesUp(movingMinutes * pessimismFactor(trafficLevel, route.quality)) + reliabilityMarginMinutes
  const fixedMinutes = buffers.parkingMinutes + buffers.walkBufferMinutes
  const totalMinutes = movingMinutes + fixedMinutes
  const marginMinutes = preferredDepartureMarginMinutes[input.preferences.preferredDeparture]
  const startMs = input.startTime.getTime()
  return {
    eventId: input.eventId,
    earliestDeparture: new Date(startMs - (pessimisticMovingMinutes + fixedMinutes + marginMinutes) * MINUTE_MS),
    latestDeparture: new Date(startMs - (reliableMovingMinutes + fixedMinutes) * MINUTE_MS),
    travel: {
      totalMinutes,
      driveMinutes: input.mode === 'walk' ? 0 : movingMinutes,
      parkingMinutes: buffers.parkingMinutes,
      walkMinutes: buffers.walkBufferMinutes + (input.mode === 'walk' ? movingMinutes : 0),
    },
    trafficLevel,
    trafficRatio: route.freeFlowMinutes > 0 ? route.expectedMinutes / route.freeFlowMinutes : 1,
    weather: weather?.forecast ?? null,
    weatherWarning: mostSevereWarning(weather?.warnings ?? []),
    confidence: departureConfidence(route.quality, startMs - now.getTime(), input.geocodingConfidence),
    dataQuality: route.quality,
    incidents: route.incidents ?? [],
    transit: input.mode === 'transit' ? (route.transit ?? null) : null,
    reliabilityMarginMinutes,
    learning: {
      routeBucket: routeBucketKey(routeBucketOf(routeQueryFor(input))),
      correctionFactor,
      uncorrectedMovingMinutes,
      fixedMinutes,
    },
    calculatedAt: now,
    nextRecalcAt: cadence.nextRecalcAt,
  }
}
