import { type AllDayDates, allDayDatesFrom, localDateOf } from '../event/all-day.js'
import type { CalendarEvent, EventShowAs } from '../event/event.js'
import { seriesShapeOfMaster } from '../event/event-series.js'
import { expandSeries, isOccurrence, type SeriesShape, validateRecurrence } from '../event/recurrence.js'
import { isSeriesMaster } from '../event/series-shape.js'
import type { ProviderEvent, SyncBatch } from '../ports/calendar-provider.js'
import { exclusionsOf, expandRecurrence, occurrenceId } from './recurrence.js'

/** How far around now synced events are kept: recurring series are expanded over this window, single events outside it are skipped. */
export const INGEST_WINDOW = { pastMs: 7 * 86_400_000, futureMs: 180 * 86_400_000 } as const

/** An event as the provider wants it to be in the service. */
export interface DesiredEvent {
  readonly externalId: string
  readonly seriesId: string | null
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly timezone: string
  readonly location: string | null
  readonly showAs: EventShowAs
  /**
   * An all-day event's dates, as the provider writes them (its floating dates read in `timezone`): an all-day event
   * of ours keeps its own zone and takes these dates, so that no zone moves it by a day.
   */
  readonly allDay: AllDayDates | null
  /**
   * A series we hold as one (a master): its RFC 5545 lines. On an update they are the provider's, with the EXDATEs
   * of ours kept (an occurrence cancelled here, or cancelled at the provider as an instance). Null otherwise.
   */
  readonly recurrence: readonly string[] | null
}

/**
 * One occurrence of a series we hold as one, changed or cancelled at the provider: applied as an `apply_to=this` edit
 * of our occurrence (the same derived id as our own series' occurrences).
 */
export interface OccurrenceChange {
  /** The series' provider id. */
  readonly seriesExternalId: string
  /** Our master, or null when this plan creates it. */
  readonly master: CalendarEvent | null
  /** Where the series' rule puts the occurrence. */
  readonly originalStart: Date
  /** The occurrence as the provider has it now; null: cancelled. */
  readonly desired: DesiredEvent | null
}

/**
 * How a provider event takes the user's time: a transparent event or one the user declined is free, a tentative
 * answer is tentative, anything else (their own event, an accepted invitation, one awaiting an answer) busy.
 */
export const showAsOf = (event: Pick<ProviderEvent, 'transparency' | 'selfResponse'>): EventShowAs =>
  event.transparency === 'transparent' || event.selfResponse === 'declined'
    ? 'free'
    : event.selfResponse === 'tentative'
      ? 'tentative'
      : 'busy'

export interface InboundPlan {
  /** Single events, series (with `recurrence`) and the occurrences of series we cannot hold as one. */
  readonly creates: readonly DesiredEvent[]
  readonly updates: readonly { readonly event: CalendarEvent; readonly desired: DesiredEvent }[]
  /** Events and series masters (a master goes with its occurrences). */
  readonly removals: readonly CalendarEvent[]
  /** Occurrence edits of series held as one, after the series themselves. */
  readonly occurrences: readonly OccurrenceChange[]
}

const sameDates = (a: AllDayDates | null | undefined, b: AllDayDates | null): boolean =>
  (a ?? null) !== null && b !== null && a?.startDate === b.startDate && a?.endDate === b.endDate

/** What the sync compares of an event (a stored one, or an occurrence as its series gives it). */
type Compared = Pick<CalendarEvent, 'title' | 'startTime' | 'endTime' | 'timezone' | 'location' | 'showAs' | 'allDay'>

const differs = (event: Compared, desired: DesiredEvent): boolean =>
  event.title !== desired.title ||
  (desired.allDay !== null
    ? !sameDates(event.allDay, desired.allDay)
    : event.startTime.getTime() !== desired.start.getTime() ||
      event.endTime.getTime() !== desired.end.getTime() ||
      event.timezone !== desired.timezone) ||
  (event.location?.address ?? null) !== desired.location ||
  (event.showAs ?? 'busy') !== desired.showAs

const SERIES_LINE = /^(RRULE|EXDATE|RDATE)[:;]/i
const EXDATE_LINE = /^EXDATE[:;]/i

