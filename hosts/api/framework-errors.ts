import { maxHeaderSize, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contracts/errors.js'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { Config } from '../config.js'
import { newRequestId } from '../shared/request-id.js'
import { BODY_LIMIT_BYTES, BodyTooDeep } from './body-limits.js'
import { type ApiErrorBody, errorEnvelope, sendError } from './errors.js'
import type { RateLimitGate } from './plugins/rate-limit.js'

/**
 * The failures Fastify and Node meet outside the routes, each answered in the one envelope with a request id, never
 * with a framework's default body. Three places: the request pipeline's own errors (body parsing, size, content
 * type: the error handler), routing errors before any hook ran (`frameworkErrors`), and the HTTP parser's and the
 * server timeouts' errors on the socket, before there is a request (`clientErrorHandler`).
 */

/** A pipeline error (parsing, body size and depth, content type) onto the envelope: all 4xx; null for a bug. */
export const frameworkErrorCode = (error: FastifyError): ApiErrorBody | null => {
  if (error instanceof BodyTooDeep) return { code: 'body_too_deep', message: error.message }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type', message: 'Send request bodies as application/json.' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'body_too_large', message: `The request body exceeds ${BODY_LIMIT_BYTES} bytes.` }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'invalid_json', message: 'The request body is not valid JSON.' }
    default:
      if (error instanceof SyntaxError || error.statusCode === 400)
        return { code: 'invalid_json', message: 'The request body is not valid JSON.' }
      return null
  }
}

const routingErrorCode = (error: FastifyError): ApiErrorBody | null => {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return {
        code: 'invalid_url',
        message:
          'The request path is not a valid URL path (a malformed percent-encoding such as %FF, or an unusable request target).',
      }
    // Unreachable while the router's parameter limit is the server's header limit (see `app.ts`); kept as what
    // the router means by it: no route matched.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'route_not_found', message: 'Unrecognized request URL: a path parameter is too long.' }
    default:
      return null
  }
}

/**
 * Fastify's `frameworkErrors`: a request the router could not route (a malformed percent-encoding in a path
 * parameter). No hook has run, so the request gets its id here; it is counted against the caller's address, as
 * an unauthenticated request is, which also gives it the rate-limit headers.
 */
export const routingErrorHandler =
  (rateLimit: RateLimitGate, random: RandomSource) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.requestId = newRequestId(random)
    reply.header('Request-Id', request.requestId)
    const known = routingErrorCode(error)
    if (known === null) request.log.error({ err: error, requestId: request.requestId }, 'unhandled routing error')
    const answer: ApiErrorBody = known ?? {
      code: 'internal_error',
      message: 'An internal error occurred. Retry the request (with the same Idempotency-Key for mutations).',
    }
    rateLimit.admitAnonymous(request, reply).then(
      (admitted) => {
        if (admitted) sendError(request, reply, answer)
      },
      (failure: unknown) => {
        request.log.error({ err: failure, requestId: request.requestId }, 'rate limiter failed')
        sendError(request, reply, answer)
      },
    )
  }

const clientErrorCode = (error: ConnectionError, http: Config['http']): ApiErrorBody => {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        code: 'request_timeout',
        message: `The request did not arrive in time: its headers are due within ${http.headersTimeoutMs} ms and the whole request within ${http.requestTimeoutMs} ms of its first byte.`,
      }
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'headers_too_large', message: `The request line and headers exceed ${maxHeaderSize} bytes.` }
    default:
      return { code: 'malformed_request', message: 'The request is not valid HTTP/1.1.' }
  }
}

type ServerSocket = Socket & { readonly _httpMessage?: { readonly headersSent: boolean } | null }

/**
 * The server's `clientError`: the HTTP parser refused the bytes (a malformed request, headers over the limit) or
 * the headers or request timeout expired. There is no request object, so the envelope is written on the socket
 * with a new request id, then the connection is closed, as Node does by default.
 */
export const clientErrorHandler =
  (random: RandomSource, http: Config['http']) =>
  (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    // As Node: answer only if no response has started on this connection (else the bytes would corrupt it).
    if (socket.writable && (socket as ServerSocket)._httpMessage?.headersSent !== true) {
      const requestId = newRequestId(random)
      const answer = clientErrorCode(error, http)
      const status = ERROR_CODES[answer.code].status
      const body = JSON.stringify(errorEnvelope(requestId, answer))
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nRequest-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      )
    }
    socket.destroy()
  }
