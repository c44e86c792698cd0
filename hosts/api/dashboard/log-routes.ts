import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuditEntry } from '../../../core/audit/audit-entry.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../../core/shared/pagination.js'
import { sendError } from '../errors.js'
import type { RequestLogWriter } from '../request-log-writer.js'
import type { DashboardGuard } from './dashboard-guard.js'

export interface LogRouteOptions {
  readonly guard: DashboardGuard
  readonly audit: AuditTrail
  readonly requestLogs: RequestLogWriter
  readonly requestLogStore: RequestLogStorePort
}

type Query = Readonly<Record<string, string | undefined>>

export const renderRequestLog = (entry: RequestLogEntry) => ({
  id: entry.requestId,
  object: 'request_log',
  method: entry.method,
  path: entry.path,
  status: entry.status,
  error:
    entry.errorCode === null ? null : { code: entry.errorCode, param: entry.errorParam, message: entry.errorMessage },
  key_id: entry.keyId,
  api_version: entry.apiVersion,
  idempotency_key: entry.idempotencyKey,
  replayed: entry.replayed,
  duration_ms: entry.durationMs,
  created_at: entry.occurredAt.toISOString(),
})

/** One entry with its bodies: null when none were kept (production without body logging) or they are past 7 days. */
export const renderRequestLogDetail = (entry: RequestLogEntry) => ({
  ...renderRequestLog(entry),
  bodies: entry.bodies === undefined ? null : { request: entry.bodies.request, response: entry.bodies.response },
})

export const renderAuditEntry = (entry: AuditEntry) => ({
  id: entry.id,
  object: 'audit_entry',
  livemode: entry.livemode,
  actor: entry.actor,
  action: entry.action,
  target: entry.target,
  address: entry.address,
  created_at: entry.occurredAt.toISOString(),
})

/** A filter value that is bad is a 400 naming it; null when the answer has been sent. */
const invalid = (request: FastifyRequest, reply: FastifyReply, param: string, message: string): null => {
  sendError(request, reply, { code: 'parameter_invalid', param, message })
  return null
}

const text = (query: Query, name: string, max: number): string | undefined => {
  const value = query[name]?.trim()
  return value === undefined || value === '' ? undefined : value.slice(0, max)
}

