import { FakeHttpServer, type FakeReply } from './fake-http-server.js'

export interface FakePlace {
  readonly lat: number
  readonly lon: number
  readonly displayName: string
  readonly placeRank: number
  readonly category: string
  readonly type: string
}

export const knownPlaces: Readonly<Record<string, FakePlace>> = {
  'alexanderplatz 1, berlin': {
    lat: 52.5219814,
    lon: 13.4132147,
    displayName: 'Alexanderplatz 1, Mitte, Berlin, 10178, Deutschland',
    placeRank: 30,
    category: 'place',
    type: 'house',
  },
  berlin: {
    lat: 52.5170365,
    lon: 13.3888599,
    displayName: 'Berlin, Deutschland',
    placeRank: 8,
    category: 'boundary',
    type: 'administrative',
  },
  kreuzberg: {
    lat: 52.4979744,
    lon: 13.4039247,
    displayName: 'Kreuzberg, Friedrichshain-Kreuzberg, Berlin, Deutschland',
    placeRank: 18,
    category: 'boundary',
    type: 'administrative',
  },
}

/**
 * Answers `/search?format=jsonv2` like Nominatim: an array of places (empty when
 * nothing matches), `400 {error: {code, message}}` for bad parameters and a 403
 * page for clients without a User-Agent, as the usage policy enforces.
 */
export const startNominatimFake = (): Promise<FakeHttpServer> =>
  FakeHttpServer.start(({ url, headers }): FakeReply => {
    if (url.pathname !== '/search') return { status: 404, rawBody: 'Not Found' }
    if (headers['user-agent'] === undefined || headers['user-agent'] === '') {
      return { status: 403, rawBody: 'Access blocked: see the usage policy' }
    }
    if (url.searchParams.get('format') !== 'jsonv2') {
      return {
        status: 400,
        body: {
          error: { code: 400, message: "Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson" },
        },
      }
    }
    const query = (url.searchParams.get('q') ?? '').trim().toLowerCase()
    if (query.length === 0) return { status: 400, body: { error: { code: 400, message: 'Nothing to search for.' } } }
    const place = knownPlaces[query]
    if (place === undefined) return { status: 200, body: [] }
    return {
      status: 200,
      body: [
        {
          place_id: 129_481_713,
          licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
          osm_type: 'node',
          osm_id: 3_542_108,
          lat: String(place.lat),
          lon: String(place.lon),
          category: place.category,
          type: place.type,
          place_rank: place.placeRank,
          importance: 0.4,
          addresstype: place.type,
          name: place.displayName.split(',')[0],
          display_name: place.displayName,
          boundingbox: [
            String(place.lat - 0.001),
            String(place.lat + 0.001),
            String(place.lon - 0.001),
            String(place.lon + 0.001),
          ],
        },
      ],
    }
  })
