import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

/** What the fake's roads are like right now. */
export interface FakeHereTraffic {
  /** Travel time with traffic over the free-flow time (1 = empty roads). */
  congestion: number
  /** Incidents reported on every car section, as HERE types them (`accident`, `construction`, ...). */
  incidents: Array<{ readonly type: string; readonly criticality: string; readonly description?: string }>
}

export const FAKE_HERE_KEY = 'here-test-key'

const SPEEDS: Readonly<Record<string, number>> = { car: 12.5, pedestrian: 1.4 }

const malformed = (cause: string): FakeReply => ({
  status: 400,
  body: { title: 'Malformed request', status: 400, code: 'E605001', cause, action: '', correlationId: 'fake' },
})

const point = (text: string | null): { lat: number; lng: number } | null => {
  const [lat, lng, extra] = (text ?? '').split(',').map(Number)
  return lat === undefined || lng === undefined || extra !== undefined || !Number.isFinite(lat + lng)
    ? null
    : { lat, lng }
}

/**
 * Answers `GET /v8/routes` as HERE documents it: `apiKey` required (401), `transportMode`, `origin`/`destination`
 * as `lat,lng`, `departureTime` or `arrivalTime` (not both), sections with `summary` (`duration`, `length`,
 * `baseDuration`, `typicalDuration` when asked) and `incidents` when asked. No route is a 200 with no routes and a
 * critical notice: points north of 80° `noRouteFound`, south of -60° `couldNotMatchDestination`.
 */
export const startHereFake = (traffic: FakeHereTraffic = { congestion: 1, incidents: [] }) =>
  FakeHttpServer.start(({ url }): FakeReply => {
    const params = url.searchParams
    if (params.get('apiKey') !== FAKE_HERE_KEY) {
      return { status: 401, body: { error: 'Unauthorized', error_description: 'apiKey invalid. apiKey not found.' } }
    }
    if (url.pathname !== '/v8/routes') return { status: 404, body: { title: 'Not Found', status: 404 } }
    const mode = params.get('transportMode') ?? ''
    const speed = SPEEDS[mode]
    if (speed === undefined) return malformed(`Error while parsing request: invalid transportMode '${mode}'`)
    const from = point(params.get('origin'))
    const to = point(params.get('destination'))
    if (from === null || to === null) return malformed("Error while parsing request: invalid 'origin' or 'destination'")
    const departure = params.get('departureTime')
    const arrival = params.get('arrivalTime')
    if (departure !== null && arrival !== null) {
      return malformed("'departureTime' and 'arrivalTime' cannot be specified at the same time")
    }
    const asked = arrival ?? departure
    if (asked !== null && Number.isNaN(Date.parse(asked))) return malformed(`invalid time '${asked}'`)
    const critical = (code: string, title: string) => ({
      status: 200,
      body: { routes: [], notices: [{ title, code, severity: 'critical' }] },
    })
    if (from.lat < -60 || to.lat < -60) return critical('couldNotMatchDestination', "Couldn't match destination")
    if (from.lat > 80 || to.lat > 80) return critical('noRouteFound', 'Route calculation failed: no route found')
    const returned = (params.get('return') ?? '').split(',')
    const length = Math.round(greatCircleDistanceKm(from, to) * 1250)
    const baseDuration = Math.round(length / speed)
    const duration = mode === 'car' ? Math.round(baseDuration * traffic.congestion) : baseDuration
    const startMs = asked === null ? Date.now() : Date.parse(asked) - (arrival === null ? 0 : duration * 1000)
    const summary = {
      duration,
      length,
      baseDuration,
      ...(returned.includes('typicalDuration') ? { typicalDuration: Math.round(baseDuration * 1.1) } : {}),
    }
    return {
      status: 200,
      body: {
        routes: [
          {
            id: 'fake-route',
            sections: [
              {
                id: 'fake-section',
                type: mode === 'car' ? 'vehicle' : 'pedestrian',
                departure: { time: new Date(startMs).toISOString(), place: { type: 'place', location: from } },
                arrival: {
                  time: new Date(startMs + duration * 1000).toISOString(),
                  place: { type: 'place', location: to },
                },
                ...(returned.includes('summary') ? { summary } : {}),
                ...(returned.includes('incidents') && mode === 'car' ? { incidents: traffic.incidents } : {}),
                transport: { mode },
              },
            ],
          },
        ],
      },
    }
  })
