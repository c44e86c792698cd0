import { DateTime } from 'luxon'
import { steadyOffsetAt, wallClockInstant } from './zone-time.js'

// Times as rrule and RFC 5545 write them, for the series of our API (core/event) and of the calendar sync
// (core/connection) alike.

/**
 * rrule works on "floating" times: we hand it the wall-clock time in the series' zone written as if it were UTC,
 * and read its answers back as wall times in that zone. So a 09:00 meeting stays at 09:00 across a DST change.
 */
export const toFloating = (instant: Date, zone: string): Date => {
  const local = DateTime.fromJSDate(instant, { zone })
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second))
}

const HOUR_MS = 3_600_000

/**
 * The instant of a floating time. Fast path: the zone keeps one offset over the hours around it (no gap, no overlap
 * near), read from the remembered hourly offsets; otherwise luxon decides as RFC 5545 reads a wall time.
 */
export const fromFloating = (floating: Date, zone: string): Date => {
  const offset = steadyOffsetAt(zone, floating.getTime())
  if (offset !== null) {
    const instant = floating.getTime() - offset * 60_000
    if (
      steadyOffsetAt(zone, instant) === offset &&
      steadyOffsetAt(zone, instant - 3 * HOUR_MS) === offset &&
      steadyOffsetAt(zone, instant + 3 * HOUR_MS) === offset
    )
      return new Date(instant)
  }
  return wallClockInstantOf(floating, zone)
}

const wallClockInstantOf = (floating: Date, zone: string): Date =>
  wallClockInstant(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    zone,
  ).toJSDate()

/** `20260608T100000Z` (UTC), `20260608T100000` (wall time in `zone`) and `20260608` (midnight in `zone`). */
export const parseIcalValue = (text: string, zone: string): Date | null => {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(text.trim())
  if (match === null) return null
  const [, y, mo, d, h = '00', mi = '00', s = '00', utc] = match
  const fields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
  }
  const read = utc === 'Z' ? DateTime.fromObject(fields, { zone: 'UTC' }) : wallClockInstant(fields, zone)
  return read.isValid ? read.toJSDate() : null
}
