import { congestionFactorAt } from '../../core/departure/congestion-profile.js'
import { type DepartureInput, defaultTravelPreferences } from '../../core/departure/departure.js'
import { assembleDeparture } from '../../core/departure/departure-window.js'
import {
  correctionFrom,
  observationLogRatio,
  type RouteCorrectionStats,
  withObservation,
} from '../../core/departure/route-correction.js'
import type { RouteDataQuality, RouteEstimate } from '../../core/ports/routing.js'
import { seededRandom } from './routing-cost-simulation.js'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** The world the trips are replayed in: what the roads really do, which no source knows exactly. */
export interface TrafficWorld {
  /** Day-to-day spread of congestion around the typical profile (standard deviation of a log-normal factor). */
  readonly dailySpread: number
  /** Chance that an incident on the route adds `incidentMinutes` (uniform in the range). */
  readonly incidentChance: number
  readonly incidentMinutes: readonly [number, number]
  /** Chance of a weather slowdown day, and its factor. */
  readonly slowWeatherChance: number
  readonly slowWeatherFactor: number
  /** Error of the road network time against the straight-line estimate (log-normal spread), for `estimate`. */
  readonly estimatorSpread: number
  /** Error of a live provider's prediction for the next half hour (log-normal spread). */
  readonly liveSpread: number
  /**
   * Each route's own bias that every source misses, the same on every trip of the route (log-normal spread): lights,
   * a turn the provider underestimates, the hunt for the car park. 0: none.
   */
  readonly routeBiasSpread: number
  /** Trips are spread over this many routes (origin, destination, weekday and hour); 0: every trip its own route. */
  readonly routes: number
}

export const defaultTrafficWorld: TrafficWorld = {
  dailySpread: 0.12,
  incidentChance: 0.05,
  incidentMinutes: [5, 20],
  slowWeatherChance: 0.1,
  slowWeatherFactor: 1.1,
  estimatorSpread: 0.2,
  liveSpread: 0.05,
  routeBiasSpread: 0,
  routes: 0,
}

/** Commuters: 100 routes driven again and again, each with a bias of its own (spread 0.1) no source knows. */
export const commuterTrafficWorld: TrafficWorld = { ...defaultTrafficWorld, routeBiasSpread: 0.1, routes: 100 }

export interface ReplayOptions {
  /** Learn each route's correction from its tracked trips (the ones driven before) and apply it. */
  readonly corrections: boolean
}

export interface AccuracyFigures {
  readonly trips: number
  /** Share of arrivals after the start when leaving at `latest_departure`. */
  readonly lateAtLatest: number
  /** The same leaving at the start less the expected trip (`travel.total_minutes`): `latest_departure` without its margin. */
  readonly lateAtExpected: number
  /** Mean minutes early (waiting) when leaving at `latest_departure` and on time. */
  readonly waitAtLatestMinutes: number
  /** The same leaving at `earliest_departure`. */
  readonly lateAtEarliest: number
  /** Mean minutes early (waiting) when leaving at `earliest_departure` and on time. */
  readonly waitAtEarliestMinutes: number
}

