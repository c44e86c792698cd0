import { describe, expect, it } from 'vitest'
import { expandRecurrence, occurrenceId } from '../../core/connection/recurrence.js'

describe("Recurring events are expanded with rrule in the calendar's time zone", () => {
  it('keeps a weekly 10:00 London meeting at 10:00 local across the October DST change', () => {
    const start = new Date('2026-10-19T09:00:00Z') // Monday 10:00 BST
    const occurrences = expandRecurrence(
      { start, end: new Date('2026-10-19T09:30:00Z'), recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] },
      'Europe/London',
      { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') },
    )
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-10-19T09:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
      '2026-11-02T10:00:00.000Z',
    ])
    expect(occurrences.every((o) => o.end.getTime() - o.start.getTime() === 30 * 60_000)).toBe(true)
  })

  it('keeps a daily 09:00 New York event at 09:00 local across the March DST change', () => {
    const occurrences = expandRecurrence(
      {
        start: new Date('2026-03-07T14:00:00Z'),
        end: new Date('2026-03-07T15:00:00Z'),
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      },
      'America/New_York',
      { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
    )
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ])
  })

  it('drops EXDATEs (UTC and TZID forms) and keeps only the window', () => {
    const occurrences = expandRecurrence(
      {
        start: new Date('2026-06-01T08:00:00Z'),
        end: new Date('2026-06-01T09:00:00Z'),
        recurrence: [
          'RRULE:FREQ=DAILY;COUNT=10',
          'EXDATE:20260602T080000Z',
          'EXDATE;TZID=Europe/London:20260603T090000',
        ],
      },
      'Europe/London',
      { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-05T00:00:00Z') },
    )
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-06-01T08:00:00.000Z',
      '2026-06-04T08:00:00.000Z',
    ])
  })

  it('answers the event itself for a series without an RRULE, and names occurrences like Google instances', () => {
    const start = new Date('2026-06-01T08:00:00Z')
    expect(
      expandRecurrence({ start, end: start, recurrence: ['RDATE:20260610T080000Z'] }, 'UTC', {
        from: start,
        to: start,
      }),
    ).toEqual([{ start, end: start }])
    expect(occurrenceId('abc', new Date('2026-06-01T08:00:00Z'))).toBe('abc_20260601T080000Z')
  })
})
