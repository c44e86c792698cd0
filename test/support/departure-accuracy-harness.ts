import { congestionFactorAt } from '../../core/departure/congestion-profile.js'
import { defaultTravelPreferences, type DepartureInput } from '../../core/departure/departure.js'
import { assembleDeparture } from '../../core/departure/departure-window.js'
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
}

export const defaultTrafficWorld: TrafficWorld = {
  dailySpread: 0.12,
  incidentChance: 0.05,
  incidentMinutes: [5, 20],
  slowWeatherChance: 0.1,
  slowWeatherFactor: 1.1,
  estimatorSpread: 0.2,
  liveSpread: 0.05,
}

export interface AccuracyFigures {
  readonly trips: number
  /** Share of arrivals after the start when leaving at `latest_departure`. */
  readonly lateAtLatest: number
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
): AccuracyFigures => {
  const random = seededRandom(seed)
  const t0 = Date.parse('2026-06-01T00:00:00Z')
  let lateLatest = 0
  let lateEarliest = 0
  let waitedMinutes = 0
  let onTimeEarliest = 0
  for (let index = 0; index < trips; index++) {
    const day = Math.floor(random() * 14)
    // Local 07:00 to 20:00 in Berlin (UTC+2 in June).
    const startMs = t0 + day * DAY_MS + (5 + random() * 13) * 60 * MINUTE_MS
    const trueFreeFlow = 5 + random() * 45
    const todays = Math.exp(normal(random) * world.dailySpread)
    const weather = random() < world.slowWeatherChance ? world.slowWeatherFactor : 1
    const [low, high] = world.incidentMinutes
    const incident = random() < world.incidentChance ? low + random() * (high - low) : 0
    const typical = congestionFactorAt(new Date(startMs - trueFreeFlow * MINUTE_MS), 'Europe/Berlin')
    const actualMinutes = trueFreeFlow * typical * todays * weather + incident
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
          const freeFlow = trueFreeFlow * Math.exp(normal(random) * world.estimatorSpread)
          return { expectedMinutes: freeFlow * typical, freeFlowMinutes: freeFlow, distanceKm: 10, quality }
        }
      }
    }
    const input: DepartureInput = {
      eventId: `trip-${index}`,
      startTime: new Date(startMs),
      timezone: 'Europe/Berlin',
      origin: { lat: 52.5, lng: 13.4 },
      destination: { lat: 52.45, lng: 13.3 },
      mode: 'drive',
      parkingBufferMinutes: null,
      preferences: defaultTravelPreferences,
    }
    const route = estimateFor()
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
    const now = new Date(startMs - (route.expectedMinutes + fixedMinutes + 10) * MINUTE_MS * 1.6)
    const window = assembleDeparture(input, route, forecast, now)
    const arrivalAfter = (departure: Date) => departure.getTime() + (actualMinutes + fixedMinutes) * MINUTE_MS
    if (arrivalAfter(window.latestDeparture) > startMs) lateLatest += 1
    const earliestArrival = arrivalAfter(window.earliestDeparture)
    if (earliestArrival > startMs) lateEarliest += 1
    else {
      onTimeEarliest += 1
      waitedMinutes += (startMs - earliestArrival) / MINUTE_MS
    }
  }
  return {
    trips,
    lateAtLatest: lateLatest / trips,
    lateAtEarliest: lateEarliest / trips,
    waitAtEarliestMinutes: onTimeEarliest === 0 ? 0 : waitedMinutes / onTimeEarliest,
  }
}
