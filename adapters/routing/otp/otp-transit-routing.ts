import type { MetricsPort } from '../../../core/ports/metrics.js'
import type {
  RouteEstimate,
  RouteQuery,
  RoutingFailure,
  RoutingPort,
  TransitLeg,
  TransitPlan,
} from '../../../core/ports/routing.js'
import { NoRouteFound, ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { endpointUrl, type ProviderHttpOptions } from '../../http-resilience/provider-http-options.js'
import { ResilientJsonClient } from '../../http-resilience/resilient-json-client.js'
import { DEFAULT_LIVE_HORIZON_MINUTES } from '../shared/live-traffic.js'
import { type RoutingDeadline, raceDeadline } from '../shared/routing-deadline.js'

export interface OtpTransitRoutingOptions extends ProviderHttpOptions {
  /** Where driving and walking go: OTP answers transit only. */
  readonly otherModes: RoutingPort
  /** Answers transit when OTP is unavailable (the offline estimate, which says so); without it the failure stands. */
  readonly unavailableFallback?: RoutingPort
  /** The GraphQL endpoint under the base URL. Default `otp/routers/default/index/graphql` (OTP 2). */
  readonly graphqlPath?: string
  /** A trip leaving within this many minutes on a real-time (GTFS-RT) vehicle is `live`. Default 180. */
  readonly liveHorizonMinutes?: number
  /**
   * `ROUTING_DEADLINE_MS`: a transit lookup OTP has not answered within it (retries included) is answered by
   * `unavailableFallback` (else fails as a timeout); OTP's late answer is dropped. Without it, OTP's own timeouts bound it.
   */
  readonly deadline?: RoutingDeadline
  /** Counts transit lookups by outcome in `routing_lookups_total{source="otp"}`, as the routing chain does. */
  readonly metrics?: MetricsPort
}

/** What OTP did with the transit lookups (the other modes are counted where they go). */
export interface OtpTransitStats {
  /** Plans asked of OTP. */
  calls: number
  /** Plans used: an itinerary or "no route", in time. */
  answered: number
  /** Lookups the deadline cut short: the fallback answered, or a timeout failed it. */
  deadlineFallbacks: number
  /** Plans that came after the deadline: dropped, never counted as answered. */
  late: number
}

const PROVIDER = 'otp'
const MINUTE_MS = 60_000

/** OTP 2's GraphQL `plan`: the fields read below, nothing more. */
export const PLAN_QUERY = `query Plan($from: InputCoordinates!, $to: InputCoordinates!, $date: String!, $time: String!, $arriveBy: Boolean!) {
  plan(from: $from, to: $to, date: $date, time: $time, arriveBy: $arriveBy, numItineraries: 5,
       transportModes: [{ mode: TRANSIT }, { mode: WALK }]) {
    itineraries {
      startTime endTime duration walkTime waitingTime
      legs { mode startTime endTime distance transitLeg realTime headsign route { shortName } from { name } to { name } }
    }
    routingErrors { code description }
  }
}`

interface OtpLeg {
  readonly mode: string
  readonly startTime: number
  readonly endTime: number
  readonly distance?: number
  readonly transitLeg?: boolean
  readonly realTime?: boolean
  readonly headsign?: string | null
  readonly route?: { readonly shortName?: string | null } | null
  readonly from?: { readonly name?: string | null } | null
  readonly to?: { readonly name?: string | null } | null
}

interface OtpItinerary {
  readonly startTime: number
  readonly endTime: number
  readonly walkTime?: number
  readonly waitingTime?: number
  readonly legs: readonly OtpLeg[]
}

interface OtpPlan {
  readonly itineraries: readonly OtpItinerary[]
  readonly routingErrors?: ReadonlyArray<{ readonly code: string; readonly description?: string }>
}

const planOf = (body: unknown): OtpPlan | null => {
  const plan = (body as { data?: { plan?: unknown } } | null)?.data?.plan
  if (typeof plan !== 'object' || plan === null) return null
  const itineraries = (plan as { itineraries?: unknown }).itineraries
  if (!Array.isArray(itineraries)) return null
  const wellFormed = itineraries.every(
    (itinerary: Partial<OtpItinerary>) =>
      typeof itinerary.startTime === 'number' &&
      typeof itinerary.endTime === 'number' &&
      Array.isArray(itinerary.legs) &&
      itinerary.legs.every((leg) => typeof leg.startTime === 'number' && typeof leg.endTime === 'number'),
  )
  return wellFormed ? (plan as OtpPlan) : null
}

/** Routing errors that mean "no transit trip here", as opposed to a broken request. */
const NO_ROUTE_ERRORS = new Set([
  'NO_TRANSIT_CONNECTION',
  'NO_TRANSIT_CONNECTION_IN_SEARCH_WINDOW',
  'OUTSIDE_SERVICE_PERIOD',
  'OUTSIDE_BOUNDS',
  'LOCATION_NOT_FOUND',
  'NO_STOPS_IN_RANGE',
])

const LEG_MODES: Readonly<Record<string, TransitLeg['mode']>> = {
  WALK: 'walk',
  BUS: 'bus',
  TROLLEYBUS: 'bus',
  COACH: 'bus',
  TRAM: 'tram',
  SUBWAY: 'subway',
  RAIL: 'rail',
  MONORAIL: 'rail',
  FERRY: 'ferry',
}

/** The date and the time on the clock of `timezone` (OTP reads them in its feed's zone: keep the two the same). */
const localDateAndTime = (at: Date, timezone: string): { date: string; time: string } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

const planFrom = (itinerary: OtpItinerary): TransitPlan => {
  const riding = itinerary.legs.filter((leg) => leg.transitLeg === true || leg.mode !== 'WALK').length
  return {
    departsAt: new Date(itinerary.startTime),
    arrivesAt: new Date(itinerary.endTime),
    transfers: Math.max(0, riding - 1),
    walkMinutes: (itinerary.walkTime ?? 0) / 60,
    waitMinutes: (itinerary.waitingTime ?? 0) / 60,
    legs: itinerary.legs.map((leg) => ({
      mode: LEG_MODES[leg.mode] ?? 'other',
      route: leg.route?.shortName ?? null,
      headsign: leg.headsign ?? null,
      from: leg.from?.name ?? null,
      to: leg.to?.name ?? null,
      departsAt: new Date(leg.startTime),
      arrivesAt: new Date(leg.endTime),
    })),
  }
}

/**
 * Transit through an OpenTripPlanner 2 server (self-hosted on a GTFS feed) and its GraphQL `plan`: walking to the
 * stop, the rides and changes, walking from the last stop. For an arrival time, the answer is the itinerary that
 * leaves last and still arrives in time, and the trip's minutes run from its departure to the arrival time asked
 * (so `latest_departure` is when that itinerary leaves, waiting at the destination included); for a departure time,
 * from the time asked to the first arrival. A timetable has no traffic: free-flow minutes equal the expected ones.
 * Quality: `historical` for the timetable, `live` when a ride of it runs on real-time data within the live horizon.
 * Driving and walking go to `otherModes`.
 */
export class OtpTransitRoutingAdapter implements RoutingPort {
  readonly stats: OtpTransitStats = { calls: 0, answered: 0, deadlineFallbacks: 0, late: 0 }
  private readonly client: ResilientJsonClient
  private readonly now: () => number

  constructor(private readonly options: OtpTransitRoutingOptions) {
    this.client = new ResilientJsonClient({ ...options, provider: PROVIDER })
    this.now = options.now ?? Date.now
  }

  async travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    if (query.mode !== 'transit') return this.options.otherModes.travelTime(query)
    const fallback = this.options.unavailableFallback
    this.stats.calls += 1
    let abandoned = false
    const planning = this.plan(query).then((planned) => {
      if (abandoned) this.count('late')
      return planned
    })
    const raced = await raceDeadline(planning, this.options.deadline)
    if (!raced.inTime) {
      abandoned = true
      this.count('deadline')
      return fallback === undefined
        ? err(
            new ProviderUnavailable({
              provider: PROVIDER,
              reason: 'timeout',
              detail: `no plan within the routing deadline (${this.options.deadline?.afterMs} ms)`,
            }),
          )
        : fallback.travelTime(query)
    }
    const planned = raced.answer
    if (planned.ok || planned.error._tag === 'NoRouteFound') {
      this.count('answered')
      return planned
    }
    this.count('failed')
    return fallback === undefined ? planned : fallback.travelTime(query)
  }

  private count(outcome: 'answered' | 'failed' | 'deadline' | 'late'): void {
    if (outcome === 'answered') this.stats.answered += 1
    else if (outcome === 'deadline') this.stats.deadlineFallbacks += 1
    else if (outcome === 'late') this.stats.late += 1
    this.options.metrics?.increment('routing_lookups_total', { source: PROVIDER, outcome })
  }

  private async plan(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    const { date, time } = localDateAndTime(query.timing.at, query.timezone)
    const arriveBy = query.timing.kind === 'arrive_by'
    const answer = await this.client.postQuery(
      endpointUrl(this.options.baseUrl, this.options.graphqlPath ?? 'otp/routers/default/index/graphql'),
      {
        query: PLAN_QUERY,
        variables: {
          from: { lat: query.origin.lat, lon: query.origin.lng },
          to: { lat: query.destination.lat, lon: query.destination.lng },
          date,
          time,
          arriveBy,
        },
      },
    )
    if (!answer.ok) return answer
    const { status, body } = answer.value
    const plan = status === 200 ? planOf(body) : null
    if (plan === null) {
      const message = (body as { errors?: Array<{ message?: string }> } | null)?.errors?.[0]?.message ?? ''
      return err(
        new ProviderUnavailable({
          provider: PROVIDER,
          reason:
            status >= 400 && status < 500
              ? 'bad_request'
              : status === 200 && message !== ''
                ? 'bad_request'
                : 'bad_response',
          detail: `HTTP ${status}${message === '' ? '' : `: ${message}`}`,
        }),
      )
    }
    const atMs = query.timing.at.getTime()
    const candidates = arriveBy
      ? plan.itineraries.filter((itinerary) => itinerary.endTime <= atMs)
      : plan.itineraries.filter((itinerary) => itinerary.startTime >= atMs)
    const chosen = candidates.reduce<OtpItinerary | null>(
      (best, itinerary) =>
        best === null
          ? itinerary
          : arriveBy
            ? itinerary.startTime > best.startTime
              ? itinerary
              : best
            : itinerary.endTime < best.endTime
              ? itinerary
              : best,
      null,
    )
    if (chosen === null) {
      const error = plan.routingErrors?.find((candidate) => NO_ROUTE_ERRORS.has(candidate.code))
      return err(
        new NoRouteFound({
          provider: PROVIDER,
          detail: error?.description ?? error?.code ?? 'no itinerary arrives in time',
        }),
      )
    }
    const minutes = (arriveBy ? atMs - chosen.startTime : chosen.endTime - atMs) / MINUTE_MS
    const live =
      chosen.legs.some((leg) => leg.realTime === true) &&
      chosen.startTime - this.now() <= (this.options.liveHorizonMinutes ?? DEFAULT_LIVE_HORIZON_MINUTES) * MINUTE_MS
    return ok({
      expectedMinutes: minutes,
      freeFlowMinutes: minutes,
      distanceKm: chosen.legs.reduce((sum, leg) => sum + (leg.distance ?? 0), 0) / 1000,
      quality: live ? 'live' : 'historical',
      provider: PROVIDER,
      transit: planFrom(chosen),
    })
  }
}
