import type { Reminder, ReminderStatus } from '../reminder/reminder.js'
import type { Page, PageRequest } from '../shared/pagination.js'
import type { DomainEvent } from './outbox.js'

export interface ReminderFilter {
  readonly status?: ReminderStatus | undefined
}

/**
 * Reminders of one surface. Writes carry their domain events (outbox) and compare
 * versions. The fire time of scheduled reminders is indexed: the delivery job
 * reads the due ones.
 */
export interface ReminderRepositoryPort {
  /**
   * `duplicate` when the event already has a live (not cancelled) reminder with the
   * same identity (`reminderIdentity`): the same offset, or the same custom time.
   */
  insert(reminder: Reminder, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'>
  get(accountId: string, id: string): Promise<Reminder | null>
  /** The live (not cancelled) reminder with this identity, if any. */
  findLive(accountId: string, identity: string): Promise<Reminder | null>
  /** A page of an event's reminders, newest first. */
  listByEvent(accountId: string, eventId: string, filter: ReminderFilter, page: PageRequest): Promise<Page<Reminder>>
  /** Every reminder of an event (the event lifecycle walks them all). */
  allOfEvent(accountId: string, eventId: string): Promise<Reminder[]>
  update(reminder: Reminder, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'>
  /** Removes every reminder of a user (the user-delete cascade); returns how many. */
  removeByUser(accountId: string, userId: string): Promise<number>
  /** Up to `limit` scheduled reminders with `scheduledAt <= now`, earliest first; `accountId` null for every account. */
  due(accountId: string | null, now: Date, limit: number): Promise<Reminder[]>
  /** The earliest fire time of a scheduled reminder after `after`, or null. */
  nextDueAt(accountId: string | null, after: Date): Promise<Date | null>
}
