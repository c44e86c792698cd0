import type { RouteQuery, RoutingFailure, TrafficIncidentKind } from '../../../core/ports/routing.js'
import { NoRouteFound } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl } from '../../http-resilience/provider-http-options.js'
import {
  badResponse,
  type LiveTrafficAdapterOptions,
  type LiveTrafficReading,
  LiveTrafficRouting,
  refusal,
  textAt,
  timingParameter,
  trafficIncident,
} from '../shared/live-traffic.js'

export type TomTomRoutingOptions = LiveTrafficAdapterOptions

const PROVIDER = 'tomtom'

/** The part of the documented `calculateRoute` response we read. */
interface TomTomSummary {
  readonly lengthInMeters: number
  readonly travelTimeInSeconds: number
  readonly trafficDelayInSeconds?: number
  readonly noTrafficTravelTimeInSeconds?: number
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

/**
 * Kinds by TPEG2-TEC main cause code (1 traffic congestion, 2 accident, 7 roadworks, 9-11 hazards), then by
 * `simpleCategory` when the cause says nothing we can name.
 */
const incidentKinds: Readonly<Record<string, TrafficIncidentKind>> = {
  'cause:1': 'congestion',
  'cause:2': 'accident',
  'cause:7': 'road_works',
  'cause:9': 'hazard',
  'cause:10': 'hazard',
  'cause:11': 'hazard',
  JAM: 'congestion',
  ROAD_WORK: 'road_works',
  ROAD_CLOSURE: 'road_closure',
}

const incidentType = (section: TomTomSection): string | undefined => {
  const cause = `cause:${section.tec?.causes?.[0]?.mainCauseCode}`
  return cause in incidentKinds ? cause : section.simpleCategory
}

/**
 * TomTom Routing API, `calculateRoute` with live traffic (`traffic=true`): `departAt` or `arriveAt`, and
 * `computeTravelTimeFor=all` so the answer carries the no-traffic time beside the traffic-aware one (the
 * `traffic_level` then compares the two); traffic sections give the jams, road works and closures on the way.
 * Walking is TomTom's `pedestrian` mode (no traffic); TomTom has no public transport: transit gets the offline
 * estimate, which says so (`estimate`).
 */
export class TomTomRoutingAdapter extends LiveTrafficRouting {
  constructor(options: TomTomRoutingOptions) {
    super(PROVIDER, options)
  }

  protected request({ origin, destination, mode, timing }: RouteQuery, nowMs: number): URL {
    const url = endpointUrl(
      this.options.baseUrl,
      `routing/1/calculateRoute/${origin.lat},${origin.lng}:${destination.lat},${destination.lng}/json`,
    )
    const [timeName, time] = timingParameter(timing, nowMs, { arriveBy: 'arriveAt', departAt: 'departAt' })
    const params: Record<string, string> = {
      key: this.options.apiKey,
      travelMode: mode === 'walk' ? 'pedestrian' : 'car',
      routeType: 'fastest',
      traffic: 'true',
      computeTravelTimeFor: 'all',
      sectionType: 'traffic',
      [timeName]: time,
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    return url
  }

  protected read(status: number, body: unknown): Result<LiveTrafficReading, RoutingFailure> {
    if (status !== 200) {
      const code = textAt(body, 'detailedError', 'code')
      if (status === 400 && NO_ROUTE_CODES.has(code)) {
        return err(new NoRouteFound({ provider: PROVIDER, detail: textAt(body, 'detailedError', 'message') || code }))
      }
      const detail = textAt(body, 'detailedError', 'message') || textAt(body, 'error', 'description')
      return err(refusal(PROVIDER, status, detail))
    }
    const route = isRouteList(body) ? body.routes[0] : undefined
    if (route === undefined) return err(badResponse(PROVIDER, 'no route in answer'))
    const { summary } = route
    return ok({
      trafficSeconds: summary.travelTimeInSeconds,
      // Without the no-traffic figure, the travel time less the reported delay is the free-flow time.
      freeFlowSeconds:
        summary.noTrafficTravelTimeInSeconds ?? summary.travelTimeInSeconds - (summary.trafficDelayInSeconds ?? 0),
      lengthMeters: summary.lengthInMeters,
      incidents: (route.sections ?? [])
        .filter((section) => section.sectionType === 'TRAFFIC')
        .map((section) =>
          trafficIncident(incidentKinds, incidentType(section), section.delayInSeconds, section.simpleCategory ?? null),
        ),
    })
  }
}
