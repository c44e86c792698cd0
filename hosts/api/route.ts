import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Schema } from 'effect'
import type { RequestScope } from '../../core/shared/request-scope.js'
import type { Result } from '../../core/shared/result.js'
import type { DomainError } from '../../core/shared/errors.js'
import type { MaybePromise } from '../../core/shared/maybe-promise.js'
import { endpointId, routerPath, type EndpointContract } from '../../contracts/endpoint.js'
import { decodeRequest } from '../../contracts/validation.js'
import { CURRENT_VERSION, downgradeResource, downgradeResponse, upgradeRequest } from '../../contracts/versions.js'
import { compileSerializer, verifiedSerializer } from './serializers.js'
import { domainErrorToApi, sendError } from './errors.js'
import type { RateLimitGate, SubLimit } from './plugins/rate-limit.js'

type Json = Record<string, unknown>
const JSON_TYPE = 'application/json; charset=utf-8'
type TypeOf<S> = S extends Schema.Top ? S['Type'] : undefined

/** The parameter names of an OpenAPI-style path: `'/v1/users/{id}/devices/{device_id}'` -> `'id' | 'device_id'`. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

export interface RouteInput<E extends EndpointContract> {
  readonly body: TypeOf<E['body']>
  readonly query: TypeOf<E['query']>
  /** The path's parameters, each present: the router matched the path. */
  readonly params: Readonly<Record<PathParamNames<E['path']>, string>>
  readonly scope: RequestScope
  readonly request: FastifyRequest
}

/**
 * What a handler answers: a resource (or list) in the latest wire shape. The body
 * is the handler's own new object (a renderer's result): the route completes it
 * in place with `livemode` and `request_id` rather than copying it, since a spread
 * copy of a resource cost more than rendering and serialising it together.
 */
export interface RouteOutput {
  readonly status?: number
  readonly body: Json
  readonly headers?: Readonly<Record<string, string>>
}

/** A handler answers at once when its use case did (a read on the embedded adapters), else with a promise. */
export type RouteHandler<E extends EndpointContract> = (
  input: RouteInput<E>,
) => MaybePromise<Result<RouteOutput, DomainError>>

export interface RouteOptions {
  readonly livemode: boolean
  readonly rateLimit: RateLimitGate
  readonly subLimit?: SubLimit
  /** Check every compiled serializer's output against `JSON.stringify` (the test suites; see `serializers.ts`). */
  readonly verifySerializers?: boolean
}

/**
 * Registers one endpoint: parse (contracts) -> use case (core) -> render
 * (contracts, in the caller's API version). Handlers stay a few lines.
 */
export const defineRoute = <E extends EndpointContract>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: RouteHandler<E>,
): void => {
  const id = endpointId(endpoint)
  const successStatus = endpoint.successStatus ?? 200
  const compiled = compileSerializer(endpoint)
  const serialize =
    compiled === null || options.verifySerializers !== true ? compiled : verifiedSerializer(id, compiled)

  /** Completes the handler's answer in the caller's version and sends it. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Result<RouteOutput, DomainError>,
  ): FastifyReply => {
    if (!outcome.ok) return sendError(request, reply, domainErrorToApi(outcome.error))
    const { body: resource, status, headers } = outcome.value
    // Same keys in the same order as `{ ...resource, livemode, request_id }`, without the copy.
    resource.livemode = options.livemode
    resource.request_id = request.requestId
    if (request.apiVersion === CURRENT_VERSION) {
      // The current version's shape is the response schema's: the compiled serializer writes it.
      reply.code(status ?? successStatus)
      if (headers !== undefined) reply.headers(headers)
      return serialize === null ? reply.send(resource) : reply.type(JSON_TYPE).send(serialize(resource))
    }
    const rendered = downgradeResource(resource, request.apiVersion)
    const response = downgradeResponse(
      id,
      { statusCode: status ?? successStatus, headers: headers === undefined ? {} : { ...headers } },
      request.apiVersion,
    )
    return reply.code(response.statusCode).headers(response.headers).send(rendered)
  }

  /**
   * Validation, then the use case. Returns `undefined` when the answer was sent at
   * once (see `MaybePromise`): Fastify then finishes the reply itself, onSend hooks
   * that wait included. Otherwise a promise of the reply, which Fastify follows
   * until the response has finished (a reply is a thenable).
   */
  const run = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined => {
    let body: unknown
    if (endpoint.body !== undefined) {
      const raw = request.body ?? {}
      const upgraded =
        raw !== null && typeof raw === 'object' && !Array.isArray(raw)
          ? upgradeRequest(id, raw as Json, request.apiVersion)
          : raw
      const decoded = decodeRequest(endpoint.body as never, upgraded)
      if (!decoded.ok) {
        sendError(request, reply, {
          code: decoded.problem.code,
          message: decoded.problem.message,
          param: decoded.problem.param ?? undefined,
        })
        return undefined
      }
      body = decoded.value
    }
    let query: unknown
    if (endpoint.query !== undefined) {
      const decoded = decodeRequest(endpoint.query as never, { ...(request.query as Json) })
      if (!decoded.ok) {
        sendError(request, reply, {
          code: decoded.problem.code,
          message: decoded.problem.message,
          param: decoded.problem.param ?? undefined,
        })
        return undefined
      }
      query = decoded.value
    }
    request.operationRan = true
    const outcome = handler({
      body: body as TypeOf<E['body']>,
      query: query as TypeOf<E['query']>,
      params: request.params as Record<PathParamNames<E['path']>, string>,
      scope: request.scope,
      request,
    })
    if (outcome instanceof Promise) return outcome.then((settled) => answer(request, reply, settled))
    answer(request, reply, outcome)
    return undefined
  }

  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    config: {
      public: endpoint.authenticated === false,
      optionalAuth: endpoint.authenticated === 'optional',
      permission: endpoint.permission,
      ...(endpoint.ratePool === undefined ? {} : { ratePool: endpoint.ratePool }),
    },
    // Not `async`: a handler that answered at once has sent its reply when this returns.
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      if (endpoint.sandboxOnly === true && options.livemode) {
        sendError(request, reply, {
          code: 'route_not_found',
          message: `Unrecognized request URL (${request.method}: ${request.url}). This endpoint exists on the sandbox only.`,
        })
        return undefined
      }
      if (endpoint.sinceVersion !== undefined && request.apiVersion < endpoint.sinceVersion) {
        // Pinned to a version before the endpoint existed: the surface of that version, where it is unknown.
        sendError(request, reply, {
          code: 'route_not_found',
          message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). This endpoint exists from API version ${endpoint.sinceVersion}.`,
        })
        return undefined
      }
      const { subLimit } = options
      if (subLimit !== undefined) {
        return options.rateLimit
          .admitSubLimit(request, reply, subLimit)
          .then((allowed) => (allowed ? (run(request, reply) ?? reply) : reply))
      }
      return run(request, reply)
    },
  })
}

/** The list envelope of every list endpoint. */
export const listBody = (request: FastifyRequest, data: readonly Json[], hasMore: boolean): Json => ({
  object: 'list',
  data: data.map((item) => ({ ...item })),
  has_more: hasMore,
  url: request.url.split('?')[0],
})