const shapeOfDesired = (desired: DesiredEvent): SeriesShape => ({
  start: desired.start,
  end: desired.end,
  timezone: desired.timezone,
  recurrence: desired.recurrence ?? [],
  allDay: desired.allDay !== null,
})

const comparedOf = (desired: DesiredEvent): Compared => ({
  title: desired.title,
  startTime: desired.start,
  endTime: desired.end,
  timezone: desired.timezone,
  location:
    desired.location === null ? null : { name: null, address: desired.location, lat: 0, lng: 0, source: 'provider' },
  showAs: desired.showAs,
  allDay: desired.allDay,
})

/** An occurrence as its series gives it (what a stored exception is compared with when there is none). */
const occurrenceAsSeriesHasIt = (master: Compared, shape: SeriesShape, originalStart: Date): Compared => ({
  ...master,
  startTime: originalStart,
  endTime: new Date(originalStart.getTime() + shape.end.getTime() - shape.start.getTime()),
  allDay:
    master.allDay === undefined || master.allDay === null
      ? null
      : allDayDatesFrom(master.allDay, originalStart, shape.timezone),
})

const startsIn = (shape: SeriesShape, window: { from: Date; to: Date }, excluded: ReadonlySet<number>) =>
  expandSeries(shape, window)
    .map((occurrence) => occurrence.start.getTime())
    .filter((start) => !excluded.has(start))
    .join()

/**
 * A provider series against ours. Its occurrences in the window are compared as instants, after our own EXDATEs (an
 * occurrence cancelled here, or cancelled at the provider as an instance), so that neither our compaction of old
 * history nor the provider's way of writing its lines makes a change. Answers the lines to write, or null when the
 * series' times are the same; `fieldsDiffer` says whether anything else changed.
 */
const seriesChange = (
  master: CalendarEvent,
  desired: DesiredEvent,
  window: { from: Date; to: Date },
): { readonly recurrence: readonly string[] | null; readonly fieldsDiffer: boolean } => {
  const ours = seriesShapeOfMaster(master)
  const ourExclusions = ours.recurrence.filter((line) => EXDATE_LINE.test(line))
  const excludedHere = exclusionsOf(ourExclusions, master.timezone)
  const sameTimes =
    master.timezone === desired.timezone &&
    master.endTime.getTime() - master.startTime.getTime() === desired.end.getTime() - desired.start.getTime() &&
    startsIn(shapeOfDesired(desired), window, excludedHere) === startsIn(ours, window, new Set())
  const theirs = desired.recurrence ?? []
  const recurrence = sameTimes ? null : [...theirs, ...ourExclusions.filter((line) => !theirs.includes(line))]
  const first = occurrenceAsSeriesHasIt(master, ours, master.startTime)
  const fieldsDiffer =
    first.title !== desired.title ||
    (first.location?.address ?? null) !== desired.location ||
    (first.showAs ?? 'busy') !== desired.showAs
  return { recurrence, fieldsDiffer }
}

/**
 * What one sync batch of one calendar does to the events already synced from
 * it: pure, so that re-running it (a retried push, a re-sync) changes nothing.
 * A recurring series becomes one series of ours (its master with its lines);
 * a changed or cancelled instance becomes an `apply_to=this` edit of our
 * occurrence; a cancelled series goes with its occurrences; a full listing
 * removes whatever it no longer names. A series we cannot hold as one (a rule
 * we refuse) is expanded in its zone into single occurrences instead.
 */
