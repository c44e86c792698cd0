import type { RouteDataQuality, RouteQuery, RouteTiming } from '../../../core/ports/routing.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'

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

/** Reads a string at a path of an untyped JSON body, or ''. */
export const textAt = (body: unknown, ...path: string[]): string => {
  let value: unknown = body
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return ''
    value = (value as Record<string, unknown>)[key]
  }
  return typeof value === 'string' ? value : ''
}
