import type { CalendarEvent } from '../event/event.js'
import type { Coordinates } from '../shared/coordinates.js'
import type { Page, PageRequest } from '../shared/pagination.js'
import type { DomainEvent } from './outbox.js'

export interface EventFilter {
  readonly userId?: string | undefined
  /** Events starting at or after. */
  readonly startFrom?: Date | undefined
  /** Events starting before. */
  readonly startBefore?: Date | undefined
  /**
   * `exclude`: no series masters (events with a `recurrence`); `only`: the masters alone (filtered by their first
   * occurrence's start); absent: every stored event.
   */
  readonly series?: 'exclude' | 'only' | undefined
}

/** What free/busy reads: events overlapping [from, to) that any of the lists names (an empty list names nothing). */
export interface OverlapQuery {
  /** Events these users own. */
  readonly userIds: readonly string[]
  /** Events synced from (or mirrored to) these calendars (`source.calendarId`). */
  readonly calendarIds: readonly string[]
  /** Events listing one of these (lower-case) e-mail addresses as an attendee. */
  readonly attendeeEmails: readonly string[]
  /** Events listing one of these users as an attendee (`attendees[].user_id`). */
  readonly attendeeUserIds: readonly string[]
  readonly from: Date
  readonly to: Date
}

/**
 * What the departure monitor reads of a user's other events on every recompute (the origin rule and the conflicts
 * of event health): when each one is, and where. An adapter may answer whole events (they have these fields).
 */
export interface EventSpan {
  readonly id: string
  readonly startTime: Date
  readonly endTime: Date
  /** The event's coordinates (`lat`, `lng`), null when it has no location. */
  readonly location: Coordinates | null
}

/** One write of `updateMany`: the event's next state, the version it replaces, and its domain events. */
export interface EventUpdate {
  readonly event: CalendarEvent
  readonly expectedVersion: number
  readonly events: readonly DomainEvent[]
}

/**
 * Calendar events of one surface. Writes carry their domain events (outbox) and
 * compare versions. `dueAt` is indexed: the monitoring sweep reads the due ones.
 */
export interface EventRepositoryPort {
  insert(event: CalendarEvent, events: readonly DomainEvent[]): Promise<void>
  get(accountId: string, id: string): Promise<CalendarEvent | null>
  list(accountId: string, filter: EventFilter, page: PageRequest): Promise<Page<CalendarEvent>>
  update(event: CalendarEvent, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'>
  /**
   * `update` of each one in turn, answered in order: each against its own expected version, a conflict leaving the
   * others to be written. An adapter may commit them together (the monitoring sweep writes a batch of recomputed
   * events at once); none of them is answered `updated` before it is stored.
   */
  updateMany(updates: readonly EventUpdate[]): Promise<('updated' | 'conflict')[]>
  remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'>
  /** Every event whose `source.calendarId` is this calendar (sync dedupes and removes by them). */
  listByCalendar(accountId: string, calendarId: string): Promise<CalendarEvent[]>
  /** Up to `limit` events matching the query (start before `to`, end after `from`), earliest start first. */
  overlapping(accountId: string, query: OverlapQuery, limit: number): Promise<CalendarEvent[]>
  /** Up to `limit` events whose mirror has an attempt due (`mirror.nextAttemptAt <= now`), earliest first; `accountId` null for every account. */
  mirrorDue(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]>
  /** The earliest `mirror.nextAttemptAt` after `after`, or null. */
  nextMirrorDueAt(accountId: string | null, after: Date): Promise<Date | null>
  /**
   * The events of `list(accountId, { userId, startFrom, startBefore }, { limit })`'s first page (the same events,
   * in the same order: newest id first), as spans: a recompute reads up to a hundred of them and needs only their
   * times and places, so an adapter that stores documents can answer without decoding each one.
   */
  spansOfUser(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): Promise<readonly EventSpan[]>
  /** Removes every event of a user (the user-delete cascade); returns how many. */
  removeByUser(accountId: string, userId: string): Promise<number>
  /**
   * Up to `limit` events of a user starting in [`from`, `to`), soonest first (ties by id):
   * the upcoming event health list.
   */
  upcoming(accountId: string, userId: string, from: Date, to: Date, limit: number): Promise<CalendarEvent[]>
  /** Up to `limit` events with `dueAt <= now`, earliest first; `accountId` null for every account. */
  due(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]>
  /** The earliest `dueAt` after `after`, or null. */
  nextDueAt(accountId: string | null, after: Date): Promise<Date | null>
  /**
   * How many of the account's events the monitor still watches (a `dueAt` set: a recompute, a threshold, the start
   * or the end still ahead), counted up to `cap` (the answer is then `cap`).
   */
  countMonitored(accountId: string, cap: number): Promise<number>
}

/**
 * `updateMany` as `update` of each one in turn: for an adapter that has no cheaper way to write several (one
 * transaction per event, as the memory and MongoDB adapters do).
 */
export const updateOneByOne = async (
  repository: Pick<EventRepositoryPort, 'update'>,
  updates: readonly EventUpdate[],
): Promise<('updated' | 'conflict')[]> => {
  const outcomes: ('updated' | 'conflict')[] = []
  for (const { event, expectedVersion, events } of updates)
    outcomes.push(await repository.update(event, expectedVersion, events))
  return outcomes
}
