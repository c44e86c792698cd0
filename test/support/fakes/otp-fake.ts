import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

const MINUTE_MS = 60_000

/** The fake's network: one line every 10 minutes from a stop 5 minutes' walk away, a change when the trip is long. */
export interface FakeTransitNetwork {
  readonly headwayMinutes: number
  readonly walkToStopMinutes: number
  readonly walkFromStopMinutes: number
  /** Rides on real-time data (GTFS-RT). */
  realTime: boolean
}

const offsetMinutes = (timeZone: string, ms: number): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)]),
  )
  const local = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second)
  return Math.round((local - ms) / MINUTE_MS)
}

/** A local date and time on the feed's clock, as an instant. */
const instantOf = (date: string, time: string, timeZone: string): number => {
  const guess = Date.parse(`${date}T${time}:00Z`)
  return guess - offsetMinutes(timeZone, guess) * MINUTE_MS
}

/**
 * Answers OTP 2's GraphQL `plan` at `POST /otp/routers/default/index/graphql` as documented: `data.plan.itineraries`
 * (times in epoch milliseconds, durations in seconds, legs with `mode`, `transitLeg`, `realTime`, `route`, `from`,
 * `to`) and `routingErrors`. Date and time are read on the feed's clock (`timeZone`). A trip over 10 km changes from
 * line M10 to line S5 halfway; points north of 80° are `OUTSIDE_BOUNDS`. A body without a query is a GraphQL error.
 */
export const startOtpFake = (network: FakeTransitNetwork, timeZone = 'Europe/Berlin') =>
  FakeHttpServer.start(({ url, method, body }): FakeReply => {
    if (url.pathname !== '/otp/routers/default/index/graphql' || method !== 'POST') {
      return { status: 404, rawBody: 'Not Found' }
    }
    let request: { query?: string; variables?: Record<string, unknown> }
    try {
      request = JSON.parse(body) as typeof request
    } catch {
      return { status: 400, body: { errors: [{ message: 'Invalid JSON' }] } }
    }
    if (typeof request.query !== 'string' || !request.query.includes('plan(')) {
      return { status: 200, body: { errors: [{ message: 'Validation error: no query' }] } }
    }
    const variables = request.variables ?? {}
    const from = variables.from as { lat: number; lon: number }
    const to = variables.to as { lat: number; lon: number }
    if (from.lat > 80 || to.lat > 80) {
      return {
        status: 200,
        body: {
          data: {
            plan: {
              itineraries: [],
              routingErrors: [{ code: 'OUTSIDE_BOUNDS', description: 'The location is outside the graph' }],
            },
          },
        },
      }
    }
    const atMs = instantOf(String(variables.date), String(variables.time), timeZone)
    const distanceM = greatCircleDistanceKm({ lat: from.lat, lng: from.lon }, { lat: to.lat, lng: to.lon }) * 1300
    const rideMs = Math.round(distanceM / 8) * 1000
    const changes = distanceM > 10_000
    const headwayMs = network.headwayMinutes * MINUTE_MS
    const walkToMs = network.walkToStopMinutes * MINUTE_MS
    const walkFromMs = network.walkFromStopMinutes * MINUTE_MS
    const changeWaitMs = changes ? 4 * MINUTE_MS : 0
    const tripMs = walkToMs + rideMs + changeWaitMs + walkFromMs
    // Vehicles leave the first stop on the headway; three itineraries around the time asked.
    const firstRide = variables.arriveBy
      ? Math.floor((atMs - tripMs + walkToMs) / headwayMs) * headwayMs
      : Math.ceil((atMs + walkToMs) / headwayMs) * headwayMs
    const rides = variables.arriveBy
      ? [firstRide - 2 * headwayMs, firstRide - headwayMs, firstRide]
      : [firstRide, firstRide + headwayMs, firstRide + 2 * headwayMs]
    const itineraries = rides.map((rideStart) => {
      const start = rideStart - walkToMs
      const legs: object[] = [
        {
          mode: 'WALK',
          startTime: start,
          endTime: rideStart,
          distance: 400,
          transitLeg: false,
          realTime: false,
          route: null,
          from: { name: 'Origin' },
          to: { name: 'Stop A' },
        },
      ]
      let t = rideStart
      const segments = changes ? ['M10', 'S5'] : ['M10']
      for (const [index, line] of segments.entries()) {
        const segmentMs = rideMs / segments.length
        legs.push({
          mode: index === 0 ? 'TRAM' : 'RAIL',
          startTime: t,
          endTime: t + segmentMs,
          distance: distanceM / segments.length,
          transitLeg: true,
          realTime: network.realTime,
          route: { shortName: line },
          headsign: index === 0 ? 'Hauptbahnhof' : 'Flughafen BER',
          from: { name: index === 0 ? 'Stop A' : 'Change' },
          to: { name: index === segments.length - 1 ? 'Stop B' : 'Change' },
        })
        t += segmentMs + (index < segments.length - 1 ? changeWaitMs : 0)
      }
      legs.push({
        mode: 'WALK',
        startTime: t,
        endTime: t + walkFromMs,
        distance: 300,
        transitLeg: false,
        realTime: false,
        route: null,
        from: { name: 'Stop B' },
        to: { name: 'Destination' },
      })
      return {
        startTime: start,
        endTime: t + walkFromMs,
        duration: (t + walkFromMs - start) / 1000,
        walkTime: (walkToMs + walkFromMs) / 1000,
        waitingTime: changeWaitMs / 1000,
        legs,
      }
    })
    return { status: 200, body: { data: { plan: { itineraries, routingErrors: [] } } } }
  })
