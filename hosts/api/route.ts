import { randomBytes } from 'node:crypto'
import type { Schema } from 'effect'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type EndpointContract, endpointId, routerPath } from '../../contracts/endpoint.js'
import { decodeRequest } from '../../contracts/validation.js'
import { CURRENT_VERSION, downgradeResource, downgradeResponse, upgradeRequest } from '../../contracts/versions.js'
import type { DomainError } from '../../core/shared/domain-error.js'
import type { MaybePromise } from '../../core/shared/maybe-promise.js'
import type { RequestScope } from '../../core/shared/request-scope.js'
import { ok, type Result } from '../../core/shared/result.js'
import { domainErrorToApi, sendError } from './errors.js'
import type { RateLimitGate, SubLimit } from './plugins/rate-limit.js'
import { compileSerializer, type Serializer, verifiedSerializer } from './serializers.js'

type Json = Record<string, unknown>
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Stands for the request id in a kept text: written where the id goes, then cut out. It starts with a NUL and ends
 * with 16 random bytes drawn at start-up, so no stored field can hold it by chance or by design; a text in which its
 * JSON does not appear exactly once is not kept.
 */
export const REQUEST_ID_MARK = `\u0000${randomBytes(16).toString('hex')}`
const REQUEST_ID_MARK_JSON = JSON.stringify(REQUEST_ID_MARK)

/** A record's JSON, cut where its request id goes. */
export interface RecordText {
  readonly before: string
  readonly after: string
}

/** Exported for its test. */
export const recordText = (marked: string): RecordText | null => {
  const at = marked.indexOf(REQUEST_ID_MARK_JSON)
  if (at < 0 || marked.indexOf(REQUEST_ID_MARK_JSON, at + 1) >= 0) return null
  return { before: marked.slice(0, at), after: marked.slice(at + REQUEST_ID_MARK_JSON.length) }
}
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

/**
 * An answer rendered from one stored record by a pure function of it (a read of a
 * record as it is stored). The route renders it only when it has no text for that
 * record object yet: the JSON of the current version is kept per record object
 * (`WeakMap`), around the request id, and reused while the repository hands out the
 * same object. Records are immutable (a write stores a new object), so a kept text
 * can never outlive its record. Adapters that decode a new object per read simply
 * never reuse one.
 */
export interface RecordOutput {
  readonly status?: number
  readonly record: object
  readonly render: (record: object) => Json
}

/** A `RecordOutput` (see there) of a record and its renderer. */
export const fromRecord = <R extends object>(record: R, render: (record: R) => Json): RecordOutput => ({
  record,
  render: render as (record: object) => Json,
})

/** A handler answers at once when its use case did (a read on the embedded adapters), else with a promise. */
export type RouteHandler<E extends EndpointContract> = (
  input: RouteInput<E>,
) => MaybePromise<Result<RouteOutput | RecordOutput, DomainError>>

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

  /** The handler's resource completed in place: same keys in the same order as `{ ...resource, livemode, request_id }`. */
  const completed = (resource: Json, requestId: string): Json => {
    resource.livemode = options.livemode
    resource.request_id = requestId
    return resource
  }

  /** The current version's text of each record answered as a `RecordOutput`, split around its request id. */
  const texts = new WeakMap<object, RecordText>()

  /** Sends a `RecordOutput` in the current version, from its kept text when there is one. */
  const answerRecord = (request: FastifyRequest, reply: FastifyReply, output: RecordOutput, write: Serializer) => {
    reply.code(output.status ?? successStatus).type(JSON_TYPE)
    let kept = texts.get(output.record)
    if (kept === undefined) {
      const resource = completed(output.render(output.record), REQUEST_ID_MARK)
      const text = recordText(write(resource))
      if (text === null) return reply.send(write(completed(resource, request.requestId)))
      texts.set(output.record, text)
      kept = text
    }
    const body = kept.before + JSON.stringify(request.requestId) + kept.after
    return reply.send(verify === undefined ? body : verify(output, request, body, write))
  }

  /** With `verifySerializers`: an answer from a kept text must be what rendering the record again writes, byte for byte. */
  const verify =
    options.verifySerializers === true
      ? (output: RecordOutput, request: FastifyRequest, text: string, write: Serializer): string => {
          const fresh = write(completed(output.render(output.record), request.requestId))
          if (fresh !== text)
            throw new Error(`the kept text of ${id} differs from its record's:\n  kept: ${text}\n  fresh: ${fresh}`)
          return text
        }
      : undefined

  /** Completes the handler's answer in the caller's version and sends it. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Result<RouteOutput | RecordOutput, DomainError>,
  ): FastifyReply => {
    if (!outcome.ok) return sendError(request, reply, domainErrorToApi(outcome.error))
    const output = outcome.value
    if ('record' in output) {
      if (request.apiVersion === CURRENT_VERSION && serialize !== null)
        return answerRecord(request, reply, output, serialize)
      // Another version's shape (or no compiled serializer): rendered afresh, as any other answer.
      return answer(request, reply, ok({ status: output.status, body: output.render(output.record) }))
    }
    const { status, headers } = output
    const resource = completed(output.body, request.requestId)
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
      const raw = request.body === undefined ? {} : request.body
      // A body is a JSON object: `null`, an array or a scalar is refused, as the document's `type: object` says.
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        sendError(request, reply, { code: 'parameter_invalid', message: 'The request body must be a JSON object.' })
        return undefined
      }
      const upgraded = upgradeRequest(id, raw as Json, request.apiVersion)
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

/** A rendered resource with the `livemode` of its surface, for renderers of records that do not carry it. */
export const withLivemode =
  (request: FastifyRequest) =>
  (item: Json): Json => ({ ...item, livemode: request.scope.livemode })

/** The list envelope of every list endpoint. */
export const listBody = (request: FastifyRequest, data: readonly Json[], hasMore: boolean): Json => ({
  object: 'list',
  data: data.map((item) => ({ ...item })),
  has_more: hasMore,
  url: request.url.split('?')[0],
})
