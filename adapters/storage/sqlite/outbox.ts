import type { DomainEvent, OutboxPort } from '../../../core/ports/outbox.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { decodeJson, encodeJson } from './json.js'

/** An outbox row: id, account and the encoded event. */
export type OutboxRow = readonly [string, string, string]

/**
 * The outbox of one surface (`outbox` table of its database file). Repositories of the surface append inside
 * their own transaction (`appendIn`), so an event exists exactly when its state change does; `seq` is the
 * written order.
 */
export class SqliteOutbox implements OutboxPort {
  constructor(private readonly db: SqliteDatabase) {}

  async append(events: readonly DomainEvent[]): Promise<void> {
    inTransaction(this.db, () => this.appendIn(events))
  }

  /** Appends inside the caller's transaction (synchronous, like the write it belongs to). */
  appendIn(events: readonly DomainEvent[]): void {
    this.insertRows(this.rowsOf(events))
  }

  /** The rows of `events`, encoded before a transaction (a group commit holds only SQL). */
  rowsOf(events: readonly DomainEvent[]): readonly OutboxRow[] {
    return events.map((event) => [event.id, event.accountId, encodeJson(event)] as const)
  }

  /** Inserts rows made by `rowsOf`, inside the caller's transaction. */
  insertRows(rows: readonly OutboxRow[]): void {
    const insert = statement(this.db, 'INSERT INTO outbox (id, account_id, doc) VALUES (?, ?, ?)')
    for (const [id, accountId, doc] of rows) insert.run(id, accountId, doc)
  }

  async pending(limit: number, accountId: string | null = null): Promise<DomainEvent[]> {
    const rows =
      accountId === null
        ? statement(this.db, `SELECT doc FROM outbox WHERE dispatched = 0 ORDER BY seq ${boundLimit()}`).all(limit)
        : statement(
            this.db,
            `SELECT doc FROM outbox WHERE dispatched = 0 AND account_id = ? ORDER BY seq ${boundLimit()}`,
          ).all(accountId, limit)
    return (rows as { doc: string }[]).map((row) => decodeJson<DomainEvent>(row.doc))
  }

  async markDispatched(ids: readonly string[]): Promise<void> {
    const mark = statement(this.db, 'UPDATE outbox SET dispatched = 1 WHERE id = ? AND dispatched = 0')
    inTransaction(this.db, () => {
      for (const id of ids) mark.run(id)
    })
  }

  async list(accountId: string, limit: number): Promise<DomainEvent[]> {
    const rows = statement(
      this.db,
      `SELECT doc FROM outbox WHERE account_id = ? ORDER BY seq DESC ${boundLimit()}`,
    ).all(accountId, limit) as { doc: string }[]
    return rows.map((row) => decodeJson<DomainEvent>(row.doc))
  }
}
