import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { allDayDatesFrom, allDaySpan, localDateOf } from '../../core/event/all-day.js'
import {
  compactSeries,
  expandSeries,
  icalUtc,
  occurrenceId,
  parseOccurrenceId,
  splitSeries,
} from '../../core/event/recurrence.js'
import { wallClockInstant } from '../../core/shared/zone-time.js'

/**
 * Series expansion held against a naive model built on luxon alone: walk every local day of two years, keep the days
 * the rule names (written out by hand per FREQ), put the series' wall-clock time on each in the zone, then apply
 * COUNT, UNTIL and EXDATE. Twenty zones, with daylight saving, half-hour, quarter-hour and ±12/14 h offsets.
 */

const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Dublin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/Santiago',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tehran',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Africa/Cairo',
] as const

const DAY_NAMES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const

type Rule =
  | { freq: 'DAILY'; interval: number }
  | { freq: 'WEEKLY'; interval: number; byday: number[] }
  | { freq: 'MONTHLY_DAY'; monthday: number }
  | { freq: 'MONTHLY_SETPOS'; weekday: number; setpos: number }
  | { freq: 'YEARLY'; interval: number }

interface Case {
  zone: string
  start: { year: number; month: number; day: number; hour: number; minute: number }
  rule: Rule
  end: { count: number } | { untilDays: number } | null
  exclude: number[]
}

const ruleText = (rule: Rule): string => {
  switch (rule.freq) {
    case 'DAILY':
      return `FREQ=DAILY;INTERVAL=${rule.interval}`
    case 'WEEKLY':
      return `FREQ=WEEKLY;INTERVAL=${rule.interval};BYDAY=${rule.byday.map((day) => DAY_NAMES[day - 1]).join(',')}`
    case 'MONTHLY_DAY':
      return `FREQ=MONTHLY;BYMONTHDAY=${rule.monthday}`
    case 'MONTHLY_SETPOS':
      return `FREQ=MONTHLY;BYDAY=${DAY_NAMES[rule.weekday - 1]};BYSETPOS=${rule.setpos}`
    case 'YEARLY':
      return `FREQ=YEARLY;INTERVAL=${rule.interval}`
  }
}

/** Whether the rule names this local day (the model: one hand-written test per FREQ). */
const modelNames = (rule: Rule, day: DateTime, first: DateTime): boolean => {
  switch (rule.freq) {
    case 'DAILY':
      return Math.round(day.diff(first.startOf('day'), 'days').days) % rule.interval === 0
    case 'WEEKLY': {
      const weeks = Math.round(day.startOf('week').diff(first.startOf('week'), 'days').days / 7)
      return weeks % rule.interval === 0 && rule.byday.includes(day.weekday)
    }
    case 'MONTHLY_DAY':
      return day.day === rule.monthday
    case 'MONTHLY_SETPOS': {
      if (day.weekday !== rule.weekday) return false
      if (rule.setpos > 0) return Math.ceil(day.day / 7) === rule.setpos
      return day.plus({ days: 7 }).month !== day.month
    }
    case 'YEARLY':
      return day.month === first.month && day.day === first.day && (day.year - first.year) % rule.interval === 0
  }
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  zone: fc.constantFrom(...ZONES),
  start: fc.record({
    year: fc.constantFrom(2026, 2027),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
  }),
  rule: fc.oneof(
    fc.record({ freq: fc.constant('DAILY' as const), interval: fc.integer({ min: 1, max: 3 }) }),
    fc.record({
      freq: fc.constant('WEEKLY' as const),
      interval: fc.integer({ min: 1, max: 2 }),
      byday: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ freq: fc.constant('MONTHLY_DAY' as const), monthday: fc.integer({ min: 1, max: 31 }) }),
    fc.record({
      freq: fc.constant('MONTHLY_SETPOS' as const),
      weekday: fc.integer({ min: 1, max: 7 }),
      setpos: fc.constantFrom(1, 2, 3, 4, -1),
    }),
    fc.record({ freq: fc.constant('YEARLY' as const), interval: fc.integer({ min: 1, max: 2 }) }),
  ),
  end: fc.oneof(
    fc.constant(null),
    fc.record({ count: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ untilDays: fc.integer({ min: 0, max: 700 }) }),
  ),
  exclude: fc.uniqueArray(fc.nat(40), { maxLength: 4 }),
})

