import { LRUCache } from 'lru-cache'
import type { MetricsPort } from '../../../core/ports/metrics.js'
import type { RouteEstimate, RouteQuery, RoutingFailure, RoutingPort } from '../../../core/ports/routing.js'
import { snapToCell } from '../../../core/shared/grid-cell.js'
import { ProviderUnavailable } from '../../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { CallBudget } from '../../http-resilience/call-budget.js'
import { type DeadlineWait, type RoutingDeadline, raceDeadline, timerWait } from '../shared/routing-deadline.js'

export { type DeadlineWait, snapToCell, timerWait }

/** One source in the chain, strongest first. */
export interface RoutingChainLink {
  /** `tomtom`, `here`, `osrm`, `offline`: named in the answer and in failures. */
  readonly name: string
  readonly port: RoutingPort
  /** Calls allowed each minute; `null` for a source that costs nothing (the offline estimator). */
  readonly callsPerMinute: number | null
}

export interface RoutingChainCacheOptions {
  /** Size of the square cells origins and destinations are snapped to, metres. */
  readonly cellMeters: number
  /** Trips whose times fall in the same bucket share an answer. */
  readonly bucketMinutes: number
  readonly maxEntries: number
  /**
   * How long an answer is kept, by how far ahead its trip is: a trip minutes away needs fresh traffic, one next
   * week does not. The first band whose `withinMinutes` covers the horizon applies.
   */
  readonly ttlByHorizon: ReadonlyArray<{ readonly withinMinutes: number; readonly ttlMinutes: number }>
  /** An answer from a fallback is kept this long, so the stronger source is asked again soon. */
  readonly fallbackTtlMinutes: number
}

export const defaultRoutingChainCache: RoutingChainCacheOptions = {
  cellMeters: 250,
  bucketMinutes: 5,
  maxEntries: 50_000,
  ttlByHorizon: [
    { withinMinutes: 30, ttlMinutes: 2 },
    { withinMinutes: 180, ttlMinutes: 5 },
    { withinMinutes: 24 * 60, ttlMinutes: 15 },
    { withinMinutes: Number.POSITIVE_INFINITY, ttlMinutes: 60 },
  ],
  fallbackTtlMinutes: 1,
}

/** The chain's deadline: `ROUTING_DEADLINE_MS`, and how to wait for it. */
export type RoutingChainDeadline = RoutingDeadline

export interface RoutingChainOptions {
  readonly links: readonly RoutingChainLink[]
  /**
   * When the sources have not answered within it, the last link (the offline estimate, which answers at once) does,
   * and the late answer is dropped. Without it the chain waits as long as its sources' own timeouts and retries.
   */
  readonly deadline?: RoutingChainDeadline
  readonly cache?: RoutingChainCacheOptions
  /** Milliseconds clock (budgets, cache ages, horizons). */
  readonly now?: () => number
  /** Counts lookups by source and outcome (`routing_lookups_total`). */
  readonly metrics?: MetricsPort
}

const MINUTE_MS = 60_000

/** Counters of what the chain did, for tests, the bench and metrics. */
export interface RoutingChainStats {
  lookups: number
  cacheHits: number
  /** Calls each source was asked (cache misses that reached it). */
  readonly calls: Record<string, number>
  /** Calls a source's budget refused. */
  readonly overBudget: Record<string, number>
  /** Answers each source gave that were used. */
  readonly answered: Record<string, number>
  /** Lookups the deadline cut short: the last link answered instead. */
  deadlineFallbacks: number
  /**
   * Answers that came after the deadline, by source: dropped, never counted in `answered` (the source was asked,
   * `calls`, but the window did not get its answer).
   */
  readonly late: Record<string, number>
}

/**
 * Routing through several sources, strongest first: live traffic, then typical traffic on a real road network
 * (OSRM with the congestion profile), then the offline estimate. A source that is down (its circuit breaker open,
 * a timeout, a 5xx), refuses us (429, a bad key) or whose per-minute budget is spent is passed over for the next;
 * the answer says which source gave it and its data quality, so confidence follows what was really used.
 * "No route" from a source that knows the roads is an answer, not a failure: it is returned, never papered over by
 * an estimate. Identical lookups across users (same cells, mode and time bucket) share one answer for a while.
 */
export class RoutingChain implements RoutingPort {
  readonly stats: RoutingChainStats = {
    lookups: 0,
    cacheHits: 0,
    calls: {},
    overBudget: {},
    answered: {},
    deadlineFallbacks: 0,
    late: {},
  }
  private readonly budgets: ReadonlyArray<CallBudget | null>
  private readonly cache: RoutingChainCacheOptions
  private readonly entries: LRUCache<string, RouteEstimate>
  private readonly inFlight = new Map<string, Promise<Result<RouteEstimate, RoutingFailure>>>()
  private readonly now: () => number

  constructor(private readonly options: RoutingChainOptions) {
    if (options.links.length === 0) throw new Error('a routing chain needs at least one source')
    this.now = options.now ?? Date.now
    this.cache = options.cache ?? defaultRoutingChainCache
    this.budgets = options.links.map((link) =>
      link.callsPerMinute === null ? null : new CallBudget(link.callsPerMinute, this.now),
    )
    const now = this.now
    this.entries = new LRUCache<string, RouteEstimate>({
      max: this.cache.maxEntries,
      ttl: MINUTE_MS,
      ttlAutopurge: false,
      perf: { now },
      ttlResolution: 0,
    })
  }

