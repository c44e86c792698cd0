import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogBodies, RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { logPage, newestFirst } from './paging.js'
import { oneRecord } from './records.js'

/** Below this many entries under a path prefix, they are read through the path index (see `fewWithPath`). */
const RARE_PATH_ROWS = 2_000

/** The columns an entry is rebuilt from, with `doc`. */
const ENTRY_COLUMNS = 'request_id, account_id, livemode, method, path, status, occurred_at, doc'

interface EntryRow {
  readonly request_id: string
  readonly account_id: string
  readonly livemode: number
  readonly method: string
  readonly path: string
  readonly status: number
  readonly occurred_at: number
  readonly doc: string
}

/**
 * What `doc` holds of an entry: the fields without a column of their own, as plain JSON (none is a date). A row
 * written before held the whole entry (dates tagged); its columns hold the same values, so either reads back alike.
 */
const docOf = (entry: RequestLogEntry): string =>
  JSON.stringify({
    errorCode: entry.errorCode,
    errorParam: entry.errorParam,
    errorMessage: entry.errorMessage,
    keyId: entry.keyId,
    apiVersion: entry.apiVersion,
    idempotencyKey: entry.idempotencyKey,
    replayed: entry.replayed,
    durationMs: entry.durationMs,
  })

const entryOf = (row: EntryRow): RequestLogEntry => {
  const rest = JSON.parse(row.doc) as Omit<RequestLogEntry, 'occurredAt'> & { occurredAt?: unknown }
  return {
    errorCode: rest.errorCode,
    errorParam: rest.errorParam,
    errorMessage: rest.errorMessage,
    keyId: rest.keyId,
    apiVersion: rest.apiVersion,
    idempotencyKey: rest.idempotencyKey,
    replayed: rest.replayed,
    durationMs: rest.durationMs,
    requestId: row.request_id,
    accountId: row.account_id,
    livemode: row.livemode === 1,
    method: row.method,
    path: row.path,
    status: row.status,
    occurredAt: new Date(row.occurred_at),
  }
}

