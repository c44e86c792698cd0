import type {
  RouteDataQuality,
  RouteEstimate,
  RouteQuery,
  RouteTiming,
  RoutingFailure,
  RoutingPort,
  TrafficIncident,
  TrafficIncidentKind,
} from '../../../core/ports/routing.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { ok, type Result } from '../../../core/shared/result.js'
import type { ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { estimateRoute } from '../offline/offline-routing.js'

const MINUTE_MS = 60_000

/** Options every live-traffic adapter shares, beside the HTTP ones. */
export interface LiveTrafficOptions {
  /** The provider's API key, sent as its documented query parameter. */
  readonly apiKey: string
  /**
   * A trip leaving within this many minutes of now is answered from the current traffic feed (`live`); a later one
   * from the provider's predictive, typical-traffic model, which is what it is (`historical`). Default 180.
   */
  readonly liveHorizonMinutes?: number
}

export type LiveTrafficAdapterOptions = ProviderHttpOptions & LiveTrafficOptions

export const DEFAULT_LIVE_HORIZON_MINUTES = 180

/**
 * When the trip leaves: the departure time asked, or for an arrival time the arrival less the free-flow duration
 * (close enough to decide whether today's traffic feed still says anything about it).
 */
const departureMs = (timing: RouteTiming, tripMinutes: number): number =>
  timing.kind === 'depart_at' ? timing.at.getTime() : timing.at.getTime() - tripMinutes * MINUTE_MS

/** `live` for a trip leaving within the horizon (or already due), `historical` beyond it. */
export const liveQualityFor = (
  query: RouteQuery,
  tripMinutes: number,
  nowMs: number,
  horizonMinutes: number = DEFAULT_LIVE_HORIZON_MINUTES,
): RouteDataQuality =>
  departureMs(query.timing, tripMinutes) - nowMs <= horizonMinutes * MINUTE_MS ? 'live' : 'historical'

/** RFC 3339 with an explicit offset and whole seconds: what every provider accepts. */
export const rfc3339 = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`

/** A time the provider would refuse as past: asked as "now" instead (the trip is due anyway). */
export const notBefore = (date: Date, nowMs: number): Date => (date.getTime() < nowMs ? new Date(nowMs) : date)

/** How a provider names its two time parameters (TomTom `arriveAt`/`departAt`, HERE `arrivalTime`/`departureTime`). */
export interface TimingParameterNames {
  readonly arriveBy: string
  readonly departAt: string
}

/**
 * The one time parameter of a lookup: the arrival time while it lies ahead, else a departure time (the one asked,
 * or now for an arrival already due: both providers refuse past times, and the trip is due anyway). Both providers
 * answer "arrive by" for driving with traffic in one call, so no search over departure times is needed.
 */
export const timingParameter = (
  timing: RouteTiming,
  nowMs: number,
  names: TimingParameterNames,
): readonly [name: string, value: string] =>
  timing.kind === 'arrive_by' && timing.at.getTime() > nowMs
    ? [names.arriveBy, rfc3339(timing.at)]
    : [names.departAt, rfc3339(notBefore(timing.at, nowMs))]

/** Maps a refusal the retry loop did not absorb (it retries 429 and 5xx itself). */
export const refusal = (provider: string, status: number, detail: string): ProviderUnavailable =>
  new ProviderUnavailable({
    provider,
    reason:
      status === 401 || status === 403
        ? 'unauthorized'
        : status >= 400 && status < 500
          ? 'bad_request'
          : 'bad_response',
    detail: `HTTP ${status}${detail.length > 0 ? `: ${detail}` : ''}`,
  })

export const badResponse = (provider: string, detail: string): ProviderUnavailable =>
  new ProviderUnavailable({ provider, reason: 'bad_response', detail })

/** Reads a string at a path of an untyped JSON body, or ''. */
export const textAt = (body: unknown, ...path: string[]): string => {
  let value: unknown = body
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return ''
    value = (value as Record<string, unknown>)[key]
  }
  return typeof value === 'string' ? value : ''
}

/** One incident from the provider's own type name, through its table of kinds (`other` for a name it lacks). */
export const trafficIncident = (
  kinds: Readonly<Record<string, TrafficIncidentKind>>,
  type: string | undefined,
  delaySeconds: number | undefined,
  description: string | null,
): TrafficIncident => ({
  kind: kinds[type ?? ''] ?? 'other',
  delayMinutes: typeof delaySeconds === 'number' ? delaySeconds / 60 : null,
  description,
})

/** What a provider's answer says about the trip, in its units, before it becomes a `RouteEstimate`. */
export interface LiveTrafficReading {
  readonly trafficSeconds: number
  readonly freeFlowSeconds: number
  readonly lengthMeters: number
  readonly incidents: readonly TrafficIncident[]
}

/**
 * What TomTom and HERE share: transit is the offline estimate (neither has public transport in its routing API),
 * one GET with the key and one time parameter, and the reading turned into minutes with the free-flow time beside
 * the traffic time and `live` or `historical` by the live horizon. Each provider says how to ask and how to read.
 */
export abstract class LiveTrafficRouting implements RoutingPort {
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  protected constructor(
    protected readonly provider: string,
    protected readonly options: LiveTrafficAdapterOptions,
  ) {
    this.client = new ResilientJsonClient({ ...options, provider })
    this.now = options.now ?? Date.now
  }

  /** The provider's request for the trip (its key included). */
  protected abstract request(query: RouteQuery, nowMs: number): URL

  /** The provider's answer read, or the failure it means (a refusal, no route, a body we do not understand). */
  protected abstract read(status: number, body: unknown, query: RouteQuery): Result<LiveTrafficReading, RoutingFailure>

  async travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    if (query.mode === 'transit') return ok({ ...estimateRoute(query), provider: 'offline' })
    const nowMs = this.now()
    const answer = await this.client.get(this.request(query, nowMs))
    if (!answer.ok) return answer
    const reading = this.read(answer.value.status, answer.value.body, query)
    if (!reading.ok) return reading
    const { trafficSeconds, freeFlowSeconds, lengthMeters, incidents } = reading.value
    const expectedMinutes = trafficSeconds / 60
    const freeFlowMinutes = Math.min(expectedMinutes, Math.max(freeFlowSeconds, 1) / 60)
    return ok({
      expectedMinutes,
      freeFlowMinutes,
      distanceKm: lengthMeters / 1000,
      quality: liveQualityFor(query, freeFlowMinutes, nowMs, this.options.liveHorizonMinutes),
      provider: this.provider,
      incidents: query.mode === 'drive' ? incidents : [],
    })
  }
}
