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
 * What `doc` holds of an entry: the fields without a column of their own, as plain JSON (none is a date), leaving out
 * the ones at their usual value (null, not replayed). A row written before held the whole entry (dates tagged); its
 * columns hold the same values, so either reads back alike.
 */
const docOf = (entry: RequestLogEntry): string => {
  const doc: Record<string, unknown> = {
    keyId: entry.keyId,
    apiVersion: entry.apiVersion,
    durationMs: entry.durationMs,
  }
  if (entry.errorCode !== null) doc.errorCode = entry.errorCode
  if (entry.errorParam !== null) doc.errorParam = entry.errorParam
  if (entry.errorMessage !== null) doc.errorMessage = entry.errorMessage
  if (entry.idempotencyKey !== null) doc.idempotencyKey = entry.idempotencyKey
  if (entry.replayed) doc.replayed = true
  return JSON.stringify(doc)
}

type StoredDoc = Partial<
  Pick<RequestLogEntry, 'errorCode' | 'errorParam' | 'errorMessage' | 'idempotencyKey' | 'replayed'>
> &
  Pick<RequestLogEntry, 'keyId' | 'apiVersion' | 'durationMs'>

const entryOf = (row: EntryRow): RequestLogEntry => {
  const rest = JSON.parse(row.doc) as StoredDoc
  return {
    errorCode: rest.errorCode ?? null,
    errorParam: rest.errorParam ?? null,
    errorMessage: rest.errorMessage ?? null,
    keyId: rest.keyId,
    apiVersion: rest.apiVersion,
    idempotencyKey: rest.idempotencyKey ?? null,
    replayed: rest.replayed === true,
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
 * The sizes of the multi-row INSERTs a run of entries is written with, largest first: a statement's own cost is paid
 * once for its rows (about 14 µs an entry one by one, 9 in 250s: docs/performance.md), and a few fixed sizes keep
 * the prepared statements few.
 */
const INSERT_SIZES = [250, 50, 10, 1] as const
const INSERT_ENTRY =
  'INSERT OR IGNORE INTO request_logs (request_id, account_id, livemode, method, path, status, occurred_at, doc) VALUES '
const ENTRY_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?)'
const insertSql: string[] = []
const insertOf = (rows: number): string =>
  (insertSql[rows] ??= `${INSERT_ENTRY}${Array(rows).fill(ENTRY_VALUES).join(', ')}`)

const valuesOf = (entry: RequestLogEntry): unknown[] => [
  entry.requestId,
  entry.accountId,
  entry.livemode ? 1 : 0,
  entry.method,
  entry.path,
  entry.status,
  entry.occurredAt.getTime(),
  docOf(entry),
]

/**
 * The resource a typed path prefix names, by the rule of the `resource` column (schema.ts): `exact` when the prefix reaches past
 * it (every matching path has that resource), else the prefix every matching path's resource starts with.
 */
const resourceOf = (prefix: string): { readonly exact: boolean; readonly resource: string } => {
  const end = prefix.indexOf('/', 4)
  return end < 0 ? { exact: false, resource: prefix } : { exact: true, resource: prefix.slice(0, end) }
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
    const insertOne = statement(this.db, insertOf(1))
    const insertBodies = statement(this.db, 'INSERT INTO request_log_bodies (seq, occurred_at, doc) VALUES (?, ?, ?)')
    inTransaction(this.db, () => {
      // In the order recorded (seq is the newest-first order): runs of entries without bodies in multi-row INSERTs,
      // each entry with bodies on its own (its bodies are keyed by its seq).
      let run: RequestLogEntry[] = []
      const writeRun = () => {
        let at = 0
        for (const size of INSERT_SIZES)
          for (; run.length - at >= size; at += size)
            statement(this.db, insertOf(size)).run(...run.slice(at, at + size).flatMap(valuesOf))
        run = []
      }
      for (const entry of entries) {
        if (entry.bodies === undefined) {
          run.push(entry)
          continue
        }
        writeRun()
        const written = insertOne.run(...valuesOf(entry))
        if (written.changes === 1)
          insertBodies.run(written.lastInsertRowid, entry.occurredAt.getTime(), encodeJson(entry.bodies))
      }
      writeRun()
    })
  }

  async list(accountId: string, livemode: boolean, query: RequestLogQuery) {
    const scope = { account_id: accountId, livemode: livemode ? 1 : 0 }
    const { where, params } = newestFirst('request_logs', 'request_id', scope, query.startingAfter)
    if (query.requestId !== undefined) {
      where.push('request_id = ?')
      params.push(query.requestId)
    }
    // The expression of the index request_logs_unsuccessful, as written there; an exact status is found in its class.
    // That index holds statuses of 300 and above only, and serves a query that says so in its own words; a 2xx
    // class or status is read from the newest-first index, which holds the status (most requests succeed).
    const statusClass = query.statusClass ?? (query.status === undefined ? undefined : Math.floor(query.status / 100))
    if (statusClass !== undefined) {
      where.push('status / 100 = ?')
      params.push(statusClass)
      if (statusClass >= 3) where.push('status >= 300')
    }
    if (query.status !== undefined) {
      where.push('status = ?')
      params.push(query.status)
    }
    let indexed = ''
    if (query.pathPrefix !== undefined) {
      // substr, not LIKE: a `%` or `_` in what was typed is matched as itself; the resource beside it lets the
      // resource index find the candidates.
      const { exact, resource } = resourceOf(query.pathPrefix)
      where.push('substr(path, 1, ?) = ?')
      params.push(query.pathPrefix.length, query.pathPrefix)
      if (exact) {
        // One resource: its part of the index is in written order, newest first without a sort.
        where.push('resource = ?')
        params.push(resource)
        indexed = 'INDEXED BY request_logs_resource'
      } else {
        where.push('resource >= ? AND resource < ?')
        params.push(resource, `${resource}\u{10FFFF}`)
        indexed = this.fewWithPrefix(accountId, livemode, query.pathPrefix, resource)
          ? 'INDEXED BY request_logs_resource'
          : 'INDEXED BY request_logs_account'
      }
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
   * Whether few entries have paths starting with a prefix shorter than a resource (fewer than `RARE_PATH_ROWS`,
   * counted on the resource index, which holds the path): then they are read through that index and sorted;
   * otherwise through the newest-first index (it holds the path), which finds a page of them soon. Either alone is
   * slow for the other case: a prefix that matches nothing walks every entry of the surface, a frequent one sorts
   * hundreds of thousands.
   */
  private fewWithPrefix(accountId: string, livemode: boolean, prefix: string, resource: string): boolean {
    const { found } = statement(
      this.db,
      `SELECT COUNT(*) AS found FROM (SELECT 1 FROM request_logs INDEXED BY request_logs_resource
         WHERE account_id = ? AND livemode = ? AND resource >= ? AND resource < ?
           AND substr(path, 1, ?) = ? LIMIT ${RARE_PATH_ROWS})`,
    ).get(accountId, livemode ? 1 : 0, resource, `${resource}\u{10FFFF}`, prefix.length, prefix) as { found: number }
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

  /**
   * Age in written order: the entries before the first one young enough to stay (`seq` order is the order they
   * occurred in, the writer's), found by walking the table from its oldest row, so the walk is as long as what goes.
   */
  async prune(before: Date): Promise<number> {
    return inTransaction(this.db, () => {
      const keep = this.firstKept('request_logs', before)
      statement(this.db, 'DELETE FROM request_log_bodies WHERE seq < ?').run(keep)
      return statement(this.db, 'DELETE FROM request_logs WHERE seq < ?').run(keep).changes
    })
  }

  async pruneBodies(before: Date): Promise<number> {
    const keep = this.firstKept('request_log_bodies', before)
    return statement(this.db, 'DELETE FROM request_log_bodies WHERE seq < ?').run(keep).changes
  }

  /** The `seq` of the oldest row of `table` that occurred at or after `before`; past the newest when none did. */
  private firstKept(table: 'request_logs' | 'request_log_bodies', before: Date): number {
    const first = statement(this.db, `SELECT seq FROM ${table} WHERE occurred_at >= ? ORDER BY seq LIMIT 1`).get(
      before.getTime(),
    ) as { seq: number } | undefined
    return first?.seq ?? Number.MAX_SAFE_INTEGER
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
