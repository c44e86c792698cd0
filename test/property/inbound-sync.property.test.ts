import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DesiredEvent, INGEST_WINDOW, type InboundPlan, planInbound } from '../../core/connection/inbound-sync.js'
import type { CalendarEvent } from '../../core/event/event.js'
import { expandSeries, isOccurrence, occurrenceId, withExclusion } from '../../core/event/recurrence.js'
import type { ProviderEvent } from '../../core/ports/calendar-provider.js'
import { makeEvent } from '../contracts/event-repository.contract.js'

const NOW = new Date('2026-03-20T12:00:00Z')
const HOUR = 3_600_000

/** Provider events over a few ids, so batches overlap: singles, weekly/daily series, changed and cancelled occurrences. */
const providerEvent: fc.Arbitrary<ProviderEvent> = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c', 's1', 's2'),
    cancelled: fc.boolean(),
    title: fc.constantFrom('Standup', 'Review', 'Lunch'),
    startHours: fc.integer({ min: -24 * 10, max: 24 * 30 }),
    durationHours: fc.integer({ min: 1, max: 3 }),
    location: fc.constantFrom(null, 'Main St 1'),
    rule: fc.constantFrom(null, 'RRULE:FREQ=DAILY;COUNT=4', 'RRULE:FREQ=WEEKLY;COUNT=3'),
    exception: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    transparency: fc.constantFrom('opaque' as const, 'transparent' as const),
    selfResponse: fc.constantFrom(null, 'accepted' as const, 'tentative' as const, 'declined' as const),
  })
  .map(({ id, cancelled, title, startHours, durationHours, location, rule, exception, transparency, selfResponse }) => {
    // A series starts on the grid its exceptions name (13:00 UTC, a few days either side), a single event anywhere.
    const start =
      rule !== null && id.startsWith('s')
        ? new Date(Date.UTC(2026, 2, 20 + (startHours % 3), 13))
        : new Date(NOW.getTime() + startHours * HOUR)
    const base = {
      status: cancelled ? ('cancelled' as const) : ('confirmed' as const),
      title,
      start,
      end: new Date(start.getTime() + durationHours * HOUR),
      allDay: false,
      timezone: 'America/New_York',
      location,
      transparency,
      selfResponse,
    }
    if (exception !== null && id.startsWith('s')) {
      // A changed (or cancelled) occurrence of series `id`: its original start is on the series' daily grid.
      const originalStart = new Date(Date.UTC(2026, 2, 20 + exception, 13))
      return { ...base, externalId: `${id}_x${exception}`, recurrence: [], recurringEventId: id, originalStart }
    }
    return {
      ...base,
      externalId: id,
      recurrence: rule === null || !id.startsWith('s') ? [] : [rule],
      recurringEventId: null,
      originalStart: null,
    }
  })

const batch = fc
  .record({ changes: fc.array(providerEvent, { maxLength: 8 }), full: fc.boolean() })
  .map(({ changes, full }) => ({ changes, cursor: 'c', full }))

let counter = 0
const placeOf = (address: string | null) =>
  address === null ? null : { name: null, address, lat: 0, lng: 0, source: 'provider' as const }
const toEvent = (desired: DesiredEvent): CalendarEvent =>
  makeEvent({
    id: `evt_${++counter}`,
    title: desired.title,
    startTime: desired.start,
    endTime: desired.end,
    timezone: desired.timezone,
    location: placeOf(desired.location),
    source: {
      connectionId: 'con_1',
      calendarId: 'cal_1',
      externalId: desired.externalId,
      seriesId: desired.seriesId,
      imported: true,
    },
    showAs: desired.showAs,
    ...(desired.recurrence === null ? {} : { recurrence: desired.recurrence }),
  })

const isMaster = (event: CalendarEvent) => (event.recurrence ?? null) !== null
const shapeOf = (master: CalendarEvent) => ({
  start: master.startTime,
  end: master.endTime,
  timezone: master.timezone,
  recurrence: master.recurrence ?? [],
})

/**
 * What the service does with a plan (the calendar sync through the event and series use cases): removes (a master
 * with its occurrences), updates in place (a series' stranded exceptions dropped), creates, then edits or cancels
 * occurrences (`apply_to=this`: an exception stored, or an EXDATE added).
 */