const SPAN_DAYS = 2 * 365

/** The model's occurrences and the lines of the series (EXDATEs chosen among the model's own occurrences). */
const modelOf = (test: Case) => {
  const first = wallClockInstant({ ...test.start, second: 0 }, test.zone)
  // The calendar walk needs no zone: local dates are dates (luxon in UTC); only the kept days meet the zone.
  const local = DateTime.fromObject(test.start, { zone: 'UTC' })
  const windowEnd = first.toJSDate().getTime() + SPAN_DAYS * 86_400_000
  let starts: Date[] = []
  // The rule's own days, then DTSTART itself (RFC 5545 counts it as the first occurrence).
  for (let offset = 0; offset <= SPAN_DAYS + 1; offset++) {
    const day = local.startOf('day').plus({ days: offset })
    if (!modelNames(test.rule, day, local)) continue
    const at = wallClockInstant(
      { year: day.year, month: day.month, day: day.day, hour: test.start.hour, minute: test.start.minute },
      test.zone,
    ).toJSDate()
    if (at.getTime() >= first.toJSDate().getTime()) starts.push(at)
  }
  const until =
    test.end !== null && 'untilDays' in test.end
      ? new Date(first.toJSDate().getTime() + test.end.untilDays * 86_400_000 + 3_600_000)
      : null
  if (test.end !== null && 'count' in test.end) starts = starts.slice(0, test.end.count)
  if (until !== null) starts = starts.filter((start) => start.getTime() <= until.getTime())
  const excluded = test.exclude.map((index) => starts[index]).filter((date): date is Date => date !== undefined)
  const lines = [
    `RRULE:${ruleText(test.rule)}${
      test.end === null ? '' : 'count' in test.end ? `;COUNT=${test.end.count}` : `;UNTIL=${icalUtc(until as Date)}`
    }`,
    ...(excluded.length === 0 ? [] : [`EXDATE:${excluded.map(icalUtc).join(',')}`]),
  ]
  const expected = starts.filter(
    (start) => start.getTime() < windowEnd && !excluded.some((date) => date.getTime() === start.getTime()),
  )
  return { first: first.toJSDate(), lines, expected, windowEnd: new Date(windowEnd) }
}

describe('a series is expanded in its time zone with rrule, as a naive luxon model over two years expands it', () => {
  it('agrees on every occurrence in 20 zones (DAILY, WEEKLY+BYDAY, MONTHLY+BYMONTHDAY/BYSETPOS, YEARLY; COUNT, UNTIL, EXDATE)', () => {
    fc.assert(
      fc.property(caseArbitrary, (test) => {
        // A DTSTART the rule does not name is still the first occurrence (RFC 5545): keep the model simple by
        // starting on a day the rule names.
        const { first, lines, expected, windowEnd } = modelOf(test)
        fc.pre(expected.length > 0 && expected[0]?.getTime() === first.getTime())
        const got = expandSeries(
          { start: first, end: new Date(first.getTime() + 3_600_000), timezone: test.zone, recurrence: lines },
          { from: first, to: windowEnd },
        )
        expect(got.map((occurrence) => occurrence.start.toISOString())).toEqual(
          expected.map((date) => date.toISOString()),
        )
      }),
      { numRuns: 60 },
    )
  }, 300_000)

  it('keeps each occurrence at the same local time across daylight-saving changes', () => {
    fc.assert(
      fc.property(caseArbitrary, (test) => {
        const { first, lines, windowEnd } = modelOf(test)
        const got = expandSeries(
          { start: first, end: new Date(first.getTime() + 3_600_000), timezone: test.zone, recurrence: lines },
          { from: first, to: windowEnd },
        )
        for (const occurrence of got) {
          const wall = DateTime.fromJSDate(occurrence.start, { zone: test.zone })
          const exists = DateTime.fromObject(
            { ...test.start, year: wall.year, month: wall.month, day: wall.day },
            { zone: test.zone },
          )
          // Only a time a spring-forward gap skips moves (forward, by the gap).
          if (exists.hour === test.start.hour && exists.minute === test.start.minute)
            expect([wall.hour, wall.minute]).toEqual([test.start.hour, test.start.minute])
          expect(occurrence.end.getTime() - occurrence.start.getTime()).toBe(3_600_000)
        }
      }),
      { numRuns: 30 },
    )
  }, 300_000)
})

