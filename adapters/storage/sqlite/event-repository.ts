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
import { boundLimit, inGroupCommit, inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import { KeptSpans } from './kept-spans.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import {
  allRecords,
  type Columns,
  dueRecords,
  insertRow,
  nextDueAt,
  oneRecord,
  replaceIfVersionWithChanges,
} from './records.js'

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

/** The columns a span is made of: a write that changes one of them changes its user's spans. */
const SPAN_COLUMNS: ReadonlySet<string> = new Set(['user_id', 'start_time', 'end_time', 'location_lat', 'location_lng'])

/** Up to this many spans of one user are kept in memory; a user with more is read from the file every time. */
const KEPT_SPANS_PER_USER = 1_000

/** Spans kept for all users together (about 300 bytes each): a million monitored events' worth. */
const KEPT_SPANS = 1_000_000

type SpanRow = [string, number, number, number | null, number | null]

const spanOf = ([id, start, end, lat, lng]: SpanRow): EventSpan => ({
  id,
  startTime: new Date(start),
  endTime: new Date(end),
  location: lat === null || lng === null ? null : { lat, lng },
})

const spanKey = (accountId: string, userId: string): string => `${accountId}\u0000${userId}`

/** A list bound as one JSON parameter (`IN (SELECT value FROM json_each(?))`): any length, one prepared statement. */
const jsonList = (values: readonly string[]): string => JSON.stringify(values)

/** The calendar events of one surface; a write and its domain events are one transaction. */
export class SqliteEventRepository implements EventRepositoryPort {
  /**
   * Each user's spans as last read (every recompute reads a hundred of its user's neighbours, the largest part of a
   * recompute's reads), valid while the file is unchanged by another connection (`ReadCache`); this repository's own
   * writes forget the users whose spans they change, or add the event they insert.
   */
  private readonly spans: KeptSpans

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
    /** Monotonic milliseconds, for the looks at the file's version (tests pass a manual clock). */
    monotonicMs?: () => number,
  ) {
    this.spans = new KeptSpans(db, KEPT_SPANS, monotonicMs)
  }

  /** In a group commit with the other writes of this turn (`inGroupCommit`): answered once committed. */
  async insert(event: CalendarEvent, events: readonly DomainEvent[]): Promise<void> {
    const columns = columnsOf(event)
    const rows = this.outbox.rowsOf(events)
    await inGroupCommit(
      this.db,
      () => {
        insertRow(this.db, 'events', columns)
        writeAttendees(this.db, event, false)
        this.outbox.insertRows(rows)
      },
      () => this.keepInserted(event),
    )
  }

  /**
   * A committed insert joins its user's kept spans (read again, they would cost a new event as much as its whole
   * insert); inside a caller's transaction, which may still roll back, they are forgotten instead.
   */
  private keepInserted(event: CalendarEvent): void {
    const key = spanKey(event.accountId, event.userId)
    const kept = this.spans.peek(key)
    if (kept == null) return
    if (this.db.inTransaction || kept.length >= KEPT_SPANS_PER_USER) {
      this.spans.delete(key)
      return
    }
    const span = spanOf([
      event.id,
      event.startTime.getTime(),
      event.endTime.getTime(),
      event.location?.lat ?? null,
      event.location?.lng ?? null,
    ])
    const start = span.startTime.getTime()
    let low = 0
    let high = kept.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((kept[middle] as EventSpan).startTime.getTime() <= start) low = middle + 1
      else high = middle
    }
    kept.splice(low, 0, span)
    this.spans.added(key)
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

  /**
   * From the user's kept spans (read once from the columns, `events_user_start`, until a write changes them), or
   * from the columns alone for a user with more than are kept or inside a transaction: no document is read or decoded.
   */
  async spansOfUser(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): Promise<readonly EventSpan[]> {
    if (limit <= 0) return []
    // Inside a transaction the rows may be uncommitted: nothing read there is kept.
    const kept = this.db.inTransaction
      ? null
      : this.spans.get(spanKey(accountId, userId), () => this.readUserSpans(accountId, userId))
    if (kept == null) return this.querySpans(accountId, userId, startFrom, startBefore, limit)
    const from = startFrom.getTime()
    const before = startBefore.getTime()
    let low = 0
    let high = kept.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((kept[middle] as EventSpan).startTime.getTime() < from) low = middle + 1
      else high = middle
    }
    const found: EventSpan[] = []
    for (let index = low; index < kept.length; index += 1) {
      const span = kept[index] as EventSpan
      if (span.startTime.getTime() >= before) break
      found.push(span)
    }
    // The query's order: newest id first (ids compared as SQLite compares text, byte by byte: they are ASCII).
    found.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    return found.length > limit ? found.slice(0, limit) : found
  }

  /** The user's spans in order of start, or null when the user has more than are kept for one. */
  private readUserSpans(accountId: string, userId: string): EventSpan[] | null {
    const rows = statement(
      this.db,
      `SELECT id, start_time, end_time, location_lat, location_lng FROM events
       WHERE account_id = ? AND user_id = ? ORDER BY start_time ${boundLimit()}`,
    )
      .raw()
      .all(accountId, userId, KEPT_SPANS_PER_USER + 1) as SpanRow[]
    return rows.length > KEPT_SPANS_PER_USER ? null : rows.map(spanOf)
  }

  private querySpans(
    accountId: string,
    userId: string,
    startFrom: Date,
    startBefore: Date,
    limit: number,
  ): readonly EventSpan[] {
    const rows = statement(
      this.db,
      `SELECT id, start_time, end_time, location_lat, location_lng FROM events
       WHERE account_id = ? AND user_id = ? AND start_time >= ? AND start_time < ? ORDER BY id DESC ${boundLimit()}`,
    )
      .raw()
      .all(accountId, userId, startFrom.getTime(), startBefore.getTime(), limit) as SpanRow[]
    return rows.map(spanOf)
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
    const replaced = replaceIfVersionWithChanges(this.db, 'events', event, expectedVersion, columnsOf(event))
    if (replaced === null) return 'conflict'
    // A recompute changes none of the span columns: the user's kept spans stay.
    if (replaced.changed.some((name) => SPAN_COLUMNS.has(name))) {
      this.spans.delete(spanKey(event.accountId, event.userId))
      this.spans.delete(spanKey(event.accountId, String(replaced.before.user_id)))
    }
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
      const removed = statement(
        this.db,
        'DELETE FROM events WHERE id = ? AND account_id = ? AND version = ? RETURNING user_id',
      ).get(id, accountId, expectedVersion) as { user_id: string } | undefined
      if (removed === undefined) return 'conflict'
      this.spans.delete(spanKey(accountId, removed.user_id))
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
    this.spans.delete(spanKey(accountId, userId))
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
