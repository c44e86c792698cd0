import type { Collection, Db, Filter, MongoClient } from 'mongodb'
import type { CalendarEvent } from '../../../core/event/event.js'
import {
  type EventFilter,
  type EventRepositoryPort,
  type EventSpan,
  type EventUpdate,
  type OverlapQuery,
  updateOneByOne,
} from '../../../core/ports/event-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { inTransaction } from './connection.js'
import type { MongoDocument } from './document.js'
import type { MongoOutbox } from './outbox.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped, literal } from './query-guard.js'

type EventDocument = MongoDocument<CalendarEvent>

const toDocument = ({ id, ...rest }: CalendarEvent): EventDocument => ({ _id: id, ...rest })
const toDomain = ({ _id, ...rest }: EventDocument): CalendarEvent => ({ id: _id, ...rest })

const accountScope = (accountId: string | null): Filter<EventDocument> =>
  accountId === null ? {} : { accountId: literal(accountId, 'accountId') }

/** The calendar events of one surface (the `events` collection of its database); writes and their events in one transaction. */
export class MongoEventRepository implements EventRepositoryPort {
  private readonly collection: Collection<EventDocument>

  constructor(
    private readonly client: MongoClient,
    db: Db,
    private readonly outbox: MongoOutbox,
  ) {
    this.collection = db.collection<EventDocument>('events')
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      // An account's events newest first (list, paging by id).
      { key: { accountId: 1, _id: -1 }, name: 'account_newest_first' },
      // A user's events (list by user, the origin rule's neighbours, the user-delete cascade).
      { key: { accountId: 1, userId: 1, _id: -1 }, name: 'user_newest_first' },
      // A user's upcoming events, soonest first (the upcoming event health list).
      { key: { accountId: 1, userId: 1, startTime: 1, _id: 1 }, name: 'user_soonest_first' },
      // The monitoring sweep: events whose dueAt has come, earliest first, for every account (production)...
      { key: { dueAt: 1 }, name: 'due_at', partialFilterExpression: { dueAt: { $type: 'date' } } },
      // ...or for one account (the sandbox sweeps account by account, each on its own clock).
      {
        key: { accountId: 1, dueAt: 1 },
        name: 'account_due_at',
        partialFilterExpression: { dueAt: { $type: 'date' } },
      },
      // Calendar sync: the events that came from one connected calendar.
      {
        key: { accountId: 1, 'source.calendarId': 1 },
        name: 'account_source_calendar',
        partialFilterExpression: { 'source.calendarId': { $type: 'string' } },
      },
      // Free/busy: the events that invite an address (a user's events by start time use `user_soonest_first`).
      {
        key: { accountId: 1, 'attendees.email': 1, startTime: 1 },
        name: 'attendee_email_start_time',
        partialFilterExpression: { 'attendees.email': { $type: 'string' } },
      },
      // The outbound mirror's retries: events whose write-back to the provider is due.
      {
        key: { 'mirror.nextAttemptAt': 1 },
        name: 'mirror_due_at',
        partialFilterExpression: { 'mirror.nextAttemptAt': { $type: 'date' } },
      },
    ])
  }

  async insert(event: CalendarEvent, events: readonly DomainEvent[]): Promise<void> {
    await inTransaction(this.client, async (session) => {
      await this.collection.insertOne(toDocument(event), { session })
      await this.outbox.appendIn(session, events)
    })
  }

  async get(accountId: string, id: string): Promise<CalendarEvent | null> {
    if (!isIdShaped(id)) return null
    const document = await this.collection.findOne({ _id: id, accountId: literal(accountId, 'accountId') })
    return document === null ? null : toDomain(document)
  }

  async list(accountId: string, filter: EventFilter, page: PageRequest): Promise<Page<CalendarEvent>> {
    const startTime = {
      ...(filter.startFrom === undefined ? {} : { $gte: filter.startFrom }),
      ...(filter.startBefore === undefined ? {} : { $lt: filter.startBefore }),
    }
    const query: Filter<EventDocument> = {
      accountId: literal(accountId, 'accountId'),
      ...(filter.userId === undefined ? {} : { userId: literal(filter.userId, 'userId') }),
      ...(Object.keys(startTime).length === 0 ? {} : { startTime }),
      // A master is the one event holding a `recurrence` list (null or absent otherwise).
      ...(filter.series === 'exclude' ? { recurrence: null } : {}),
      ...(filter.series === 'only' ? { recurrence: { $type: 'array' as const } } : {}),
    }
    return pageByIdDescending(this.collection, query, page, toDomain)
  }

  /** Only the span's fields travel (a projection on `user_newest_first`), not whole events with their health. */
  async spansOfUser(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): Promise<readonly EventSpan[]> {
    if (limit <= 0) return []
    const documents = await this.collection
      .find(
        {
          accountId: literal(accountId, 'accountId'),
          userId: literal(userId, 'userId'),
          startTime: { $gte: startFrom, $lt: startBefore },
        },
        { projection: { startTime: 1, endTime: 1, 'location.lat': 1, 'location.lng': 1 } },
      )
      .sort({ _id: -1 })
      .limit(limit)
      .toArray()
    return documents.map((document) => ({
      id: document._id,
      startTime: document.startTime,
      endTime: document.endTime,
      location: document.location == null ? null : { lat: document.location.lat, lng: document.location.lng },
    }))
  }

  async update(
    event: CalendarEvent,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(event.id)) return 'conflict'
    return inTransaction(this.client, async (session) => {
      const result = await this.collection.replaceOne(
        { _id: event.id, accountId: literal(event.accountId, 'accountId'), version: expectedVersion },
        toDocument(event),
        { session },
      )
      if (result.matchedCount === 0) return 'conflict'
      await this.outbox.appendIn(session, events)
      return 'updated'
    })
  }

  /** One transaction per event, as `update`: a batch in one transaction would hold its locks for the whole batch. */
  async updateMany(updates: readonly EventUpdate[]): Promise<('updated' | 'conflict')[]> {
    return updateOneByOne(this, updates)
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    if (!isIdShaped(id)) return 'conflict'
    return inTransaction(this.client, async (session) => {
      const result = await this.collection.deleteOne(
        { _id: id, accountId: literal(accountId, 'accountId'), version: expectedVersion },
        { session },
      )
      if (result.deletedCount === 0) return 'conflict'
      await this.outbox.appendIn(session, events)
      return 'removed'
    })
  }

  async listByCalendar(accountId: string, calendarId: string): Promise<CalendarEvent[]> {
    const documents = await this.collection
      .find({ accountId: literal(accountId, 'accountId'), 'source.calendarId': literal(calendarId, 'calendarId') })
      .toArray()
    return documents.map(toDomain)
  }

  async overlapping(accountId: string, query: OverlapQuery, limit: number): Promise<CalendarEvent[]> {
    const strings = (values: readonly string[], name: string) => values.map((value) => literal(value, name))
    const anyOf: Filter<EventDocument>[] = [
      ...(query.userIds.length === 0 ? [] : [{ userId: { $in: strings(query.userIds, 'userId') } }]),
      ...(query.calendarIds.length === 0
        ? []
        : [{ 'source.calendarId': { $in: strings(query.calendarIds, 'calendarId') } }]),
      ...(query.attendeeEmails.length === 0
        ? []
        : [{ 'attendees.email': { $in: strings(query.attendeeEmails, 'email') } }]),
      ...(query.attendeeUserIds.length === 0
        ? []
        : [{ 'attendees.userId': { $in: strings(query.attendeeUserIds, 'userId') } }]),
    ]
    if (anyOf.length === 0) return []
    const documents = await this.collection
      .find({
        accountId: literal(accountId, 'accountId'),
        startTime: { $lt: query.to },
        endTime: { $gt: query.from },
        $or: anyOf,
      })
      .sort({ startTime: 1, _id: 1 })
      .limit(limit)
      .toArray()
    return documents.map(toDomain)
  }

  async mirrorDue(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    const documents = await this.collection
      .find({ ...accountScope(accountId), 'mirror.nextAttemptAt': { $lte: now } })
      .sort({ 'mirror.nextAttemptAt': 1, _id: 1 })
      .limit(limit)
      .toArray()
    return documents.map(toDomain)
  }

  async nextMirrorDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    const next = await this.collection
      .find({ ...accountScope(accountId), 'mirror.nextAttemptAt': { $gt: after } }, { projection: { mirror: 1 } })
      .sort({ 'mirror.nextAttemptAt': 1 })
      .limit(1)
      .next()
    return next?.mirror?.nextAttemptAt ?? null
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const result = await this.collection.deleteMany({
      accountId: literal(accountId, 'accountId'),
      userId: literal(userId, 'userId'),
    })
    return result.deletedCount
  }

  async upcoming(accountId: string, userId: string, from: Date, to: Date, limit: number): Promise<CalendarEvent[]> {
    const documents = await this.collection
      .find({
        accountId: literal(accountId, 'accountId'),
        userId: literal(userId, 'userId'),
        startTime: { $gte: from, $lt: to },
      })
      .sort({ startTime: 1, _id: 1 })
      .limit(limit)
      .toArray()
    return documents.map(toDomain)
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    const documents = await this.collection
      .find({ ...accountScope(accountId), dueAt: { $lte: now } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(limit)
      .toArray()
    return documents.map(toDomain)
  }

  async countMonitored(accountId: string, cap: number): Promise<number> {
    if (cap <= 0) return 0
    return this.collection.countDocuments(
      { ...accountScope(accountId), dueAt: { $ne: null } },
      { limit: Math.floor(cap) },
    )
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    const next = await this.collection
      .find({ ...accountScope(accountId), dueAt: { $gt: after } }, { projection: { dueAt: 1 } })
      .sort({ dueAt: 1 })
      .limit(1)
      .next()
    return next?.dueAt ?? null
  }
}
