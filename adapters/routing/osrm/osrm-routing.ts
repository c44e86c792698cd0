import { congestionFactorAt, tripMidpoint } from '../../../core/departure/congestion-profile.js'
import type { RouteEstimate, RouteQuery, RoutingFailure, RoutingPort } from '../../../core/ports/routing.js'
import { NoRouteFound, ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { estimateRoute } from '../offline/offline-routing.js'

export interface OsrmRoutingOptions extends ProviderHttpOptions {
  /** OSRM profile names for our modes, as prepared on the server (`car`/`driving`, `foot`). */
  readonly profiles?: { readonly drive: string; readonly walk: string }
}

const PROVIDER = 'osrm'

/** The part of OSRM's documented route response we read. */
interface OsrmRouteResponse {
  readonly code: string
  readonly message?: string
  readonly routes?: ReadonlyArray<{ readonly duration: number; readonly distance: number }>
}

const isOsrmResponse = (body: unknown): body is OsrmRouteResponse =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string'

/** Codes that mean "this trip has no route", as opposed to a malformed request. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment'])

/**
 * Routing over an OSRM server (`/route/v1/{profile}/{lon},{lat};{lon},{lat}`).
 * OSRM knows roads but not traffic: its duration is the free-flow time. This
 * adapter applies the typical time-of-day congestion profile on top and reports
 * quality `historical` (typical traffic on a real road network, no live feed).
 * OSRM has no transit: transit trips get the offline estimate (quality `estimate`).
 */
export class OsrmRoutingAdapter implements RoutingPort {
  private readonly client: ResilientJsonClient
  private readonly profiles: { readonly drive: string; readonly walk: string }

  constructor(private readonly options: OsrmRoutingOptions) {
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER })
    this.profiles = options.profiles ?? { drive: 'driving', walk: 'foot' }
  }

  async travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    if (query.mode === 'transit') return ok(estimateRoute(query))
    const { origin, destination } = query
    const url = endpointUrl(
      this.options.baseUrl,
      `route/v1/${this.profiles[query.mode]}/${origin.lng},${origin.lat};${destination.lng},${destination.lat}`,
    )
    url.searchParams.set('overview', 'false')
    url.searchParams.set('alternatives', 'false')
    url.searchParams.set('steps', 'false')
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    if (!isOsrmResponse(body)) {
      return err(
        new ProviderUnavailable({
          provider: PROVIDER,
          reason: 'bad_response',
          detail: `HTTP ${status} without an OSRM code`,
        }),
      )
    }
    if (NO_ROUTE_CODES.has(body.code)) {
      return err(new NoRouteFound({ provider: PROVIDER, detail: body.message ?? body.code }))
    }
    const route = body.routes?.[0]
    if (body.code !== 'Ok' || route === undefined) {
      return err(
        new ProviderUnavailable({
          provider: PROVIDER,
          reason: 'bad_request',
          detail: `${body.code}: ${body.message ?? ''}`.trim(),
        }),
      )
    }
    const freeFlowMinutes = route.duration / 60
    const congestion =
      query.mode === 'drive' ? congestionFactorAt(tripMidpoint(query.timing, freeFlowMinutes), query.timezone) : 1
    return ok({
      expectedMinutes: freeFlowMinutes * congestion,
      freeFlowMinutes,
      distanceKm: route.distance / 1000,
      quality: 'historical',
    })
  }
}
