import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RatePool } from '../../../contracts/endpoint.js'
import type { Account, ApiKeyRecord, RateLimitSettings } from '../../../core/account/account.js'
import type { Clock } from '../../../core/ports/clock.js'
import type { RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'
import type { MaybePromise } from '../../../core/shared/maybe-promise.js'
import type { RequestScope } from '../../../core/shared/request-scope.js'
import { SubLimitCounter } from '../../shared/sub-limits.js'
import { sendError } from '../errors.js'
import { requireAuth, routeConfigOf } from '../request-context.js'

interface PoolNames {
  readonly pool: string
  readonly bucket: string
}

/**
 * A per-resource sub-limit declared on a route: "4 per minute per event" is
 * `{ limit: 4, windowMs: 60_000, per: 'id', owns }`. Only requests that reach a
 * resource of the caller's own account and surface count (`owns`), under a key of
 * account, surface and resource: another account naming your id is answered 404
 * by the use case and cannot use up your allowance.
 */
export interface SubLimit {
  readonly name: string
  readonly limit: number
  readonly windowMs: number
  /** The path parameter naming the resource the limit is counted per. */
  readonly per: string
  /** Whether the resource exists for the caller (its account, its surface). */
  readonly owns: (scope: RequestScope, resourceId: string) => MaybePromise<boolean>
}

const CONCURRENCY_LEASE_MS = 60_000

/** ` (free/busy pool)` in a refusal of a request counted in an endpoint's own pool. */
const poolName = (settings: RateLimitSettings | RatePool): string =>
  'name' in settings ? ` (${settings.name} pool)` : ''

/** `X-RateLimit-*`. The names in lower case, as Fastify stores and sends them (it lower-cases every name it is given). */
const setHeaders = (reply: FastifyReply, decision: RateDecision): void => {
  reply.header('x-ratelimit-limit', String(decision.limit))
  reply.header('x-ratelimit-remaining', String(decision.remaining))
  reply.header('x-ratelimit-reset', String(Math.ceil(decision.resetAt.getTime() / 1000)))
}

const refuse = (request: FastifyRequest, reply: FastifyReply, retryAfterMs: number, message: string): false => {
  sendError(request, reply, {
    code: 'rate_limit_exceeded',
    message,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  })
  return false
}

/**
 * The rate rules of every request: a rolling window and a concurrency cap per API
 * key (the account's plan, else the deployment's defaults), the same window per
 * address for unauthenticated calls, and the sub-limits routes declare.
 */
export class RateLimitGate {
  private readonly subLimits: SubLimitCounter

  constructor(
    private readonly limiter: RateLimiterPort,
    private readonly clock: Clock,
    private readonly defaults: RateLimitSettings,
  ) {
    this.subLimits = new SubLimitCounter(limiter, clock)
  }

  async admitAnonymous(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    return this.admitPerAddress(request, reply, {
      name: 'ip',
      requests: this.defaults.requestsPerWindow,
      windowMs: this.defaults.windowMs,
    })
  }

  /**
   * Counts a request against a pool of its client address (`request.ip`: the socket's, or the one a trusted proxy
   * names): the failed authentications (`ip`), or a public resource's own pool (the OpenAPI document).
   */
  async admitPerAddress(
    request: FastifyRequest,
    reply: FastifyReply,
    pool: { readonly name: string; readonly requests: number; readonly windowMs: number },
  ): Promise<boolean> {
    const decision = await this.limiter.consume(
      pool.name === 'ip' ? `ip:${request.ip}` : `${pool.name}:ip:${request.ip}`,
      pool.requests,
      pool.windowMs,
      this.clock.now(),
    )
    setHeaders(reply, decision)
    return (
      decision.allowed ||
      refuse(request, reply, decision.retryAfterMs, 'Too many requests: slow down and retry after the indicated time.')
    )
  }

  /**
   * The bucket names of each holder (a key, or a connected account), made once per
   * holder record rather than per request: `key:<id>` and `concurrency:key:<id>`.
   * Weakly held: a record the repository replaced (a reload) takes its names along.
   */
  private readonly holderPools = new WeakMap<object, PoolNames>()

  private poolsOf(holder: ApiKeyRecord | Account, prefix: 'key' | 'connected'): PoolNames {
    let names = this.holderPools.get(holder)
    if (names === undefined) {
      const pool = `${prefix}:${holder.id}`
      names = { pool, bucket: `concurrency:${pool}` }
      this.holderPools.set(holder, names)
    }
    return names
  }

  /** Counts an authenticated request; at once (no promise) when the limiter answers at once. */
  admit(request: FastifyRequest, reply: FastifyReply): MaybePromise<boolean> {
    const { account, key } = requireAuth(request.auth)
    const connected = request.connectedAccount
    // Each key its own pool; a connected account one pool of its own, whichever key of its platform acts for it.
    const names = connected === null ? this.poolsOf(key, 'key') : this.poolsOf(connected, 'connected')
    // An endpoint with a pool of its own (free/busy, suggestions) counts there, not in the general pool.
    const own = routeConfigOf(request).ratePool
    const pool = own === undefined ? names.pool : `${own.name}:${names.pool}`
    const bucket = own === undefined ? names.bucket : `concurrency:${pool}`
    const settings = own ?? connected?.rateLimits ?? account.rateLimits ?? this.defaults
    const now = this.clock.now()
    const decision = this.limiter.consume(pool, settings.requestsPerWindow, settings.windowMs, now)
    // No closure per request when the limiter answered at once (the embedded adapters).
    return decision instanceof Promise
      ? decision.then((counted) => this.takeSlot(request, reply, settings, now, counted, bucket))
      : this.takeSlot(request, reply, settings, now, decision, bucket)
  }

  private takeSlot(
    request: FastifyRequest,
    reply: FastifyReply,
    settings: RateLimitSettings,
    now: Date,
    decision: RateDecision,
    bucket: string,
  ): MaybePromise<boolean> {
    setHeaders(reply, decision)
    if (!decision.allowed)
      return refuse(
        request,
        reply,
        decision.retryAfterMs,
        `Rate limit of ${settings.requestsPerWindow} requests per ${settings.windowMs / 1000} s${poolName(settings)} exceeded for this ${request.connectedAccount === null ? 'API key' : 'connected account'}.`,
      )
    const slot = this.limiter.acquireSlot(bucket, settings.concurrency, now, CONCURRENCY_LEASE_MS)
    return slot instanceof Promise
      ? slot.then((taken) => this.seat(request, reply, settings, bucket, taken))
      : this.seat(request, reply, settings, bucket, slot)
  }

  private seat(
    request: FastifyRequest,
    reply: FastifyReply,
    settings: RateLimitSettings,
    bucket: string,
    slot: string | null,
  ): boolean {
    if (slot === null)
      return refuse(
        request,
        reply,
        1000,
        `More than ${settings.concurrency} concurrent requests${poolName(settings)} for this API key.`,
      )
    request.concurrencyBucket = bucket
    request.concurrencySlot = slot
    return true
  }

  /** Gives the request's concurrency slot back; undefined when that finished at once. */
  release(request: FastifyRequest): Promise<void> | undefined {
    const slot = request.concurrencySlot
    const bucket = request.concurrencyBucket
    if (slot === null || bucket === null) return undefined
    request.concurrencySlot = null
    request.concurrencyBucket = null
    const released = this.limiter.releaseSlot(bucket, slot)
    return released instanceof Promise ? released : undefined
  }

  /**
   * A route's sub-limit, counted per resource ("4 per minute per event") of the
   * caller's own account and surface; a resource the caller does not own is not
   * counted (`true`: the use case answers 404).
   */
  async admitSubLimit(request: FastifyRequest, reply: FastifyReply, subLimit: SubLimit): Promise<boolean> {
    const resource = (request.params as Record<string, string>)[subLimit.per] ?? ''
    const { scope } = request
    if (!(await subLimit.owns(scope, resource))) return true
    const decision = await this.subLimits.consumeSubLimit(scope, subLimit, resource)
    if (decision.allowed) return true
    setHeaders(reply, decision)
    return refuse(
      request,
      reply,
      decision.retryAfterMs,
      `Rate limit of ${subLimit.limit} per ${subLimit.windowMs / 1000} s exceeded for this ${subLimit.per === 'id' ? 'resource' : subLimit.per}.`,
    )
  }
}
