import { insidePolygon } from '../../../adapters/weather/shared/cap-alerts.js'
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

export interface FakeNwsAlert {
  readonly event: string
  readonly severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown'
  readonly headline: string | null
  readonly onset: string | null
  readonly ends: string | null
  readonly expires: string
  /** Outer ring, lat/lng. */
  readonly area: readonly Coordinates[]
  readonly status?: 'Actual' | 'Exercise' | 'Test'
  readonly messageType?: 'Alert' | 'Update' | 'Cancel'
}

const problem = (status: number, title: string, detail: string): FakeReply => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    correlationId: 'fake',
    title,
    type: `https://api.weather.gov/problems/${title.replaceAll(' ', '')}`,
    status,
    detail,
    instance: 'https://api.weather.gov/requests/fake',
  },
})

/**
 * Answers `GET /alerts/active?point={lat},{lon}` as api.weather.gov documents it: a GeoJSON FeatureCollection of
 * the alerts whose area holds the point, each feature's `properties` carrying the CAP fields. A request without a
 * User-Agent is refused (403); a point with more than 4 decimals is a 400 problem.
 */
export const startNwsFake = (alerts: () => readonly FakeNwsAlert[]) =>
  FakeHttpServer.start(({ url, headers }): FakeReply => {
    if (headers['user-agent'] === undefined) return problem(403, 'Forbidden', 'A User-Agent header is required')
    if (url.pathname !== '/alerts/active') return problem(404, 'Not Found', `${url.pathname} not found`)
    const point = url.searchParams.get('point') ?? ''
    if (!/^-?\d+(\.\d{1,4})?,-?\d+(\.\d{1,4})?$/.test(point)) {
      return problem(400, 'Bad Request', `Parameter "point" is invalid: ${point}`)
    }
    const [lat = 0, lng = 0] = point.split(',').map(Number)
    const matching = alerts().filter((alert) => insidePolygon({ lat, lng }, alert.area))
    return {
      status: 200,
      headers: { 'content-type': 'application/geo+json' },
      body: {
        '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld', { '@version': '1.1' }],
        type: 'FeatureCollection',
        features: matching.map((alert, index) => ({
          id: `https://api.weather.gov/alerts/urn:oid:fake.${index}`,
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [alert.area.map((corner) => [corner.lng, corner.lat])] },
          properties: {
            id: `urn:oid:fake.${index}`,
            areaDesc: 'Fake County',
            sent: '2026-06-02T06:00:00-04:00',
            effective: '2026-06-02T06:00:00-04:00',
            onset: alert.onset,
            expires: alert.expires,
            ends: alert.ends,
            status: alert.status ?? 'Actual',
            messageType: alert.messageType ?? 'Alert',
            category: 'Met',
            severity: alert.severity,
            certainty: 'Likely',
            urgency: 'Expected',
            event: alert.event,
            sender: 'w-nws.webmaster@noaa.gov',
            senderName: 'NWS Fake Office',
            headline: alert.headline,
            description: `${alert.event} in effect.`,
            instruction: null,
            response: 'Prepare',
          },
        })),
        title: `current watches, warnings, and advisories for ${point}`,
        updated: '2026-06-02T10:00:00+00:00',
      },
    }
  })