  travelTime(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    this.stats.lookups += 1
    const shared = this.sharedQuery(query)
    const key = lookupKey(shared)
    const cached = this.entries.get(key)
    if (cached !== undefined) {
      this.count(cached.provider ?? 'unknown', 'cache_hit')
      return Promise.resolve(ok(cached))
    }
    const pending = this.inFlight.get(key)
    if (pending !== undefined) {
      this.count('in_flight', 'cache_hit')
      return pending
    }
    const loading = this.withinDeadline(shared)
      .then((result) => {
        const ttl = result.ok ? this.ttlFor(shared, result.value) : 0
        // A TTL of 0 keeps nothing (a band configured so means "always ask").
        if (result.ok && ttl > 0) this.entries.set(key, result.value, { ttl })
        return result
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, loading)
    return loading
  }

  /** The chain's answer, or the last link's when the deadline comes first. */
  private async withinDeadline(query: RouteQuery): Promise<Result<RouteEstimate, RoutingFailure>> {
    const lookup: Lookup = { abandoned: false }
    const raced = await raceDeadline(this.ask(query, lookup), this.options.deadline)
    if (raced.inTime) return raced.answer
    // The sources still at work finish on their own; what they answer now is counted late, and no further link is asked.
    lookup.abandoned = true
    const last = this.options.links.at(-1) as RoutingChainLink
    this.stats.deadlineFallbacks += 1
    this.options.metrics?.increment('routing_lookups_total', { source: last.name, outcome: 'deadline' })
    increment(this.stats.answered, last.name)
    const fallback = await last.port.travelTime(query)
    return fallback.ok ? ok({ ...fallback.value, provider: fallback.value.provider ?? last.name }) : fallback
  }

  private async ask(query: RouteQuery, lookup: Lookup): Promise<Result<RouteEstimate, RoutingFailure>> {
    const failures: ProviderUnavailable[] = []
    for (const [index, link] of this.options.links.entries()) {
      if (lookup.abandoned) break
      if (this.budgets[index]?.tryTake() === false) {
        increment(this.stats.overBudget, link.name)
        this.options.metrics?.increment('routing_lookups_total', { source: link.name, outcome: 'over_budget' })
        failures.push(
          new ProviderUnavailable({ provider: link.name, reason: 'over_budget', detail: 'per-minute budget spent' }),
        )
        continue
      }
      increment(this.stats.calls, link.name)
      const answer = await link.port.travelTime(query)
      if (lookup.abandoned) {
        // The deadline passed while this source worked: whatever it says reached no window.
        increment(this.stats.late, link.name)
        this.options.metrics?.increment('routing_lookups_total', { source: link.name, outcome: 'late' })
        break
      }
      if (answer.ok) {
        increment(this.stats.answered, link.name)
        this.options.metrics?.increment('routing_lookups_total', { source: link.name, outcome: 'answered' })
        return ok({ ...answer.value, provider: answer.value.provider ?? link.name })
      }
      if (answer.error._tag === 'NoRouteFound') return answer
      this.options.metrics?.increment('routing_lookups_total', { source: link.name, outcome: 'failed' })
      failures.push(answer.error)
    }
    const last = failures.at(-1)
    return err(
      new ProviderUnavailable({
        provider: this.options.links.map((link) => link.name).join('>'),
        reason: last?.reason ?? (lookup.abandoned ? 'timeout' : 'bad_response'),
        detail: failures.map((failure) => `${failure.provider}: ${failure.reason}`).join('; '),
      }),
    )
  }

  private count(source: string, outcome: 'cache_hit'): void {
    this.stats.cacheHits += 1
    this.options.metrics?.increment('routing_lookups_total', { source, outcome })
  }

  private ttlFor(query: RouteQuery, answer: RouteEstimate): number {
    const strongest = this.options.links[0]?.name
    if (answer.provider !== strongest && this.options.links.length > 1) return this.cache.fallbackTtlMinutes * MINUTE_MS
    const horizonMinutes = (query.timing.at.getTime() - this.now()) / MINUTE_MS
    const band = this.cache.ttlByHorizon.find((candidate) => horizonMinutes <= candidate.withinMinutes)
    return (band?.ttlMinutes ?? 1) * MINUTE_MS
  }

  /**
   * The lookup standing for every query in its cell pair and bucket: cell centres, and the start of the bucket
   * (an `arrive_by` shared is never later than any member's own).
   */
  private sharedQuery(query: RouteQuery): RouteQuery {
    const bucketMs = this.cache.bucketMinutes * MINUTE_MS
    return {
      origin: snapToCell(query.origin, this.cache.cellMeters),
      destination: snapToCell(query.destination, this.cache.cellMeters),
      mode: query.mode,
      timing: { kind: query.timing.kind, at: new Date(Math.floor(query.timing.at.getTime() / bucketMs) * bucketMs) },
      timezone: query.timezone,
    }
  }
}

/** One lookup through the chain: abandoned once its deadline has passed and the last link answered instead. */
interface Lookup {
  abandoned: boolean
}

const increment = (counters: Record<string, number>, name: string) => {
  counters[name] = (counters[name] ?? 0) + 1
}

const lookupKey = (query: RouteQuery): string =>
  `${query.mode}|${query.origin.lat},${query.origin.lng}|${query.destination.lat},${query.destination.lng}|${query.timing.kind}@${query.timing.at.getTime()}|${query.timezone}`
