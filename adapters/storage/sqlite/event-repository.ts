import type { CalendarEvent } from '../../../core/event/event.js'
import type {
  EventFilter,
  EventRepositoryPort,
  EventSpan,
  EventUpdate,
  OverlapQuery,
} from '../../../core/ports/event-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { boundLimit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, dueRecords, insertRow, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (event: CalendarEvent): Columns => ({
  id: event.id,
  account_id: event.accountId,
  user_id: event.userId,
  start_time: event.startTime.getTime(),
  end_time: event.endTime.getTime(),
  due_at: epochMs(event.dueAt),
  mirror_due_at: epochMs(event.mirror?.nextAttemptAt),
  source_calendar_id: event.source?.calendarId ?? null,
  location_lat: event.location?.lat ?? null,
  location_lng: event.location?.lng ?? null,
  version: event.version,
  doc: encodeJson(event),
})

/**
 * The attendees of an event as rows of `event_attendees` (free/busy finds the events inviting an address or a user
 * through them); rewritten with every write of the event, removed with it (ON DELETE CASCADE).
 */
const writeAttendees = (db: SqliteDatabase, event: CalendarEvent, replacing: boolean): void => {
  const rows = event.attendees.filter((attendee) => attendee.email !== null || attendee.userId !== null)
  if (replacing) {
    // Most writes of an event (the monitor's) change neither its attendees nor its times: reading the rows costs
    // less than writing their pages again.
    const stored = statement(
      db,
      'SELECT email, user_id, start_time, end_time FROM event_attendees WHERE event_id = ? ORDER BY rowid',
    ).all(event.id) as { email: string | null; user_id: string | null; start_time: number; end_time: number }[]
    const unchanged =
      stored.length === rows.length &&
      stored.every(
        (row, index) =>
          row.email === rows[index]?.email &&
          row.user_id === rows[index]?.userId &&
          row.start_time === event.startTime.getTime() &&
          row.end_time === event.endTime.getTime(),
      )
    if (unchanged) return
    statement(db, 'DELETE FROM event_attendees WHERE event_id = ?').run(event.id)
  }
  for (const attendee of rows) {
    statement(
      db,
      'INSERT INTO event_attendees (event_id, account_id, email, user_id, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      event.id,
      event.accountId,
      attendee.email,
      attendee.userId,
      event.startTime.getTime(),
      event.endTime.getTime(),
    )
  }
}

/** A list bound as one JSON parameter (`IN (SELECT value FROM json_each(?))`): any length, one prepared statement. */
const jsonList = (values: readonly string[]): string => JSON.stringify(values)

