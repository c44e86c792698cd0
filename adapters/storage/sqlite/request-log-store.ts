import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords } from './records.js'

/**
 * Request logs in the platform database (`request_logs`): a batch is one transaction (one fsync for hundreds of
 * requests); `seq` is the written order, newest first on reading; the columns searched have their own columns.
 */
export class SqliteRequestLogStore implements RequestLogStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async appendMany(entries: readonly RequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return
    const insert = statement(
      this.db,
      `INSERT OR IGNORE INTO request_logs (request_id, account_id, livemode, method, path, status, occurred_at, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    inTransaction(this.db, () => {
      for (const entry of entries)
        insert.run(
          entry.requestId,
          entry.accountId,
          entry.livemode ? 1 : 0,
          entry.method,
          entry.path,
          entry.status,
          entry.occurredAt.getTime(),
          encodeJson(entry),
        )
    })
  }

  async list(accountId: string, livemode: boolean, query: RequestLogQuery) {
    const where = ['account_id = ?', 'livemode = ?']
    const params: unknown[] = [accountId, livemode ? 1 : 0]
    if (query.startingAfter !== undefined) {
      where.push('seq < COALESCE((SELECT seq FROM request_logs WHERE request_id = ?), -1)')
      params.push(query.startingAfter)
    }
    if (query.requestId !== undefined) {
      where.push('request_id = ?')
      params.push(query.requestId)
    }
    if (query.status !== undefined) {
      where.push('status = ?')
      params.push(query.status)
    }
    if (query.statusClass !== undefined) {
      where.push('status >= ? AND status < ?')
      params.push(query.statusClass * 100, query.statusClass * 100 + 100)
    }
    if (query.pathPrefix !== undefined) {
      // substr, not LIKE: a `%` or `_` in what was typed is matched as itself.
      where.push('substr(path, 1, ?) = ?')
      params.push(query.pathPrefix.length, query.pathPrefix)
    }
    if (query.method !== undefined) {
      where.push('method = ?')
      params.push(query.method)
    }
    const rows = allRecords<RequestLogEntry>(
      this.db,
      `SELECT doc FROM request_logs WHERE ${where.join(' AND ')} ORDER BY seq DESC ${boundLimit()}`,
      ...params,
      query.limit + 1,
    )
    return { data: rows.slice(0, query.limit), hasMore: rows.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    return statement(this.db, 'DELETE FROM request_logs WHERE occurred_at < ?').run(before.getTime()).changes
  }
}
