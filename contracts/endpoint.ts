import { Schema } from 'effect'
import type { RequiredPermission } from '../core/account/permissions.js'
import type { ErrorCodeName } from './errors.js'

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * A rate pool of its own (docs/spec-map.md, "Limits": free/busy, smart suggestions): requests
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
  /**
   * What the operation does, its side effects and its limits, in one or two sentences: the reference page's text
   * under the summary. Required, so that no operation is documented by its name alone.
   */
  readonly description: string
  readonly tag: string
  readonly body?: Schema.Top
  /** The fields of an HTML form's post (`application/x-www-form-urlencoded`): the hosted pages' buttons. */
  readonly formBody?: Schema.Top
  readonly query?: Schema.Top
  readonly response?: Schema.Top
  /** Non-JSON answers (HTML pages, redirects) describe themselves here. */
  readonly responseDescription?: string
  /** Media type of a non-JSON answer (`text/html`, `image/gif`). */
  readonly responseContentType?: string
  readonly successStatus?: number
  /**
   * Headers of the success answer beyond those every answer carries (`Request-Id`, `Service-Version`, the rate limit's):
   * `Location` of a created resource, a cache's `ETag`. A redirect's `Location` is declared without being named here.
   */
  readonly successHeaders?: Readonly<Record<string, ResponseHeader>>
  /**
   * A second success status with the same body: an idempotent creation answers `successStatus` (201) when it
   * created, and this one (200) with the existing resource when it found it.
   */
  readonly existingStatus?: { readonly status: number; readonly description: string }
  /**
   * Answers the handler writes itself besides its success and the error envelope: an HTML page at an error status
   * (a hosted page's "this link is not valid"), a redirect, a protocol's own error body. Each is merged into the
   * document's response of its status, beside the envelope's codes when hooks can answer that status too.
   */
  readonly otherResponses?: readonly OtherResponse[]
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
   * False for the public endpoints no rate limit counts (a provider's receiver, a consent page reached by its state,
   * the reference page): the document then declares no 429 for them.
   */
  readonly rateLimited?: false
  /**
   * False for the public endpoint that answers the same whatever its path's id (the e-mail's open pixel, which tells
   * nobody which invitations exist): the document then declares no 404 for it.
   */
  readonly answersNotFound?: false
  /**
   * The error codes the use case itself can answer (`invalid_state_transition`, `departure_unavailable`...). The
   * OpenAPI document adds those the endpoint's shape implies: authentication, permissions, validation of its body,
   * query and path, idempotency, rate limits and internal errors.
   */
  readonly errors?: readonly ErrorCodeName[]
}

export interface ResponseHeader {
  readonly description: string
  /** Whether every answer of the status carries it. */
  readonly required?: boolean
}

export interface OtherResponse {
  readonly status: number
  readonly description: string
  /** The body's media type (`text/html`); none for a redirect. */
  readonly contentType?: string
  /** The body's schema, when it is JSON of its own (OAuth's `{ error, error_description }`). */
  readonly schema?: Schema.Top
  /** Whether the handler answers this status only this way (no envelope code of the status can reach it). */
  readonly only?: boolean
}

/** `POST /v1/users/{id}`: the name version changes and idempotency scopes use. */
export const endpointId = (endpoint: Pick<EndpointContract, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`

/** `/v1/users/{id}` -> `/v1/users/:id` (Fastify's syntax). */
export const routerPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

/** The body of an action that takes no fields: an empty JSON object (unknown fields refused). */
export const NoBody = Schema.Struct({})

/** A page for browsers answering at an error status (a hosted form's "this request is not valid"). */
export const htmlPage = (status: number, description: string): OtherResponse => ({
  status,
  description,
  contentType: 'text/html',
})

/** A redirect (302, `Location`, no body): where a browser goes next. */
export const redirect = (description: string): OtherResponse => ({ status: 302, description, only: true })

/** The fields of a browser form or an OAuth client's post (application/x-www-form-urlencoded), as named in the summary. */
export const FormFields = Schema.Record(Schema.String, Schema.String).annotate({ identifier: 'FormFields' })
