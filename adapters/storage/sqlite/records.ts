import { boundLimit, type SqliteDatabase, statement } from './database.js'
import { dateOrNull, decodeJson } from './json.js'

/** The record in the `doc` column of the first row `sql` finds, or null. */
export const oneRecord = <T>(db: SqliteDatabase, sql: string, ...params: unknown[]): T | null => {
  const row = statement(db, sql).get(...params) as { doc: string } | undefined
  return row === undefined ? null : decodeJson<T>(row.doc)
}

/** The records in the `doc` column of every row `sql` finds, in its order. */
export const allRecords = <T>(db: SqliteDatabase, sql: string, ...params: unknown[]): T[] =>
  (statement(db, sql).all(...params) as { doc: string }[]).map((row) => decodeJson<T>(row.doc))

/**
 * The due queries every repository with a due-time column answers (the background sweeps): up to `limit` rows
 * with `column <= now`, earliest first (ties in written order: the rowid ends each index), and the earliest due time after `after`; `accountId` null for
 * every account. The partial indexes `(column)` and `(account_id, column)` serve them.
 */
export const dueRecords = <T>(
  db: SqliteDatabase,
  table: string,
  column: string,
  accountId: string | null,
  now: Date,
  limit: number,
): T[] =>
  accountId === null
    ? allRecords<T>(
        db,
        `SELECT doc FROM ${table} WHERE ${column} <= ? ORDER BY ${column} ${boundLimit()}`,
        now.getTime(),
        limit,
      )
    : allRecords<T>(
        db,
        `SELECT doc FROM ${table} WHERE account_id = ? AND ${column} <= ? ORDER BY ${column} ${boundLimit()}`,
        accountId,
        now.getTime(),
        limit,
      )

export const nextDueAt = (
  db: SqliteDatabase,
  table: string,
  column: string,
  accountId: string | null,
  after: Date,
): Date | null => {
  const row = (
    accountId === null
      ? statement(db, `SELECT MIN(${column}) AS at FROM ${table} WHERE ${column} > ?`).get(after.getTime())
      : statement(db, `SELECT MIN(${column}) AS at FROM ${table} WHERE account_id = ? AND ${column} > ?`).get(
          accountId,
          after.getTime(),
        )
  ) as { at: number | null }
  return dateOrNull(row.at)
}

/** A row's columns by name: the record's `doc` and the columns its queries use (numbers, strings or null). */
export type Columns = Readonly<Record<string, string | number | null>>

/**
 * Inserts one row. On a unique violation it throws (callers that expect one catch `isUniqueViolation`), or with
 * `ifAbsent` inserts nothing and answers false.
 */
export const insertRow = (db: SqliteDatabase, table: string, columns: Columns, ifAbsent = false): boolean => {
  const names = Object.keys(columns)
  return (
    statement(
      db,
      `INSERT${ifAbsent ? ' OR IGNORE' : ''} INTO ${table} (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})`,
    ).run(columns).changes === 1
  )
}

/** The columns that name a row (never changed by a write of it) and the document (always written). */
const FIXED_OR_DOC: ReadonlySet<string> = new Set(['id', 'account_id', 'doc'])

/**
 * The record's version, in a table that keeps it as a column (`events`): always written, and the one a versioned
 * write compares. Elsewhere the version is read out of the document (`json_extract`, a parse of the whole document in
 * SQLite on every write).
 */
const VERSION = 'version'

/**
 * The optimistic write of every versioned record: replaces the row of `id` in `accountId` with `columns` if the
 * stored record's `version` is `expectedVersion`; false (nothing written) otherwise. Only the indexed columns whose
 * value changes are assigned, beside the document: SQLite rewrites the entries of every index on an assigned column,
 * changed or not, and most writes (a recompute moving a due time) change one of them. Assigning every column cost
 * 30 to 80 µs per update of an event (six indexes), against 9 µs for the changed ones.
 */
export const replaceIfVersion = (
  db: SqliteDatabase,
  table: string,
  key: { readonly id: string; readonly accountId: string },
  expectedVersion: number,
  columns: Columns,
): boolean => replaceIfVersionWithChanges(db, table, key, expectedVersion, columns) !== null

/** What a replace changed: the stored values of the indexed columns before it, and those it assigned anew. */
export interface Replaced {
  readonly before: Columns
  readonly changed: readonly string[]
}

/** `replaceIfVersion`, answering what the write changed (null: nothing written). */
export const replaceIfVersionWithChanges = (
  db: SqliteDatabase,
  table: string,
  key: { readonly id: string; readonly accountId: string },
  expectedVersion: number,
  columns: Columns,
): Replaced | null => {
  const hasVersionColumn = VERSION in columns
  const indexed = Object.keys(columns).filter((name) => !FIXED_OR_DOC.has(name) && name !== VERSION)
  const stored =
    indexed.length === 0
      ? {}
      : (statement(db, `SELECT ${indexed.join(', ')} FROM ${table} WHERE id = ? AND account_id = ?`).get(
          key.id,
          key.accountId,
        ) as Columns | undefined)
  if (stored === undefined) return null
  const changed = indexed.filter((name) => stored[name] !== columns[name])
  const assigned = [...changed, ...(hasVersionColumn ? [VERSION] : []), 'doc']
  const values: Record<string, string | number | null> = {
    key_id: key.id,
    key_account_id: key.accountId,
    key_version: expectedVersion,
  }
  for (const name of assigned) values[name] = columns[name] ?? null
  const { changes } = statement(
    db,
    `UPDATE ${table} SET ${assigned.map((name) => `${name} = @${name}`).join(', ')}
     WHERE id = @key_id AND account_id = @key_account_id AND ${hasVersionColumn ? VERSION : "json_extract(doc, '$.version')"} = @key_version`,
  ).run(values)
  return changes === 1 ? { before: stored, changed } : null
}
