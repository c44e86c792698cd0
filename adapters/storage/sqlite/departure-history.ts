import type { DepartureHistoryEntry } from '../../../core/departure/departure-history.js'
import type { DepartureHistoryAppend, DepartureHistoryPort } from '../../../core/ports/departure-history.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords } from './records.js'

/** Departure histories in the surface database (`departure_history`); `seq` is the recorded order. */
export class SqliteDepartureHistory implements DepartureHistoryPort {
  constructor(private readonly db: SqliteDatabase) {}

  async append(entry: DepartureHistoryEntry, keep: number): Promise<void> {
    inTransaction(this.db, () => this.appendIn(entry, keep))
  }

  /**
   * Every entry in one transaction: a commit appends each page it changed to the log, and a second's entries share
   * most of theirs; one transaction an entry cost about as much CPU as the recompute that made it.
   */
  async appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void> {
    if (entries.length === 0) return
    inTransaction(this.db, () => {
      for (const { entry, keep } of entries) this.appendIn(entry, keep)
    })
  }

  private appendIn(entry: DepartureHistoryEntry, keep: number): void {
    statement(this.db, 'INSERT INTO departure_history (id, account_id, event_id, doc) VALUES (?, ?, ?, ?)').run(
      entry.id,
      entry.accountId,
      entry.eventId,
      encodeJson(entry),
    )
    // Everything older than the event's `keep` newest entries goes, in the same transaction.
    statement(
      this.db,
      `DELETE FROM departure_history WHERE account_id = ? AND event_id = ? AND seq <= (
           SELECT seq FROM departure_history WHERE account_id = ? AND event_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    ).run(entry.accountId, entry.eventId, entry.accountId, entry.eventId, keep)
  }

  async list(accountId: string, eventId: string, page: { readonly limit: number; readonly startingAfter?: string }) {
    const rows =
      page.startingAfter === undefined
        ? allRecords<DepartureHistoryEntry>(
            this.db,
            `SELECT doc FROM departure_history WHERE account_id = ? AND event_id = ? ORDER BY seq DESC ${boundLimit()}`,
            accountId,
            eventId,
            page.limit + 1,
          )
        : allRecords<DepartureHistoryEntry>(
            this.db,
            `SELECT doc FROM departure_history WHERE account_id = ? AND event_id = ?
               AND seq < COALESCE((SELECT seq FROM departure_history WHERE id = ? AND account_id = ? AND event_id = ?), -1)
             ORDER BY seq DESC ${boundLimit()}`,
            accountId,
            eventId,
            page.startingAfter,
            accountId,
            eventId,
            page.limit + 1,
          )
    return { data: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
  }

  async deleteOfEvent(accountId: string, eventId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM departure_history WHERE account_id = ? AND event_id = ?').run(
      accountId,
      eventId,
    ).changes
  }
}