/**
 * Request logs in the platform database (`request_logs`): a batch is one transaction (one fsync for hundreds of
 * requests); `seq` is the written order, newest first on reading; the fields searched have their own columns, and
 * `doc` holds only the rest (`docOf`: each byte and each walk of the entry is paid on every logged request).
 * Bodies are rows of their own (`request_log_bodies`, keyed by the entry's `seq`): lists never read them, and they
 * are pruned sooner than the entries.
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
    const insertBodies = statement(this.db, 'INSERT INTO request_log_bodies (seq, occurred_at, doc) VALUES (?, ?, ?)')
    inTransaction(this.db, () => {
      for (const entry of entries) {
        const written = insert.run(
          entry.requestId,
          entry.accountId,
          entry.livemode ? 1 : 0,
          entry.method,
          entry.path,
          entry.status,
          entry.occurredAt.getTime(),
          docOf(entry),
        )
        if (written.changes === 1 && entry.bodies !== undefined)
          insertBodies.run(written.lastInsertRowid, entry.occurredAt.getTime(), encodeJson(entry.bodies))
      }
    })
  }

  async list(accountId: string, livemode: boolean, query: RequestLogQuery) {
    const scope = { account_id: accountId, livemode: livemode ? 1 : 0 }
    const { where, params } = newestFirst('request_logs', 'request_id', scope, query.startingAfter)
    if (query.requestId !== undefined) {
      where.push('request_id = ?')
      params.push(query.requestId)
    }
    // The expression of the index request_logs_status_class, as written there; an exact status is found in its class.
    const statusClass = query.statusClass ?? (query.status === undefined ? undefined : Math.floor(query.status / 100))
    if (statusClass !== undefined) {
      where.push('status / 100 = ?')
      params.push(statusClass)
    }
    if (query.status !== undefined) {
      where.push('status = ?')
      params.push(query.status)
    }
    let indexed = ''
    if (query.pathPrefix !== undefined) {
      // substr, not LIKE: a `%` or `_` in what was typed is matched as itself; the range beside it lets the path
      // index find the candidates.
      where.push('substr(path, 1, ?) = ?', 'path >= ? AND path < ?')
      params.push(query.pathPrefix.length, query.pathPrefix, query.pathPrefix, `${query.pathPrefix}\u{10FFFF}`)
      indexed = this.fewWithPath(accountId, livemode, query.pathPrefix)
        ? 'INDEXED BY request_logs_path'
        : 'INDEXED BY request_logs_account'
    }
    if (query.method !== undefined) {
      where.push('method = ?')
      params.push(query.method)
    }
    // The time and the key are read from the rows the index finds (no index of their own: each costs every request's
    // log write); the newest-first walk stops at a page of matches.
    if (query.occurredFrom !== undefined) {
      where.push('occurred_at >= ?')
      params.push(query.occurredFrom.getTime())
    }
    if (query.occurredBefore !== undefined) {
      where.push('occurred_at < ?')
      params.push(query.occurredBefore.getTime())
    }
    if (query.keyId !== undefined) {
      where.push("json_extract(doc, '$.keyId') = ?")
      params.push(query.keyId)
    }
    const rows = statement(
      this.db,
      `SELECT ${ENTRY_COLUMNS} FROM request_logs ${indexed} WHERE ${where.join(' AND ')} ORDER BY seq DESC ${boundLimit()}`,
    ).all(...params, query.limit + 1) as EntryRow[]
    return logPage(rows.map(entryOf), query.limit)
  }

  /**
   * Whether few entries have paths starting so (fewer than `RARE_PATH_ROWS`, counted on the path index): then they
   * are read through that index and sorted; otherwise through the newest-first index (it holds the path), which finds
   * a page of them soon. Either alone is slow for the other case: a prefix that matches nothing walks every entry of
   * the surface, a frequent one sorts hundreds of thousands.
   */
  private fewWithPath(accountId: string, livemode: boolean, prefix: string): boolean {
    const { found } = statement(
      this.db,
      `SELECT COUNT(*) AS found FROM (SELECT 1 FROM request_logs INDEXED BY request_logs_path
         WHERE account_id = ? AND livemode = ? AND path >= ? AND path < ? LIMIT ${RARE_PATH_ROWS})`,
    ).get(accountId, livemode ? 1 : 0, prefix, `${prefix}\u{10FFFF}`) as { found: number }
    return found < RARE_PATH_ROWS
  }

  async retrieve(accountId: string, livemode: boolean, requestId: string): Promise<RequestLogEntry | null> {
    const row = statement(
      this.db,
      `SELECT seq, ${ENTRY_COLUMNS} FROM request_logs WHERE request_id = ? AND account_id = ? AND livemode = ?`,
    ).get(requestId, accountId, livemode ? 1 : 0) as (EntryRow & { seq: number }) | undefined
    if (row === undefined) return null
    const entry = entryOf(row)
    const bodies = oneRecord<RequestLogBodies>(this.db, 'SELECT doc FROM request_log_bodies WHERE seq = ?', row.seq)
    return bodies === null ? entry : { ...entry, bodies }
  }

  async prune(before: Date): Promise<number> {
    return inTransaction(this.db, () => {
      statement(this.db, 'DELETE FROM request_log_bodies WHERE occurred_at < ?').run(before.getTime())
      return statement(this.db, 'DELETE FROM request_logs WHERE occurred_at < ?').run(before.getTime()).changes
    })
  }

  async pruneBodies(before: Date): Promise<number> {
    return statement(this.db, 'DELETE FROM request_log_bodies WHERE occurred_at < ?').run(before.getTime()).changes
  }

  async trim(accountId: string, livemode: boolean, keep: number): Promise<number> {
    const surface = [accountId, livemode ? 1 : 0] as const
    // The newest entry that goes: OFFSET walks `keep` entries of the (account_id, livemode, seq) index, no more.
    const boundary = statement(
      this.db,
      `SELECT seq FROM request_logs WHERE account_id = ? AND livemode = ? ORDER BY seq DESC LIMIT 1 OFFSET CAST(? AS INTEGER)`,
    ).get(...surface, keep) as { seq: number } | undefined
    if (boundary === undefined) return 0
    return inTransaction(this.db, () => {
      statement(
        this.db,
        `DELETE FROM request_log_bodies WHERE seq IN
           (SELECT seq FROM request_logs WHERE account_id = ? AND livemode = ? AND seq <= ?)`,
      ).run(...surface, boundary.seq)
      return statement(this.db, 'DELETE FROM request_logs WHERE account_id = ? AND livemode = ? AND seq <= ?').run(
        ...surface,
        boundary.seq,
      ).changes
    })
  }
}