/** The calendar events of one surface; a write and its domain events are one transaction. */
export class SqliteEventRepository implements EventRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(event: CalendarEvent, events: readonly DomainEvent[]): Promise<void> {
    inTransaction(this.db, () => {
      insertRow(this.db, 'events', columnsOf(event))
      writeAttendees(this.db, event, false)
      this.outbox.appendIn(events)
    })
  }

  async get(accountId: string, id: string): Promise<CalendarEvent | null> {
    return oneRecord<CalendarEvent>(this.db, 'SELECT doc FROM events WHERE id = ? AND account_id = ?', id, accountId)
  }

  async list(accountId: string, filter: EventFilter, page: PageRequest): Promise<Page<CalendarEvent>> {
    const conditions = ['account_id = @accountId']
    if (filter.userId !== undefined) conditions.push('user_id = @userId')
    if (filter.startFrom !== undefined) conditions.push('start_time >= @startFrom')
    if (filter.startBefore !== undefined) conditions.push('start_time < @startBefore')
    // A master is the one event whose document holds a `recurrence` list (null or absent otherwise).
    if (filter.series === 'exclude') conditions.push("json_extract(doc, '$.recurrence') IS NULL")
    if (filter.series === 'only') conditions.push("json_type(doc, '$.recurrence') = 'array'")
    return pageByIdDescending<CalendarEvent>(
      this.db,
      'events',
      conditions.join(' AND '),
      {
        accountId,
        ...(filter.userId === undefined ? {} : { userId: filter.userId }),
        ...(filter.startFrom === undefined ? {} : { startFrom: filter.startFrom.getTime() }),
        ...(filter.startBefore === undefined ? {} : { startBefore: filter.startBefore.getTime() }),
      },
      page,
    )
  }

  /** From the columns alone (`events_user_start` finds them): no document is read or decoded. */
  async spansOfUser(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): Promise<readonly EventSpan[]> {
    if (limit <= 0) return []
    const rows = statement(
      this.db,
      `SELECT id, start_time, end_time, location_lat, location_lng FROM events
       WHERE account_id = ? AND user_id = ? AND start_time >= ? AND start_time < ? ORDER BY id DESC ${boundLimit()}`,
    )
      .raw()
      .all(accountId, userId, startFrom.getTime(), startBefore.getTime(), limit) as [
      string,
      number,
      number,
      number | null,
      number | null,
    ][]
    return rows.map(([id, start, end, lat, lng]) => ({
      id,
      startTime: new Date(start),
      endTime: new Date(end),
      location: lat === null || lng === null ? null : { lat, lng },
    }))
  }

  async update(
    event: CalendarEvent,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => this.replace(event, expectedVersion, events))
  }

  /**
   * One transaction for the whole batch: a commit appends every page it changed to the log, and the updates of a
   * sweep share most of theirs (the due-time indexes, the outbox), so a batch costs a fraction of its updates'
   * commits. A conflict writes nothing of its own and leaves the others.
   */
  async updateMany(updates: readonly EventUpdate[]): Promise<('updated' | 'conflict')[]> {
    if (updates.length === 0) return []
    return inTransaction(this.db, () =>
      updates.map(({ event, expectedVersion, events }) => this.replace(event, expectedVersion, events)),
    )
  }

  private replace(
    event: CalendarEvent,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): 'updated' | 'conflict' {
    if (!replaceIfVersion(this.db, 'events', event, expectedVersion, columnsOf(event))) return 'conflict'
    writeAttendees(this.db, event, true)
    this.outbox.appendIn(events)
    return 'updated'
  }

  async remove(
    accountId: string,
    id: string,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'removed' | 'conflict'> {
    return inTransaction(this.db, () => {
      const { changes } = statement(this.db, 'DELETE FROM events WHERE id = ? AND account_id = ? AND version = ?').run(
        id,
        accountId,
        expectedVersion,
      )
      if (changes !== 1) return 'conflict'
      this.outbox.appendIn(events)
      return 'removed'
    })
  }

  async listByCalendar(accountId: string, calendarId: string): Promise<CalendarEvent[]> {
    return allRecords<CalendarEvent>(
      this.db,
      'SELECT doc FROM events WHERE account_id = ? AND source_calendar_id = ? ORDER BY id',
      accountId,
      calendarId,
    )
  }

  async overlapping(accountId: string, query: OverlapQuery, limit: number): Promise<CalendarEvent[]> {
    // One indexed branch per list that names something; the union finds each event once.
    const window = 'account_id = @accountId AND start_time < @to AND end_time > @from'
    const branches = [
      ...(query.userIds.length === 0
        ? []
        : [`SELECT id FROM events WHERE ${window} AND user_id IN (SELECT value FROM json_each(@userIds))`]),
      ...(query.calendarIds.length === 0
        ? []
        : [
            `SELECT id FROM events WHERE ${window} AND source_calendar_id IN (SELECT value FROM json_each(@calendarIds))`,
          ]),
      ...(query.attendeeEmails.length === 0
        ? []
        : [`SELECT event_id FROM event_attendees WHERE ${window} AND email IN (SELECT value FROM json_each(@emails))`]),
      ...(query.attendeeUserIds.length === 0
        ? []
        : [
            `SELECT event_id FROM event_attendees WHERE ${window} AND user_id IN (SELECT value FROM json_each(@attendeeUserIds))`,
          ]),
    ]
    if (branches.length === 0 || limit <= 0) return []
    const parameters = {
      accountId,
      from: query.from.getTime(),
      to: query.to.getTime(),
      ...(query.userIds.length === 0 ? {} : { userIds: jsonList(query.userIds) }),
      ...(query.calendarIds.length === 0 ? {} : { calendarIds: jsonList(query.calendarIds) }),
      ...(query.attendeeEmails.length === 0 ? {} : { emails: jsonList(query.attendeeEmails) }),
      ...(query.attendeeUserIds.length === 0 ? {} : { attendeeUserIds: jsonList(query.attendeeUserIds) }),
      limit,
    }
    return allRecords<CalendarEvent>(
      this.db,
      `SELECT doc FROM events WHERE id IN (${branches.join(' UNION ')}) ORDER BY start_time, id ${boundLimit('@limit')}`,
      parameters,
    )
  }

  async upcoming(accountId: string, userId: string, from: Date, to: Date, limit: number): Promise<CalendarEvent[]> {
    if (limit <= 0) return []
    return allRecords<CalendarEvent>(
      this.db,
      `SELECT doc FROM events WHERE account_id = ? AND user_id = ? AND start_time >= ? AND start_time < ?
       ORDER BY start_time, id ${boundLimit()}`,
      accountId,
      userId,
      from.getTime(),
      to.getTime(),
      limit,
    )
  }

  async mirrorDue(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    return dueRecords<CalendarEvent>(this.db, 'events', 'mirror_due_at', accountId, now, limit)
  }

  async nextMirrorDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'events', 'mirror_due_at', accountId, after)
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM events WHERE account_id = ? AND user_id = ?').run(accountId, userId).changes
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<CalendarEvent[]> {
    return dueRecords<CalendarEvent>(this.db, 'events', 'due_at', accountId, now, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'events', 'due_at', accountId, after)
  }

  async countMonitored(accountId: string, cap: number): Promise<number> {
    // On the partial index `events_account_due`, stopping at the cap.
    const row = statement(
      this.db,
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM events WHERE account_id = ? AND due_at IS NOT NULL LIMIT ?)',
    ).get(accountId, Math.max(0, Math.floor(cap))) as { n: number }
    return row.n
  }
}
