import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { planInbound } from '../../core/connection/inbound-sync.js'
import type { ProviderEvent } from '../../core/ports/calendar-provider.js'
import {
  attendanceOf,
  type BusyEntry,
  busyWithin,
  type Interval,
  intersectIntervals,
  mergeIntervals,
  subtractIntervals,
} from '../../core/scheduling/freebusy.js'
import {
  pickSlots,
  type SlotSearch,
  slotCandidates,
  TIME_OF_DAY_MINUTES,
  TIMES_OF_DAY,
  type TimeOfDay,
} from '../../core/scheduling/slots.js'
import { occurrencesOfNewPlan } from '../support/inbound-plan.js'

const MINUTE = 60_000

/** The naive model of busy time: one cell per minute, set when any busy entry covers it. */
const minuteCells = (intervals: readonly Interval[], size: number): boolean[] => {
  const cells = Array.from({ length: size }, () => false)
  for (const interval of intervals)
    for (let m = interval.start; m < interval.end; m++) if (m >= 0 && m < size) cells[m] = true
  return cells
}
/** The runs of set cells, as intervals. */
const runs = (cells: readonly boolean[]): Interval[] => {
  const result: Interval[] = []
  let start: number | null = null
  cells.forEach((set, minute) => {
    if (set && start === null) start = minute
    if (!set && start !== null) {
      result.push({ start, end: minute })
      start = null
    }
  })
  if (start !== null) result.push({ start, end: cells.length })
  return result
}

const interval = (max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 120 }))
    .map(([start, length]) => ({ start, end: start + length }))

describe('Free/busy merging agrees with a minute-by-minute reference model', () => {
  it('merged busy time covers exactly the minutes some interval covers, as sorted, separate intervals', () => {
    fc.assert(
      fc.property(fc.array(interval(400), { maxLength: 30 }), (intervals) => {
        const merged = mergeIntervals(intervals)
        expect(merged).toEqual(runs(minuteCells(intervals, 600)))
        // Sorted, and never touching: touching busy times are one.
        for (let i = 1; i < merged.length; i++) expect(merged[i]!.start).toBeGreaterThan(merged[i - 1]!.end)
      }),
    )
  })

  it('busy time within a window: tentative entries count only when asked, declined ones never', () => {
    const entry = fc
      .tuple(interval(400), fc.constantFrom<BusyEntry['attendance']>('busy', 'tentative', 'free'))
      .map(([span, attendance]) => ({ ...span, attendance }))
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), fc.boolean(), interval(300), (entries, tentative, window) => {
        const counted = entries.filter((e) => e.attendance === 'busy' || (tentative && e.attendance === 'tentative'))
        const cells = minuteCells(counted, 600).map(
          (set, minute) => set && minute >= window.start && minute < window.end,
        )
        expect(busyWithin(entries, window, tentative)).toEqual(runs(cells))
      }),
    )
  })

  it('intersection and difference agree with the model', () => {
    fc.assert(
      fc.property(fc.array(interval(400), { maxLength: 15 }), fc.array(interval(400), { maxLength: 15 }), (a, b) => {
        const left = mergeIntervals(a.filter((x) => x.start >= 0))
        const right = mergeIntervals(b.filter((x) => x.start >= 0))
        const l = minuteCells(left, 600)
        const r = minuteCells(right, 600)
        expect(intersectIntervals(left, right)).toEqual(runs(l.map((set, m) => set && (r[m] ?? false))))
        expect(subtractIntervals(left, right)).toEqual(runs(l.map((set, m) => set && !(r[m] ?? false))))
      }),
    )
  })

  it('invitation answers: declined is free, tentative tentative, accepted or unanswered busy', () => {
    expect(attendanceOf('declined')).toBe('free')
    expect(attendanceOf('tentative')).toBe('tentative')
    expect(attendanceOf('accepted')).toBe('busy')
    expect(attendanceOf(null)).toBe('busy')
  })
})

