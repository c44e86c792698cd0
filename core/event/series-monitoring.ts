import type { EventRepositoryPort } from '../ports/event-repository.js'
import { type CalendarEvent, monitoringDueAt } from './event.js'
import { OCCURRENCE_MONITORING_HORIZON_MS, occurrenceOf, seriesShapeOfMaster } from './event-series.js'
import { expandSeries, FAR_FUTURE, parseOccurrenceId } from './recurrence.js'
import { isSeriesMaster } from './series-shape.js'

export { OCCURRENCE_MONITORING_HORIZON_MS }

const stored = (master: CalendarEvent) => new Set(master.exceptions ?? [])

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
  const added: string[] = []
  for (const occurrence of upcoming) {
    const event = occurrenceOf(master, occurrence, now)
    if ((await events.get(master.accountId, event.id)) === null)
      await events.insert(
        { ...event, dueAt: monitoringDueAt(event.monitoring), createdAt: now, updatedAt: now, version: 1 },
        [],
      )
    added.push(occurrence.originalStart.toISOString())
  }
  const next = { ...master, exceptions: [...(master.exceptions ?? []), ...added] }
  await events.update({ ...next, dueAt: seriesDueAt(next, now), version: master.version + 1 }, master.version, [])
  return added.length
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
    const event = occurrenceOf(master, occurrence, now)
    const fresh = { ...event, dueAt: monitoringDueAt(event.monitoring), createdAt: now, updatedAt: now, version: 1 }
    await events.insert(fresh, [])
    return fresh
  }
  return null
}
