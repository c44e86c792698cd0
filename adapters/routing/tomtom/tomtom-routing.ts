import type {
  RouteEstimate,
  RouteQuery,
  RoutingFailure,
  RoutingPort,
  TrafficIncident,
  TrafficIncidentKind,
} from '../../../core/ports/routing.js'
import { NoRouteFound, ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { estimateRoute } from '../offline/offline-routing.js'
import { type LiveTrafficOptions, liveQualityFor, notBefore, refusal, rfc3339, textAt } from '../shared/live-traffic.js'

export type TomTomRoutingOptions = ProviderHttpOptions & LiveTrafficOptions

const PROVIDER = 'tomtom'

/** The part of the documented `calculateRoute` response we read. */
interface TomTomSummary {
  readonly lengthInMeters: number
  readonly travelTimeInSeconds: number
  readonly trafficDelayInSeconds?: number
  readonly noTrafficTravelTimeInSeconds?: number
  readonly historicTrafficTravelTimeInSeconds?: number
  readonly liveTrafficIncidentsTravelTimeInSeconds?: number
}

interface TomTomSection {
  readonly sectionType: string
  readonly simpleCategory?: string
  readonly delayInSeconds?: number
  readonly tec?: { readonly causes?: ReadonlyArray<{ readonly mainCauseCode?: number }> }
}

interface TomTomRoute {
  readonly summary: TomTomSummary
  readonly sections?: readonly TomTomSection[]
}

const isRouteList = (body: unknown): body is { readonly routes: readonly TomTomRoute[] } =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { routes?: unknown }).routes) &&
  (body as { routes: unknown[] }).routes.every(
    (route) =>
      typeof route === 'object' &&
      route !== null &&
      typeof (route as TomTomRoute).summary?.travelTimeInSeconds === 'number' &&
      typeof (route as TomTomRoute).summary?.lengthInMeters === 'number',
  )

/** Engine errors that mean "no route between these points", as opposed to a malformed request. */
const NO_ROUTE_CODES = new Set(['NO_ROUTE_FOUND', 'MAP_MATCHING_FAILURE', 'CANNOT_RESTORE_BASEROUTE'])

/** TPEG2-TEC main cause codes we can name (1 traffic congestion, 2 accident, 7 roadworks, ...). */
const causeKind = (code: number | undefined): TrafficIncidentKind | null => {
  switch (code) {
    case 1:
      return 'congestion'
    case 2:
      return 'accident'
    case 7:
      return 'road_works'
    case 9:
    case 10:
    case 11:
      return 'hazard'
    default:
      return null
  }
}

const categoryKind: Readonly<Record<string, TrafficIncidentKind>> = {
  JAM: 'congestion',
  ROAD_WORK: 'road_works',
  ROAD_CLOSURE: 'road_closure',
}

const incidentsOf = (sections: readonly TomTomSection[]): TrafficIncident[] =>
  sections
    .filter((section) => section.sectionType === 'TRAFFIC')
    .map((section) => ({
      kind: causeKind(section.tec?.causes?.[0]?.mainCauseCode) ?? categoryKind[section.simpleCategory ?? ''] ?? 'other',
      delayMinutes: typeof section.delayInSeconds === 'number' ? section.delayInSeconds / 60 : null,
      description: section.simpleCategory ?? null,
    }))

/**
 * TomTom Routing API, `calculateRoute` with live traffic (`traffic=true`): `departAt` or `arriveAt`, and
 * `computeTravelTimeFor=all` so the answer carries the no-traffic time beside the traffic-aware one (the
 * `traffic_level` then compares the two); traffic sections give the jams, road works and closures on the way.
 * Walking is TomTom's `pedestrian` mode (no traffic); TomTom has no public transport: transit gets the offline
 * estimate, which says so (`estimate`).
 */
export class TomTomRoutingAdapter implements RoutingPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: TomTomRoutingOptions) {
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER })
    this.now = options.now ?? Date.now
  }

  async travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    if (query.mode === 'transit') return ok({ ...estimateRoute(query), provider: 'offline' })
    const { origin, destination, timing } = query
    const url = endpointUrl(
      this.options.baseUrl,
      `routing/1/calculateRoute/${origin.lat},${origin.lng}:${destination.lat},${destination.lng}/json`,
    )
    const params: Record<string, string> = {
      key: this.options.apiKey,
      travelMode: query.mode === 'walk' ? 'pedestrian' : 'car',
      routeType: 'fastest',
      traffic: 'true',
      computeTravelTimeFor: 'all',
      sectionType: 'traffic',
    }
    const nowMs = this.now()
    // Both times must lie ahead; an arrival already due is a departure now.
    if (timing.kind === 'arrive_by' && timing.at.getTime() > nowMs) params.arriveAt = rfc3339(timing.at)
    else params.departAt = rfc3339(notBefore(timing.at, nowMs))
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    if (status !== 200) {
      const code = textAt(body, 'detailedError', 'code')
      if (status === 400 && NO_ROUTE_CODES.has(code)) {
        return err(new NoRouteFound({ provider: PROVIDER, detail: textAt(body, 'detailedError', 'message') || code }))
      }
      const detail = textAt(body, 'detailedError', 'message') || textAt(body, 'error', 'description')
      return err(refusal(PROVIDER, status, detail))
    }
    const route = isRouteList(body) ? body.routes[0] : undefined
    if (route === undefined) {
      return err(new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_response', detail: 'no route in answer' }))
    }
    const { summary } = route
    const expectedMinutes = summary.travelTimeInSeconds / 60
    const noTraffic = summary.noTrafficTravelTimeInSeconds
    // Without the no-traffic figure, the travel time less the reported delay is the free-flow time.
    const freeFlowSeconds =
      typeof noTraffic === 'number' ? noTraffic : summary.travelTimeInSeconds - (summary.trafficDelayInSeconds ?? 0)
    const freeFlowMinutes = Math.min(expectedMinutes, Math.max(freeFlowSeconds, 1) / 60)
    return ok({
      expectedMinutes,
      freeFlowMinutes,
      distanceKm: summary.lengthInMeters / 1000,
      quality: liveQualityFor(query, freeFlowMinutes, nowMs, this.options.liveHorizonMinutes),
      provider: PROVIDER,
      incidents: query.mode === 'drive' ? incidentsOf(route.sections ?? []) : [],
    })
  }
}
