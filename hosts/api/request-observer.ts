import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LabelsOf, MetricsPort } from '../../core/ports/metrics.js'
import { routeConfigOf } from './request-context.js'

interface RouteLabels {
  readonly duration: LabelsOf<'http_request_duration_seconds'>
  readonly refusals: LabelsOf<'rate_limit_refusals_total'>
  /** By status. */
  readonly requests: Map<number, LabelsOf<'http_requests_total'>>
}

/**
 * What the host records of every answer, as it is handed to the socket (onSend: the host adds no onResponse hook,
 * which would make Fastify watch every response's end): the request counters and latency histogram, the rate-limit
 * refusals and idempotent replays, and one log line. The line names the request id, the account (and connected
 * account), the key's id (never its secret), the route template (never the path, whose ids and query may be
 * personal), the status and the duration; no header, body or address.
 */
export const requestObserver = (metrics: MetricsPort, livemode: boolean, logRequests: boolean) => {
  const surface = livemode ? 'live' : 'test'
  const replays = Object.freeze({ surface })
  // The label objects of each route and method (and status), made once and frozen: routes, methods and statuses are
  // few. No objects or strings per request, and an adapter may recognise a label set it has seen (MemoryMetrics).
  const labels = new Map<string, Map<string, RouteLabels>>()
  const labelsOf = (route: string, method: string): RouteLabels => {
    let byMethod = labels.get(route)
    if (byMethod === undefined) {
      byMethod = new Map()
      labels.set(route, byMethod)
    }
    let found = byMethod.get(method)
    if (found === undefined) {
      found = {
        duration: Object.freeze({ surface, route, method }),
        refusals: Object.freeze({ surface, route }),
        requests: new Map(),
      }
      byMethod.set(method, found)
    }
    return found
  }
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const route = routeConfigOf(request).url ?? 'unmatched'
    const status = reply.statusCode
    const seconds = reply.elapsedTime / 1000
    const { method } = request
    const ofRoute = labelsOf(route, method)
    let requests = ofRoute.requests.get(status)
    if (requests === undefined) {
      requests = Object.freeze({ surface, route, method, status: String(status) })
      ofRoute.requests.set(status, requests)
    }
    metrics.increment('http_requests_total', requests)
    metrics.observe('http_request_duration_seconds', seconds, ofRoute.duration)
    if (status === 429) metrics.increment('rate_limit_refusals_total', ofRoute.refusals)
    if (reply.getHeader('service-idempotent-replay') === 'true') metrics.increment('idempotency_replays_total', replays)
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
