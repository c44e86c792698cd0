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

export type HereRoutingOptions = LiveTrafficAdapterOptions

const PROVIDER = 'here'

/** The part of the documented Routing v8 `/routes` response we read. */
interface HereSection {
  readonly summary?: {
    readonly duration: number
    readonly length: number
    readonly baseDuration?: number
  }
  readonly incidents?: ReadonlyArray<{ readonly type?: string; readonly description?: string }>
}

interface HereRoutesResponse {
  readonly routes: ReadonlyArray<{ readonly sections: readonly HereSection[] }>
  readonly notices?: ReadonlyArray<{ readonly code?: string; readonly title?: string }>
}

const hasSummaries = (route: unknown): boolean =>
  typeof route === 'object' &&
  route !== null &&
  Array.isArray((route as { sections?: unknown }).sections) &&
  (route as { sections: HereSection[] }).sections.every(
    (section) => typeof section.summary?.duration === 'number' && typeof section.summary?.length === 'number',
  )

const isRoutesResponse = (body: unknown): body is HereRoutesResponse =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { routes?: unknown }).routes) &&
  (body as { routes: unknown[] }).routes.every(hasSummaries)

/** Notices that mean "no route between these points". */
const NO_ROUTE_NOTICES = new Set(['noRouteFound', 'couldNotMatchOrigin', 'couldNotMatchDestination'])

const incidentKinds: Readonly<Record<string, TrafficIncidentKind>> = {
  accident: 'accident',
  congestion: 'congestion',
  construction: 'road_works',
  roadClosure: 'road_closure',
  roadHazard: 'hazard',
  disabledVehicle: 'hazard',
  weather: 'hazard',
}

/**
 * HERE Routing API v8 (`GET /v8/routes`) with traffic: `departureTime` or `arrivalTime`, and
 * `return=summary,typicalDuration,incidents`. Each section's `duration` is with the traffic expected at that time,
 * `baseDuration` without traffic (free flow, so `traffic_level` compares the two), and the incidents on the route
 * come with their type (HERE gives no delay per incident). Walking is `pedestrian`; transit (HERE's separate Public
 * Transit API) gets the offline estimate, which says so.
 */
export class HereRoutingAdapter extends LiveTrafficRouting {
  constructor(options: HereRoutingOptions) {
    super(PROVIDER, options)
  }

  protected request({ origin, destination, mode, timing }: RouteQuery, nowMs: number): URL {
    const url = endpointUrl(this.options.baseUrl, 'v8/routes')
    const [timeName, time] = timingParameter(timing, nowMs, { arriveBy: 'arrivalTime', departAt: 'departureTime' })
    const params: Record<string, string> = {
      transportMode: mode === 'walk' ? 'pedestrian' : 'car',
      origin: `${origin.lat},${origin.lng}`,
      destination: `${destination.lat},${destination.lng}`,
      return: mode === 'walk' ? 'summary' : 'summary,typicalDuration,incidents',
      apiKey: this.options.apiKey,
      [timeName]: time,
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    return url
  }

  protected read(status: number, body: unknown): Result<LiveTrafficReading, RoutingFailure> {
    if (status !== 200) {
      const detail = textAt(body, 'cause') || textAt(body, 'error_description') || textAt(body, 'title')
      return err(refusal(PROVIDER, status, detail))
    }
    if (!isRoutesResponse(body)) return err(badResponse(PROVIDER, 'unexpected body'))
    const route = body.routes[0]
    if (route === undefined) {
      const notice = body.notices?.find((candidate) => NO_ROUTE_NOTICES.has(candidate.code ?? ''))
      return notice === undefined
        ? err(badResponse(PROVIDER, 'no route in answer'))
        : err(new NoRouteFound({ provider: PROVIDER, detail: notice.title ?? notice.code ?? 'no route' }))
    }
    const reading = { trafficSeconds: 0, freeFlowSeconds: 0, lengthMeters: 0 }
    for (const { summary } of route.sections) {
      if (summary === undefined) continue
      reading.trafficSeconds += summary.duration
      reading.freeFlowSeconds += summary.baseDuration ?? summary.duration
      reading.lengthMeters += summary.length
    }
    const incidents = route.sections.flatMap((section) =>
      (section.incidents ?? []).map((incident) =>
        trafficIncident(incidentKinds, incident.type, undefined, incident.description ?? incident.type ?? null),
      ),
    )
    return ok({ ...reading, incidents })
  }
}
