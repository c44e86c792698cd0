import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Account } from '../../core/account/account.js'
import type { Clock } from '../../core/ports/clock.js'
import { heldText, OmittedBody } from '../../core/request-log/body-redaction.js'
import type { BodyCapture, RequestLogWriter } from './request-log-writer.js'

const MAX_PATH = 512
const MAX_IDEMPOTENCY_KEY = 255

/** Whether a request's bodies are kept: always on the sandbox; on production when the account turned body logging on. */
export const keepsBodies = (account: Account, livemode: boolean): boolean =>
  !livemode || account.requestBodyLogging === true

const textOf = (value: unknown): unknown => (Buffer.isBuffer(value) ? value.toString('utf8') : value)
const sizeOf = (held: unknown, fallback: number): number =>
  typeof held === 'string' ? held.length : held instanceof OmittedBody ? 0 : fallback

/**
 * The bodies as the answer leaves, unredacted (the writer redacts them in its batch): the parsed request body and
 * the response's text; a stream (a file, an event stream) is not read.
 */
const captureOf = (request: FastifyRequest, payload: unknown, livemode: boolean): BodyCapture => {
  const body = textOf(request.body)
  const sent = textOf(payload)
  const requestBody = typeof body === 'string' ? heldText(body) : body
  const response = typeof sent === 'string' ? heldText(sent) : undefined
  return {
    request: requestBody,
    response,
    redactCoordinates: livemode,
    size: sizeOf(requestBody, Number(request.headers['content-length'] ?? 0) || 0) + sizeOf(response, 0),
  }
}

/**
 * What the request logs keep of an answer of the API (`/v1/...`) to an authenticated account: who (the key's id),
 * what (method, path without its query), the outcome (status, the error's code, param and message) and how long it
 * took; the bodies where `keepsBodies` says. Called as the answer leaves (onSend); it only hands the entry (and the
 * bodies, unredacted) to the writer's buffer. A request refused before its key was known (a wrong key) belongs to
 * no account and is not kept.
 */
export const requestLogRecorder =
  (writer: RequestLogWriter, clock: Clock, livemode: boolean) =>
  (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    const auth = request.auth
    if (auth === null || !request.url.startsWith('/v1/')) return
    const query = request.url.indexOf('?')
    const error = request.apiError
    const idempotencyKey = request.headers['idempotency-key']
    writer.record(
      {
        requestId: request.requestId,
        accountId: request.connectedAccount?.id ?? auth.account.id,
        livemode,
        method: request.method,
        path: (query < 0 ? request.url : request.url.slice(0, query)).slice(0, MAX_PATH),
        status: reply.statusCode,
        errorCode: error?.code ?? null,
        errorParam: error?.param ?? null,
        errorMessage: error?.message ?? null,
        keyId: auth.key.id,
        apiVersion: request.apiVersion ?? null,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, MAX_IDEMPOTENCY_KEY) : null,
        replayed: reply.getHeader('service-idempotent-replay') === 'true',
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        occurredAt: clock.now(),
      },
      keepsBodies(auth.account, livemode) ? captureOf(request, payload, livemode) : null,
    )
  }
