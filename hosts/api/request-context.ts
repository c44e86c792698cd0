import type { FastifyRequest } from 'fastify'
import type { RatePool } from '../../contracts/endpoint.js'
import type { ApiVersion } from '../../contracts/versions.js'
import type { Account } from '../../core/account/account.js'
import type { Authenticated } from '../../core/account/account-service.js'
import type { RequiredPermission } from '../../core/account/permissions.js'
import type { RequestScope } from '../../core/shared/request-scope.js'

export type { Authenticated }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without an API key (docs, OpenAPI document, hosted pages). */
    public?: boolean
    /** Takes the API key when one is sent; without one the handler checks another credential (an attendee's token). */
    optionalAuth?: boolean
    /** What a restricted key needs to call the route (from its endpoint contract); none declared: a secret key. */
    permission?: RequiredPermission
    /** The endpoint's own rate pool (free/busy, suggestions), counted instead of the general one. */
    ratePool?: RatePool
  }

  interface FastifyRequest {
    requestId: string
    auth: Authenticated | null
    apiVersion: ApiVersion
    /** The account, surface and clock the use cases act for. */
    scope: RequestScope
    /** Set when the request claimed an Idempotency-Key and must complete or release it. */
    idempotencyScope: string | null
    /** Set once validation passed and the use case ran: only then is an answer stored for replay. */
    operationRan: boolean
    /** The concurrency slot the request holds, and its bucket: given back as the answer leaves. */
    concurrencySlot: string | null
    concurrencyBucket: string | null
    /** Connect: the connected account the request acts for (`Service-Account`), or null when the platform acts for itself. */
    connectedAccount: Account | null
    /** A user-scoped agent token's record when the request carries one (at `/mcp`): every tool acts for its user. */
    agentToken: import('../../core/agent/agent-token.js').AgentToken | null
    /** The error this request was answered with (`sendError`), for the request log; null on success. */
    apiError: import('./errors.js').ApiErrorBody | null
    /** The unparsed body text (signature checks need the exact bytes). */
    rawBody: string | null
    /** `routeOptions.config`, kept by the first hook that reads it (see `routeConfigOf`); null before. */
    routeConfig: FastifyRequest['routeOptions']['config'] | null
  }
}

/** Reads the context of an authenticated route; the authentication hook guarantees it. */
export const requireAuth = (auth: Authenticated | null): Authenticated => {
  if (auth === null) throw new Error('route reached without authentication')
  return auth
}

/**
 * The route's configuration (Fastify adds its `url` and `method`), as the
 * authentication hook kept it: Fastify's `request.routeOptions` getter builds a
 * new object on every read, and several hooks of every request need it.
 */
export const routeConfigOf = (request: FastifyRequest): FastifyRequest['routeOptions']['config'] =>
  request.routeConfig ?? request.routeOptions.config
