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

interface ConnectionQuota {
  /** Times (epoch ms) of the writes still inside the window, oldest first. */
  readonly writes: number[]
  /** No call before this (epoch ms): the provider's `Retry-After`, or our back-off. */
  blockedUntil: number
  /** Rate-limit answers in a row (the back-off doubles with each). */
  strikes: number
}

/**
 * Per-connection write budget (a sliding log over the window) and back-off after the provider's rate limits, by the
 * caller's clock (the sandbox clock on the sandbox). Kept in this process: each host paces its own calls.
 */
export class ProviderQuota {
  private readonly connections = new Map<string, ConnectionQuota>()

  constructor(private readonly settings: ProviderQuotaSettings = DEFAULT_PROVIDER_QUOTA) {}

  /** Takes one write from the budget, or answers when the next may be made (and why not now). */
  reserveWrite(
    connectionId: string,
    now: Date,
  ):
    | { readonly ok: true }
    | { readonly ok: false; readonly why: 'write_budget' | 'provider_backoff'; readonly until: Date } {
    const quota = this.quotaOf(connectionId)
    const at = now.getTime()
    if (at < quota.blockedUntil) return { ok: false, why: 'provider_backoff', until: new Date(quota.blockedUntil) }
    let oldest = quota.writes[0]
    while (oldest !== undefined && at - oldest >= this.settings.windowMs) {
      quota.writes.shift()
      oldest = quota.writes[0]
    }
    if (oldest !== undefined && quota.writes.length >= this.settings.writesPerWindow)
      return { ok: false, why: 'write_budget', until: new Date(oldest + this.settings.windowMs) }
    quota.writes.push(at)
    return { ok: true }
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

  forget(connectionId: string): void {
    this.connections.delete(connectionId)
  }

  private quotaOf(connectionId: string): ConnectionQuota {
    let quota = this.connections.get(connectionId)
    if (quota === undefined) {
      quota = { writes: [], blockedUntil: 0, strikes: 0 }
      this.connections.set(connectionId, quota)
    }
    return quota
  }
}
