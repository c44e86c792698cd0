import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { ReminderFilter, ReminderRepositoryPort } from '../../../core/ports/reminder-repository.js'
import { type Reminder, reminderDueAt, reminderIdentity } from '../../../core/reminder/reminder.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import type { MemoryOutbox } from './outbox.js'

/** In-memory reminders with an index per event and per live identity (the idempotent create). */
export class MemoryReminderRepository implements ReminderRepositoryPort {
  private readonly reminders = new Map<string, Reminder>()
  private readonly byEvent = new Map<string, Set<string>>()
  private readonly live = new Map<string, string>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(reminder: Reminder, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    if (reminder.status !== 'cancelled' && this.live.has(this.liveKey(reminder))) return 'duplicate'
    this.store(reminder)
    this.outbox.appendNow(events)
    return 'inserted'
  }

  async get(accountId: string, id: string): Promise<Reminder | null> {
    const reminder = this.reminders.get(id)
    return reminder !== undefined && reminder.accountId === accountId ? reminder : null
  }

  async findLive(accountId: string, identity: string): Promise<Reminder | null> {
    const id = this.live.get(`${accountId}/${identity}`)
    return id === undefined ? null : (this.reminders.get(id) ?? null)
  }

  async listByEvent(
    accountId: string,
    eventId: string,
    filter: ReminderFilter,
    page: PageRequest,
  ): Promise<Page<Reminder>> {
    const matching = (await this.allOfEvent(accountId, eventId)).filter(
      (reminder) => filter.status === undefined || reminder.status === filter.status,
    )
    return expectOk(paginateById(matching, page))
  }

  async allOfEvent(accountId: string, eventId: string): Promise<Reminder[]> {
    return [...(this.byEvent.get(`${accountId}/${eventId}`) ?? [])]
      .map((id) => this.indexed(id))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
  }

  async update(
    reminder: Reminder,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    const stored = this.reminders.get(reminder.id)
    if (stored === undefined || stored.version !== expectedVersion || stored.accountId !== reminder.accountId)
      return 'conflict'
    this.unindexLive(stored)
    this.store(reminder)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const mine = [...this.reminders.values()].filter(
      (reminder) => reminder.accountId === accountId && reminder.userId === userId,
    )
    for (const reminder of mine) {
      this.reminders.delete(reminder.id)
      this.byEvent.get(`${accountId}/${reminder.eventId}`)?.delete(reminder.id)
      this.unindexLive(reminder)
    }
    return mine.length
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Reminder[]> {
    const due: Reminder[] = []
    for (const reminder of this.reminders.values()) {
      const dueAt = reminderDueAt(reminder)
      if (dueAt !== null && dueAt <= now && (accountId === null || reminder.accountId === accountId)) due.push(reminder)
    }
    return due.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime()).slice(0, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const reminder of this.reminders.values()) {
      const dueAt = reminderDueAt(reminder)
      if (dueAt === null || dueAt <= after || (accountId !== null && reminder.accountId !== accountId)) continue
      if (earliest === null || dueAt < earliest) earliest = dueAt
    }
    return earliest
  }

  /** A reminder the per-event index names: the index and the map change together, so it is there. */
  private indexed(id: string): Reminder {
    const reminder = this.reminders.get(id)
    if (reminder === undefined) throw new Error(`reminder ${id} is in the per-event index but not stored`)
    return reminder
  }

  private liveKey(reminder: Reminder): string {
    return `${reminder.accountId}/${reminderIdentity(reminder)}`
  }

  private store(reminder: Reminder): void {
    this.reminders.set(reminder.id, reminder)
    const key = `${reminder.accountId}/${reminder.eventId}`
    const ids = this.byEvent.get(key) ?? new Set<string>()
    ids.add(reminder.id)
    this.byEvent.set(key, ids)
    if (reminder.status !== 'cancelled') this.live.set(this.liveKey(reminder), reminder.id)
  }

  private unindexLive(reminder: Reminder): void {
    const key = this.liveKey(reminder)
    if (this.live.get(key) === reminder.id) this.live.delete(key)
  }
}
