import type { AuditEntry, AuditQuery } from './audit-entry.js'

/** Whether an entry passes a query's filters (the stores without a query language use it). */
export const matchesAuditQuery = (entry: AuditEntry, query: AuditQuery): boolean =>
  (query.action === undefined || entry.action === query.action) &&
  (query.actorId === undefined || entry.actor.id === query.actorId) &&
  (query.targetId === undefined || entry.target?.id === query.targetId)
