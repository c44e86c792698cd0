import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { fromGraphRecurrence, toGraphRecurrence } from '../../adapters/calendar-provider/microsoft/graph-recurrence.js'
import { expandSeries } from '../../core/event/recurrence.js'

/**
 * Graph's `patternedRecurrence` read back as an RRULE is the inverse of our RRULE written as one, over the subset
 * Graph holds: a rule taken to Graph and back names the same occurrences over two years (expanded by `rrule` in the
 * series' zone), and a second trip changes nothing.
 */

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Auckland']
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
const POSITIONS = ['1', '2', '3', '4', '-1'] as const

const day = fc.constantFrom(...DAYS)
const position = fc.constantFrom(...POSITIONS)
const interval = fc.integer({ min: 1, max: 3 })
const days = fc.uniqueArray(day, { minLength: 1, maxLength: 3 })
const withInterval = (parts: string[], n: number) => (n > 1 ? [...parts, `INTERVAL=${n}`] : parts)

/** The rule's parts without its end: each pattern type of Graph, from the forms an RRULE may take for it. */
const pattern = fc.oneof(
  interval.map((n) => withInterval(['FREQ=DAILY'], n)),
  fc
    .tuple(interval, fc.option(days, { nil: undefined }), fc.option(day, { nil: undefined }))
    .map(([n, byDay, weekStart]) => [
      ...withInterval(['FREQ=WEEKLY'], n),
      ...(byDay === undefined ? [] : [`BYDAY=${byDay.join(',')}`]),
      ...(weekStart === undefined ? [] : [`WKST=${weekStart}`]),
    ]),
  fc
    .tuple(interval, fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }))
    .map(([n, monthDay]) => [
      ...withInterval(['FREQ=MONTHLY'], n),
      ...(monthDay === undefined ? [] : [`BYMONTHDAY=${monthDay}`]),
    ]),
  fc
    .tuple(interval, position, day)
    .map(([n, at, weekday]) => [...withInterval(['FREQ=MONTHLY'], n), `BYDAY=${at}${weekday}`]),
  fc
    .tuple(interval, position, days)
    .map(([n, at, weekdays]) => [
      ...withInterval(['FREQ=MONTHLY'], n),
      `BYDAY=${weekdays.join(',')}`,
      `BYSETPOS=${at}`,
    ]),
  fc
    .tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([n, month, monthDay]) => [...withInterval(['FREQ=YEARLY'], n), `BYMONTH=${month}`, `BYMONTHDAY=${monthDay}`]),
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), position, day)
    .map(([month, at, weekday]) => ['FREQ=YEARLY', `BYMONTH=${month}`, `BYDAY=${at}${weekday}`]),
  fc.constant(['FREQ=YEARLY']),
)

const series = fc.record({
  zone: fc.constantFrom(...ZONES),
  start: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
  pattern,
  end: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 1, max: 30 }).map((count) => `COUNT=${count}`),
    // An UNTIL at any instant up to two years on (Graph keeps its date: the last day an occurrence may fall on).
    fc.integer({ min: 0, max: 730 * 24 }).map((hours) => ({ hours })),
  ),
})

describe("Graph's patternedRecurrence read back as an RRULE (the inverse of writing one)", () => {
  it('RRULE -> Graph -> RRULE names the same occurrences over two years, and a second trip writes the same line', () => {
    fc.assert(
      fc.property(series, ({ zone, start, pattern: parts, end }) => {
        // Away from the small hours, where a daylight-saving change moves an occurrence past a same-day UNTIL.
        const first = DateTime.fromJSDate(start, { zone })
          .set({ hour: 6 + (start.getUTCHours() % 16), second: 0, millisecond: 0 })
          .toJSDate()
        const ending =
          end === null
            ? []
            : typeof end === 'string'
              ? [end]
              : [`UNTIL=${DateTime.fromJSDate(first).plus(end).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`]
        const line = `RRULE:${[...parts, ...ending].join(';')}`
        const shape = { start: first, end: new Date(first.getTime() + 3_600_000), timezone: zone }
        const graph = toGraphRecurrence([line], shape)
        if (!graph.ok) throw new Error(`${line}: ${graph.error.reason}`)
        const back = fromGraphRecurrence(graph.value, { timezone: zone, allDay: false })
        expect(back).not.toBeNull()
        const window = { from: first, to: new Date(first.getTime() + 731 * 86_400_000) }
        const starts = (lines: string[]) =>
          expandSeries({ ...shape, recurrence: lines }, window).map((occurrence) => occurrence.start.toISOString())
        expect(starts([back!]), `${line} -> ${back}`).toEqual(starts([line]))
        const again = toGraphRecurrence([back!], shape)
        expect(again.ok && fromGraphRecurrence(again.value, { timezone: zone, allDay: false })).toBe(back)
      }),
      { numRuns: 100 },
    )
  })
})