const normal = (random: () => number): number => {
  const u = Math.max(random(), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/**
 * Replays `trips` drives in Berlin (2 to 40 km of free flow, starts over a fortnight of working hours) through the
 * real window model (`assembleDeparture`), with the route answer a source of the given quality would give, the last
 * recomputation 10 minutes before leaving; then drives them in the world and counts who arrives after the start.
 * Parking and the walk in take exactly their buffers, so the misses are the route's.
 */
export const replayTrips = (
  quality: RouteDataQuality,
  world: TrafficWorld,
  trips: number,
  seed: number,
  options: ReplayOptions = { corrections: false },
): AccuracyFigures => {
  const random = seededRandom(seed)
  const t0 = Date.parse('2026-06-01T00:00:00Z')
  // A route: its free-flow time, its bias, its weekday and local time of arrival (07:00 to 20:00 in Berlin).
  const routeOf = () => ({
    trueFreeFlow: 5 + random() * 45,
    bias: Math.exp(normal(random) * world.routeBiasSpread),
    // The straight-line estimate of one route errs the same way every time.
    estimatorError: Math.exp(normal(random) * world.estimatorSpread),
    day: Math.floor(random() * 14),
    hours: 5 + random() * 13,
  })
  const routes = Array.from({ length: world.routes }, routeOf)
  const learned = new Map<number, RouteCorrectionStats>()
  const late = { latest: 0, expected: 0, earliest: 0 }
  const waited = { latest: 0, earliest: 0 }
  for (let index = 0; index < trips; index++) {
    const routeIndex = routes.length === 0 ? index : Math.floor(random() * routes.length)
    const route = routes[routeIndex] ?? routeOf()
    // The same route comes back on its weekday, a week later.
    const day = routes.length === 0 ? route.day : (route.day % 7) + 7 * Math.floor(random() * 2)
    const startMs = t0 + day * DAY_MS + route.hours * 60 * MINUTE_MS
    const { trueFreeFlow } = route
    const todays = Math.exp(normal(random) * world.dailySpread)
    const weather = random() < world.slowWeatherChance ? world.slowWeatherFactor : 1
    const [low, high] = world.incidentMinutes
    const incident = random() < world.incidentChance ? low + random() * (high - low) : 0
    const typical = congestionFactorAt(new Date(startMs - trueFreeFlow * MINUTE_MS), 'Europe/Berlin')
    const actualMinutes = trueFreeFlow * typical * todays * weather * route.bias + incident
    const estimateFor = (): RouteEstimate => {
      switch (quality) {
        case 'live': {
          // The feed sees today's traffic and the incident; its prediction errs a little.
          const expected = (trueFreeFlow * typical * todays + incident) * Math.exp(normal(random) * world.liveSpread)
          return {
            expectedMinutes: expected,
            freeFlowMinutes: Math.min(expected, trueFreeFlow),
            distanceKm: 10,
            quality,
          }
        }
        case 'historical':
          return { expectedMinutes: trueFreeFlow * typical, freeFlowMinutes: trueFreeFlow, distanceKm: 10, quality }
        case 'estimate': {
          const freeFlow = trueFreeFlow * route.estimatorError
          return { expectedMinutes: freeFlow * typical, freeFlowMinutes: freeFlow, distanceKm: 10, quality }
        }
      }
    }
    const stats = learned.get(routeIndex) ?? null
    const input: DepartureInput = {
      eventId: `trip-${index}`,
      startTime: new Date(startMs),
      timezone: 'Europe/Berlin',
      origin: { lat: 52.5, lng: 13.4 },
      destination: { lat: 52.45, lng: 13.3 },
      mode: 'drive',
      parkingBufferMinutes: null,
      preferences: defaultTravelPreferences,
      ...(options.corrections && stats !== null ? { correction: correctionFrom(stats) } : {}),
    }
    const estimate = estimateFor()
    const fixedMinutes =
      defaultTravelPreferences.defaultParkingBufferMinutes + defaultTravelPreferences.defaultWalkBufferMinutes
    // A slow-weather day reaches the model as a forecast of moderate rain (x1.10, the same as the world).
    const forecast =
      weather === 1
        ? null
        : {
            forecast: {
              forecastFor: new Date(startMs),
              condition: 'rain' as const,
              precipitationMmPerHour: 5,
              windSpeedKmh: 10,
              windGustsKmh: null,
              temperatureC: 12,
              visibilityM: null,
            },
            warnings: [],
          }
    const now = new Date(startMs - (estimate.expectedMinutes + fixedMinutes + 10) * MINUTE_MS * 2)
    const window = assembleDeparture(input, estimate, forecast, now)
    const arrivalAfter = (departure: number) => departure + (actualMinutes + fixedMinutes) * MINUTE_MS
    const latestArrival = arrivalAfter(window.latestDeparture.getTime())
    if (latestArrival > startMs) late.latest += 1
    else waited.latest += (startMs - latestArrival) / MINUTE_MS
    if (arrivalAfter(startMs - window.travel.totalMinutes * MINUTE_MS) > startMs) late.expected += 1
    const earliestArrival = arrivalAfter(window.earliestDeparture.getTime())
    if (earliestArrival > startMs) late.earliest += 1
    else waited.earliest += (startMs - earliestArrival) / MINUTE_MS
    // Tracking saw the trip: its moving leg against the one predicted before any correction.
    const logRatio = observationLogRatio({
      predictedMinutes: window.learning?.uncorrectedMovingMinutes ?? 0,
      actualMinutes,
    })
    if (logRatio !== null) learned.set(routeIndex, withObservation(stats, logRatio, new Date(startMs)))
  }
  const onTime = (count: number) => trips - count
  return {
    trips,
    lateAtLatest: late.latest / trips,
    lateAtExpected: late.expected / trips,
    lateAtEarliest: late.earliest / trips,
    waitAtLatestMinutes: onTime(late.latest) === 0 ? 0 : waited.latest / onTime(late.latest),
    waitAtEarliestMinutes: onTime(late.earliest) === 0 ? 0 : waited.earliest / onTime(late.earliest),
  }
}
