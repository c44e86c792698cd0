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
import type { Coordinates } from '../../../core/shared/coordinates.js'
import { paginateById, type Page, type PageRequest } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import { DueIndex } from './due-index.js'
import { dueEarliestFirst } from './due-order.js'
import type { MemoryOutbox } from './outbox.js'

/**
 * A stored event as the per-user index holds it: its span (what a recompute reads of each neighbour) and the event.
 * One shape for every event, so that the hundred neighbours a recompute walks are read through one hidden class (the
 * events themselves come in several: optional fields, spread copies). Kept across writes that leave the event's times
 * and place alone (a recompute's), so a span is allocated only when those change.
 */
class StoredSpan implements EventSpan {
  constructor(
    readonly id: string,
    readonly startTime: Date,
    readonly endTime: Date,
    readonly location: Coordinates | null,
    /** `startTime` as a number, compared on every walk of the index. */
    readonly startMs: number,
    /** The stored event (its latest version). */
    public event: CalendarEvent,
  ) {}

  static of(event: CalendarEvent): StoredSpan {
    return new StoredSpan(event.id, event.startTime, event.endTime, event.location, event.startTime.getTime(), event)
  }

  /**
   * Whether `event` has this span's times and the same place object (then the span is kept and only its event
   * replaced): a recompute's write carries the place over as it is; any other change of it makes a new span, so the
   * span's place is always the event's own.
   */
  spans(event: CalendarEvent): boolean {
    return (
      event.location === this.location &&
      event.startTime.getTime() === this.startMs &&
      event.endTime.getTime() === this.endTime.getTime()
    )
  }
}

/** One user's events by id, in the order they were first stored, and whether their ids came in ascending order. */
interface UserSpans {
  readonly spans: Map<string, StoredSpan>
  /** Every id was larger than the ones stored before it (then every selection of them is in ascending id order). */
  ascending: boolean
  /** The last id added. */
  lastId: string
}

/**
 * In-memory events with a per-user index (the origin rule reads a user's neighbouring events on every recompute) and
 * an index of their due times (the monitoring sweep's due query).
 */
export class MemoryEventRepository implements EventRepositoryPort {
  private readonly events = new Map<string, CalendarEvent>()
  /** Per `accountId/userId`, the user's events by id, in the order they were first stored. */
  private readonly byUser = new Map<string, UserSpans>()
  private readonly dueTimes = new DueIndex()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(event: CalendarEvent, events: readonly DomainEvent[]): Promise<void> {
    this.store(event)
    this.outbox.appendNow(events)
  }

  async get(accountId: string, id: string): Promise<CalendarEvent | null> {
    const event = this.events.get(id)
    return event !== undefined && event.accountId === accountId ? event : null
  }

  async list(accountId: string, filter: EventFilter, page: PageRequest): Promise<Page<CalendarEvent>> {
    if (filter.userId !== undefined && page.startingAfter === undefined && page.endingBefore === undefined)
      return this.firstPageOfUser(accountId, filter, page.limit)
    const candidates = filter.userId === undefined ? this.events.values() : this.eventsOfUser(accountId, filter.userId)
    const matching = [...candidates].filter(
      (event) =>
        event.accountId === accountId &&
        (filter.startFrom === undefined || event.startTime >= filter.startFrom) &&
        (filter.startBefore === undefined || event.startTime < filter.startBefore),
    )
    return expectOk(paginateById(matching, page))
  }

