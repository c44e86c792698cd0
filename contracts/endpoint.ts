import type { Schema } from 'effect'
import type { RequiredPermission } from '../core/account/permissions.js'
import type { ErrorCodeName } from './errors.js'

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * A rate pool of its own (the spec's Limits: free/busy, smart suggestions): requests
 * to an endpoint that declares one count in this pool, per API key (or connected
 * account), instead of the general one; the X-RateLimit headers then describe it.
 */
export interface RatePool {
  readonly name: string
  readonly requestsPerWindow: number
  readonly windowMs: number
  readonly concurrency: number
}

/**
 * One endpoint of the public API: the host validates with these schemas and the
 * OpenAPI document is generated from them, so the two never disagree.
 */
export interface EndpointContract {
  /**
   * The OpenAPI `operationId` and the typed client's name for it: camelCase verb + resource, the same as the
   * endpoint's key in `Endpoints` (`createUser`, `listEvents`, `retrieveEvent`, `recomputeDeparture`). Required,
   * and stable once published: code generators name their methods after it.
   */
  readonly operationId: string
  readonly method: HttpMethod
  /** OpenAPI-style path: `/v1/users/{id}`. */
  readonly path: string
  readonly summary: string
  readonly tag: string
  readonly body?: Schema.Top
  readonly query?: Schema.Top
  readonly response?: Schema.Top
  /** Non-JSON answers (HTML pages, redirects) describe themselves here. */
  readonly responseDescription?: string
  /** Media type of a non-JSON answer (`text/html`, `image/gif`). */
  readonly responseContentType?: string
  readonly successStatus?: number
  /** Served on the sandbox surface only (404 on production). */
  readonly sandboxOnly?: boolean
  /** The API version that added the endpoint: callers pinned to an older one get the unknown-route 404. */
  readonly sinceVersion?: string
  /**
   * False for the few public endpoints that take no API key; `optional` when the
   * request may instead carry another credential the handler checks (an attendee's token).
   */
  readonly authenticated?: boolean | 'optional'
  /**
   * What a restricted key needs to call it (`docs/keys.md`): read or write access to
   * a resource family, `any_key`, or `secret_key`. Required, so that no endpoint can
   * forget it; public endpoints (no key) say `any_key`.
   */
  readonly permission: RequiredPermission
  /** Counted in this pool instead of the general one. */
  readonly ratePool?: RatePool
  /**
   * The error codes the use case itself can answer (`invalid_state_transition`, `departure_unavailable`...). The
   * OpenAPI document adds those the endpoint's shape implies: authentication, permissions, validation of its body,
   * query and path, idempotency, rate limits and internal errors.
   */
  readonly errors?: readonly ErrorCodeName[]
}

/** `POST /v1/users/{id}`: the name version changes and idempotency scopes use. */
export const endpointId = (endpoint: Pick<EndpointContract, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`

/** `/v1/users/{id}` -> `/v1/users/:id` (Fastify's syntax). */
export const routerPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')
