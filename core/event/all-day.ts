import { DateTime } from 'luxon'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { wallClockInstant } from '../shared/zone-time.js'

/** The dates of an all-day event: `startDate` is its first day, `endDate` the day after its last (RFC 5545, Google). */
export interface AllDayDates {
  readonly startDate: string
  readonly endDate: string
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date (`2026-03-29`) read on its own, or null when it names no day. */
const readDate = (text: string): { year: number; month: number; day: number } | null => {
  const match = DATE.exec(text)
  if (match === null) return null
  const [, y, m, d] = match
  const fields = { year: Number(y), month: Number(m), day: Number(d) }
  return DateTime.fromObject(fields, { zone: 'UTC' }).isValid ? fields : null
}

/**
 * The first instant of a date in a zone: midnight, or the first instant after a gap when the zone skips midnight
 * (a few zones change their clocks at 00:00).
 */
export const startOfLocalDate = (date: string, zone: string): Date | null => {
  const fields = readDate(date)
  if (fields === null) return null
  const instant = wallClockInstant({ ...fields, hour: 0, minute: 0, second: 0 }, zone)
  return instant.isValid ? instant.toJSDate() : null
}

/** The date (`yyyy-MM-dd`) an instant falls on in a zone. */
export const localDateOf = (instant: Date, zone: string): string =>
  DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-LL-dd')

/**
 * The instants an all-day event means in its zone: from the start of `startDate` to the start of `endDate` (end
 * exclusive). 400 naming `start_date` or `end_date` for a date that names no day, or an end not after the start.
 */
export const allDaySpan = (
  dates: AllDayDates,
  zone: string,
): Result<{ startTime: Date; endTime: Date }, InvalidParameter> => {
  const startTime = startOfLocalDate(dates.startDate, zone)
  if (startTime === null)
    return err(new InvalidParameter({ param: 'start_date', message: 'start_date must be a date (YYYY-MM-DD).' }))
  const endTime = startOfLocalDate(dates.endDate, zone)
  if (endTime === null)
    return err(new InvalidParameter({ param: 'end_date', message: 'end_date must be a date (YYYY-MM-DD).' }))
  if (dates.endDate <= dates.startDate)
    return err(
      new InvalidParameter({
        param: 'end_date',
        message: 'end_date is the day after the last day (exclusive) and must be after start_date.',
      }),
    )
  return ok({ startTime, endTime })
}

/** The dates of an all-day event that starts at `startTime` in `zone` and spans as many days as `dates` do. */
export const allDayDatesFrom = (dates: AllDayDates, startTime: Date, zone: string): AllDayDates => {
  const days = DateTime.fromISO(dates.endDate, { zone: 'UTC' }).diff(
    DateTime.fromISO(dates.startDate, { zone: 'UTC' }),
    'days',
  ).days
  const startDate = localDateOf(startTime, zone)
  return {
    startDate,
    endDate: DateTime.fromISO(startDate, { zone: 'UTC' }).plus({ days }).toFormat('yyyy-LL-dd'),
  }
}
