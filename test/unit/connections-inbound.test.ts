import { describe, expect, it } from 'vitest'
import { planInbound } from '../../core/connection/inbound-sync.js'
import type { CalendarEvent } from '../../core/event/event.js'
import type { ProviderEvent } from '../../core/ports/calendar-provider.js'
import { makeEvent } from '../contracts/event-repository.contract.js'

const NOW = new Date('2026-06-01T08:00:00Z')
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000)

const providerEvent = (overrides: Partial<ProviderEvent>): ProviderEvent => ({
  externalId: 'e1',
  status: 'confirmed',
  title: 'Title',
  start: hours(24),
  end: hours(25),
  allDay: false,
  timezone: 'Europe/London',
  location: null,
  transparency: 'opaque',
  selfResponse: null,
  recurrence: [],
  recurringEventId: null,
  originalStart: null,
  ...overrides,
})

/** What the service would hold after applying a plan (events keyed by external id). */
const synced = (externalId: string, seriesId: string | null, start: Date, title = 'Title'): CalendarEvent =>
  makeEvent({
    id: `evt_${externalId}`,
    title,
    startTime: start,
    endTime: new Date(start.getTime() + 3_600_000),
    timezone: 'Europe/London',
    location: null,
    source: { connectionId: 'con_1', calendarId: 'cal_1', externalId, seriesId },
  })

const plan = (changes: ProviderEvent[], existing: CalendarEvent[] = [], full = false) =>
  planInbound({ batch: { changes, cursor: 'c', full }, existing, calendarTimezone: 'Europe/London', now: NOW })

