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
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import { DueIndex } from './due-index.js'
import { dueEarliestFirst } from './due-order.js'
import type { MemoryOutbox } from './outbox.js'

/**
 * A stored event as the per-user index holds it: its span (what a recompute reads of each neighbour) and the event.
 * One shape for every event, so that the hundred neighbours a recompute walks are read through one hidden class (the
 * events themselves come in several: optional fields, spread copies). Kept across writes that leave the event's times
 * and place alone (a recompute's), so a span is allocated only when those change. The measurement that keeps it:
 * docs/performance.md, "Hot-path techniques" (this family is for tests, demos and benchmarks: docs/architecture.md).
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

/** One user's events by id, in the order they were first stored, and the same spans by start. */
interface UserSpans {
  readonly spans: Map<string, StoredSpan>
  /**
   * The spans in order of their start, then of their id: a read of a range of starts walks only the spans in it,
   * however many events the user has (a POST of an event reads its neighbours, and a user may hold a year).
   */
  readonly byStart: StoredSpan[]
}

/** The position in `list` (by start, then id) of the first span at or after the start `ms` and the id `id`. */
const positionOf = (list: readonly StoredSpan[], ms: number, id: string): number => {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const span = list[middle] as StoredSpan
    if (span.startMs < ms || (span.startMs === ms && span.id < id)) low = middle + 1
    else high = middle
  }
  return low
}

/** The position of the first span of `list` starting at or after `ms` (every id is after the empty one). */
const firstStartingFrom = (list: readonly StoredSpan[], ms: number): number => positionOf(list, ms, '')

const addByStart = (list: StoredSpan[], span: StoredSpan): void => {
  const at = positionOf(list, span.startMs, span.id)
  if (at === list.length) list.push(span)
  else list.splice(at, 0, span)
}

const removeByStart = (list: StoredSpan[], span: StoredSpan): void => {
  const at = positionOf(list, span.startMs, span.id)
  if (list[at] === span) list.splice(at, 1)
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
  /**
   * The events with a mirror attempt to make (`mirror.nextAttemptAt` set), in the order they got one: the calendar
   * mirror's job asks every second, and few events ever wait for an attempt, so its query reads these instead of
   * every event.
   */
  private readonly mirrorWaiting = new Map<string, CalendarEvent>()

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
    if (
      filter.userId !== undefined &&
      filter.series === undefined &&
      page.startingAfter === undefined &&
      page.endingBefore === undefined
    )
      return this.firstPageOfUser(accountId, filter, page.limit)
    const candidates = filter.userId === undefined ? this.events.values() : this.eventsOfUser(accountId, filter.userId)
    const matching = [...candidates].filter(
      (event) =>
        event.accountId === accountId &&
        (filter.startFrom === undefined || event.startTime >= filter.startFrom) &&
        (filter.startBefore === undefined || event.startTime < filter.startBefore) &&
        (filter.series === undefined || Array.isArray(event.recurrence) === (filter.series === 'only')),
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
    return dueEarliestFirst(
      this.mirrorWaiting.values(),
      accountId,
      (event) => event.mirror?.nextAttemptAt ?? null,
      now,
      limit,
    )
  }

  async nextMirrorDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const event of this.mirrorWaiting.values()) {
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

  async countMonitored(accountId: string, cap: number): Promise<number> {
    let count = 0
    for (const event of this.events.values()) {
      if (count >= cap) break
      if (event.accountId === accountId && event.dueAt !== null) count++
    }
    return count
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
   * health assessment's read of the neighbouring events, on every recompute): a binary search for the first start in
   * range, then a walk over the range only. Ids are time-ordered and events are usually created in the order of their
   * start (and spans starting together are in id order), so the matches usually come out in ascending id order
   * already and are reversed rather than sorted.
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
    const list = user.byStart
    let ascending = true
    let previous = ''
    for (let at = firstStartingFrom(list, from); at < list.length; at++) {
      const span = list[at] as StoredSpan
      if (span.startMs >= before) break
      if (ascending && span.id < previous) ascending = false
      previous = span.id
      matching.push(span)
    }
    if (ascending) matching.reverse()
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
    if ((event.mirror?.nextAttemptAt ?? null) === null) this.mirrorWaiting.delete(event.id)
    else this.mirrorWaiting.set(event.id, event)
    const key = `${event.accountId}/${event.userId}`
    let user = this.byUser.get(key)
    if (user === undefined) {
      user = { spans: new Map(), byStart: [] }
      this.byUser.set(key, user)
    }
    const span = user.spans.get(event.id)
    if (span?.spans(event)) span.event = event
    else {
      if (span !== undefined) removeByStart(user.byStart, span)
      const stored = StoredSpan.of(event)
      user.spans.set(event.id, stored)
      addByStart(user.byStart, stored)
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
    this.mirrorWaiting.delete(event.id)
    const user = this.byUser.get(`${event.accountId}/${event.userId}`)
    const span = user?.spans.get(event.id)
    if (user === undefined || span === undefined) return
    user.spans.delete(event.id)
    removeByStart(user.byStart, span)
  }
}
