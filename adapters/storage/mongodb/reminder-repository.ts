import type { Collection, Filter } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { ReminderFilter, ReminderRepositoryPort } from '../../../core/ports/reminder-repository.js'
import { REMINDER_STATUSES, type Reminder, reminderDueAt, reminderIdentity } from '../../../core/reminder/reminder.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { MongoDocument } from './document.js'
import { appendEvents, inTransaction, isDuplicateKeyOf, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped } from './query-guard.js'

export const REMINDERS_COLLECTION = 'reminders'

type ReminderDocument = MongoDocument<Reminder> & {
  /** `reminderIdentity`, present only while the reminder is live (not cancelled): unique per account. */
  readonly liveIdentity?: string
  /** `reminderDueAt`, present only while scheduled: what the due-time indexes hold. */
  readonly dueAt?: Date
}

const toDocument = (reminder: Reminder): ReminderDocument => {
  const dueAt = reminderDueAt(reminder)
  return {
    _id: reminder.id,
    accountId: reminder.accountId,
    livemode: reminder.livemode,
    userId: reminder.userId,
    eventId: reminder.eventId,
    type: reminder.type,
    offsetMinutes: reminder.offsetMinutes,
    customTime: reminder.customTime,
    message: reminder.message,
    status: reminder.status,
    scheduledAt: reminder.scheduledAt,
    sentAt: reminder.sentAt,
    dismissedAt: reminder.dismissedAt,
    cancelledAt: reminder.cancelledAt,
    cancellationReason: reminder.cancellationReason,
    snoozeCount: reminder.snoozeCount,
    createdAt: reminder.createdAt,
    updatedAt: reminder.updatedAt,
    version: reminder.version,
    ...(reminder.status === 'cancelled' ? {} : { liveIdentity: reminderIdentity(reminder) }),
    ...(dueAt === null ? {} : { dueAt }),
  }
}

const fromDocument = (document: ReminderDocument): Reminder => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  userId: document.userId,
  eventId: document.eventId,
  type: document.type,
  offsetMinutes: document.offsetMinutes,
  customTime: document.customTime,
  message: document.message,
  status: document.status,
  scheduledAt: document.scheduledAt,
  sentAt: document.sentAt,
  dismissedAt: document.dismissedAt,
  cancelledAt: document.cancelledAt,
  cancellationReason: document.cancellationReason,
  snoozeCount: document.snoozeCount,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
  version: document.version,
})

const ONE_LIVE_PER_IDENTITY = 'one_live_reminder_per_identity'

/**
 * Reminders of one surface in `reminders`. The idempotent create rests on a
 * partial unique index over the live identity; a write and its domain events
 * are one transaction.
 */
export class MongoReminderRepository implements ReminderRepositoryPort {
  private readonly reminders: Collection<ReminderDocument>

  constructor(private readonly context: MongoContext) {
    this.reminders = context.db.collection<ReminderDocument>(REMINDERS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.reminders.createIndexes([
      // One live reminder per event and offset (or custom time) in an account: the idempotent create, and findLive.
      {
        key: { accountId: 1, liveIdentity: 1 },
        name: ONE_LIVE_PER_IDENTITY,
        unique: true,
        partialFilterExpression: { liveIdentity: { $exists: true } },
      },
      // An event's reminders newest first (list, the event lifecycle).
      { key: { accountId: 1, eventId: 1, _id: -1 }, name: 'event_newest' },
      // The user-delete cascade.
      { key: { accountId: 1, userId: 1 }, name: 'user' },
      // The delivery job: scheduled reminders by fire time, for all accounts or one.
      { key: { dueAt: 1, _id: 1 }, name: 'scheduled_due', partialFilterExpression: { dueAt: { $exists: true } } },
      {
        key: { accountId: 1, dueAt: 1, _id: 1 },
        name: 'account_scheduled_due',
        partialFilterExpression: { dueAt: { $exists: true } },
      },
    ])
  }

  async insert(reminder: Reminder, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      await inTransaction(this.context, async (session) => {
        await this.reminders.insertOne(toDocument(reminder), { ...WRITE_OPTIONS, session })
        await appendEvents(this.context.db, events, session)
      })
      return 'inserted'
    } catch (error) {
      if (isDuplicateKeyOf(error, ONE_LIVE_PER_IDENTITY)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<Reminder | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.reminders.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async findLive(accountId: string, identity: string): Promise<Reminder | null> {
    if (!isIdShaped(accountId) || typeof identity !== 'string') return null
    const document = await this.reminders.findOne({ accountId, liveIdentity: identity })
    return document === null ? null : fromDocument(document)
  }

  async listByEvent(
    accountId: string,
    eventId: string,
    filter: ReminderFilter,
    page: PageRequest,
  ): Promise<Page<Reminder>> {
    if (!isIdShaped(accountId) || !isIdShaped(eventId)) return { data: [], hasMore: false }
    if (filter.status !== undefined && !REMINDER_STATUSES.includes(filter.status)) return { data: [], hasMore: false }
    const query: Filter<ReminderDocument> = {
      accountId,
      eventId,
      ...(filter.status === undefined ? {} : { status: filter.status }),
    }
    return pageByIdDescending(this.reminders, query, page, fromDocument)
  }

  async allOfEvent(accountId: string, eventId: string): Promise<Reminder[]> {
    if (!isIdShaped(accountId) || !isIdShaped(eventId)) return []
    return (await this.reminders.find({ accountId, eventId }).sort({ _id: 1 }).toArray()).map(fromDocument)
  }

  /**
   * An update that would make a second live reminder of one identity (a
   * cancelled one revived while another took its place) is refused as a
   * `conflict`: the caller re-reads and decides.
   */
  async update(
    reminder: Reminder,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(reminder.accountId) || !isIdShaped(reminder.id)) return 'conflict'
    try {
      return await inTransaction(this.context, async (session) => {
        const written = await this.reminders.replaceOne(
          { _id: reminder.id, accountId: reminder.accountId, version: expectedVersion },
          toDocument(reminder),
          { ...WRITE_OPTIONS, session },
        )
        if (written.matchedCount === 0) return 'conflict'
        await appendEvents(this.context.db, events, session)
        return 'updated'
      })
    } catch (error) {
      if (isDuplicateKeyOf(error, ONE_LIVE_PER_IDENTITY)) return 'conflict'
      throw error
    }
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    return (await this.reminders.deleteMany({ accountId, userId })).deletedCount
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Reminder[]> {
    // A limit of 0 means "no limit" to MongoDB; to the port it means nothing.
    if (limit <= 0) return []
    if (accountId !== null && !isIdShaped(accountId)) return []
    const filter: Filter<ReminderDocument> = { dueAt: { $lte: now }, ...(accountId === null ? {} : { accountId }) }
    return (await this.reminders.find(filter).sort({ dueAt: 1, _id: 1 }).limit(limit).toArray()).map(fromDocument)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const filter: Filter<ReminderDocument> = { dueAt: { $gt: after }, ...(accountId === null ? {} : { accountId }) }
    const next = await this.reminders
      .find(filter, { projection: { dueAt: 1 } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(1)
      .next()
    return next?.dueAt ?? null
  }
}
