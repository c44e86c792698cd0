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

export type HereRoutingOptions = ProviderHttpOptions & LiveTrafficOptions

const PROVIDER = 'here'

/** The part of the documented Routing v8 `/routes` response we read. */
interface HereSection {
  readonly summary?: {
    readonly duration: number
    readonly length: number
    readonly baseDuration?: number
    readonly typicalDuration?: number
  }
  readonly incidents?: ReadonlyArray<{ readonly type?: string; readonly description?: string }>
}

interface HereRoutesResponse {
  readonly routes: ReadonlyArray<{ readonly sections: readonly HereSection[] }>
  readonly notices?: ReadonlyArray<{ readonly code?: string; readonly title?: string }>
}

const isRoutesResponse = (body: unknown): body is HereRoutesResponse =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { routes?: unknown }).routes) &&
  (body as { routes: unknown[] }).routes.every(
    (route) =>
      typeof route === 'object' &&
      route !== null &&
      Array.isArray((route as { sections?: unknown }).sections) &&
      (route as { sections: HereSection[] }).sections.every(
        (section) => typeof section.summary?.duration === 'number' && typeof section.summary?.length === 'number',
      ),
  )

/** Notices that mean "no route between these points". */
const NO_ROUTE_NOTICES = new Set(['noRouteFound', 'couldNotMatchOrigin', 'couldNotMatchDestination'])

const incidentKind: Readonly<Record<string, TrafficIncidentKind>> = {
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
 * come with their type. Walking is `pedestrian`; transit (HERE's separate Public Transit API) gets the offline
 * estimate, which says so.
 */
export class HereRoutingAdapter implements RoutingPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: HereRoutingOptions) {
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER })
    this.now = options.now ?? Date.now
  }

  async travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    if (query.mode === 'transit') return ok({ ...estimateRoute(query), provider: 'offline' })
    const { origin, destination, timing } = query
    const url = endpointUrl(this.options.baseUrl, 'v8/routes')
    const params: Record<string, string> = {
      transportMode: query.mode === 'walk' ? 'pedestrian' : 'car',
      origin: `${origin.lat},${origin.lng}`,
      destination: `${destination.lat},${destination.lng}`,
      return: query.mode === 'walk' ? 'summary' : 'summary,typicalDuration,incidents',
      apiKey: this.options.apiKey,
    }
    const nowMs = this.now()
    if (timing.kind === 'arrive_by' && timing.at.getTime() > nowMs) params.arrivalTime = rfc3339(timing.at)
    else params.departureTime = rfc3339(notBefore(timing.at, nowMs))
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    const answer = await this.client.get(url)
    if (!answer.ok) return answer
    const { status, body } = answer.value
    if (status !== 200) {
      const detail = textAt(body, 'cause') || textAt(body, 'error_description') || textAt(body, 'title')
      return err(refusal(PROVIDER, status, detail))
    }
    if (!isRoutesResponse(body)) {
      return err(new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_response', detail: 'unexpected body' }))
    }
    const route = body.routes[0]
    if (route === undefined) {
      const notice = body.notices?.find((candidate) => NO_ROUTE_NOTICES.has(candidate.code ?? ''))
      return notice === undefined
        ? err(new ProviderUnavailable({ provider: PROVIDER, reason: 'bad_response', detail: 'no route in answer' }))
        : err(new NoRouteFound({ provider: PROVIDER, detail: notice.title ?? notice.code ?? 'no route' }))
    }
    let durationSeconds = 0
    let baseDurationSeconds = 0
    let lengthMeters = 0
    const incidents: TrafficIncident[] = []
    for (const section of route.sections) {
      const summary = section.summary
      if (summary === undefined) continue
      durationSeconds += summary.duration
      baseDurationSeconds += summary.baseDuration ?? summary.duration
      lengthMeters += summary.length
      for (const incident of section.incidents ?? []) {
        incidents.push({
          kind: incidentKind[incident.type ?? ''] ?? 'other',
          delayMinutes: null,
          description: incident.description ?? incident.type ?? null,
        })
      }
    }
    const expectedMinutes = durationSeconds / 60
    const freeFlowMinutes = Math.min(expectedMinutes, Math.max(baseDurationSeconds, 1) / 60)
    return ok({
      expectedMinutes,
      freeFlowMinutes,
      distanceKm: lengthMeters / 1000,
      quality: liveQualityFor(query, freeFlowMinutes, nowMs, this.options.liveHorizonMinutes),
      provider: PROVIDER,
      incidents,
    })
  }
}
