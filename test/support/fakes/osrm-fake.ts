import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

/** Speeds of the fake's road network, metres per second. */
const PROFILE_SPEEDS: Readonly<Record<string, number>> = { driving: 12.5, foot: 1.4 }

/**
 * Answers `/route/v1/{profile}/{lon},{lat};{lon},{lat}` the way OSRM documents
 * it: `{ code: 'Ok', routes, waypoints }`, and HTTP 400 with `code` on errors.
 * Points north of 80° have no route (`NoRoute`); points south of -60° cannot
 * snap to a road (`NoSegment`).
 */
export const startOsrmFake = (): Promise<FakeHttpServer> =>
  FakeHttpServer.start(({ url }): FakeReply => {
    const match = /^\/route\/v1\/([^/]+)\/([^/]+)$/.exec(url.pathname)
    if (match === null)
      return {
        status: 400,
        body: { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${url.pathname}"` },
      }
    const [, profile = '', coordinateText = ''] = match
    const speed = PROFILE_SPEEDS[profile]
    if (speed === undefined)
      return { status: 400, body: { code: 'InvalidService', message: `Service ${profile} not found!` } }
    const points = coordinateText.split(';').map((pair) => pair.split(',').map(Number))
    if (points.length < 2 || points.some((point) => point.length !== 2 || point.some((n) => !Number.isFinite(n)))) {
      return { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed close to position 1' } }
    }
    const [[fromLng = 0, fromLat = 0] = [], [toLng = 0, toLat = 0] = []] = points
    if (Math.abs(fromLat) > 90 || Math.abs(toLat) > 90) {
      return { status: 400, body: { code: 'InvalidValue', message: 'Invalid coordinate value.' } }
    }
    if (fromLat < -60 || toLat < -60) {
      return {
        status: 400,
        body: { code: 'NoSegment', message: 'Could not find a matching segment for any coordinate.' },
      }
    }
    if (fromLat > 80 || toLat > 80)
      return { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } }
    const distance = greatCircleDistanceKm({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng }) * 1250
    const duration = distance / speed
    return {
      status: 200,
      body: {
        code: 'Ok',
        routes: [
          {
            legs: [{ steps: [], summary: '', weight: duration, duration, distance }],
            weight_name: 'routability',
            weight: duration,
            duration,
            distance,
          },
        ],
        waypoints: [
          { hint: 'aGludA==', distance: 3.2, name: 'Origin Street', location: [fromLng, fromLat] },
          { hint: 'aGludA==', distance: 4.1, name: 'Destination Street', location: [toLng, toLat] },
        ],
      },
    }
  })