const apply = (existing: CalendarEvent[], plan: InboundPlan): CalendarEvent[] => {
  const removed = new Set(plan.removals.map((event) => event.id))
  let held = existing.filter((event) => !removed.has(event.id) && !removed.has(event.recurringEventId ?? ''))
  const updated = new Map(plan.updates.map(({ event, desired }) => [event.id, desired]))
  held = held.map((event) => {
    const desired = updated.get(event.id)
    if (desired === undefined) return event
    return {
      ...event,
      title: desired.title,
      startTime: desired.start,
      endTime: desired.end,
      timezone: desired.timezone,
      location: placeOf(desired.location),
      showAs: desired.showAs,
      recurrence: desired.recurrence,
    }
  })
  held = held.filter((event) => {
    const master = held.find((candidate) => candidate.id === event.recurringEventId)
    return master === undefined || isOccurrence(shapeOf(master), event.originalStartTime!)
  })
  // Our master of each series this plan makes, by provider id: a single event it turns into a series is one, in place.
  const masters = new Map<string, string>()
  for (const { event, desired } of plan.updates)
    if (desired.recurrence !== null) masters.set(desired.externalId, event.id)
  for (const desired of plan.creates) {
    const created = toEvent(desired)
    held.push(created)
    if (isMaster(created)) masters.set(desired.externalId, created.id)
  }
  for (const change of plan.occurrences) {
    const masterId = change.master?.id ?? masters.get(change.seriesExternalId)!
    const master = held.find((event) => event.id === masterId)!
    const id = occurrenceId(masterId, change.originalStart)
    const stored = held.find((event) => event.id === id)
    expect(stored !== undefined || isOccurrence(shapeOf(master), change.originalStart)).toBe(true)
    held = held.filter((event) => event.id !== id)
    if (change.desired === null) {
      held = held.map((event) =>
        event.id === masterId ? { ...event, recurrence: withExclusion(shapeOf(master), change.originalStart) } : event,
      )
      continue
    }
    held.push({
      ...toEvent(change.desired),
      id,
      source: master.source,
      recurringEventId: masterId,
      originalStartTime: change.originalStart,
    })
  }
  return held
}

const WINDOW = {
  from: new Date(NOW.getTime() - INGEST_WINDOW.pastMs),
  to: new Date(NOW.getTime() + INGEST_WINDOW.futureMs),
}

/** Every occurrence held, by its id at the provider (a series' occurrences by series and original start). */
const occurrencesHeld = (events: CalendarEvent[]): Map<string, string> => {
  const view = new Map<string, string>()
  const line = (event: CalendarEvent, start: Date) =>
    `${event.title}|${start.toISOString()}|${event.location?.address ?? null}|${event.showAs ?? 'busy'}`
  for (const event of events) {
    if (event.recurringEventId != null) continue
    const externalId = event.source!.externalId
    if (!isMaster(event)) {
      view.set(externalId, line(event, event.startTime))
      continue
    }
    for (const occurrence of expandSeries(shapeOf(event), WINDOW)) {
      const stored = events.find((candidate) => candidate.id === occurrenceId(event.id, occurrence.originalStart))
      view.set(
        occurrenceId(externalId, occurrence.originalStart),
        stored === undefined ? line(event, occurrence.start) : line(stored, stored.startTime),
      )
    }
  }
  return view
}

const plan = (next: { changes: ProviderEvent[]; cursor: string; full: boolean }, existing: CalendarEvent[]) =>
  planInbound({ batch: next, existing, calendarTimezone: 'America/New_York', now: NOW })

describe('Inbound sync plan (model): re-running a sync changes nothing, and never duplicates', () => {
  it('planning the same batch again after applying it is a no-op; one event per provider id, one occurrence per slot', () => {
    fc.assert(
      fc.property(fc.array(batch, { minLength: 1, maxLength: 4 }), (batches) => {
        let held: CalendarEvent[] = []
        for (const next of batches) {
          held = apply(held, plan(next, held))
          const again = plan(next, held)
          expect(again.creates).toEqual([])
          expect(again.updates).toEqual([])
          expect(again.removals).toEqual([])
          expect(again.occurrences).toEqual([])
          const ids = held.filter((event) => event.recurringEventId == null).map((event) => event.source!.externalId)
          expect(new Set(ids).size).toBe(ids.length)
          const slots = held.map((event) => event.id)
          expect(new Set(slots).size).toBe(slots.length)
        }
      }),
    )
  })

  it('after a full listing, the occurrences held are what the listing names, but for the occurrences cancelled or changed by an earlier batch', () => {
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 3 }), batch, (before, last) => {
        let held: CalendarEvent[] = []
        for (const next of before) held = apply(held, plan(next, held))
        const full = { ...last, full: true }
        const fromScratch = occurrencesHeld(apply([], plan(full, [])))
        held = apply(held, plan(full, held))
        const view = occurrencesHeld(held)
        // Nothing the listing does not name.
        for (const id of view.keys()) expect(fromScratch.has(id), id).toBe(true)
        // Each occurrence it names is held as named, unless an earlier batch cancelled it or changed it on its own
        // (a provider lists its exceptions and cancelled instances in full; these batches need not).
        const seriesOf = (id: string) => id.slice(0, id.lastIndexOf('_'))
        const edited = (id: string) =>
          held.some(
            (event) =>
              event.source?.externalId === seriesOf(id) &&
              event.recurringEventId == null &&
              (event.recurrence ?? []).some((line) => line.startsWith('EXDATE')),
          ) || held.some((event) => event.recurringEventId != null && event.source?.externalId === seriesOf(id))
        for (const [id, occurrence] of fromScratch)
          if (view.get(id) !== occurrence) expect(edited(id), `${id}: ${view.get(id)} / ${occurrence}`).toBe(true)
      }),
    )
  })
})
