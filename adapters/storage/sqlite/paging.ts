import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { boundLimit, type SqliteDatabase, statement } from './database.js'
import { decodeJson } from './json.js'
import { allRecords } from './records.js'

/**
 * One page of the rows of `table` matching `where` (SQL over the named `params`), newest first by `id` (our ids
 * are time-ordered), with the API's cursors: `startingAfter` walks towards older rows, `endingBefore` towards
 * newer ones. The table's `doc` column holds the record. An index on the `where` columns then `id` serves it.
 */
export const pageByIdDescending = <T>(
  db: SqliteDatabase,
  table: string,
  where: string,
  params: Record<string, unknown>,
  page: PageRequest,
): Page<T> => {
  if (page.limit <= 0) return { data: [], hasMore: false }
  const towardsNewer = page.endingBefore !== undefined
  const cursor = towardsNewer ? page.endingBefore : page.startingAfter
  const bound = cursor === undefined ? '' : towardsNewer ? ' AND id > @cursor' : ' AND id < @cursor'
  const rows = statement(
    db,
    `SELECT doc FROM ${table} WHERE ${where}${bound} ORDER BY id ${towardsNewer ? 'ASC' : 'DESC'} ${boundLimit('@take')}`,
  ).all({ ...params, ...(cursor === undefined ? {} : { cursor }), take: page.limit + 1 }) as { doc: string }[]
  const data = rows.slice(0, page.limit).map((row) => decodeJson<T>(row.doc))
  // Towards newer, the page is the `limit` rows just after the cursor, shown newest first.
  if (towardsNewer) data.reverse()
  return { data, hasMore: rows.length > page.limit }
}

/**
 * The conditions of a page of a log table (the audit log, request logs, consent tickets), newest first by its
 * insertion order `seq`: `scope` (the owner's columns, each `column = ?` with its value), and after `startingAfter`,
 * the row whose `idColumn` it names (a cursor naming no row gives no rows). The caller adds its filters, then reads
 * `ORDER BY seq DESC` with `limit + 1` rows and hands them to `logPage`.
 */
export const newestFirst = (
  table: string,
  idColumn: string,
  scope: Readonly<Record<string, unknown>>,
  startingAfter: string | undefined,
): { where: string[]; params: unknown[] } => {
  const where = Object.keys(scope).map((column) => `${column} = ?`)
  const params = Object.values(scope)
  if (startingAfter !== undefined) {
    where.push(`seq < COALESCE((SELECT seq FROM ${table} WHERE ${idColumn} = ?), -1)`)
    params.push(startingAfter)
  }
  return { where, params }
}

/** The page of `limit` records from the `limit + 1` read after `newestFirst`'s conditions. */
export const logPage = <T>(rows: T[], limit: number): { readonly data: T[]; readonly hasMore: boolean } => ({
  data: rows.slice(0, limit),
  hasMore: rows.length > limit,
})

/** A log table's page of records (its `doc` column) under `newestFirst`'s conditions and the caller's filters. */
export const logDocPage = <T>(
  db: SqliteDatabase,
  table: string,
  { where, params }: { readonly where: readonly string[]; readonly params: readonly unknown[] },
  limit: number,
): { readonly data: T[]; readonly hasMore: boolean } =>
  logPage(
    allRecords<T>(
      db,
      `SELECT doc FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq DESC ${boundLimit()}`,
      ...params,
      limit + 1,
    ),
    limit,
  )