describe('Inbound sync plan: what one provider batch does to the events synced from a calendar', () => {
  it('creates what is new, updates what changed, and leaves the unchanged alone (re-sync is a no-op)', () => {
    const first = plan([providerEvent({ externalId: 'a' }), providerEvent({ externalId: 'b', title: 'B' })])
    expect(first.creates.map((event) => event.externalId)).toEqual(['a', 'b'])
    const again = plan(
      [providerEvent({ externalId: 'a' }), providerEvent({ externalId: 'b', title: 'B2' })],
      [synced('a', null, hours(24)), synced('b', null, hours(24), 'B')],
    )
    expect(again.creates).toEqual([])
    expect(again.updates.map(({ event, desired }) => [event.id, desired.title])).toEqual([['evt_b', 'B2']])
    expect(again.removals).toEqual([])
  })

  it('removes a cancelled event, and on a full listing whatever is no longer listed', () => {
    expect(
      plan([providerEvent({ externalId: 'a', status: 'cancelled' })], [synced('a', null, hours(24))]).removals.map(
        (event) => event.id,
      ),
    ).toEqual(['evt_a'])
    expect(
      plan(
        [providerEvent({ externalId: 'a' })],
        [synced('a', null, hours(24)), synced('gone', null, hours(24))],
        true,
      ).removals.map((event) => event.id),
    ).toEqual(['evt_gone'])
    // An incremental batch says nothing about what it does not name.
    expect(
      plan([providerEvent({ externalId: 'a' })], [synced('a', null, hours(24)), synced('other', null, hours(24))])
        .removals,
    ).toEqual([])
  })

  it('holds a series as one: its master with its lines, a changed instance as an edit of that occurrence, a cancelled one as its cancellation', () => {
    const series = providerEvent({
      externalId: 's',
      start: hours(24),
      end: hours(25),
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
    })
    const moved = providerEvent({
      externalId: 's_x',
      recurringEventId: 's',
      originalStart: hours(48),
      start: hours(50),
      end: hours(51),
      title: 'Moved',
    })
    const cancelled = providerEvent({
      externalId: 's_y',
      recurringEventId: 's',
      originalStart: hours(72),
      status: 'cancelled',
    })
    const result = plan([series, moved, cancelled])
    expect(result.creates.map((event) => [event.externalId, event.recurrence, event.start.toISOString()])).toEqual([
      ['s', ['RRULE:FREQ=DAILY;COUNT=3'], '2026-06-02T08:00:00.000Z'],
    ])
    expect(
      result.occurrences.map((change) => [
        change.seriesExternalId,
        change.master,
        change.originalStart.toISOString(),
        change.desired?.title ?? null,
        change.desired?.start.toISOString() ?? null,
      ]),
    ).toEqual([
      ['s', null, '2026-06-03T08:00:00.000Z', 'Moved', '2026-06-03T10:00:00.000Z'],
      ['s', null, '2026-06-04T08:00:00.000Z', null, null],
    ])
    // Held: the same instances again change nothing; a new change of one reaches that occurrence only.
    const master = {
      ...synced('s', null, hours(24)),
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:20260604T080000Z'],
      exceptions: ['2026-06-03T08:00:00.000Z'],
    } as CalendarEvent
    const exception = {
      ...synced('s', null, hours(50), 'Moved'),
      id: 'evt_s_20260603T080000Z',
      recurringEventId: 'evt_s',
      originalStartTime: hours(48),
    } as CalendarEvent
    const held = [master, exception]
    const again = plan([series, moved, cancelled], held)
    expect([again.creates, again.updates, again.removals, again.occurrences]).toEqual([[], [], [], []])
    const retitled = plan([providerEvent({ ...moved, title: 'Moved again' })], held)
    expect(retitled.occurrences.map((change) => [change.master?.id, change.desired?.title])).toEqual([
      ['evt_s', 'Moved again'],
    ])
    // The series moved a day later in the batch that changes its exception again: the exception's original start is
    // no longer one of its occurrences, the service drops it with the move, and no change is planned for it.
    const later = providerEvent({ ...series, start: hours(72), end: hours(73) })
    const stranded = plan([providerEvent({ ...moved, title: 'Moved again' }), later], held)
    expect(stranded.updates.map(({ event }) => event.id)).toEqual(['evt_s'])
    expect(stranded.occurrences).toEqual([])
    // Cancelling the series removes its master (its occurrences go with it); a full listing without it too.
    expect(plan([providerEvent({ externalId: 's', status: 'cancelled' })], held).removals).toEqual([master])
    expect(plan([], held, true).removals).toEqual([master])
  })

  it('a single event that becomes a series in a batch which also changes one of its occurrences: updated in place into the series, the change planned against it', () => {
    // Found by the model test (seed 1829671168): the changed instance is listed before its series.
    const moved = providerEvent({
      externalId: 's2_x0',
      title: 'Moved',
      start: hours(26),
      end: hours(27),
      recurringEventId: 's2',
      originalStart: hours(48),
    })
    const series = providerEvent({ externalId: 's2', recurrence: ['RRULE:FREQ=DAILY;COUNT=4'] })
    const planned = plan([moved, series], [synced('s2', null, hours(24))])
    expect(planned.creates).toEqual([])
    expect(planned.updates.map(({ event, desired }) => [event.id, desired.recurrence])).toEqual([
      ['evt_s2', ['RRULE:FREQ=DAILY;COUNT=4']],
    ])
    // No master held yet (null): the service takes the one this plan's update makes.
    expect(
      planned.occurrences.map((change) => [
        change.master,
        change.seriesExternalId,
        change.originalStart,
        change.desired?.title,
      ]),
    ).toEqual([[null, 's2', hours(48), 'Moved']])
  })

  it('a rule we cannot hold (denser than our bound) still arrives, as single occurrences', () => {
    const hourly = providerEvent({ externalId: 'h', recurrence: ['RRULE:FREQ=HOURLY;COUNT=1001'] })
    const creates = plan([hourly]).creates
    expect(creates).toHaveLength(1001)
    expect(creates.slice(0, 2).map((event) => [event.externalId, event.seriesId, event.recurrence])).toEqual([
      ['h_20260602T080000Z', 'h', null],
      ['h_20260602T090000Z', 'h', null],
    ])
  })

  it('drops a duplicate left by an interrupted sync, and skips events outside the ingest window', () => {
    const duplicates = [
      synced('a', null, hours(24)),
      { ...synced('a', null, hours(24)), id: 'evt_dup' } as CalendarEvent,
    ]
    expect(plan([providerEvent({ externalId: 'a' })], duplicates).removals.map((event) => event.id)).toEqual([
      'evt_dup',
    ])
    expect(
      plan([providerEvent({ externalId: 'old', start: hours(-24 * 30), end: hours(-24 * 30 + 1) })]).creates,
    ).toEqual([])
  })
})
