import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { ReminderFilter, ReminderRepositoryPort } from '../../../core/ports/reminder-repository.js'
import { type Reminder, reminderDueAt, reminderIdentity } from '../../../core/reminder/reminder.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { inTransaction, isUniqueViolation, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, dueRecords, insertRow, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (reminder: Reminder): Columns => ({
  id: reminder.id,
  account_id: reminder.accountId,
  user_id: reminder.userId,
  event_id: reminder.eventId,
  status: reminder.status,
  live_identity: reminder.status === 'cancelled' ? null : reminderIdentity(reminder),
  due_at: epochMs(reminderDueAt(reminder)),
  doc: encodeJson(reminder),
})

/**
 * Reminders of one surface. The idempotent create rests on a partial unique index over the live identity (null
 * once cancelled); a write and its domain events are one transaction.
 */
export class SqliteReminderRepository implements ReminderRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(reminder: Reminder, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      inTransaction(this.db, () => {
        insertRow(this.db, 'reminders', columnsOf(reminder))
        this.outbox.appendIn(events)
      })
      return 'inserted'
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<Reminder | null> {
    return oneRecord(this.db, 'SELECT doc FROM reminders WHERE id = ? AND account_id = ?', id, accountId)
  }

  async findLive(accountId: string, identity: string): Promise<Reminder | null> {
    return oneRecord(
      this.db,
      'SELECT doc FROM reminders WHERE account_id = ? AND live_identity = ?',
      accountId,
      identity,
    )
  }

  async listByEvent(
    accountId: string,
    eventId: string,
    filter: ReminderFilter,
    page: PageRequest,
  ): Promise<Page<Reminder>> {
    return filter.status === undefined
      ? pageByIdDescending(
          this.db,
          'reminders',
          'account_id = @accountId AND event_id = @eventId',
          { accountId, eventId },
          page,
        )
      : pageByIdDescending(
          this.db,
          'reminders',
          'account_id = @accountId AND event_id = @eventId AND status = @status',
          { accountId, eventId, status: filter.status },
          page,
        )
  }

  async allOfEvent(accountId: string, eventId: string): Promise<Reminder[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM reminders WHERE account_id = ? AND event_id = ? ORDER BY id',
      accountId,
      eventId,
    )
  }

  async update(
    reminder: Reminder,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => {
      if (!replaceIfVersion(this.db, 'reminders', reminder, expectedVersion, columnsOf(reminder))) return 'conflict'
      this.outbox.appendIn(events)
      return 'updated'
    })
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM reminders WHERE account_id = ? AND user_id = ?').run(accountId, userId)
      .changes
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Reminder[]> {
    return dueRecords(this.db, 'reminders', 'due_at', accountId, now, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'reminders', 'due_at', accountId, after)
  }
}
