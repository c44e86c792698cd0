import type { FastifyReply, FastifyRequest } from 'fastify'
import type { MetricsPort } from '../../core/ports/metrics.js'

/**
 * What the host records of every answer, as it is handed to the socket (onSend: the host adds no onResponse hook,
 * which would make Fastify watch every response's end): the request counters and latency histogram, the rate-limit
 * refusals and idempotent replays, and one log line. The line names the request id, the account (and connected
 * account), the key's id (never its secret), the route template (never the path, whose ids and query may be
 * personal), the status and the duration; no header, body or address.
 */
export const requestObserver = (metrics: MetricsPort, livemode: boolean, logRequests: boolean) => {
  const surface = livemode ? 'live' : 'test'
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const route = request.routeOptions.url ?? 'unmatched'
    const status = reply.statusCode
    const seconds = reply.elapsedTime / 1000
    metrics.increment('http_requests_total', { surface, route, method: request.method, status: String(status) })
    metrics.observe('http_request_duration_seconds', seconds, { surface, route, method: request.method })
    if (status === 429) metrics.increment('rate_limit_refusals_total', { surface, route })
    if (reply.getHeader('service-idempotent-replay') === 'true')
      metrics.increment('idempotency_replays_total', { surface })
    if (!logRequests) return
    const auth = request.auth
    request.log.info(
      {
        requestId: request.requestId,
        accountId: auth?.account.id ?? null,
        connectedAccountId: request.connectedAccount?.id ?? null,
        keyId: auth?.key.id ?? null,
        livemode,
        method: request.method,
        route,
        status,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    )
  }
}
