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

/**
 * Rolling-window counters and concurrency slots. A multi-node deployment plugs
 * in an adapter with shared state so that the limits hold across hosts. Every
 * request calls these, so they may answer at once (`MaybePromise`, on the measured authenticated GET:
 * docs/decisions/0001-synchronous-path-for-embedded-ports.md and docs/performance.md, "Hot-path techniques").
 */
export interface RateLimiterPort {
  /** Counts one request against `bucket` if the rolling window has room. */
  consume(bucket: string, limit: number, windowMs: number, now: Date): MaybePromise<RateDecision>
  /** Takes one of `max` concurrency slots; null when all are taken. A slot expires after `leaseMs` (crashed holder). */
  acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): MaybePromise<string | null>
  releaseSlot(bucket: string, slot: string): MaybePromise<void>
}
