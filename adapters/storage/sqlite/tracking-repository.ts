import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { TrackingRepositoryPort } from '../../../core/ports/tracking-repository.js'
import { type ReportedPosition, type Trip, tripDueAt } from '../../../core/tracking/trip.js'
import { inTransaction, isUniqueViolation, type SqliteDatabase, statement } from './database.js'
import { dateOrNull, encodeJson, epochMs } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { type Columns, dueRecords, nextDueAt, oneRecord } from './records.js'

const columnsOf = (trip: Trip): Columns => ({
  account_id: trip.accountId,
  event_id: trip.eventId,
  user_id: trip.userId,
  due_at: tripDueAt(trip).getTime(),
  located_at: epochMs(trip.currentLocation?.recordedAt),
  doc: encodeJson(trip),
})

/**
 * Trips of one surface in `tracking_trips`, one per event of an account (a write and its domain events are one
 * transaction), and the reported positions in `reported_positions`, one row per user.
 */
export class SqliteTrackingRepository implements TrackingRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(trip: Trip, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      inTransaction(this.db, () => {
        statement(
          this.db,
          `INSERT INTO tracking_trips (account_id, event_id, user_id, due_at, located_at, doc)
           VALUES (@account_id, @event_id, @user_id, @due_at, @located_at, @doc)`,
        ).run(columnsOf(trip))
        this.outbox.appendIn(events)
      })
      return 'inserted'
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, eventId: string): Promise<Trip | null> {
    return oneRecord<Trip>(
      this.db,
      'SELECT doc FROM tracking_trips WHERE account_id = ? AND event_id = ?',
      accountId,
      eventId,
    )
  }

  async update(trip: Trip, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => {
      const { changes } = statement(
        this.db,
        `UPDATE tracking_trips SET user_id = @user_id, due_at = @due_at, located_at = @located_at, doc = @doc
         WHERE account_id = @account_id AND event_id = @event_id AND json_extract(doc, '$.version') = @expected`,
      ).run({ ...columnsOf(trip), expected: expectedVersion })
      if (changes !== 1) return 'conflict'
      this.outbox.appendIn(events)
      return 'updated'
    })
  }

  async remove(accountId: string, eventId: string, expectedVersion: number): Promise<'removed' | 'conflict'> {
    const { changes } = statement(
      this.db,
      `DELETE FROM tracking_trips WHERE account_id = ? AND event_id = ? AND json_extract(doc, '$.version') = ?`,
    ).run(accountId, eventId, expectedVersion)
    return changes === 1 ? 'removed' : 'conflict'
  }

  async latestLocatedOfUser(accountId: string, userId: string): Promise<Trip | null> {
    return oneRecord<Trip>(
      this.db,
      `SELECT doc FROM tracking_trips WHERE account_id = ? AND user_id = ? AND located_at IS NOT NULL
       ORDER BY located_at DESC LIMIT 1`,
      accountId,
      userId,
    )
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Trip[]> {
    return limit <= 0 ? [] : dueRecords<Trip>(this.db, 'tracking_trips', 'due_at', accountId, now, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'tracking_trips', 'due_at', accountId, after)
  }

  async savePosition(position: ReportedPosition): Promise<void> {
    statement(
      this.db,
      `INSERT INTO reported_positions (account_id, user_id, recorded_at, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, user_id) DO UPDATE SET recorded_at = excluded.recorded_at, doc = excluded.doc`,
    ).run(position.accountId, position.userId, position.recordedAt.getTime(), encodeJson(position))
  }

  async position(accountId: string, userId: string): Promise<ReportedPosition | null> {
    return oneRecord<ReportedPosition>(
      this.db,
      'SELECT doc FROM reported_positions WHERE account_id = ? AND user_id = ?',
      accountId,
      userId,
    )
  }

  async removePositionsRecordedBefore(accountId: string | null, before: Date): Promise<number> {
    return accountId === null
      ? statement(this.db, 'DELETE FROM reported_positions WHERE recorded_at < ?').run(before.getTime()).changes
      : statement(this.db, 'DELETE FROM reported_positions WHERE account_id = ? AND recorded_at < ?').run(
          accountId,
          before.getTime(),
        ).changes
  }

  async oldestPositionRecordedAt(accountId: string | null): Promise<Date | null> {
    const row = (
      accountId === null
        ? statement(this.db, 'SELECT MIN(recorded_at) AS at FROM reported_positions').get()
        : statement(this.db, 'SELECT MIN(recorded_at) AS at FROM reported_positions WHERE account_id = ?').get(
            accountId,
          )
    ) as { at: number | null }
    return dateOrNull(row.at)
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return inTransaction(this.db, () => {
      const trips = statement(this.db, 'DELETE FROM tracking_trips WHERE account_id = ? AND user_id = ?').run(
        accountId,
        userId,
      ).changes
      const positions = statement(this.db, 'DELETE FROM reported_positions WHERE account_id = ? AND user_id = ?').run(
        accountId,
        userId,
      ).changes
      return trips + positions
    })
  }
}
