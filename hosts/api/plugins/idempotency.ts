import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../../core/ports/clock.js'
import type { IdempotencyStorePort } from '../../../core/ports/idempotency-store.js'
import { sendError } from '../errors.js'
import { maybeAsyncHook, maybeAsyncOnSend } from '../hook.js'

export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000
/** A claim whose request has not answered within this time is treated as abandoned (crashed host). */
export const IN_FLIGHT_LEASE_MS = 60_000
const MAX_KEY_LENGTH = 255
const REPLAYED_HEADERS = ['location', 'content-type'] as const

/**
 * JSON with sorted keys, so that `{a,b}` and `{b,a}` are the same request. Recursive, and bounded: the JSON body
 * parser refuses bodies nested deeper than `MAX_BODY_DEPTH` before this hook runs.
 */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The idempotency rules (docs/conventions.md#idempotency). A mutating request with `Idempotency-Key` claims
 * the key in its scope (API key + endpoint) before it runs; the answer is stored
 * once the operation ran, and replayed with `Service-Idempotent-Replay: true`.
 * A request refused before running (validation, 5xx) stores nothing and frees the key.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { store: IdempotencyStorePort; clock: Clock }) => {
    app.decorateRequest('idempotencyScope', null)
    app.decorateRequest('operationRan', false)

    const MUTATING = new Set(['POST', 'PATCH', 'DELETE'])

    // The hooks finish synchronously when there is no key to claim or answer to store (every read).
    const claim = async (
      request: FastifyRequest,
      reply: FastifyReply,
      keyId: string,
      header: string | string[],
    ): Promise<unknown> => {
      const key = Array.isArray(header) ? (header[0] ?? '') : header
      if (key.trim() === '' || key.length > MAX_KEY_LENGTH) {
        return sendError(request, reply, {
          code: 'idempotency_key_invalid',
          message: `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`,
          param: 'Idempotency-Key',
        })
      }
      const scope = `${keyId}|${request.method} ${request.routeOptions.url}|${key}`
      const fingerprint = createHash('sha256')
        .update(`${request.url}\n${canonicalJson(request.body ?? null)}`)
        .digest('hex')
      const claimed = await options.store.claim(
        scope,
        fingerprint,
        options.clock.now(),
        IDEMPOTENCY_LIFETIME_MS,
        IN_FLIGHT_LEASE_MS,
      )
      switch (claimed.kind) {
        case 'execute':
          request.idempotencyScope = scope
          // A request that ends without reaching onSend (its connection closed first) must not hold the key for the
          // whole lease. 'close' comes once the response finished or the connection went, whichever is first; by then
          // onSend has cleared the scope unless it never ran. Only requests that claimed a key pay for the listener.
          reply.raw.once('close', () => {
            if (request.idempotencyScope === null) return
            const abandoned = request.idempotencyScope
            request.idempotencyScope = null
            options.store
              .release(abandoned)
              .catch((error: unknown) =>
                request.log.error(
                  { err: error, requestId: request.requestId },
                  'releasing an idempotency key failed; it frees itself when its lease ends',
                ),
              )
          })
          return undefined
        case 'replay':
          reply
            .code(claimed.response.statusCode)
            .headers(claimed.response.headers)
            .header('Service-Idempotent-Replay', 'true')
          return reply.send(claimed.response.body)
        case 'mismatch':
          return sendError(request, reply, {
            code: 'idempotency_key_in_use',
            message:
              'This Idempotency-Key was already used with a different request on this endpoint. Use a new key for a new request.',
            param: 'Idempotency-Key',
          })
        case 'in_flight':
          return sendError(request, reply, {
            code: 'idempotency_request_in_flight',
            message: 'A request with this Idempotency-Key is still in progress; retry once it has finished.',
            param: 'Idempotency-Key',
          })
      }
    }

    app.addHook(
      'preHandler',
      maybeAsyncHook((request, reply) => {
        const header = request.headers['idempotency-key']
        if (header === undefined || request.auth === null || !MUTATING.has(request.method)) return undefined
        // Per API key and endpoint; under Connect per connected account (rule 3 of docs/conventions.md#idempotency), whichever key acts for it.
        const owner = request.connectedAccount === null ? request.auth.key.id : request.connectedAccount.id
        return claim(request, reply, owner, header)
      }),
    )

    const store = async (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      scope: string,
    ): Promise<unknown> => {
      request.idempotencyScope = null
      if (!request.operationRan || reply.statusCode >= 500 || typeof payload !== 'string') {
        await options.store.release(scope)
        return payload
      }
      const headers: Record<string, string> = {}
      for (const name of REPLAYED_HEADERS) {
        const value = reply.getHeader(name)
        if (value !== undefined) headers[name] = String(value)
      }
      await options.store.complete(scope, { statusCode: reply.statusCode, headers, body: payload })
      return payload
    }

    app.addHook(
      'onSend',
      maybeAsyncOnSend((request, reply, payload) => {
        const scope = request.idempotencyScope
        return scope === null ? undefined : store(request, reply, payload, scope)
      }),
    )
  },
)
