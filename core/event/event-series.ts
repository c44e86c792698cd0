import type { Departure } from '../departure/departure.js'
import { openMonitoring } from '../monitoring/monitoring-transition.js'
import type { EventFilter, EventRepositoryPort } from '../ports/event-repository.js'
import type { IdGenerator } from '../ports/id-generator.js'
import { domainEvent } from '../shared/domain-event.js'
import { type ConcurrentModification, InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { type Page, type PageRequest, validatePageRequest } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import { type AllDayDates, allDayDatesFrom, localDateOf } from './all-day.js'
import { CalendarChangeRefused, DepartureUnavailable } from './event.errors.js'
import { type CalendarEvent, monitoringDueAt } from './event.js'
import { API_CHANGE, type ChangeContext, type EventLifecycle } from './event-lifecycle.js'
import type { EventPatch, EventService } from './event-service.js'
import {
  expandSeries,
  FAR_FUTURE,
  isOccurrence,
  occurrenceId,
  parseOccurrenceId,
  type SeriesOccurrence,
  type SeriesShape,
  splitSeries,
  withExclusion,
} from './recurrence.js'
import { isSeriesMaster } from './series-shape.js'

/** Which occurrences an edit of a series reaches (`apply_to`). */
export const EDIT_SCOPES = ['this', 'following', 'all'] as const
export type EditScope = (typeof EDIT_SCOPES)[number]

/** How `GET /v1/events` shows series: their occurrences in the window (the default), or the masters themselves. */
export const SERIES_LISTINGS = ['occurrences', 'masters'] as const
export type SeriesListing = (typeof SERIES_LISTINGS)[number]

/**
 * How far ahead the occurrences of a series are stored and monitored like single events. The rest of an endless
 * series is never stored: the sweep stores each occurrence as it comes within this horizon.
 */
export const OCCURRENCE_MONITORING_HORIZON_MS = 24 * 3_600_000

const DAY_MS = 86_400_000
/** A window with no end given is this long: a year of a daily series, and a day over. */
export const DEFAULT_OCCURRENCE_WINDOW_DAYS = 366
/** Masters read per listing (a user with more series sees the first ones' occurrences only: documented). */
const MAX_SERIES_PER_LISTING = 1000

type SeriesError = ResourceNotFound | AccountDeactivated | InvalidParameter | ConcurrentModification
type SeriesEditError = SeriesError | CalendarChangeRefused

export interface EventSeriesDeps {
  readonly events: EventRepositoryPort
  readonly ids: IdGenerator
  /** Series changes are reported here (the calendar mirror writes them out), once per edit. */
  readonly lifecycle?: EventLifecycle
}

/** A series as it stood before an edit: what a refused edit puts back. */
interface SeriesSnapshot {
  readonly master: CalendarEvent
  readonly exceptions: readonly CalendarEvent[]
}

/** The writes of one series edit: the series service reports the series when the edit is done. */
const WITHIN_SERIES_EDIT: ChangeContext = { origin: 'api', seriesReportedByCaller: true }

/** The series a master describes (what `expandSeries` reads). */
export const seriesShapeOfMaster = (master: CalendarEvent): SeriesShape => ({
  start: master.startTime,
  end: master.endTime,
  timezone: master.timezone,
  recurrence: master.recurrence ?? [],
  allDay: master.allDay !== undefined && master.allDay !== null,
})

const overridden = (master: CalendarEvent, originalStart: Date): boolean =>
  (master.exceptions ?? []).includes(originalStart.toISOString())

/**
 * One occurrence of a series as an event: the master's fields at the occurrence's time, with a derived id. It is
 * not stored (an occurrence edited on its own is: an exception).
 */
export const occurrenceOf = (master: CalendarEvent, occurrence: SeriesOccurrence, now: Date): CalendarEvent => {
  const monitoring = openMonitoring({
    startTime: occurrence.start,
    endTime: occurrence.end,
    hasLocation: master.location !== null,
    locationUnresolved: master.unresolvedLocation !== null && master.unresolvedLocation !== undefined,
    preAlertMinutes: master.monitoring.preAlertMinutes,
    now,
  })
  return {
    ...master,
    id: occurrenceId(master.id, occurrence.originalStart),
    startTime: occurrence.start,
    endTime: occurrence.end,
    allDay:
      master.allDay === undefined || master.allDay === null
        ? null
        : allDayDatesFrom(master.allDay, occurrence.start, master.timezone),
    recurrence: null,
    exceptions: null,
    recurringEventId: master.id,
    originalStartTime: occurrence.originalStart,
    monitoring,
    dueAt: null,
    health: null,
    mirror: null,
  }
}

/** Reads and edits series and their occurrences; single events go straight to the event service. */
export class EventSeriesService {
  constructor(
    private readonly deps: EventSeriesDeps,
    private readonly single: EventService,
  ) {}

  /**
   * An event by id: a stored one, or an occurrence of a series (404 when the series or the occurrence is gone). An
   * occurrence shows its series' calendar mirror (the provider holds the series as one).
   */
  async retrieve(scope: RequestScope, id: string): Promise<Result<CalendarEvent, ResourceNotFound>> {
    const found = await this.find(scope, id)
    return found.ok ? ok(await this.withSeriesMirror(scope, found.value)) : found
  }

  private async withSeriesMirror(scope: RequestScope, event: CalendarEvent): Promise<CalendarEvent> {
    const seriesId = event.recurringEventId
    if (seriesId === undefined || seriesId === null) return event
    const master = await this.deps.events.get(scope.accountId, seriesId)
    return master?.mirror === undefined || master.mirror === null ? event : { ...event, mirror: master.mirror }
  }

  private async find(scope: RequestScope, id: string): Promise<Result<CalendarEvent, ResourceNotFound>> {
    const stored = await this.deps.events.get(scope.accountId, id)
    if (stored !== null) return ok(stored)
    const named = parseOccurrenceId(id)
    if (named !== null) {
      const master = await this.deps.events.get(scope.accountId, named.seriesId)
      if (
        master !== null &&
        isSeriesMaster(master) &&
        !overridden(master, named.originalStart) &&
        isOccurrence(seriesShapeOfMaster(master), named.originalStart)
      ) {
        const [occurrence] = expandSeries(
          seriesShapeOfMaster(master),
          { from: named.originalStart, to: new Date(named.originalStart.getTime() + 1) },
          1,
        )
        if (occurrence !== undefined) return ok(occurrenceOf(master, occurrence, scope.clock.now()))
      }
    }
    return err(new ResourceNotFound({ resource: 'event', id }))
  }

  /**
   * `GET /v1/events/{id}/departure` and its recompute for any event id. An occurrence that is not stored yet (a pure
   * expansion of its series, more than the monitoring horizon ahead) exists but has no window: 409
   * `departure_unavailable` saying when monitoring starts, not 404.
   */
  async departure(
    scope: RequestScope,
    id: string,
    fresh: boolean,
  ): Promise<
    Result<{ event: CalendarEvent; departure: Departure }, ResourceNotFound | AccountDeactivated | DepartureUnavailable>
  > {
    const stored = fresh ? await this.single.recompute(scope, id) : await this.single.departure(scope, id)
    if (stored.ok || stored.error._tag !== 'ResourceNotFound') return stored
    const found = await this.retrieve(scope, id)
    if (!found.ok) return found
    return err(notMonitoredYet(found.value))
  }

  /**
   * `GET /v1/events`: single events and occurrences starting in the window, newest id first (an occurrence's id
   * sorts beside its series'), or the stored events with the masters instead of their occurrences (`masters`).
   * Occurrences are listed in [`startFrom` (default: now), `startBefore` (default: a year after that)).
   */
  async list(
    scope: RequestScope,
    filter: EventFilter,
    page: PageRequest,
    listing: SeriesListing = 'occurrences',
  ): Promise<Result<Page<CalendarEvent>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    if (listing === 'masters') return ok(await this.deps.events.list(scope.accountId, filter, page))
    const stored = await this.deps.events.list(scope.accountId, { ...filter, series: 'exclude' }, page)
    const now = scope.clock.now()
    const from = filter.startFrom ?? now
    const to = filter.startBefore ?? new Date(from.getTime() + DEFAULT_OCCURRENCE_WINDOW_DAYS * DAY_MS)
    const masters = await this.deps.events.list(
      scope.accountId,
      { userId: filter.userId, startBefore: to, series: 'only' },
      { limit: MAX_SERIES_PER_LISTING },
    )
    const towardsNewer = page.endingBefore !== undefined
    const cursor = page.endingBefore ?? page.startingAfter
    const beyondCursor = (id: string) => cursor === undefined || (towardsNewer ? id > cursor : id < cursor)
    const storedIds = new Set(stored.data.map((event) => event.id))
    // Ids first (cheap, from the original starts); whole events only for the occurrences on the page. An
    // occurrence's id starts with its series' id, so with ids of one length the series nearest the cursor hold the
    // nearest occurrences: series are expanded in that order until the page (and one more) is full.
    const sameLength = masters.data.every((master) => master.id.length === masters.data[0]?.id.length)
    const nearestFirst = [...masters.data].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    if (towardsNewer) nearestFirst.reverse()
    const virtual: { id: string; master: CalendarEvent; occurrence: SeriesOccurrence }[] = []
    const cursorSeries = cursor?.slice(0, masters.data[0]?.id.length)
    for (const master of nearestFirst) {
      if (sameLength && virtual.length > page.limit) break
      // A series whose every occurrence lies on the far side of the cursor (already paged past) is not expanded.
      if (
        sameLength &&
        cursorSeries !== undefined &&
        (towardsNewer ? master.id < cursorSeries : master.id > cursorSeries)
      )
        continue
      const edited = new Set(master.exceptions ?? [])
      for (const occurrence of expandSeries(seriesShapeOfMaster(master), { from, to })) {
        if (edited.has(occurrence.originalStart.toISOString())) continue
        const id = occurrenceId(master.id, occurrence.originalStart)
        if (beyondCursor(id) && !storedIds.has(id)) virtual.push({ id, master, occurrence })
      }
    }
    // The stored page holds the `limit` stored events nearest the cursor: merged with the occurrences, the nearest
    // `limit` of the union are the page, and there is more when either side has more.
    const union: (
      | { id: string; event: CalendarEvent }
      | { id: string; master: CalendarEvent; occurrence: SeriesOccurrence }
    )[] = [...stored.data.map((event) => ({ id: event.id, event })), ...virtual].sort((a, b) =>
      a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
    )
    const chosen = towardsNewer ? union.slice(Math.max(0, union.length - page.limit)) : union.slice(0, page.limit)
    const data = chosen.map((item) => ('event' in item ? item.event : occurrenceOf(item.master, item.occurrence, now)))
    return ok({ data, hasMore: stored.hasMore || union.length > page.limit })
  }

  /**
   * `GET /v1/events/{id}/instances`: the occurrences of a series starting in [from, to), soonest first (ids in
   * ascending order, which is their original starts' order), edited ones included; paged with the same cursors.
   */
  async instances(
    scope: RequestScope,
    id: string,
    window: { readonly from?: Date | undefined; readonly to?: Date | undefined },
    page: PageRequest,
  ): Promise<Result<Page<CalendarEvent>, InvalidParameter | ResourceNotFound>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    const master = await this.deps.events.get(scope.accountId, id)
    if (master === null) return err(new ResourceNotFound({ resource: 'event', id }))
    if (!isSeriesMaster(master))
      return err(new InvalidParameter({ param: 'id', message: 'The event is not a series (it has no recurrence).' }))
    const from = window.from ?? master.startTime
    const to = window.to ?? new Date(from.getTime() + DEFAULT_OCCURRENCE_WINDOW_DAYS * DAY_MS)
    if (to.getTime() <= from.getTime())
      return err(new InvalidParameter({ param: 'to', message: 'to must be after from.' }))
    const now = scope.clock.now()
    const virtual = expandSeries(seriesShapeOfMaster(master), { from, to })
      .filter((occurrence) => !overridden(master, occurrence.originalStart))
      .map((occurrence) => occurrenceOf(master, occurrence, now))
    const exceptions: CalendarEvent[] = []
    for (const original of master.exceptions ?? []) {
      const exception = await this.deps.events.get(scope.accountId, occurrenceId(master.id, new Date(original)))
      if (exception !== null && exception.startTime >= from && exception.startTime < to) exceptions.push(exception)
    }
    const all = [...virtual, ...exceptions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    if (page.endingBefore !== undefined) {
      const cursor = page.endingBefore
      const before = all.filter((event) => event.id < cursor)
      const data = before.slice(Math.max(0, before.length - page.limit))
      return ok({ data, hasMore: before.length > data.length })
    }
    const cursor = page.startingAfter
    const after = cursor === undefined ? all : all.filter((event) => event.id > cursor)
    return ok({ data: after.slice(0, page.limit), hasMore: after.length > page.limit })
  }

  /**
   * `PATCH /v1/events/{id}` with `apply_to`. A single event ignores it. An occurrence: `this` (its default) stores it
   * as an exception; `following` splits the series there (the first occurrence: `all`); `all` changes the series.
   * A series id takes `all` (its default) or `following` (the same); `this` names an occurrence, so it is refused.
   */
  async update(
    scope: RequestScope,
    id: string,
    patch: EventPatch,
    applyTo: EditScope | undefined,
    context: ChangeContext = API_CHANGE,
  ): Promise<Result<CalendarEvent, SeriesEditError>> {
    const before = await this.snapshotFor(scope, id)
    const updated = await this.applyUpdate(scope, id, patch, applyTo)
    if (!updated.ok || before === null) return updated
    const refused = await this.reportEdit(scope, before, updated.value, context)
    return refused ?? ok(await this.withSeriesMirror(scope, updated.value))
  }

  /** `DELETE /v1/events/{id}` with `apply_to`, as `update` reads it. Answers the event as it was. */
  async delete(
    scope: RequestScope,
    id: string,
    applyTo: EditScope | undefined,
    context: ChangeContext = API_CHANGE,
  ): Promise<Result<CalendarEvent, SeriesEditError>> {
    const before = await this.snapshotFor(scope, id)
    const deleted = await this.applyDelete(scope, id, applyTo)
    if (!deleted.ok || before === null) return deleted
    const refused = await this.reportEdit(scope, before, null, context)
    return refused ?? deleted
  }

  /** The series an id belongs to (its master and stored exceptions), or null for a single event or an unknown id. */
  private async snapshotFor(scope: RequestScope, id: string): Promise<SeriesSnapshot | null> {
    const stored = await this.deps.events.get(scope.accountId, id)
    const masterId =
      stored !== null
        ? isSeriesMaster(stored)
          ? stored.id
          : (stored.recurringEventId ?? null)
        : (parseOccurrenceId(id)?.seriesId ?? null)
    if (masterId === null) return null
    const master = masterId === stored?.id ? stored : await this.deps.events.get(scope.accountId, masterId)
    if (master === null || !isSeriesMaster(master)) return null
    return { master, exceptions: await this.exceptionsOf(scope, master) }
  }

  /**
   * Reports an edit's series to the listeners: a series split off (`following`) first, then the edited one (or its
   * deletion). A refusal (the calendar provider would not take the change) undoes the edit: the new series goes (at
   * the provider too), the edited one is put back as it was, and the refusal is answered.
   */
  private async reportEdit(
    scope: RequestScope,
    before: SeriesSnapshot,
    answer: CalendarEvent | null,
    context: ChangeContext,
  ): Promise<Result<CalendarEvent, CalendarChangeRefused> | null> {
    const lifecycle = this.deps.lifecycle
    if (lifecycle === undefined) return null
    const answerSeries = answer === null ? null : isSeriesMaster(answer) ? answer.id : (answer.recurringEventId ?? null)
    const split = answerSeries !== null && answerSeries !== before.master.id ? answerSeries : null
    const refuse = async (reason: string, written: CalendarEvent | null) => {
      if (written !== null) await lifecycle.seriesDeleted(written, scope, context)
      if (split !== null) {
        const created = await this.deps.events.get(scope.accountId, split)
        if (created !== null) await this.deleteSeries(scope, created)
      }
      await this.restore(scope, before)
      return err(new CalendarChangeRefused({ eventId: before.master.id, reason }))
    }
    let written: CalendarEvent | null = null
    if (split !== null) {
      const created = await this.deps.events.get(scope.accountId, split)
      if (created !== null) {
        const refusal = await lifecycle.seriesChanged(created, scope, context)
        if (refusal !== null) return refuse(refusal.reason, null)
        written = (await this.deps.events.get(scope.accountId, split)) ?? created
      }
    }
    const current = await this.deps.events.get(scope.accountId, before.master.id)
    if (current === null) {
      await lifecycle.seriesDeleted(before.master, scope, context)
      return null
    }
    const refusal = await lifecycle.seriesChanged(current, scope, context)
    return refusal === null ? null : refuse(refusal.reason, written)
  }

  /** Puts a series back as the snapshot holds it (its calendar mirror keeps its latest state: the refusal). */
  private async restore(scope: RequestScope, before: SeriesSnapshot): Promise<void> {
    const now = scope.clock.now()
    const current = await this.deps.events.get(scope.accountId, before.master.id)
    const kept = new Set(before.exceptions.map((exception) => exception.id))
    if (current !== null)
      for (const exception of await this.exceptionsOf(scope, current))
        if (!kept.has(exception.id)) await this.deps.events.remove(scope.accountId, exception.id, exception.version, [])
    for (const exception of before.exceptions) {
      const stored = await this.deps.events.get(scope.accountId, exception.id)
      if (stored === null) await this.deps.events.insert({ ...exception, updatedAt: now }, [])
      else
        await this.deps.events.update({ ...exception, updatedAt: now, version: stored.version + 1 }, stored.version, [])
    }
    const back = (latest: CalendarEvent | null): CalendarEvent => ({
      ...before.master,
      mirror: latest?.mirror ?? before.master.mirror ?? null,
      updatedAt: now,
      version: (latest?.version ?? 0) + 1,
    })
    const event = back(current)
    if (current === null) {
      await this.deps.events.insert(event, [])
      return
    }
    const written = await this.deps.events.update(event, current.version, [
      domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, 'event.updated', 'event', event),
    ])
    if (written === 'conflict') {
      const latest = await this.deps.events.get(scope.accountId, before.master.id)
      if (latest !== null) await this.deps.events.update(back(latest), latest.version, [])
    }
  }

  private async applyUpdate(
    scope: RequestScope,
    id: string,
    patch: EventPatch,
    applyTo: EditScope | undefined,
  ): Promise<Result<CalendarEvent, SeriesError>> {
    const found = await this.find(scope, id)
    if (!found.ok) return found
    const event = found.value
    if (isSeriesMaster(event)) {
      if (applyTo === 'this') return err(thisNeedsOccurrence())
      return this.updateAll(scope, event, event, patch)
    }
    const seriesId = event.recurringEventId
    if (seriesId === undefined || seriesId === null) return this.single.update(scope, id, patch)
    if (patch.recurrence !== undefined && patch.recurrence !== null && (applyTo ?? 'this') === 'this')
      return err(
        new InvalidParameter({
          param: 'recurrence',
          message: 'An occurrence has no recurrence of its own: change the series (apply_to=all or following).',
        }),
      )
    const master = await this.deps.events.get(scope.accountId, seriesId)
    if (master === null) return err(new ResourceNotFound({ resource: 'event', id }))
    const original = event.originalStartTime ?? event.startTime
    switch (applyTo ?? 'this') {
      case 'this':
        return this.updateOne(scope, master, event, patch)
      case 'all':
        return this.updateAll(scope, master, event, patch)
      case 'following':
        return master.startTime.getTime() === original.getTime()
          ? this.updateAll(scope, master, event, patch)
          : this.updateFollowing(scope, master, event, patch)
    }
  }

  private async applyDelete(
    scope: RequestScope,
    id: string,
    applyTo: EditScope | undefined,
  ): Promise<Result<CalendarEvent, SeriesError>> {
    const found = await this.find(scope, id)
    if (!found.ok) return found
    const event = found.value
    if (isSeriesMaster(event)) {
      if (applyTo === 'this') return err(thisNeedsOccurrence())
      return this.deleteSeries(scope, event)
    }
    const seriesId = event.recurringEventId
    if (seriesId === undefined || seriesId === null) return this.single.delete(scope, id)
    const master = await this.deps.events.get(scope.accountId, seriesId)
    if (master === null) return err(new ResourceNotFound({ resource: 'event', id }))
    const original = event.originalStartTime ?? event.startTime
    const scopeOfEdit = applyTo ?? 'this'
    if (scopeOfEdit === 'all' || (scopeOfEdit === 'following' && master.startTime.getTime() === original.getTime())) {
      const deleted = await this.deleteSeries(scope, master)
      return deleted.ok ? ok(event) : deleted
    }
    if (scopeOfEdit === 'this') {
      if (await this.isStored(scope, event)) {
        const removed = await this.single.delete(scope, event.id)
        if (!removed.ok) return removed
      }
      const excluded = await this.writeMaster(scope, master, {
        recurrence: withExclusion(seriesShapeOfMaster(master), original),
        exceptions: (master.exceptions ?? []).filter((start) => start !== original.toISOString()),
      })
      return excluded.ok ? ok(event) : excluded
    }
    const split = splitSeries(seriesShapeOfMaster(master), original)
    if (split === null) return this.deleteSeries(scope, master)
    const trimmed = await this.trimAt(scope, master, original, split.before)
    return trimmed.ok ? ok(event) : trimmed
  }

  /**
   * Drops the stored exceptions whose original start the series' rule no longer has (the calendar sync, after the
   * provider moved or re-ruled a series: the provider drops them too).
   */
  async dropStrandedExceptions(scope: RequestScope, masterId: string): Promise<void> {
    const master = await this.deps.events.get(scope.accountId, masterId)
    if (master === null || !isSeriesMaster(master)) return
    const shape = seriesShapeOfMaster(master)
    const stranded = (await this.exceptionsOf(scope, master)).filter(
      (exception) => !isOccurrence(shape, exception.originalStartTime ?? exception.startTime),
    )
    if (stranded.length === 0) return
    for (const exception of stranded) await this.single.delete(scope, exception.id)
    const gone = new Set(
      stranded.map((exception) => (exception.originalStartTime ?? exception.startTime).toISOString()),
    )
    await this.writeMaster(scope, master, {
      exceptions: (master.exceptions ?? []).filter((original) => !gone.has(original)),
    })
  }

  private async isStored(scope: RequestScope, event: CalendarEvent): Promise<boolean> {
    return (await this.deps.events.get(scope.accountId, event.id)) !== null
  }

  /** `this`: the occurrence becomes a stored exception (once), then changes like any event. */
  private async updateOne(
    scope: RequestScope,
    master: CalendarEvent,
    occurrence: CalendarEvent,
    patch: EventPatch,
  ): Promise<Result<CalendarEvent, SeriesError>> {
    if (!(await this.isStored(scope, occurrence))) {
      const original = occurrence.originalStartTime ?? occurrence.startTime
      const now = scope.clock.now()
      // Stored, it is monitored like any event (the sweep finds it by its due time).
      const exception: CalendarEvent = {
        ...occurrence,
        dueAt: monitoringDueAt(occurrence.monitoring),
        createdAt: now,
        updatedAt: now,
        version: 1,
      }
      await this.deps.events.insert(exception, [])
      const noted = await this.writeMaster(scope, master, {
        exceptions: [...(master.exceptions ?? []), original.toISOString()],
      })
      if (!noted.ok) {
        await this.deps.events.remove(scope.accountId, exception.id, 1, [])
        return noted
      }
    }
    return this.single.update(scope, occurrence.id, patch)
  }

  /**
   * `all`: the series changes. Moving it moves every occurrence by the occurrence's move (in the zone's wall time)
   * and drops the exceptions, as Google Calendar does; any other change reaches each exception whose field still
   * had the series' value (an exception keeps what it changed itself: Google's rule).
   */
  private async updateAll(
    scope: RequestScope,
    master: CalendarEvent,
    occurrence: CalendarEvent,
    patch: EventPatch,
  ): Promise<Result<CalendarEvent, SeriesError>> {
    const moves = patch.startTime !== undefined || patch.endTime !== undefined || patch.allDay !== undefined
    // New dates for an occurrence move the series by as many days (its first dates shift with them).
    const allDay =
      patch.allDay === undefined || patch.allDay === null || occurrence.id === master.id
        ? patch.allDay
        : shiftedDates(master, occurrence, patch.allDay)
    const shift = patch.startTime === undefined ? 0 : patch.startTime.getTime() - occurrence.startTime.getTime()
    const masterPatch: EventPatch = moves
      ? {
          ...patch,
          ...(allDay === undefined ? {} : { allDay }),
          ...(patch.startTime === undefined ? {} : { startTime: new Date(master.startTime.getTime() + shift) }),
          ...(patch.endTime === undefined
            ? patch.startTime === undefined
              ? {}
              : { endTime: new Date(master.endTime.getTime() + shift) }
            : {
                endTime: new Date(
                  master.startTime.getTime() +
                    shift +
                    (patch.endTime.getTime() - (patch.startTime ?? occurrence.startTime).getTime()),
                ),
              }),
        }
      : patch
    const exceptions = await this.exceptionsOf(scope, master)
    if (moves) {
      for (const exception of exceptions) {
        const removed = await this.single.delete(scope, exception.id)
        if (!removed.ok) return removed
      }
      const cleared = await this.writeMaster(scope, master, { exceptions: [] })
      if (!cleared.ok) return cleared
    }
    const updated = await this.single.update(scope, master.id, masterPatch)
    if (!updated.ok) return updated
    if (!moves)
      for (const exception of exceptions) {
        const own = inheritedPatch(master, exception, patch)
        if (Object.keys(own).length > 0) {
          const changed = await this.single.update(scope, exception.id, own)
          if (!changed.ok) return changed
        }
      }
    return occurrence.id === master.id ? updated : ok(await this.answerFor(scope, updated.value, occurrence))
  }

  /**
   * `following`: the series is split at the occurrence (RFC 5545, Google): the old part ends before it, a new series
   * starts there with the change; exceptions from there on are dropped (the new series has none).
   */
  private async updateFollowing(
    scope: RequestScope,
    master: CalendarEvent,
    occurrence: CalendarEvent,
    patch: EventPatch,
  ): Promise<Result<CalendarEvent, SeriesError>> {
    const original = occurrence.originalStartTime ?? occurrence.startTime
    const split = splitSeries(seriesShapeOfMaster(master), original)
    if (split === null) return this.updateAll(scope, master, occurrence, patch)
    const created = await this.single.create(
      scope,
      {
        userId: master.userId,
        title: master.title,
        category: master.category,
        startTime: original,
        endTime: new Date(original.getTime() + (master.endTime.getTime() - master.startTime.getTime())),
        timezone: master.timezone,
        location: master.location ?? master.unresolvedLocation ?? null,
        origin: master.origin,
        travel: master.travel,
        attendees: master.attendees.map((attendee) => ({
          email: attendee.email,
          userId: attendee.userId ?? undefined,
          name: attendee.name,
        })),
        recurrence: split.after,
        allDay:
          master.allDay === undefined || master.allDay === null
            ? null
            : allDayDatesFrom(master.allDay, original, master.timezone),
      },
      WITHIN_SERIES_EDIT,
    )
    if (!created.ok) return created
    const trimmed = await this.trimAt(scope, master, original, split.before)
    if (!trimmed.ok) {
      await this.single.delete(scope, created.value.id)
      return trimmed
    }
    const first = occurrenceOf(
      created.value,
      { originalStart: created.value.startTime, start: created.value.startTime, end: created.value.endTime },
      scope.clock.now(),
    )
    // Answers the new series' first occurrence as the change left it.
    return this.updateAll(scope, created.value, first, patch)
  }

  /** The old part of a split: its lines end before `at`, and its exceptions from `at` on go. */
  private async trimAt(
    scope: RequestScope,
    master: CalendarEvent,
    at: Date,
    before: readonly string[],
  ): Promise<Result<CalendarEvent, SeriesError>> {
    const kept: string[] = []
    for (const exception of await this.exceptionsOf(scope, master)) {
      const original = exception.originalStartTime ?? exception.startTime
      if (original.getTime() < at.getTime()) {
        kept.push(original.toISOString())
        continue
      }
      const removed = await this.single.delete(scope, exception.id)
      if (!removed.ok) return removed
    }
    const latest = (await this.deps.events.get(scope.accountId, master.id)) ?? master
    return this.writeMaster(scope, latest, { recurrence: before, exceptions: kept })
  }

  private async deleteSeries(scope: RequestScope, master: CalendarEvent): Promise<Result<CalendarEvent, SeriesError>> {
    for (const exception of await this.exceptionsOf(scope, master)) {
      const removed = await this.single.delete(scope, exception.id)
      if (!removed.ok) return removed
    }
    return this.single.delete(scope, master.id)
  }

  private async exceptionsOf(scope: RequestScope, master: CalendarEvent): Promise<CalendarEvent[]> {
    const found: CalendarEvent[] = []
    for (const original of master.exceptions ?? []) {
      const exception = await this.deps.events.get(scope.accountId, occurrenceId(master.id, new Date(original)))
      if (exception !== null) found.push(exception)
    }
    return found
  }

  /** What a series edit answers for the occurrence it named: that occurrence as it is now (or the series). */
  private async answerFor(
    scope: RequestScope,
    master: CalendarEvent,
    occurrence: CalendarEvent,
  ): Promise<CalendarEvent> {
    const original = occurrence.originalStartTime ?? occurrence.startTime
    const [first] = expandSeries(seriesShapeOfMaster(master), { from: original, to: FAR_FUTURE }, 1)
    return first === undefined ? master : occurrenceOf(master, first, scope.clock.now())
  }

  /** The master's series fields rewritten (its lines, its exceptions), with `event.updated`. */
  private async writeMaster(
    scope: RequestScope,
    master: CalendarEvent,
    change: { readonly recurrence?: readonly string[]; readonly exceptions?: readonly string[] },
  ): Promise<Result<CalendarEvent, SeriesError>> {
    let current: CalendarEvent | null = master
    for (let attempt = 0; attempt < 5 && current !== null; attempt++) {
      const next: CalendarEvent = {
        ...current,
        // New lines: due now, so the sweep stores the occurrences now within its horizon.
        ...(change.recurrence === undefined ? {} : { recurrence: change.recurrence, dueAt: scope.clock.now() }),
        ...(change.exceptions === undefined ? {} : { exceptions: change.exceptions }),
        updatedAt: scope.clock.now(),
        version: current.version + 1,
      }
      const outcome = await this.deps.events.update(next, current.version, [
        domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, 'event.updated', 'event', next),
      ])
      if (outcome === 'updated') return ok(next)
      current = await this.deps.events.get(scope.accountId, master.id)
    }
    return err(new ResourceNotFound({ resource: 'event', id: master.id }))
  }
}

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

const plusDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The series' dates moved as the occurrence's dates move (same shift in days, same length as given). */
const shiftedDates = (master: CalendarEvent, occurrence: CalendarEvent, dates: AllDayDates): AllDayDates => {
  const from = occurrence.allDay?.startDate ?? localDateOf(occurrence.startTime, occurrence.timezone)
  const base = master.allDay?.startDate ?? localDateOf(master.startTime, master.timezone)
  const startDate = plusDays(base, daysBetween(from, dates.startDate))
  return { startDate, endDate: plusDays(startDate, daysBetween(dates.startDate, dates.endDate)) }
}

/** Why an occurrence not stored yet has no departure window (docs/events.md, "Departure monitoring of series"). */
const notMonitoredYet = (occurrence: CalendarEvent): DepartureUnavailable => {
  const unplaced = occurrence.location === null
  const from = new Date(occurrence.startTime.getTime() - OCCURRENCE_MONITORING_HORIZON_MS)
  return new DepartureUnavailable({
    eventId: occurrence.id,
    status: occurrence.monitoring.status,
    reason: unplaced
      ? 'The event has no location: set location.address or location.lat/lng to get a departure window.'
      : `This occurrence of a series is not monitored yet: its monitoring starts ${OCCURRENCE_MONITORING_HORIZON_MS / 3_600_000} hours before it (${from.toISOString()}).`,
  })
}

const thisNeedsOccurrence = () =>
  new InvalidParameter({
    param: 'apply_to',
    message: 'apply_to=this names one occurrence: use an occurrence id (GET /v1/events/{id}/instances lists them).',
  })

/** The part of a series patch an exception takes: the fields it had left as the series had them. */
const inheritedPatch = (master: CalendarEvent, exception: CalendarEvent, patch: EventPatch): EventPatch => {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  const own: Record<string, unknown> = {}
  if (patch.title !== undefined && same(exception.title, master.title)) own.title = patch.title
  if (patch.category !== undefined && same(exception.category, master.category)) own.category = patch.category
  if (
    patch.location !== undefined &&
    same(exception.location ?? exception.unresolvedLocation, master.location ?? master.unresolvedLocation)
  )
    own.location = patch.location
  if (patch.origin !== undefined && same(exception.origin, master.origin)) own.origin = patch.origin
  if (patch.travel !== undefined && same(exception.travel, master.travel)) own.travel = patch.travel
  if (patch.attendees !== undefined && same(exception.attendees, master.attendees)) own.attendees = patch.attendees
  return own as EventPatch
}
