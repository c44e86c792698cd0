import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NominatimGeocodingAdapter } from '../../../adapters/geocoding/nominatim/nominatim-geocoding.js'
import { expectOk } from '../../../core/shared/result.js'
import { geocodingPortContract } from '../../contracts/geocoding.contract.js'
import type { FakeHttpServer } from '../../support/fakes/fake-http-server.js'
import { startNominatimFake } from '../../support/fakes/nominatim-fake.js'
import { fastResilience } from '../../support/fast-resilience.js'

const options = (server: FakeHttpServer) => ({ ...fastResilience(server.baseUrl).options, minIntervalMs: 0 })

geocodingPortContract(
  'Nominatim adapter',
  async () => {
    const server = await startNominatimFake()
    return { port: new NominatimGeocodingAdapter(options(server)), teardown: () => server.close() }
  },
  { knownAddress: 'Alexanderplatz 1, Berlin', unknownAddress: 'Nonexistent Street 999, Atlantis' },
)

describe('Nominatim adapter', () => {
  let server: FakeHttpServer
  beforeEach(async () => {
    server = await startNominatimFake()
  })
  afterEach(async () => {
    await server.close()
  })

  describe('follows the usage policy', () => {
    it('sends its User-Agent and asks format=jsonv2 with one result', async () => {
      await new NominatimGeocodingAdapter(options(server)).geocode('Berlin')
      const request = server.requests[0]!
      expect(request.headers['user-agent']).toBe(options(server).userAgent)
      expect(request.url.searchParams.get('format')).toBe('jsonv2')
      expect(request.url.searchParams.get('limit')).toBe('1')
    })

    it('refuses to be built without a User-Agent', () => {
      expect(() => new NominatimGeocodingAdapter({ ...options(server), userAgent: ' ' })).toThrow(/User-Agent/)
    })
  })

  describe('maps jsonv2 results', () => {
    it('reads lat/lon strings and grades confidence by place rank', async () => {
      const adapter = new NominatimGeocodingAdapter(options(server))
      const house = expectOk(await adapter.geocode('Alexanderplatz 1, Berlin'))!
      expect(house).toEqual({
        coordinates: { lat: 52.5219814, lng: 13.4132147 },
        displayName: 'Alexanderplatz 1, Mitte, Berlin, 10178, Deutschland',
        confidence: 'high',
        source: 'provider',
      })
      expect(expectOk(await adapter.geocode('Kreuzberg'))?.confidence).toBe('medium')
      expect(expectOk(await adapter.geocode('Berlin'))?.confidence).toBe('low')
    })

    it('an empty array is null', async () => {
      expect(expectOk(await new NominatimGeocodingAdapter(options(server)).geocode('Atlantis'))).toBeNull()
    })
  })

  describe('maps Nominatim errors', () => {
    it('400 {error: {message}} is a bad request carrying the message', async () => {
      server.replyNext({ status: 400, body: { error: { code: 400, message: 'Nothing to search for.' } } })
      const result = await new NominatimGeocodingAdapter(options(server)).geocode('Berlin')
      expect(result.ok ? null : result.error).toMatchObject({ reason: 'bad_request', detail: 'Nothing to search for.' })
    })

    it('retries a 503 and then answers', async () => {
      server.replyNext({ status: 503, rawBody: 'Service Unavailable' })
      expect(expectOk(await new NominatimGeocodingAdapter(options(server)).geocode('Berlin'))).not.toBeNull()
      expect(server.requests).toHaveLength(2)
    })
  })
})