describe('splitting a series at an occurrence ("this and following") loses and duplicates nothing', () => {
  it('the old part ends just before it and the new part starts there: together they are the series', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.nat(30), (test, pick) => {
        const { first, lines, windowEnd } = modelOf(test)
        const series = {
          start: first,
          end: new Date(first.getTime() + 3_600_000),
          timezone: test.zone,
          recurrence: lines,
        }
        const whole = expandSeries(series, { from: first, to: windowEnd })
        fc.pre(whole.length > 1 && whole[0]?.start.getTime() === first.getTime())
        const at = whole[1 + (pick % (whole.length - 1))]?.start as Date
        const split = splitSeries(series, at)
        expect(split).not.toBeNull()
        if (split === null) return
        const before = expandSeries({ ...series, recurrence: split.before }, { from: first, to: windowEnd })
        const after = expandSeries(
          { ...series, start: at, end: new Date(at.getTime() + 3_600_000), recurrence: split.after },
          { from: at, to: windowEnd },
        )
        expect([...before, ...after].map((occurrence) => occurrence.start.toISOString())).toEqual(
          whole.map((occurrence) => occurrence.start.toISOString()),
        )
        expect(before.every((occurrence) => occurrence.start < at)).toBe(true)
      }),
      { numRuns: 40 },
    )
  }, 300_000)

  it('splitting at the first occurrence is the whole series (null)', () => {
    const start = new Date('2026-03-02T09:00:00Z')
    expect(
      splitSeries({ start, end: start, timezone: 'UTC', recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] }, start),
    ).toBeNull()
  })
})

describe('compacting a series (its history dropped) keeps every later occurrence, and so every occurrence id', () => {
  it('from the new start on, the compacted series has exactly the occurrences of the series; its lines hold no value before it', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.integer({ min: 1, max: 600 }), (test, floorDays) => {
        const { first, lines, windowEnd } = modelOf(test)
        const series = {
          start: first,
          end: new Date(first.getTime() + 3_600_000),
          timezone: test.zone,
          recurrence: lines,
        }
        const floor = new Date(first.getTime() + floorDays * 86_400_000)
        const compacted = compactSeries(series, floor)
        if (compacted === null) return
        expect(compacted.start.getTime()).toBeGreaterThanOrEqual(floor.getTime())
        expect(compacted.end.getTime() - compacted.start.getTime()).toBe(3_600_000)
        const kept = expandSeries({ ...series, ...compacted }, { from: first, to: windowEnd })
        const whole = expandSeries(series, { from: compacted.start, to: windowEnd })
        expect(kept.map((occurrence) => occurrence.start.toISOString())).toEqual(
          whole.map((occurrence) => occurrence.start.toISOString()),
        )
        const values = compacted.recurrence
          .filter((line) => line.startsWith('EXDATE'))
          .flatMap((line) => (line.split(':')[1] ?? '').split(','))
        expect(values.every((value) => value >= icalUtc(compacted.start))).toBe(true)
      }),
      { numRuns: 60 },
    )
  }, 300_000)
  it('a daily series with a COUNT and EXDATEs across a DST change: starts at the floor, COUNT less the days before, old EXDATEs gone', () => {
    const start = new Date('2025-01-01T08:00:00Z')
    const series = {
      start,
      end: new Date('2025-01-01T09:00:00Z'),
      timezone: 'Europe/Berlin',
      recurrence: ['RRULE:FREQ=DAILY;COUNT=500', 'EXDATE:20250102T080000Z,20250103T080000Z,20250601T070000Z'],
    }
    const compacted = compactSeries(series, new Date('2025-04-01T00:00:00Z'))
    expect(compacted).toEqual({
      start: new Date('2025-04-01T07:00:00Z'),
      end: new Date('2025-04-01T08:00:00Z'),
      recurrence: ['RRULE:FREQ=DAILY;COUNT=410', 'EXDATE:20250601T070000Z'],
      dropped: 2,
    })
  })
})