const NOW = new Date('2026-02-20T12:00:00Z')
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC'] as const

/**
 * The naive model of a recurring series: step the wall-clock date by the interval
 * (days or weeks) and put the start's wall-clock time on it in the series' zone,
 * drop EXDATEs, then move or cancel the changed occurrences.
 */
const naiveOccurrences = (series: {
  zone: string
  local: DateTime
  durationMs: number
  freq: 'DAILY' | 'WEEKLY'
  interval: number
  count: number
  excluded: readonly number[]
  moved: ReadonlyMap<number, number>
  cancelled: ReadonlySet<number>
}): Interval[] => {
  const result: Interval[] = []
  for (let n = 0; n < series.count; n++) {
    if (series.excluded.includes(n) || series.cancelled.has(n)) continue
    const local = series.local.plus(
      series.freq === 'DAILY' ? { days: n * series.interval } : { weeks: n * series.interval },
    )
    const start = DateTime.fromObject(
      { year: local.year, month: local.month, day: local.day, hour: series.local.hour, minute: series.local.minute },
      { zone: series.zone },
    ).toMillis()
    const shift = series.moved.get(n) ?? 0
    result.push({ start: start + shift, end: start + shift + series.durationMs })
  }
  return result
}

describe('Recurring series: the occurrences free/busy reads agree with a naive reference model', () => {
  it('RRULE (daily or weekly, INTERVAL, COUNT) across DST changes, EXDATEs, all-day, moved and cancelled instances', () => {
    const series = fc.record({
      zone: fc.constantFrom(...ZONES),
      dayOffset: fc.integer({ min: 0, max: 40 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45),
      allDay: fc.boolean(),
      durationMinutes: fc.integer({ min: 15, max: 240 }),
      freq: fc.constantFrom<'DAILY' | 'WEEKLY'>('DAILY', 'WEEKLY'),
      interval: fc.integer({ min: 1, max: 2 }),
      count: fc.integer({ min: 1, max: 10 }),
      excluded: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
      moved: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: -3, max: 3 })), {
        maxLength: 2,
        selector: ([n]) => n,
      }),
      cancelled: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
    })
    fc.assert(
      fc.property(series, (s) => {
        const day = DateTime.fromJSDate(NOW, { zone: s.zone }).startOf('day').plus({ days: s.dayOffset })
        const local = s.allDay ? day : day.set({ hour: s.hour, minute: s.minute })
        const durationMs = s.allDay ? 86_400_000 : s.durationMinutes * MINUTE
        const start = local.toJSDate()
        const occurrenceStart = (n: number) =>
          naiveOccurrences({
            ...s,
            local,
            durationMs,
            count: n + 1,
            excluded: [],
            moved: new Map(),
            cancelled: new Set(),
          })[n]!.start
        const exdates = s.excluded
          .filter((n) => n < s.count)
          .map(
            (n) =>
              `EXDATE;TZID=${s.zone}:${DateTime.fromMillis(occurrenceStart(n), { zone: s.zone }).toFormat("yyyyMMdd'T'HHmmss")}`,
          )
        const seriesEvent: ProviderEvent = {
          externalId: 'series',
          status: 'confirmed',
          title: 'Series',
          start,
          end: new Date(start.getTime() + durationMs),
          allDay: s.allDay,
          timezone: s.zone,
          location: null,
          transparency: 'opaque',
          selfResponse: null,
          recurrence: [`RRULE:FREQ=${s.freq};INTERVAL=${s.interval};COUNT=${s.count}`, ...exdates],
          recurringEventId: null,
          originalStart: null,
        }
        const live = (n: number) => n < s.count && !s.excluded.includes(n)
        const moved = s.moved.filter(([n]) => live(n) && !s.cancelled.includes(n))
        const exceptions: ProviderEvent[] = [
          ...moved.map(([n, hours]): ProviderEvent => {
            const original = occurrenceStart(n)
            return {
              ...seriesEvent,
              externalId: `moved-${n}`,
              start: new Date(original + hours * 3_600_000),
              end: new Date(original + hours * 3_600_000 + durationMs),
              recurrence: [],
              recurringEventId: 'series',
              originalStart: new Date(original),
            }
          }),
          ...s.cancelled.filter(live).map(
            (n): ProviderEvent => ({
              ...seriesEvent,
              externalId: `cancelled-${n}`,
              status: 'cancelled',
              recurrence: [],
              recurringEventId: 'series',
              originalStart: new Date(occurrenceStart(n)),
            }),
          ),
        ]
        const plan = planInbound({
          batch: { changes: [seriesEvent, ...exceptions], cursor: 'c', full: true },
          existing: [],
          calendarTimezone: s.zone,
          now: NOW,
        })
        const expected = naiveOccurrences({
          ...s,
          local,
          durationMs,
          moved: new Map(moved.map(([n, hours]) => [n, hours * 3_600_000])),
          cancelled: new Set(s.cancelled),
        })
        const stored = occurrencesOfNewPlan(plan, NOW).map((event) => ({
          start: event.start.getTime(),
          end: event.end.getTime(),
        }))
        const byStart = (a: Interval, b: Interval) => a.start - b.start
        expect(stored.sort(byStart)).toEqual(expected.sort(byStart))
        // And free/busy over them is the model's merged busy time.
        const window = { start: NOW.getTime() - 7 * 86_400_000, end: NOW.getTime() + 200 * 86_400_000 }
        expect(
          busyWithin(
            stored.map((span) => ({ ...span, attendance: 'busy' as const })),
            window,
            false,
          ),
        ).toEqual(mergeIntervals(expected))
      }),
      { numRuns: 200 },
    )
  })
})

