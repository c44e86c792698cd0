import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import {
  expandSeries,
  MAX_OCCURRENCES_PER_YEAR,
  validateRecurrence,
  withExclusion,
} from '../../../core/event/recurrence.js'

const series = (recurrence: string[], start = '2026-03-02T09:00:00', timezone = 'Europe/Berlin') => {
  const first = DateTime.fromISO(start, { zone: timezone }).toJSDate()
  return { start: first, end: new Date(first.getTime() + 3_600_000), timezone, recurrence }
}

const refusal = (recurrence: string[]) => {
  const result = validateRecurrence(series(recurrence))
  return result.ok ? null : { param: result.error.param, message: result.error.message }
}

describe('recurrence lines are RFC 5545 RRULE, EXDATE and RDATE; what cannot be honoured is a 400 naming recurrence[i]', () => {
  it('accepts a weekly rule with an EXDATE and an RDATE', () => {
    expect(
      refusal([
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10',
        'EXDATE;TZID=Europe/Berlin:20260304T090000',
        'RDATE:20260401T070000Z',
      ]),
    ).toBeNull()
  })

  it.each([
    [['RRULE:FREQ=SECONDLY'], 0, /SECONDLY/],
    [['RRULE:FREQ=WEEKLY', 'RRULE:FREQ=MINUTELY'], 1, /one RRULE/],
    [['RRULE:FREQ=MINUTELY;INTERVAL=90'], 0, /MINUTELY/],
    [['RRULE:FREQ=DAILY', 'EXDATE:2026-03-04'], 1, /not a date/],
    [['RRULE:FREQ=FORTNIGHTLY'], 0, /not a frequency/],
    [['RRULE:FREQ=DAILY;EVERY=2'], 0, /not an RRULE part/],
    [['RRULE:BYDAY=MO'], 0, /FREQ/],
    [['RRULE:FREQ=DAILY;COUNT=3;UNTIL=20260401T000000Z'], 0, /COUNT or UNTIL/],
    [['RRULE:FREQ=DAILY;DTSTART=20260101T000000Z'], 0, /start and zone/],
    [['RRULE:FREQ=DAILY;BYDAY=XX'], 0, /Cannot parse/],
    [['VEVENT:nope'], 0, /RRULE, EXDATE or RDATE/],
    [['RRULE:FREQ=DAILY', 'EXDATE;TZID=Mars/Olympus:20260304T090000'], 1, /time zone/],
  ])('refuses %j naming recurrence[%i]', (lines, index, message) => {
    const refused = refusal(lines)
    expect(refused?.param).toBe(`recurrence[${index}]`)
    expect(refused?.message).toMatch(message)
  })

  it(`bounds a series at ${MAX_OCCURRENCES_PER_YEAR} occurrences a year: twice a day passes, hourly is refused`, () => {
    expect(refusal(['RRULE:FREQ=DAILY;BYHOUR=9,17'])).toBeNull()
    expect(refusal(['RRULE:FREQ=HOURLY'])).toEqual({
      param: 'recurrence[0]',
      message: `A series has at most ${MAX_OCCURRENCES_PER_YEAR} occurrences in any year.`,
    })
    expect(refusal(['RRULE:FREQ=HOURLY;INTERVAL=12'])).toBeNull()
  })

  it('needs an RRULE or an RDATE', () => {
    expect(refusal(['EXDATE:20260302T080000Z'])).toEqual({
      param: 'recurrence',
      message: 'A series needs an RRULE or an RDATE.',
    })
  })
})

describe('a 09:00 meeting stays at 09:00 local across a DST change', () => {
  it('in Berlin, the UTC time moves by an hour on 29 March 2026', () => {
    const got = expandSeries(series(['RRULE:FREQ=WEEKLY;COUNT=6']), {
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    })
    expect(got.map((occurrence) => occurrence.start.toISOString())).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ])
  })

  it('an UNTIL without Z is a wall time in the event zone, a DATE UNTIL covers that whole day', () => {
    const window = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') }
    expect(expandSeries(series(['RRULE:FREQ=DAILY;UNTIL=20260304T090000']), window)).toHaveLength(3)
    expect(expandSeries(series(['RRULE:FREQ=DAILY;UNTIL=20260304']), window)).toHaveLength(3)
    expect(expandSeries(series(['RRULE:FREQ=DAILY;UNTIL=20260304T075959Z']), window)).toHaveLength(2)
  })

  it('cancelling one occurrence adds an EXDATE that removes exactly it', () => {
    const weekly = series(['RRULE:FREQ=WEEKLY;COUNT=4'])
    const window = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') }
    const [, second] = expandSeries(weekly, window)
    const after = expandSeries({ ...weekly, recurrence: withExclusion(weekly, second?.start as Date) }, window)
    expect(after.map((occurrence) => occurrence.start.toISOString())).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
    ])
  })
})
