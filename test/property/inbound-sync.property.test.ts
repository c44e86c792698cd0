import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DesiredEvent, type InboundPlan, planInbound } from '../../core/connection/inbound-sync.js'
import type { CalendarEvent } from '../../core/event/event.js'
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
    const start = new Date(NOW.getTime() + startHours * HOUR)
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
const toEvent = (desired: DesiredEvent): CalendarEvent =>
  makeEvent({
    id: `evt_${++counter}`,
    title: desired.title,
    startTime: desired.start,
    endTime: desired.end,
    timezone: desired.timezone,
    location:
      desired.location === null ? null : { name: null, address: desired.location, lat: 0, lng: 0, source: 'provider' },
    source: { connectionId: 'con_1', calendarId: 'cal_1', externalId: desired.externalId, seriesId: desired.seriesId },
    showAs: desired.showAs,
  })

/** What the service does with a plan (creates, updates in place, removes). */
const apply = (existing: CalendarEvent[], plan: InboundPlan): CalendarEvent[] => {
  const removed = new Set(plan.removals.map((event) => event.id))
  const updated = new Map(plan.updates.map(({ event, desired }) => [event.id, desired]))
  return [
    ...existing
      .filter((event) => !removed.has(event.id))
      .map((event) => {
        const desired = updated.get(event.id)
        return desired === undefined ? event : { ...toEvent(desired), id: event.id }
      }),
    ...plan.creates.map(toEvent),
  ]
}

describe('Inbound sync plan (model): re-running a sync changes nothing, and never duplicates', () => {
  it('planning the same batch again after applying it is a no-op', () => {
    fc.assert(
      fc.property(fc.array(batch, { minLength: 1, maxLength: 4 }), (batches) => {
        let held: CalendarEvent[] = []
        for (const next of batches) {
          held = apply(
            held,
            planInbound({ batch: next, existing: held, calendarTimezone: 'America/New_York', now: NOW }),
          )
          const again = planInbound({ batch: next, existing: held, calendarTimezone: 'America/New_York', now: NOW })
          expect(again.creates).toEqual([])
          expect(again.updates).toEqual([])
          expect(again.removals).toEqual([])
          // One event per provider id, whatever happened before.
          const ids = held.map((event) => event.source!.externalId)
          expect(new Set(ids).size).toBe(ids.length)
        }
      }),
    )
  })

  it('after a full listing, the events held are exactly what the listing names (expanded, in the window)', () => {
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 3 }), batch, (before, last) => {
        let held: CalendarEvent[] = []
        for (const next of before)
          held = apply(
            held,
            planInbound({ batch: next, existing: held, calendarTimezone: 'America/New_York', now: NOW }),
          )
        const full = { ...last, full: true }
        const fromScratch = apply(
          [],
          planInbound({ batch: full, existing: [], calendarTimezone: 'America/New_York', now: NOW }),
        )
        held = apply(held, planInbound({ batch: full, existing: held, calendarTimezone: 'America/New_York', now: NOW }))
        const view = (events: CalendarEvent[]) =>
          events
            .map(
              (event) =>
                `${event.source!.externalId}|${event.title}|${event.startTime.toISOString()}|${event.showAs ?? 'busy'}`,
            )
            .sort()
        expect(view(held)).toEqual(view(fromScratch))
      }),
    )
  })
})
