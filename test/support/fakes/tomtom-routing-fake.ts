import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

/** What the fake's roads are like right now: how much slower than free flow, and the incidents on the way. */
export interface FakeTrafficState {
  /** Travel time with traffic over the free-flow time (1 = empty roads). */
  congestion: number
  /** Traffic sections reported on every car route: TomTom's `simpleCategory`, delay and TEC cause code. */
  incidents: Array<{
    readonly simpleCategory: string
    readonly delayInSeconds: number
    readonly mainCauseCode?: number
  }>
}

export const FAKE_TOMTOM_KEY = 'tomtom-test-key'

/** Free-flow speeds of the fake's network, metres per second (the same roads as the OSRM fake). */
const SPEEDS: Readonly<Record<string, number>> = { car: 12.5, pedestrian: 1.4 }

const badInput = (message: string): FakeReply => ({
  status: 400,
  body: {
    formatVersion: '0.0.12',
    error: { description: message },
    detailedError: { code: 'BAD_INPUT', message },
  },
})

const engineError = (code: string, message: string): FakeReply => ({
  status: 400,
  body: {
    formatVersion: '0.0.12',
    error: { description: `Engine error while executing route request: ${code}` },
    detailedError: { code, message },
  },
})

/**
 * Answers `GET /routing/1/calculateRoute/{lat},{lon}:{lat},{lon}/json` as TomTom documents it: `key` required
 * (403 otherwise), `departAt` or `arriveAt` (not both), `summary` with `noTrafficTravelTimeInSeconds` and the other
 * `computeTravelTimeFor=all` figures, `TRAFFIC` sections. Engine errors are 400 with `detailedError.code`: points
 * north of 80° have no route (`NO_ROUTE_FOUND`), points south of -60° match no road (`MAP_MATCHING_FAILURE`).
 */
export const startTomTomFake = (traffic: FakeTrafficState = { congestion: 1, incidents: [] }) =>
  FakeHttpServer.start(({ url }): FakeReply => {
    if (url.searchParams.get('key') !== FAKE_TOMTOM_KEY) {
      return { status: 403, body: { detailedError: { code: 'Forbidden', message: 'Developer Inactive' } } }
    }
    const match = /^\/routing\/1\/calculateRoute\/([^/]+)\/json$/.exec(url.pathname)
    if (match === null) return { status: 404, body: { detailedError: { code: 'NotFound', message: 'Not Found' } } }
    const points = (match[1] ?? '').split(':').map((pair) => pair.split(',').map(Number))
    const [[fromLat = Number.NaN, fromLng = Number.NaN] = [], [toLat = Number.NaN, toLng = Number.NaN] = []] = points
    if (points.length < 2 || ![fromLat, fromLng, toLat, toLng].every(Number.isFinite)) {
      return badInput('Invalid request: invalid location')
    }
    const travelMode = url.searchParams.get('travelMode') ?? 'car'
    const speed = SPEEDS[travelMode]
    if (speed === undefined) return badInput(`Invalid value for travelMode: ${travelMode}`)
    const departAt = url.searchParams.get('departAt')
    const arriveAt = url.searchParams.get('arriveAt')
    if (departAt !== null && arriveAt !== null) return badInput('arriveAt cannot be used together with departAt')
    const asked = arriveAt ?? departAt
    if (asked !== null && (!/[+-]\d\d:\d\d$|Z$/.test(asked) || Number.isNaN(Date.parse(asked)))) {
      return badInput(`Invalid date format: ${asked}`)
    }
    if (fromLat < -60 || toLat < -60) return engineError('MAP_MATCHING_FAILURE', 'Origin could not be matched')
    if (fromLat > 80 || toLat > 80) return engineError('NO_ROUTE_FOUND', 'No route found.')
    const lengthInMeters = Math.round(
      greatCircleDistanceKm({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng }) * 1250,
    )
    const noTraffic = Math.round(lengthInMeters / speed)
    const withTraffic = travelMode === 'car' && url.searchParams.get('traffic') !== 'false'
    const travelTime = withTraffic ? Math.round(noTraffic * traffic.congestion) : noTraffic
    const startMs = asked === null ? Date.now() : Date.parse(asked) - (arriveAt === null ? 0 : travelTime * 1000)
    const all = url.searchParams.get('computeTravelTimeFor') === 'all'
    const summary = {
      lengthInMeters,
      travelTimeInSeconds: travelTime,
      trafficDelayInSeconds: travelTime - noTraffic,
      trafficLengthInMeters: travelTime > noTraffic ? Math.round(lengthInMeters / 3) : 0,
      departureTime: new Date(startMs).toISOString().replace('.000Z', '+00:00'),
      arrivalTime: new Date(startMs + travelTime * 1000).toISOString().replace('.000Z', '+00:00'),
      ...(all
        ? {
            noTrafficTravelTimeInSeconds: noTraffic,
            historicTrafficTravelTimeInSeconds: Math.round(noTraffic * 1.1),
            liveTrafficIncidentsTravelTimeInSeconds: travelTime,
          }
        : {}),
    }
    const sections =
      withTraffic && url.searchParams.getAll('sectionType').includes('traffic')
        ? traffic.incidents.map((incident, index) => ({
            startPointIndex: index * 10,
            endPointIndex: index * 10 + 5,
            sectionType: 'TRAFFIC',
            simpleCategory: incident.simpleCategory,
            effectiveSpeedInKmh: 12,
            delayInSeconds: incident.delayInSeconds,
            magnitudeOfDelay: 2,
            ...(incident.mainCauseCode === undefined
              ? {}
              : { tec: { effectCode: 4, causes: [{ mainCauseCode: incident.mainCauseCode }] } }),
          }))
        : []
    return {
      status: 200,
      body: {
        formatVersion: '0.0.12',
        routes: [
          {
            summary,
            legs: [{ summary, points: [] }],
            sections: [{ startPointIndex: 0, endPointIndex: 40, sectionType: 'TRAVEL_MODE', travelMode }, ...sections],
          },
        ],
      },
    }
  })
