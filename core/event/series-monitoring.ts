import type { EventRepositoryPort } from '../ports/event-repository.js'
import { allDayDatesFrom } from './all-day.js'
import { type CalendarEvent, monitoringDueAt } from './event.js'
import { OCCURRENCE_MONITORING_HORIZON_MS, occurrenceOf, seriesShapeOfMaster } from './event-series.js'
import { compactSeries, expandSeries, FAR_FUTURE, occurrenceId, parseOccurrenceId } from './recurrence.js'
import { isSeriesMaster } from './series-shape.js'

export { OCCURRENCE_MONITORING_HORIZON_MS }

const stored = (master: CalendarEvent) => new Set(master.exceptions ?? [])

/** How much of a series' past its master keeps: its EXDATEs, RDATEs and stored occurrences of the last year. */
export const SERIES_HISTORY_KEPT_MS = 366 * 86_400_000
/** Compaction waits for this many entries older than the history kept, so a daily series is rewritten monthly. */
export const SERIES_COMPACTION_THRESHOLD = 30

/**
 * A master without the history it no longer needs, so that a series edited or monitored for years stays bounded: once
 * `SERIES_COMPACTION_THRESHOLD` of its entries (EXDATE and RDATE values, stored occurrences) start more than
 * `SERIES_HISTORY_KEPT_MS` ago, the series is made to start at its first occurrence after that (`compactSeries`: the
 * same occurrences, the same ids, from there on), and the stored occurrences before are to be removed (`removed`).
 * Unchanged (nothing removed) below the threshold, or when the series cannot be compacted.
 */
export const compactMaster = (
  master: CalendarEvent,
  now: Date,
): { readonly master: CalendarEvent; readonly removed: readonly string[] } => {
  const unchanged = { master, removed: [] }
  const floor = new Date(now.getTime() - SERIES_HISTORY_KEPT_MS)
  if (master.startTime.getTime() >= floor.getTime()) return unchanged
  const compacted = compactSeries(seriesShapeOfMaster(master), floor)
  if (compacted === null) return unchanged
  const exceptions = master.exceptions ?? []
  const kept = exceptions.filter((original) => Date.parse(original) >= compacted.start.getTime())
  if (compacted.dropped + exceptions.length - kept.length < SERIES_COMPACTION_THRESHOLD) return unchanged
  return {
    master: {
      ...master,
      startTime: compacted.start,
      endTime: compacted.end,
      allDay:
        master.allDay === undefined || master.allDay === null
          ? master.allDay
          : allDayDatesFrom(master.allDay, compacted.start, master.timezone),
      recurrence: compacted.recurrence,
      exceptions: kept,
    },
    removed: exceptions
      .filter((original) => Date.parse(original) < compacted.start.getTime())
      .map((original) => occurrenceId(master.id, new Date(original))),
  }
}

/**
 * When the sweep must next look at a series: when its next occurrence not stored yet comes within the horizon (now,
 * if it already has); null once no occurrence is left.
 */
export const seriesDueAt = (master: CalendarEvent, now: Date): Date | null => {
  const known = stored(master)
  const upcoming = expandSeries(seriesShapeOfMaster(master), { from: now, to: FAR_FUTURE }, known.size + 1).find(
    (occurrence) => !known.has(occurrence.originalStart.toISOString()),
  )
  if (upcoming === undefined) return null
  return new Date(Math.max(now.getTime(), upcoming.start.getTime() - OCCURRENCE_MONITORING_HORIZON_MS))
}

/**
 * The sweep's turn of a series: each occurrence starting within the horizon and not stored yet is stored (due now:
 * the sweep's next batch computes its first window), the series notes it and waits for the next one. Written with the
 * master's version; a lost race leaves the next sweep to finish (an occurrence already stored is not stored twice).
 */
