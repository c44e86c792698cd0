import { type DesiredEvent, INGEST_WINDOW, type InboundPlan } from '../../core/connection/inbound-sync.js'
import { allDayDatesFrom } from '../../core/event/all-day.js'
import { expandSeries, occurrenceId } from '../../core/event/recurrence.js'

/**
 * The occurrences a plan made from nothing holds (`existing: []`), over the ingest window around `now`: single events
 * as planned, each series created expanded (as our listing does), its exceptions in their slots and its cancelled
 * occurrences gone. In creation order, each series' occurrences at its place.
 */
export const occurrencesOfNewPlan = (plan: InboundPlan, now: Date): DesiredEvent[] => {
  const window = {
    from: new Date(now.getTime() - INGEST_WINDOW.pastMs),
    to: new Date(now.getTime() + INGEST_WINDOW.futureMs),
  }
  const changes = new Map(
    plan.occurrences.map((change) => [occurrenceId(change.seriesExternalId, change.originalStart), change.desired]),
  )
  return plan.creates.flatMap((created): DesiredEvent[] => {
    if (created.recurrence === null) return [created]
    return expandSeries(
      {
        start: created.start,
        end: created.end,
        timezone: created.timezone,
        recurrence: created.recurrence,
        allDay: created.allDay !== null,
      },
      window,
    ).flatMap((occurrence): DesiredEvent[] => {
      const externalId = occurrenceId(created.externalId, occurrence.originalStart)
      const changed = changes.get(externalId)
      if (changed === null) return []
      if (changed !== undefined) return [changed]
      return [
        {
          ...created,
          externalId,
          seriesId: created.externalId,
          start: occurrence.start,
          end: occurrence.end,
          allDay: created.allDay === null ? null : allDayDatesFrom(created.allDay, occurrence.start, created.timezone),
          recurrence: null,
        },
      ]
    })
  })
}
