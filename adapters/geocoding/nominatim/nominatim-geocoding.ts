import type { GeocodedPlace, GeocodingConfidence, GeocodingPort } from '../../../core/ports/geocoding.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { RequestSpacer } from './request-spacer.js'

export interface NominatimGeocodingOptions extends ProviderHttpOptions {
  /** Contact address for heavy use, as the usage policy asks. */
  readonly email?: string
  /** Minimum spacing between requests; the public server's policy allows one per second. */
  readonly minIntervalMs?: number
  readonly acceptLanguage?: string
}

const PROVIDER = 'nominatim'

/** The fields of a `format=jsonv2` search result that we read. */
interface NominatimPlace {
  readonly lat: string
  readonly lon: string
  readonly display_name: string
  readonly place_rank?: number
}

const isNominatimPlace = (value: unknown): value is NominatimPlace =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as NominatimPlace).lat === 'string' &&
  typeof (value as NominatimPlace).lon === 'string'

/** `place_rank` 26+ is a street or finer (address, building); 16-25 a town, suburb or neighbourhood. */
const confidenceForPlaceRank = (placeRank: number | undefined): GeocodingConfidence => {
  if (placeRank === undefined) return 'low'
  if (placeRank >= 26) return 'high'
  if (placeRank >= 16) return 'medium'
  return 'low'
}

const errorMessage = (body: unknown): string | null => {
  const error = (body as { error?: unknown } | null)?.error
  if (typeof error === 'string') return error
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : null
}

/**
 * Geocoding with Nominatim (`/search?format=jsonv2`). Its usage policy requires
 * an identifying User-Agent (mandatory here) and at most one request per second
 * on the public server (network requests are spaced; identical lookups are cached).
 */
export class NominatimGeocodingAdapter implements GeocodingPort {
  private readonly client: ResilientJsonClient

  constructor(private readonly options: NominatimGeocodingOptions) {
    if (options.userAgent.trim().length === 0) {
      throw new Error('Nominatim requires an identifying User-Agent (usage policy)')
    }
    const spacer = new RequestSpacer(options.minIntervalMs ?? 1000)
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER, requestGate: (call) => spacer.run(call) })
  }

  async geocode(address: string): Promise<Result<GeocodedPlace | null, ProviderUnavailable>> {
    const query = address.trim()
    if (query.length === 0) return ok(null)
    const url = endpointUrl(this.options.baseUrl, 'search')
    url.searchParams.set('q', query)
    url.searchParams.set('format', 'jsonv2')
    url.searchParams.set('limit', '1')
    if (this.options.email !== undefined) url.searchParams.set('email', this.options.email)
    if (this.options.acceptLanguage !== undefined) url.searchParams.set('accept-language', this.options.acceptLanguage)
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    if (status !== 200 || !Array.isArray(body)) {
      const detail = errorMessage(body) ?? `HTTP ${status}`
      const reason = status >= 400 && status < 500 ? 'bad_request' : 'bad_response'
      return err(new ProviderUnavailable({ provider: PROVIDER, reason, detail }))
    }
    const first: unknown = body[0]
    if (first === undefined) return ok(null)
    if (!isNominatimPlace(first)) {
      return err(
        new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_response', detail: 'result without lat/lon' }),
      )
    }
    return ok({
      coordinates: { lat: Number(first.lat), lng: Number(first.lon) },
      displayName: first.display_name,
      confidence: confidenceForPlaceRank(first.place_rank),
      source: 'provider',
    })
  }
}