const localMinute = (at: DateTime) => at.hour * 60 + at.minute

/** A random slot search over three days around a DST change, participants in several zones. */
const search: fc.Arbitrary<SlotSearch> = fc
  .record({
    participants: fc.array(
      fc.record({
        zone: fc.option(fc.constantFrom(...ZONES), { nil: null }),
        busy: fc.array(
          fc.tuple(fc.integer({ min: 0, max: 4 * 24 * 4 }), fc.integer({ min: 1, max: 16 })).map(([q, length]) => ({
            start: Date.parse('2026-03-28T00:00:00Z') + q * 15 * MINUTE + 7 * MINUTE,
            end: Date.parse('2026-03-28T00:00:00Z') + (q + length) * 15 * MINUTE,
          })),
          { maxLength: 12 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    startHour: fc.integer({ min: 0, max: 12 }),
    hours: fc.integer({ min: 1, max: 12 }),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    workingHours: fc.boolean(),
    buffer: fc.constantFrom(0, 5, 15, 30, 60),
    duration: fc.constantFrom(15, 30, 45, 60, 90, 120),
    timeOfDay: fc.option(fc.constantFrom(...TIMES_OF_DAY), { nil: null }),
    preferredDays: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), {
      nil: null,
    }),
    windowStartQuarters: fc.integer({ min: 0, max: 48 }),
  })
  .map((r) => ({
    participants: r.participants.map((p) => ({ busy: mergeIntervals(p.busy), timezone: p.zone })),
    window: {
      start: Date.parse('2026-03-28T00:00:00Z') + r.windowStartQuarters * 15 * MINUTE + 3 * MINUTE,
      end: Date.parse('2026-03-31T00:00:00Z'),
    },
    durationMs: r.duration * MINUTE,
    bufferMs: r.buffer * MINUTE,
    workingHours: r.workingHours
      ? { startMinute: r.startHour * 60, endMinute: (r.startHour + r.hours) * 60, days: new Set(r.days) }
      : null,
    fallbackZone: 'Asia/Kolkata',
    preferredTimeOfDay: r.timeOfDay,
    preferredDays: r.preferredDays === null ? null : new Set(r.preferredDays),
  }))

const withinLocal = (zone: string, start: number, end: number, from: number, to: number): boolean => {
  const s = DateTime.fromMillis(start, { zone })
  // The slot's last millisecond, not its end: a slot ending where the clocks jump forward (01:45 to 03:00 on a
  // spring-forward night, in 15 minutes) lies wholly before 02:00 local time, although its end reads 03:00.
  const last = DateTime.fromMillis(end - 1, { zone })
  return s.hasSame(last, 'day') && localMinute(s) >= from && localMinute(last) < to
}

describe('find_slots and suggestions: slots keep clear of busy time plus buffers, lie in working hours, score 0..1, report truthfully', () => {
  it('every candidate, in every participant’s own zone', () => {
    fc.assert(
      fc.property(search, (s) => {
        const zones = s.participants.map((p) => p.timezone ?? s.fallbackZone)
        for (const slot of slotCandidates(s)) {
          expect(slot.end - slot.start).toBe(s.durationMs)
          expect(slot.start).toBeGreaterThanOrEqual(s.window.start)
          expect(slot.end).toBeLessThanOrEqual(s.window.end)
          for (const participant of s.participants)
            for (const busy of participant.busy)
              expect(slot.end + s.bufferMs <= busy.start || slot.start >= busy.end + s.bufferMs).toBe(true)
          if (s.workingHours !== null) {
            const { startMinute, endMinute, days } = s.workingHours
            for (const zone of zones) {
              expect(withinLocal(zone, slot.start, slot.end, startMinute, endMinute)).toBe(true)
              expect(days.has(DateTime.fromMillis(slot.start, { zone }).weekday)).toBe(true)
            }
            expect(slot.matches).toContain('working_hours')
          }
          expect(slot.score).toBeGreaterThanOrEqual(0)
          expect(slot.score).toBeLessThanOrEqual(1)
          if (s.preferredTimeOfDay !== null) {
            const [from, to] = TIME_OF_DAY_MINUTES[s.preferredTimeOfDay as TimeOfDay]
            const inPeriod = zones.every((zone) => withinLocal(zone, slot.start, slot.end, from, to))
            expect(slot.matches.includes('preferred_time_of_day')).toBe(inPeriod)
            expect(slot.misses.includes('preferred_time_of_day')).toBe(!inPeriod)
          } else expect([...slot.matches, ...slot.misses]).not.toContain('preferred_time_of_day')
          expect(slot.matches.includes('buffer_minutes_between_meetings')).toBe(s.bufferMs > 0)
          if (s.preferredDays !== null) {
            const days = s.preferredDays
            const onDay = zones.every((zone) => days.has(DateTime.fromMillis(slot.start, { zone }).weekday))
            expect(slot.matches.includes('preferred_days')).toBe(onDay)
            expect(slot.misses.includes('preferred_days')).toBe(!onDay)
          } else expect([...slot.matches, ...slot.misses]).not.toContain('preferred_days')
        }
      }),
      { numRuns: 50 },
    )
  })

  it('the picked slots are the best-scored, never overlap each other, and respect the limit', () => {
    fc.assert(
      fc.property(search, fc.integer({ min: 1, max: 25 }), (s, limit) => {
        const candidates = slotCandidates(s)
        const picked = pickSlots(candidates, limit)
        expect(picked.length).toBeLessThanOrEqual(limit)
        if (candidates.length > 0) {
          expect(picked.length).toBeGreaterThan(0)
          expect(picked[0]!.score).toBe(Math.max(...candidates.map((c) => c.score)))
        }
        for (let i = 0; i < picked.length; i++)
          for (let j = i + 1; j < picked.length; j++)
            expect(picked[i]!.end <= picked[j]!.start || picked[j]!.end <= picked[i]!.start).toBe(true)
        for (let i = 1; i < picked.length; i++) expect(picked[i]!.score).toBeLessThanOrEqual(picked[i - 1]!.score)
      }),
      { numRuns: 100 },
    )
  })
})
