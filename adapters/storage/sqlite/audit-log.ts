import type { AuditEntry, AuditQuery } from '../../../core/audit/audit-entry.js'
import type { AuditLogPort } from '../../../core/ports/audit-log.js'
import { type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { logDocPage, newestFirst } from './paging.js'

/** The audit log in the platform database (`audit_log`); `seq` is the written order, newest first on reading. */
export class SqliteAuditLog implements AuditLogPort {
  constructor(private readonly db: SqliteDatabase) {}

  async append(entry: AuditEntry): Promise<void> {
    statement(this.db, 'INSERT INTO audit_log (id, account_id, occurred_at, doc) VALUES (?, ?, ?, ?)').run(
      entry.id,
      entry.accountId,
      entry.occurredAt.getTime(),
      encodeJson(entry),
    )
  }

  async list(accountId: string, query: AuditQuery) {
    const { where, params } = newestFirst('audit_log', 'id', { account_id: accountId }, query.startingAfter)
    if (query.action !== undefined) {
      where.push("json_extract(doc, '$.action') = ?")
      params.push(query.action)
    }
    if (query.actorId !== undefined) {
      where.push("json_extract(doc, '$.actor.id') = ?")
      params.push(query.actorId)
    }
    if (query.targetId !== undefined) {
      where.push("json_extract(doc, '$.target.id') = ?")
      params.push(query.targetId)
    }
    return logDocPage<AuditEntry>(this.db, 'audit_log', { where, params }, query.limit)
  }

  async prune(before: Date): Promise<number> {
    return statement(this.db, 'DELETE FROM audit_log WHERE occurred_at < ?').run(before.getTime()).changes
  }
}