describe('occurrence ids are derived from the series id and the original start', () => {
  it('round-trip for any series id and instant', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^evt_[0-9A-Z]{26}$/),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (seriesId, instant) => {
          const start = new Date(Math.floor(instant.getTime() / 1000) * 1000)
          const id = occurrenceId(seriesId, start)
          expect(parseOccurrenceId(id)).toEqual({ seriesId, originalStart: start })
          // Occurrence ids sort beside their series: after it, before any later series.
          expect(id > seriesId).toBe(true)
        },
      ),
    )
  })

  it('names nothing for ids that are not occurrence ids', () => {
    expect(parseOccurrenceId('evt_01ABC')).toBeNull()
    expect(parseOccurrenceId('evt_01ABC_20261332T250000Z')).toBeNull()
  })
})

/** UTC−12 to UTC+14, with half-hour and DST zones between. */
const ALL_DAY_ZONES = [
  'Etc/GMT+12',
  'Pacific/Pago_Pago',
  'America/Los_Angeles',
  'America/Santiago',
  'America/St_Johns',
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
] as const

const dateArbitrary = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))

describe('all-day events: dates in the event zone, end exclusive, from UTC−12 to UTC+14', () => {
  it('the instants start on the first date and end on the exclusive end date, in the zone, never a day off', () => {
    fc.assert(
      fc.property(
        dateArbitrary,
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(...ALL_DAY_ZONES),
        (start, days, zone) => {
          const endDate = DateTime.fromISO(start, { zone: 'UTC' }).plus({ days }).toFormat('yyyy-LL-dd')
          const span = allDaySpan({ startDate: start, endDate }, zone)
          expect(span.ok).toBe(true)
          if (!span.ok) return
          expect(localDateOf(span.value.startTime, zone)).toBe(start)
          expect(localDateOf(span.value.endTime, zone)).toBe(endDate)
          // The last instant of the event is on the last day (the day before end_date).
          expect(localDateOf(new Date(span.value.endTime.getTime() - 1), zone)).toBe(
            DateTime.fromISO(endDate, { zone: 'UTC' }).minus({ days: 1 }).toFormat('yyyy-LL-dd'),
          )
          // Read back from the instants, the dates are the ones given.
          expect(allDayDatesFrom({ startDate: start, endDate }, span.value.startTime, zone)).toEqual({
            startDate: start,
            endDate,
          })
        },
      ),
    )
  })

  it('refuses an end not after the start (naming end_date) and a date that names no day (naming it)', () => {
    expect(allDaySpan({ startDate: '2026-05-01', endDate: '2026-05-01' }, 'UTC')).toMatchObject({
      ok: false,
      error: { param: 'end_date' },
    })
    expect(allDaySpan({ startDate: '2026-02-30', endDate: '2026-03-01' }, 'UTC')).toMatchObject({
      ok: false,
      error: { param: 'start_date' },
    })
  })

  it('a daily all-day series keeps its dates across DST in every zone', () => {
    fc.assert(
      fc.property(dateArbitrary, fc.constantFrom(...ALL_DAY_ZONES), (start, zone) => {
        const endDate = DateTime.fromISO(start, { zone: 'UTC' }).plus({ days: 1 }).toFormat('yyyy-LL-dd')
        const span = allDaySpan({ startDate: start, endDate }, zone)
        if (!span.ok) throw new Error('span')
        const got = expandSeries(
          {
            start: span.value.startTime,
            end: span.value.endTime,
            timezone: zone,
            recurrence: ['RRULE:FREQ=DAILY;COUNT=400'],
            allDay: true,
          },
          { from: span.value.startTime, to: new Date(span.value.startTime.getTime() + 500 * 86_400_000) },
        )
        expect(got).toHaveLength(400)
        got.forEach((occurrence, index) => {
          expect(localDateOf(occurrence.start, zone)).toBe(
            DateTime.fromISO(start, { zone: 'UTC' }).plus({ days: index }).toFormat('yyyy-LL-dd'),
          )
        })
      }),
      { numRuns: 20 },
    )
  }, 300_000)
})
