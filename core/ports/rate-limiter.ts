import type { MaybePromise } from '../shared/maybe-promise.js'

export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** When the oldest counted request leaves the rolling window. */
  readonly resetAt: Date
  /** How long to wait before a retry can succeed (0 when allowed). */
  readonly retryAfterMs: number
}

/** What `admit` answers: the window's decision, and the concurrency slot taken (null when refused or none free). */
export interface Admission {
  readonly decision: RateDecision
  readonly slot: string | null
}

/**
 * Rolling-window counters and concurrency slots. A multi-node deployment plugs
 * in an adapter with shared state so that the limits hold across hosts. Every
 * request calls these, so they may answer at once (see `MaybePromise`).
 */
export interface RateLimiterPort {
  /** Counts one request against `bucket` if the rolling window has room. */
  consume(bucket: string, limit: number, windowMs: number, now: Date): MaybePromise<RateDecision>
  /** Takes one of `max` concurrency slots; null when all are taken. A slot expires after `leaseMs` (crashed holder). */
  acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): MaybePromise<string | null>
  releaseSlot(bucket: string, slot: string): MaybePromise<void>
  /**
   * `consume` and then, when the request is counted, `acquireSlot` of the same bucket, in one step (one round trip on
   * a shared store). Optional: without it, callers make the two calls. Slots taken here are given back with `release`.
   */
  admit?(
    bucket: string,
    limit: number,
    windowMs: number,
    max: number,
    now: Date,
    leaseMs: number,
  ): MaybePromise<Admission>
  /**
   * Gives back a slot taken by `admit`. The next `admit` of the bucket on this instance no longer counts it; other
   * instances (hosts) may count it for a bounded time more (the adapter documents the bound), never less.
   */
  release?(bucket: string, slot: string): MaybePromise<void>
}
