import { describe, expect, it } from 'vitest'
import {
  exdatesOf,
  fromGraphRecurrence,
  toGraphRecurrence,
} from '../../adapters/calendar-provider/microsoft/graph-recurrence.js'
import { ianaZoneOf } from '../../adapters/calendar-provider/microsoft/graph-time-zone.js'

// Monday 9 March 2026, 09:00 in Berlin.
const series = { start: new Date('2026-03-09T08:00:00Z'), timezone: 'Europe/Berlin' }
const translate = (lines: string[]) => toGraphRecurrence(lines, series)

describe("Our RRULEs as Graph's patternedRecurrence (the subset Graph holds)", () => {
  it.each([
    ['RRULE:FREQ=DAILY;INTERVAL=2', { type: 'daily', interval: 2 }],
    [
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;WKST=MO',
      { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'monday' },
    ],
    // RFC 5545's week starts on Monday without WKST.
    ['RRULE:FREQ=WEEKLY', { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'monday' }],
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=15', { type: 'absoluteMonthly', interval: 1, dayOfMonth: 15 }],
    ['RRULE:FREQ=MONTHLY', { type: 'absoluteMonthly', interval: 1, dayOfMonth: 9 }],
    [
      'RRULE:FREQ=MONTHLY;BYDAY=2TU',
      { type: 'relativeMonthly', interval: 1, daysOfWeek: ['tuesday'], index: 'second' },
    ],
    [
      'RRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1',
      { type: 'relativeMonthly', interval: 1, daysOfWeek: ['friday'], index: 'last' },
    ],
    ['RRULE:FREQ=YEARLY', { type: 'absoluteYearly', interval: 1, month: 3, dayOfMonth: 9 }],
    [
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
      { type: 'relativeYearly', interval: 1, month: 11, daysOfWeek: ['thursday'], index: 'fourth' },
    ],
  ])('%s', (line, pattern) => {
    const translated = translate([line])
    expect(translated.ok && translated.value.pattern).toMatchObject(pattern)
  })

  it('ranges: no end, a count, an UNTIL (one written just before an occurrence ends the day before it)', () => {
    const range = (line: string) => {
      const translated = translate([line])
      return translated.ok ? translated.value.range : null
    }
    expect(range('RRULE:FREQ=DAILY')).toEqual({
      type: 'noEnd',
      startDate: '2026-03-09',
      recurrenceTimeZone: 'Europe/Berlin',
    })
    expect(range('RRULE:FREQ=DAILY;COUNT=5')).toMatchObject({ type: 'numbered', numberOfOccurrences: 5 })
    // 08:59:59 Berlin on the 12th: the split before the 12th's 09:00 occurrence; the last one is the 11th.
    expect(range('RRULE:FREQ=DAILY;UNTIL=20260312T075959Z')).toMatchObject({ type: 'endDate', endDate: '2026-03-11' })
    expect(range('RRULE:FREQ=DAILY;UNTIL=20260312T080000Z')).toMatchObject({ type: 'endDate', endDate: '2026-03-12' })
    expect(range('RRULE:FREQ=DAILY;UNTIL=20260312')).toMatchObject({ type: 'endDate', endDate: '2026-03-12' })
  })

  it.each([
    [['RRULE:FREQ=HOURLY;COUNT=3'], 0, 'FREQ=HOURLY'],
    [['RRULE:FREQ=DAILY;BYHOUR=9,17'], 0, 'BYHOUR'],
    [['RRULE:FREQ=YEARLY;BYWEEKNO=20'], 0, 'BYWEEKNO'],
    [['RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15'], 0, 'several'],
    [['RRULE:FREQ=MONTHLY;BYMONTHDAY=-1'], 0, 'negative'],
    [['RRULE:FREQ=MONTHLY;BYDAY=5MO'], 0, 'weekday position'],
    [['RRULE:FREQ=WEEKLY;BYDAY=1MO'], 0, 'positions'],
    [['EXDATE:20260310T080000Z', 'RRULE:FREQ=DAILY', 'RDATE:20260401T080000Z'], 2, 'RDATE'],
    [['RDATE:20260401T080000Z'], 0, 'RDATE'],
  ])('refuses %j at line %i (%s)', (lines, index, words) => {
    const translated = translate(lines)
    expect(translated.ok).toBe(false)
    if (!translated.ok) {
      expect(translated.error.index).toBe(index)
      expect(translated.error.reason).toContain(words)
      expect(translated.error.reason).toContain('Microsoft')
    }
  })

  it('EXDATEs are not part of the pattern: they name the occurrences to delete', () => {
    expect(translate(['RRULE:FREQ=DAILY', 'EXDATE:20260310T080000Z']).ok).toBe(true)
    expect(
      exdatesOf(['EXDATE:20260310T080000Z,20260311T080000Z', 'EXDATE;TZID=Europe/Berlin:20260312T090000'], 'UTC').map(
        (date) => date.toISOString(),
      ),
    ).toEqual(['2026-03-10T08:00:00.000Z', '2026-03-11T08:00:00.000Z', '2026-03-12T08:00:00.000Z'])
  })
})

