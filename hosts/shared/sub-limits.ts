import type { Clock } from '../../core/ports/clock.js'
import type { RateDecision, RateLimiterPort } from '../../core/ports/rate-limiter.js'
import type { RequestScope } from '../../core/shared/request-scope.js'

/** A limit counted per resource ("4 per minute per event"): its counter's name, the uses allowed, the window. */
export interface SubLimitCount {
  readonly name: string
  readonly limit: number
  readonly windowMs: number
}

/**
 * Counts the uses of sub-limits, per resource of the caller's own account and surface: one counter that REST routes
 * and voice tools share (`recompute_departure` and `POST /v1/events/{id}/departure/recompute` draw on one allowance).
 */
export class SubLimitCounter {
  constructor(
    private readonly limiter: RateLimiterPort,
    private readonly clock: Clock,
  ) {}

  consumeSubLimit(scope: RequestScope, subLimit: SubLimitCount, resource: string): Promise<RateDecision> {
    const key = `${subLimit.name}:${scope.accountId}:${scope.livemode ? 'live' : 'test'}:${resource}`
    return Promise.resolve(this.limiter.consume(key, subLimit.limit, subLimit.windowMs, this.clock.now()))
  }
}
