import type { RequestLogEntry, RequestLogQuery } from './request-log-entry.js'

/** Whether an entry passes a query's filters (the stores without a query language use it). */
export const matchesRequestLogQuery = (entry: RequestLogEntry, query: RequestLogQuery): boolean =>
  (query.requestId === undefined || entry.requestId === query.requestId) &&
  (query.status === undefined || entry.status === query.status) &&
  (query.statusClass === undefined || Math.floor(entry.status / 100) === query.statusClass) &&
  (query.pathPrefix === undefined || entry.path.startsWith(query.pathPrefix)) &&
  (query.method === undefined || entry.method === query.method) &&
  (query.keyId === undefined || entry.keyId === query.keyId) &&
  (query.occurredFrom === undefined || entry.occurredAt.getTime() >= query.occurredFrom.getTime()) &&
  (query.occurredBefore === undefined || entry.occurredAt.getTime() < query.occurredBefore.getTime())
