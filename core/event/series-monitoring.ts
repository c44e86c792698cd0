import type { EventRepositoryPort } from '../ports/event-repository.js'
import { type CalendarEvent, monitoringDueAt } from './event.js'
import { occurrenceOf, seriesShapeOfMaster } from './event-series.js'
import { expandSeries, FAR_FUTURE } from './recurrence.js'

/**
 * How far ahead the occurrences of a series are stored and monitored like single events. The rest of an endless
 * series is never stored: the sweep stores each occurrence as it comes within this horizon.
 */
export const OCCURRENCE_MONITORING_HORIZON_MS = 24 * 3_600_000

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
