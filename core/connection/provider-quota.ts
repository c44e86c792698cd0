import type { RateLimiterPort } from '../ports/rate-limiter.js'

/**
 * How hard we may press one provider account (one user at the provider): Google allows 600 queries per minute per
 * user, and answers 429 or 403 `rateLimitExceeded` beyond; Graph throttles with 429 and `Retry-After`.
 */
export interface ProviderQuotaSettings {
  /** Writes one connection may make within `windowMs` (kept under Google's 600 per minute, with room for sync reads). */
  readonly writesPerWindow: number
  readonly windowMs: number
  /** The first back-off after a rate-limit answer without `Retry-After`; it doubles on each one in a row. */
  readonly backoffMs: number
  readonly maxBackoffMs: number
}

export const DEFAULT_PROVIDER_QUOTA: ProviderQuotaSettings = {
  writesPerWindow: 500,
  windowMs: 60_000,
  backoffMs: 30_000,
  maxBackoffMs: 30 * 60_000,
}

/** The part of the rate limiter the write budget needs: one rolling window per connection. */
export type WriteBudgetStore = Pick<RateLimiterPort, 'consume'>

/**
 * A write budget kept in this process only: a sliding log of each connection's writes. For a single process (and
 * the unit tests); a deployment hands the shared `RateLimiterPort` instead, so that the budget holds across hosts.
 */
export class ProcessWriteBudget implements WriteBudgetStore {
  /** Times (epoch ms) of the writes still inside the window, oldest first, by bucket. */
  private readonly writes = new Map<string, number[]>()

  consume(bucket: string, limit: number, windowMs: number, now: Date) {
    let writes = this.writes.get(bucket)
    if (writes === undefined) {
      writes = []
      this.writes.set(bucket, writes)
    }
    const at = now.getTime()
    let oldest = writes[0]
    while (oldest !== undefined && at - oldest >= windowMs) {
      writes.shift()
      oldest = writes[0]
    }
    const allowed = oldest === undefined || writes.length < limit
    if (allowed) writes.push(at)
    const first = writes[0] ?? at
    return {
      allowed,
      limit,
      remaining: limit - writes.length,
      resetAt: new Date(first + windowMs),
      retryAfterMs: allowed ? 0 : first + windowMs - at,
    }
  }
}

interface ConnectionQuota {
  /** No call before this (epoch ms): the provider's `Retry-After`, or our back-off. */
  blockedUntil: number
  /** Rate-limit answers in a row (the back-off doubles with each). */
  strikes: number
}

/** The rate limiter's bucket of one connection's provider writes. */
export const writeBudgetBucket = (connectionId: string): string => `provider-writes:${connectionId}`

/**
 * Per-connection write budget (a rolling window in the rate limiter, shared by every host of a deployment) and
 * back-off after the provider's rate limits, by the caller's clock (the sandbox clock on the sandbox). The back-off
 * is kept in this process: each host learns it from the provider's own answers to its calls.
 */
export class ProviderQuota {
  private readonly connections = new Map<string, ConnectionQuota>()

  constructor(
    private readonly settings: ProviderQuotaSettings = DEFAULT_PROVIDER_QUOTA,
    private readonly budget: WriteBudgetStore = new ProcessWriteBudget(),
  ) {}

  /** Takes one write from the budget, or answers when the next may be made (and why not now). */
  async reserveWrite(
    connectionId: string,
    now: Date,
  ): Promise<
    | { readonly ok: true }
    | { readonly ok: false; readonly why: 'write_budget' | 'provider_backoff'; readonly until: Date }
  > {
    const blockedUntil = this.connections.get(connectionId)?.blockedUntil ?? 0
    if (now.getTime() < blockedUntil) return { ok: false, why: 'provider_backoff', until: new Date(blockedUntil) }
    const decision = await this.budget.consume(
      writeBudgetBucket(connectionId),
      this.settings.writesPerWindow,
      this.settings.windowMs,
      now,
    )
    return decision.allowed ? { ok: true } : { ok: false, why: 'write_budget', until: decision.resetAt }
  }

  /** When the provider lets this connection be called again (null: now). */
  blockedUntil(connectionId: string, now: Date): Date | null {
    const until = this.connections.get(connectionId)?.blockedUntil ?? 0
    return until > now.getTime() ? new Date(until) : null
  }

  /** The provider refused a call for its rate limit: no call before its `Retry-After`, else our doubling back-off. */
  rateLimited(connectionId: string, now: Date, retryAfterMs: number | undefined): Date {
    const quota = this.quotaOf(connectionId)
    quota.strikes += 1
    const backoff = Math.min(this.settings.maxBackoffMs, this.settings.backoffMs * 2 ** (quota.strikes - 1))
    quota.blockedUntil = Math.max(quota.blockedUntil, now.getTime() + (retryAfterMs ?? backoff))
    return new Date(quota.blockedUntil)
  }

  /** A call went through: the back-off starts over at the next rate limit. */
  answered(connectionId: string): void {
    const quota = this.connections.get(connectionId)
    if (quota !== undefined) quota.strikes = 0
  }

  /** Forgets the back-off; the budget's window empties by itself. */
  forget(connectionId: string): void {
    this.connections.delete(connectionId)
  }

  private quotaOf(connectionId: string): ConnectionQuota {
    let quota = this.connections.get(connectionId)
    if (quota === undefined) {
      quota = { blockedUntil: 0, strikes: 0 }
      this.connections.set(connectionId, quota)
    }
    return quota
  }
}