  async update(
    event: CalendarEvent,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    const stored = this.events.get(event.id)
    if (stored === undefined || stored.version !== expectedVersion || stored.accountId !== event.accountId)
      return 'conflict'
    this.store(event)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async updateMany(updates: readonly EventUpdate[]): Promise<('updated' | 'conflict')[]> {
    return updateOneByOne(this, updates)
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    const stored = this.events.get(id)
    if (stored === undefined || stored.accountId !== accountId || stored.version !== expectedVersion) return 'conflict'
    this.drop(stored)
    this.outbox.appendNow(events)
    return 'removed'
  }

  /** The index's own span records (nothing is copied). */
  async spansOfUser(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): Promise<readonly EventSpan[]> {
    if (limit <= 0) return []
    return this.firstSpansOfUser(accountId, userId, startFrom.getTime(), startBefore.getTime(), limit)
  }

  async listByCalendar(accountId: string, calendarId: string): Promise<CalendarEvent[]> {
    return [...this.events.values()].filter(
      (event) => event.accountId === accountId && event.source?.calendarId === calendarId,
    )
  }

  async overlapping(accountId: string, query: OverlapQuery, limit: number): Promise<CalendarEvent[]> {
    const calendars = new Set(query.calendarIds)
    const emails = new Set(query.attendeeEmails)
    const attendeeUsers = new Set(query.attendeeUserIds)
    // The owners' events through the per-user index; the other criteria need every event of the surface.
    const candidates =
      calendars.size === 0 && emails.size === 0 && attendeeUsers.size === 0
        ? query.userIds.flatMap((userId) => this.eventsOfUser(accountId, userId))
        : [...this.events.values()]
    const owners = new Set(query.userIds)
    return candidates
      .filter(
        (event) =>
          event.accountId === accountId &&
          event.startTime < query.to &&
          event.endTime > query.from &&
          (owners.has(event.userId) ||
            (event.source?.calendarId !== undefined && calendars.has(event.source.calendarId)) ||
            event.attendees.some(
              (attendee) =>
                (attendee.email !== null && emails.has(attendee.email)) ||
                (attendee.userId !== null && attendeeUsers.has(attendee.userId)),
            )),
      )
      .map((event) => ({ event, start: event.startTime.getTime() }))
      .sort((a, b) => a.start - b.start || (a.event.id < b.event.id ? -1 : 1))
      .slice(0, limit)
      .map(({ event }) => event)
  }

  async mirrorDue(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    return dueEarliestFirst(this.events.values(), accountId, (event) => event.mirror?.nextAttemptAt ?? null, now, limit)
  }

  async nextMirrorDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const event of this.events.values()) {
      const at = event.mirror?.nextAttemptAt ?? null
      if (at === null || at <= after || (accountId !== null && event.accountId !== accountId)) continue
      if (earliest === null || at < earliest) earliest = at
    }
    return earliest
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const events = this.eventsOfUser(accountId, userId)
    for (const event of events) this.drop(event)
    return events.length
  }

  async upcoming(accountId: string, userId: string, from: Date, to: Date, limit: number): Promise<CalendarEvent[]> {
    return this.eventsOfUser(accountId, userId)
      .filter((event) => event.startTime >= from && event.startTime < to)
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit)
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    if (!Number.isInteger(limit) || limit <= 0)
      return dueEarliestFirst(this.events.values(), accountId, (event) => event.dueAt, now, limit)
    const ids = this.dueTimes.due(
      now.getTime(),
      (id) => accountId === null || this.indexed(id).accountId === accountId,
      limit,
    )
    return ids.map((id) => this.indexed(id))
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const event of this.events.values()) {
      if (event.dueAt === null || event.dueAt <= after || (accountId !== null && event.accountId !== accountId))
        continue
      if (earliest === null || event.dueAt < earliest) earliest = event.dueAt
    }
    return earliest
  }

  /**
   * `list` of one user's events without a cursor: the same page as `paginateById`, newest id first, from
   * `firstSpansOfUser`.
   */
  private firstPageOfUser(accountId: string, filter: EventFilter, limit: number): Page<CalendarEvent> {
    const spans = this.firstSpansOfUser(
      accountId,
      filter.userId ?? '',
      filter.startFrom?.getTime() ?? Number.NEGATIVE_INFINITY,
      filter.startBefore?.getTime() ?? Number.POSITIVE_INFINITY,
      limit + 1,
    )
    return { data: spans.slice(0, limit).map((span) => span.event), hasMore: spans.length > limit }
  }

  /**
   * The first `limit` of one user's events starting in [`from`, `before`), newest id first (the origin rule's and the
   * health assessment's read of the neighbouring events, on every recompute), in one pass over the user's index. Ids
   * are time-ordered and the index keeps the order of first storing, so the matches usually come out in ascending id
   * order already and are reversed rather than sorted.
   */
  private firstSpansOfUser(
    accountId: string,
    userId: string,
    from: number,
    before: number,
    limit: number,
  ): StoredSpan[] {
    const matching: StoredSpan[] = []
    const user = this.byUser.get(`${accountId}/${userId}`)
    if (user === undefined) return matching
    for (const span of user.spans.values()) {
      const start = span.startMs
      if (start >= from && start < before) matching.push(span)
    }
    if (user.ascending) matching.reverse()
    else matching.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    if (matching.length > limit) matching.length = limit
    return matching
  }

  /** Every event of one user, in the order they were first stored. */
  private eventsOfUser(accountId: string, userId: string): CalendarEvent[] {
    return Array.from(this.byUser.get(`${accountId}/${userId}`)?.spans.values() ?? [], (span) => span.event)
  }

  private store(event: CalendarEvent): void {
    this.events.set(event.id, event)
    this.dueTimes.set(event.id, event.dueAt)
    const key = `${event.accountId}/${event.userId}`
    let user = this.byUser.get(key)
    if (user === undefined) {
      user = { spans: new Map(), ascending: true, lastId: '' }
      this.byUser.set(key, user)
    }
    const span = user.spans.get(event.id)
    if (span?.spans(event)) span.event = event
    else {
      if (span === undefined) {
        if (event.id <= user.lastId) user.ascending = false
        user.lastId = event.id
      }
      user.spans.set(event.id, StoredSpan.of(event))
    }
  }

  /** An event the due index names: the index and the map change together, so it is there. */
  private indexed(id: string): CalendarEvent {
    const event = this.events.get(id)
    if (event === undefined) throw new Error(`event ${id} is in the due index but not stored`)
    return event
  }

  private drop(event: CalendarEvent): void {
    this.events.delete(event.id)
    this.dueTimes.delete(event.id)
    this.byUser.get(`${event.accountId}/${event.userId}`)?.spans.delete(event.id)
  }
}