const limitOf = (request: FastifyRequest, reply: FastifyReply, query: Query): number | null => {
  const raw = query.limit ?? String(DEFAULT_PAGE_LIMIT)
  const limit = Number(raw)
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE_LIMIT
    ? limit
    : invalid(request, reply, 'limit', `limit is a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
}

/** A time with its date, time of day and offset (`Z` or `+02:00`): a time without an offset means no one instant. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

/**
 * `status`: an exact code (`400`) or a class (`4xx`); `key`: a key's id; `from` (inclusive) and `to` (exclusive):
 * the time range, in ISO 8601 with an offset.
 */
const requestLogQueryOf = (request: FastifyRequest, reply: FastifyReply, query: Query): RequestLogQuery | null => {
  const limit = limitOf(request, reply, query)
  if (limit === null) return null
  const status = text(query, 'status', 8)
  let statusFilter: Pick<RequestLogQuery, 'status' | 'statusClass'> = {}
  if (status !== undefined) {
    const exact = /^[1-5]\d\d$/.exec(status)
    const ofClass = /^([2-5])xx$/i.exec(status)
    if (exact !== null) statusFilter = { status: Number(status) }
    else if (ofClass !== null) statusFilter = { statusClass: Number(ofClass[1]) as 2 | 3 | 4 | 5 }
    else return invalid(request, reply, 'status', 'status is a code (400) or a class (2xx, 3xx, 4xx, 5xx).')
  }
  const method = text(query, 'method', 10)?.toUpperCase()
  if (method !== undefined && !/^[A-Z]+$/.test(method)) return invalid(request, reply, 'method', 'method is a word.')
  const path = text(query, 'path', 512)
  const requestId = text(query, 'request_id', 64)
  const startingAfter = text(query, 'starting_after', 64)
  const keyId = text(query, 'key', 64)
  if (keyId !== undefined && !/^[a-z]+_[A-Za-z0-9]+$/.test(keyId))
    return invalid(request, reply, 'key', "key is a key's id (key_...).")
  const range: { occurredFrom?: Date; occurredBefore?: Date } = {}
  for (const [param, field] of [
    ['from', 'occurredFrom'],
    ['to', 'occurredBefore'],
  ] as const) {
    const value = text(query, param, 40)
    if (value === undefined) continue
    const time = Date.parse(value)
    if (!ISO_TIME.test(value) || Number.isNaN(time))
      return invalid(request, reply, param, `${param} is a time in ISO 8601 with its offset (2026-06-01T08:00:00Z).`)
    range[field] = new Date(time)
  }
  if (
    range.occurredFrom !== undefined &&
    range.occurredBefore !== undefined &&
    range.occurredFrom > range.occurredBefore
  )
    return invalid(request, reply, 'to', 'to is not before from.')
  return {
    limit,
    ...statusFilter,
    ...range,
    ...(keyId === undefined ? {} : { keyId }),
    ...(method === undefined ? {} : { method }),
    ...(path === undefined ? {} : { pathPrefix: path }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(startingAfter === undefined ? {} : { startingAfter }),
  }
}

/**
 * The request logs of a surface (every member: they hold no secret; their bodies are redacted of secrets, and on
 * production of positions) and the account's audit log (owners and admins: it names every member and what they did).
 */
export const logRoutes = (scope: FastifyInstance, options: LogRouteOptions): void => {
  const { guard, audit, requestLogs, requestLogStore } = options

  scope.get('/dashboard/api/:mode/request_logs', { config: { public: true } }, async (request, reply) => {
    const mode = (request.params as Record<string, string>).mode
    if (mode !== 'live' && mode !== 'test')
      return sendError(request, reply, {
        code: 'route_not_found',
        message: `Unrecognized dashboard surface '${String(mode)}': live or test.`,
      })
    const signedIn = await guard.admit(request, reply, 'any_key', mode === 'live')
    if (signedIn === null) return reply
    const query = requestLogQueryOf(request, reply, request.query as Query)
    if (query === null) return reply
    // What this host has buffered is written first, so that a request just made is found at once.
    await requestLogs.flush()
    const page = await requestLogStore.list(signedIn.member.accountId, mode === 'live', query)
    return reply.send({
      object: 'list',
      data: page.data.map(renderRequestLog),
      has_more: page.hasMore,
      livemode: mode === 'live',
      request_id: request.requestId,
    })
  })

  scope.get('/dashboard/api/:mode/request_logs/:id', { config: { public: true } }, async (request, reply) => {
    const { mode, id } = request.params as Record<string, string>
    if (mode !== 'live' && mode !== 'test')
      return sendError(request, reply, {
        code: 'route_not_found',
        message: `Unrecognized dashboard surface '${String(mode)}': live or test.`,
      })
    const signedIn = await guard.admit(request, reply, 'any_key', mode === 'live')
    if (signedIn === null) return reply
    await requestLogs.flush()
    const entry = await requestLogStore.retrieve(signedIn.member.accountId, mode === 'live', String(id).slice(0, 64))
    if (entry === null)
      return sendError(request, reply, {
        code: 'resource_missing',
        param: 'id',
        message: `No request '${String(id).slice(0, 64)}' in this surface's request logs.`,
      })
    return reply.send({ ...renderRequestLogDetail(entry), livemode: mode === 'live', request_id: request.requestId })
  })

  scope.get('/dashboard/api/audit_log', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'manage_members', true)
    if (signedIn === null) return reply
    const query = request.query as Query
    const limit = limitOf(request, reply, query)
    if (limit === null) return reply
    const action = text(query, 'action', 64)
    const actorId = text(query, 'actor', 64)
    const targetId = text(query, 'target', 64)
    const startingAfter = text(query, 'starting_after', 64)
    const page = await audit.list(signedIn.member.accountId, {
      limit,
      ...(action === undefined ? {} : { action }),
      ...(actorId === undefined ? {} : { actorId }),
      ...(targetId === undefined ? {} : { targetId }),
      ...(startingAfter === undefined ? {} : { startingAfter }),
    })
    return reply.send({
      object: 'list',
      data: page.data.map(renderAuditEntry),
      has_more: page.hasMore,
      request_id: request.requestId,
    })
  })
}