export const planInbound = (input: {
  readonly batch: SyncBatch
  readonly existing: readonly CalendarEvent[]
  readonly calendarTimezone: string
  readonly now: Date
}): InboundPlan => {
  const window = {
    from: new Date(input.now.getTime() - INGEST_WINDOW.pastMs),
    to: new Date(input.now.getTime() + INGEST_WINDOW.futureMs),
  }
  const inWindow = (start: Date, end: Date) => end > window.from && start < window.to
  const desired = new Map<string, DesiredEvent>()
  const removedIds = new Set<string>()
  const removedSeries = new Set<string>()
  const reexpandedSeries = new Set<string>()
  const zoneOf = (event: ProviderEvent) => event.timezone ?? input.calendarTimezone
  const desiredOf = (
    event: ProviderEvent,
    externalId: string,
    seriesId: string | null,
    start: Date,
    end: Date,
  ): DesiredEvent => ({
    externalId,
    seriesId,
    title: event.title,
    start,
    end,
    timezone: zoneOf(event),
    location: event.location,
    showAs: showAsOf(event),
    allDay: event.allDay
      ? { startDate: localDateOf(start, zoneOf(event)), endDate: localDateOf(end, zoneOf(event)) }
      : null,
    recurrence: null,
  })

  // A provider object listed twice in one batch (it changed while we paged): its last state wins.
  const latest = [...new Map(input.batch.changes.map((change) => [change.externalId, change])).values()]
  // Series and single events first; occurrence exceptions then override their slots.
  for (const event of latest.filter((change) => change.recurringEventId === null)) {
    if (event.status === 'cancelled') {
      removedIds.add(event.externalId)
      removedSeries.add(event.externalId)
      continue
    }
    if (event.recurrence.length > 0) {
      const lines = event.recurrence.map((line) => line.trim()).filter((line) => SERIES_LINE.test(line))
      const shape: SeriesShape = {
        start: event.start,
        end: event.end,
        timezone: zoneOf(event),
        recurrence: lines,
        allDay: event.allDay,
      }
      if (validateRecurrence(shape).ok) {
        if (expandSeries(shape, window, 1).length > 0)
          desired.set(event.externalId, {
            ...desiredOf(event, event.externalId, null, event.start, event.end),
            recurrence: lines,
          })
        else {
          // No occurrence left in the window: it goes like a cancellation would.
          removedIds.add(event.externalId)
          removedSeries.add(event.externalId)
        }
        continue
      }
      reexpandedSeries.add(event.externalId)
      for (const occurrence of expandRecurrence(event, zoneOf(event), window)) {
        const externalId = occurrenceId(event.externalId, occurrence.start)
        desired.set(externalId, desiredOf(event, externalId, event.externalId, occurrence.start, occurrence.end))
      }
    } else if (inWindow(event.start, event.end)) {
      desired.set(event.externalId, desiredOf(event, event.externalId, null, event.start, event.end))
    } else {
      // Moved out of the window: it goes like a cancellation would.
      removedIds.add(event.externalId)
    }
  }

  // Series held as one already, by provider id (the first, when an interrupted sync left two).
  const heldMasters = new Map<string, CalendarEvent>()
  for (const event of input.existing)
    if (isSeriesMaster(event) && event.source != null && !heldMasters.has(event.source.externalId))
      heldMasters.set(event.source.externalId, event)
  /** Our master of a series held as one after this batch (null: created by this plan), or undefined when none is. */
  const masterOf = (seriesId: string): CalendarEvent | null | undefined => {
    const wanted = desired.get(seriesId)
    const candidate = heldMasters.get(seriesId)
    const held =
      candidate === undefined ||
      removedIds.has(seriesId) ||
      reexpandedSeries.has(seriesId) ||
      (input.batch.full && wanted === undefined)
        ? undefined
        : candidate
    if (wanted !== undefined) {
      if (wanted.recurrence === null) return undefined
      return held !== undefined && isSeriesMaster(held) ? held : null
    }
    return held !== undefined && isSeriesMaster(held) ? held : undefined
  }
  const instanceChanges = new Map<string, { seriesId: string; originalStart: Date; desired: DesiredEvent | null }>()
  for (const event of latest) {
    const seriesId = event.recurringEventId
    if (seriesId === null) continue
    const originalStart = event.originalStart ?? event.start
    const externalId = occurrenceId(seriesId, originalStart)
    if (masterOf(seriesId) !== undefined) {
      // An exception wholly outside the window is left as it is.
      if (!inWindow(originalStart, new Date(originalStart.getTime() + 1)) && !inWindow(event.start, event.end)) continue
      instanceChanges.set(externalId, {
        seriesId,
        originalStart,
        desired: event.status === 'cancelled' ? null : desiredOf(event, externalId, seriesId, event.start, event.end),
      })
      continue
    }
    // An occurrence of a series cancelled in the same batch goes with its series.
    if (event.status === 'cancelled' || removedSeries.has(seriesId) || !inWindow(event.start, event.end)) {
      desired.delete(externalId)
      removedIds.add(externalId)
    } else {
      desired.set(externalId, desiredOf(event, externalId, seriesId, event.start, event.end))
      removedIds.delete(externalId)
    }
  }

  const byExternalId = new Map<string, CalendarEvent>()
  const removals: CalendarEvent[] = []
  // Stored occurrences of our series (exceptions, and those the monitoring sweep stores), by series and original start.
  const storedOccurrences = new Map<string, CalendarEvent>()
  for (const event of input.existing) {
    const source = event.source
    if (source === null || source === undefined) continue
    const seriesOfOurs = event.recurringEventId ?? null
    if (seriesOfOurs !== null) {
      storedOccurrences.set(`${seriesOfOurs}|${(event.originalStartTime ?? event.startTime).getTime()}`, event)
      continue
    }
    if (byExternalId.has(source.externalId)) {
      // A duplicate left by an interrupted sync: keep the first.
      removals.push(event)
      continue
    }
    const gone =
      removedIds.has(source.externalId) ||
      (source.seriesId !== null && removedSeries.has(source.seriesId)) ||
      (source.seriesId !== null && reexpandedSeries.has(source.seriesId) && !desired.has(source.externalId)) ||
      (isSeriesMaster(event) && reexpandedSeries.has(source.externalId)) ||
      (input.batch.full && !desired.has(source.externalId))
    if (gone) removals.push(event)
    else byExternalId.set(source.externalId, event)
  }

  const creates: DesiredEvent[] = []
  const updates: { event: CalendarEvent; desired: DesiredEvent }[] = []
  for (const wanted of desired.values()) {
    const current = byExternalId.get(wanted.externalId)
    if (current === undefined) creates.push(wanted)
    else if (wanted.recurrence !== null && isSeriesMaster(current)) {
      const change = seriesChange(current, wanted, window)
      // Only its fields changed: its times and lines stay ours (they may be compacted).
      const times =
        change.recurrence === null
          ? {
              start: current.startTime,
              end: current.endTime,
              timezone: current.timezone,
              allDay: current.allDay ?? null,
              recurrence: current.recurrence ?? null,
            }
          : { recurrence: change.recurrence }
      if (change.recurrence !== null || change.fieldsDiffer)
        updates.push({ event: current, desired: { ...wanted, ...times } })
    } else if (wanted.recurrence !== null || isSeriesMaster(current) || differs(current, wanted))
      // A single event that became a series (or a series that became a single event) changes kind in place.
      updates.push({ event: current, desired: wanted })
  }

  const updated = new Map(updates.map(({ event, desired: wanted }) => [event.id, wanted]))
  const occurrences: OccurrenceChange[] = []
  for (const change of instanceChanges.values()) {
    const master = masterOf(change.seriesId) ?? null
    const planned = { seriesExternalId: change.seriesId, master, originalStart: change.originalStart }
    if (master === null) {
      // A series new to us: each exception the provider lists is made (a cancelled one, when the rule has it).
      const created = desired.get(change.seriesId)
      if (created !== undefined && isOccurrence(shapeOfDesired(created), change.originalStart))
        occurrences.push({ ...planned, desired: change.desired })
      continue
    }
    // A series changed by this batch too is compared as it will be.
    const changed = updated.get(master.id)
    const shape = changed === undefined ? seriesShapeOfMaster(master) : shapeOfDesired(changed)
    const fieldsNow = changed === undefined ? master : comparedOf(changed)
    const slot = isOccurrence(shape, change.originalStart)
    // A series this batch changes keeps only the exceptions its rule still has (the service drops the others first).
    const stored =
      changed !== undefined && !slot
        ? null
        : (storedOccurrences.get(`${master.id}|${change.originalStart.getTime()}`) ?? null)
    if (change.desired === null) {
      if (stored !== null || slot) occurrences.push({ ...planned, desired: null })
      continue
    }
    // An occurrence already cancelled here stays cancelled (its change at the provider has nowhere to go).
    const current = stored ?? (slot ? occurrenceAsSeriesHasIt(fieldsNow, shape, change.originalStart) : null)
    if (current !== null && differs(current, change.desired)) occurrences.push({ ...planned, desired: change.desired })
  }
  return { creates, updates, removals, occurrences }
}
