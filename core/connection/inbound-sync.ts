import { type AllDayDates, localDateOf } from '../event/all-day.js'
import type { CalendarEvent, EventShowAs } from '../event/event.js'
import type { ProviderEvent, SyncBatch } from '../ports/calendar-provider.js'
import { expandRecurrence, occurrenceId } from './recurrence.js'

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
  readonly creates: readonly DesiredEvent[]
  readonly updates: readonly { readonly event: CalendarEvent; readonly desired: DesiredEvent }[]
  readonly removals: readonly CalendarEvent[]
}

const sameDates = (a: AllDayDates | null | undefined, b: AllDayDates | null): boolean =>
  (a ?? null) !== null && b !== null && a?.startDate === b.startDate && a?.endDate === b.endDate

const differs = (event: CalendarEvent, desired: DesiredEvent): boolean =>
  event.title !== desired.title ||
  (desired.allDay !== null
    ? !sameDates(event.allDay, desired.allDay)
    : event.startTime.getTime() !== desired.start.getTime() ||
      event.endTime.getTime() !== desired.end.getTime() ||
      event.timezone !== desired.timezone) ||
  (event.location?.address ?? null) !== desired.location ||
  (event.showAs ?? 'busy') !== desired.showAs

/**
 * What one sync batch of one calendar does to the events already synced from
 * it: pure, so that re-running it (a retried push, a re-sync) changes nothing.
 * Recurring series are expanded in the calendar's zone; a changed or cancelled
 * occurrence replaces its slot; a cancelled series removes all its occurrences;
 * a full listing removes whatever it no longer names.
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
  const fields = (event: ProviderEvent) => ({
    title: event.title,
    timezone: zoneOf(event),
    location: event.location,
    showAs: showAsOf(event),
  })
  const datesOf = (event: ProviderEvent, start: Date, end: Date): { allDay: AllDayDates | null } => ({
    allDay: event.allDay
      ? { startDate: localDateOf(start, zoneOf(event)), endDate: localDateOf(end, zoneOf(event)) }
      : null,
  })

  // A provider object listed twice in one batch (it changed while we paged): its last state wins.
  const latest = [...new Map(input.batch.changes.map((change) => [change.externalId, change])).values()]
  // Series and single events first; occurrence exceptions then override their slots.
  for (const event of latest.filter((change) => change.recurringEventId === null)) {
    if (event.status === 'cancelled') {
      removedIds.add(event.externalId)
      removedSeries.add(event.externalId)
    } else if (event.recurrence.length > 0) {
      reexpandedSeries.add(event.externalId)
      for (const occurrence of expandRecurrence(event, zoneOf(event), window)) {
        const externalId = occurrenceId(event.externalId, occurrence.start)
        desired.set(externalId, {
          externalId,
          seriesId: event.externalId,
          start: occurrence.start,
          end: occurrence.end,
          ...fields(event),
          ...datesOf(event, occurrence.start, occurrence.end),
        })
      }
    } else if (inWindow(event.start, event.end)) {
      desired.set(event.externalId, {
        externalId: event.externalId,
        seriesId: null,
        start: event.start,
        end: event.end,
        ...fields(event),
        ...datesOf(event, event.start, event.end),
      })
    } else {
      // Moved out of the window: it goes like a cancellation would.
      removedIds.add(event.externalId)
    }
  }
  for (const event of latest) {
    const seriesId = event.recurringEventId
    if (seriesId === null) continue
    const externalId = occurrenceId(seriesId, event.originalStart ?? event.start)
    // An occurrence of a series cancelled in the same batch goes with its series.
    if (event.status === 'cancelled' || removedSeries.has(seriesId) || !inWindow(event.start, event.end)) {
      desired.delete(externalId)
      removedIds.add(externalId)
    } else {
      desired.set(externalId, {
        externalId,
        seriesId,
        start: event.start,
        end: event.end,
        ...fields(event),
        ...datesOf(event, event.start, event.end),
      })
      removedIds.delete(externalId)
    }
  }

  const byExternalId = new Map<string, CalendarEvent>()
  const removals: CalendarEvent[] = []
  for (const event of input.existing) {
    const source = event.source
    if (source === null || source === undefined) continue
    if (byExternalId.has(source.externalId)) {
      // A duplicate left by an interrupted sync: keep the first.
      removals.push(event)
      continue
    }
    const gone =
      removedIds.has(source.externalId) ||
      (source.seriesId !== null && removedSeries.has(source.seriesId)) ||
      (source.seriesId !== null && reexpandedSeries.has(source.seriesId) && !desired.has(source.externalId)) ||
      (input.batch.full && !desired.has(source.externalId))
    if (gone) removals.push(event)
    else byExternalId.set(source.externalId, event)
  }
  const creates: DesiredEvent[] = []
  const updates: { event: CalendarEvent; desired: DesiredEvent }[] = []
  for (const wanted of desired.values()) {
    const current = byExternalId.get(wanted.externalId)
    if (current === undefined) creates.push(wanted)
    else if (differs(current, wanted)) updates.push({ event: current, desired: wanted })
  }
  return { creates, updates, removals }
}