describe("Graph's patternedRecurrence as our RRULE (series made in Outlook)", () => {
  /** A pattern as Graph answers it: every field present, with defaults for those its type does not use. */
  const answered = (pattern: Record<string, unknown>, range: Record<string, unknown>) => ({
    pattern: {
      interval: 1,
      month: 0,
      dayOfMonth: 0,
      daysOfWeek: [],
      firstDayOfWeek: 'sunday',
      index: 'first',
      ...pattern,
    },
    range: {
      type: 'noEnd',
      startDate: '2026-03-09',
      endDate: '0001-01-01',
      numberOfOccurrences: 0,
      recurrenceTimeZone: 'W. Europe Standard Time',
      ...range,
    },
  })
  const timed = { timezone: 'Europe/Berlin', allDay: false }

  it.each([
    [{ type: 'daily', interval: 2 }, 'RRULE:FREQ=DAILY;INTERVAL=2'],
    [{ type: 'weekly', daysOfWeek: ['monday', 'wednesday'] }, 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU'],
    [{ type: 'absoluteMonthly', dayOfMonth: 15 }, 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15'],
    [{ type: 'relativeMonthly', daysOfWeek: ['tuesday'], index: 'second' }, 'RRULE:FREQ=MONTHLY;BYDAY=2TU'],
    [
      { type: 'relativeMonthly', daysOfWeek: ['monday', 'friday'], index: 'last' },
      'RRULE:FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=-1',
    ],
    [{ type: 'absoluteYearly', month: 3, dayOfMonth: 9 }, 'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=9'],
    [
      { type: 'relativeYearly', month: 11, daysOfWeek: ['thursday'], index: 'fourth' },
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
    ],
  ])('%j', (pattern, line) => {
    expect(fromGraphRecurrence(answered(pattern, {}), timed)).toBe(line)
  })

  it('ranges: a count, an end date (its whole day in the zone; the date itself for an all-day series), no end', () => {
    const daily = { type: 'daily' }
    expect(fromGraphRecurrence(answered(daily, { type: 'numbered', numberOfOccurrences: 5 }), timed)).toBe(
      'RRULE:FREQ=DAILY;COUNT=5',
    )
    expect(fromGraphRecurrence(answered(daily, { type: 'endDate', endDate: '2026-03-12' }), timed)).toBe(
      'RRULE:FREQ=DAILY;UNTIL=20260312T225959Z',
    )
    expect(
      fromGraphRecurrence(answered(daily, { type: 'endDate', endDate: '2026-03-12' }), {
        timezone: 'UTC',
        allDay: true,
      }),
    ).toBe('RRULE:FREQ=DAILY;UNTIL=20260312')
    expect(fromGraphRecurrence(answered(daily, {}), timed)).toBe('RRULE:FREQ=DAILY')
  })

  it('a pattern Graph has no name for, or a weekly one without days, is not read (null)', () => {
    expect(fromGraphRecurrence(answered({ type: 'hourly' }, {}), timed)).toBeNull()
    expect(fromGraphRecurrence(answered({ type: 'weekly', daysOfWeek: [] }, {}), timed)).toBeNull()
  })

  it("zone names as Graph writes them: Outlook's Windows names, IANA names, Graph's UTC; a custom zone is unknown", () => {
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin')
    expect(ianaZoneOf('Pacific Standard Time')).toBe('America/Los_Angeles')
    expect(ianaZoneOf('India Standard Time')).toBe('Asia/Calcutta')
    expect(ianaZoneOf('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(ianaZoneOf('tzone://Microsoft/Utc')).toBe('UTC')
    expect(ianaZoneOf('tzone://Microsoft/Custom')).toBeNull()
    expect(ianaZoneOf('')).toBeNull()
  })
})
