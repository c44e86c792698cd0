import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../../core/ports/clock.js'
import type { RequestLogWriter } from './request-log-writer.js'

const MAX_PATH = 512
const MAX_IDEMPOTENCY_KEY = 255

/**
 * What the request logs keep of an answer of the API (`/v1/...`) to an authenticated account: who (the key's id),
 * what (method, path without its query), the outcome (status, the error's code, param and message) and how long it
 * took. Called as the answer leaves (onSend); it only hands the entry to the writer's buffer. A request refused
 * before its key was known (a wrong key) belongs to no account and is not kept.
 */
export const requestLogRecorder =
  (writer: RequestLogWriter, clock: Clock, livemode: boolean) =>
  (request: FastifyRequest, reply: FastifyReply): void => {
    const auth = request.auth
    if (auth === null || !request.url.startsWith('/v1/')) return
    const query = request.url.indexOf('?')
    const error = request.apiError
    const idempotencyKey = request.headers['idempotency-key']
    writer.record({
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
    })
  }