export const storeUpcomingOccurrences = async (
  events: EventRepositoryPort,
  master: CalendarEvent,
  now: Date,
): Promise<number> => {
  const known = stored(master)
  const horizon = new Date(now.getTime() + OCCURRENCE_MONITORING_HORIZON_MS)
  const upcoming = expandSeries(seriesShapeOfMaster(master), { from: now, to: horizon }).filter(
    (occurrence) => !known.has(occurrence.originalStart.toISOString()),
  )
  const added = upcoming.map((occurrence) => occurrence.originalStart.toISOString())
  const noted = { ...master, exceptions: [...(master.exceptions ?? []), ...added] }
  const { master: next, removed } = compactMaster(noted, now)
  // The master first: of two sweeps racing for the series (two hosts), the one whose write lost stores nothing.
  const outcome = await events.update(
    { ...next, dueAt: seriesDueAt(next, now), version: master.version + 1 },
    master.version,
    [],
  )
  if (outcome === 'conflict') return 0
  for (const occurrence of upcoming) await insertOccurrence(events, occurrenceOf(master, occurrence, now), now)
  for (const id of removed) {
    const old = await events.get(master.accountId, id)
    if (old !== null) await events.remove(master.accountId, id, old.version, [])
  }
  return added.length
}

/** Stores an occurrence once: one already stored (by an edit, a reminder, another sweep) is left as it is. */
const insertOccurrence = async (
  events: EventRepositoryPort,
  event: CalendarEvent,
  now: Date,
): Promise<CalendarEvent> => {
  const existing = await events.get(event.accountId, event.id)
  if (existing !== null) return existing
  const fresh = { ...event, dueAt: monitoringDueAt(event.monitoring), createdAt: now, updatedAt: now, version: 1 }
  try {
    await events.insert(fresh, [])
    return fresh
  } catch (error) {
    // A concurrent insert of the same id won (a duplicate key): its copy is the occurrence.
    const winner = await events.get(event.accountId, event.id)
    if (winner === null) throw error
    return winner
  }
}

/**
 * An event by id for what attaches to one event (a reminder, an invitation): the stored event, or an occurrence of a
 * series stored now, as the sweep would store it (noted on its master, monitored like any event), so that what is
 * attached has an event of its own to follow. Null when the id names neither (an unknown id, an occurrence the rule
 * does not name, or one of a deleted series).
 */
export const storedEventOrOccurrence = async (
  events: EventRepositoryPort,
  accountId: string,
  id: string,
  now: Date,
): Promise<CalendarEvent | null> => {
  const stored = await events.get(accountId, id)
  if (stored !== null) return stored
  const named = parseOccurrenceId(id)
  if (named === null) return null
  for (let attempt = 0; attempt < 5; attempt++) {
    const master = await events.get(accountId, named.seriesId)
    if (master === null || !isSeriesMaster(master)) return null
    const original = named.originalStart.toISOString()
    if ((master.exceptions ?? []).includes(original)) return events.get(accountId, id)
    const [occurrence] = expandSeries(
      seriesShapeOfMaster(master),
      { from: named.originalStart, to: new Date(named.originalStart.getTime() + 1) },
      1,
    )
    if (occurrence === undefined) return null
    const noted = { ...master, exceptions: [...(master.exceptions ?? []), original] }
    // The master first: a lost race leaves nothing stored, and the next attempt reads the winner's state.
    if ((await events.update({ ...noted, version: master.version + 1 }, master.version, [])) === 'conflict') continue
    return insertOccurrence(events, occurrenceOf(master, occurrence, now), now)
  }
  return null
}

/** Whether an id names an event: a stored one, or an occurrence of a series that is not stored (nothing is written). */
export const eventExists = async (events: EventRepositoryPort, accountId: string, id: string): Promise<boolean> => {
  if ((await events.get(accountId, id)) !== null) return true
  const named = parseOccurrenceId(id)
  if (named === null) return false
  const master = await events.get(accountId, named.seriesId)
  return (
    master !== null &&
    isSeriesMaster(master) &&
    expandSeries(
      seriesShapeOfMaster(master),
      { from: named.originalStart, to: new Date(named.originalStart.getTime() + 1) },
      1,
    ).length === 1
  )
}
