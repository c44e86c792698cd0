import { DateTime } from 'luxon'
import rrulePackage from 'rrule'
import { wallClockInstant } from '../shared/zone-time.js'

// rrule ships CommonJS: its named exports are reachable only through the default export under Node ESM.
const { RRule } = rrulePackage

export interface Occurrence {
  readonly start: Date
  readonly end: Date
}

/**
 * rrule works on "floating" times: we hand it the wall-clock time in the
 * series' zone written as if it were UTC, and read its answers back as wall
 * times in that zone. So a 10:00 meeting stays at 10:00 across a DST change.
 */
const toFloating = (instant: Date, zone: string): Date => {
  const local = DateTime.fromJSDate(instant, { zone })
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second))
}

const fromFloating = (floating: Date, zone: string): Date =>
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

/** `20260608T100000Z`, `20260608T100000` (in `zone`, or the line's TZID) and `20260608` (all-day). */
const parseIcalDate = (text: string, zone: string): Date | null => {
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
  return (utc === 'Z' ? DateTime.fromObject(fields, { zone: 'UTC' }) : wallClockInstant(fields, zone)).toJSDate()
}

/** The instants an `EXDATE` line removes. */
const exclusionsOf = (lines: readonly string[], zone: string): Set<number> => {
  const excluded = new Set<number>()
  for (const line of lines) {
    const match = /^EXDATE(?:;([^:]*))?:(.*)$/i.exec(line.trim())
    if (match === null) continue
    const [, parameters = '', values = ''] = match
    const tzid = /TZID=([^;]+)/i.exec(parameters)?.[1] ?? zone
    for (const value of values.split(',')) {
      const instant = parseIcalDate(value, tzid)
      if (instant !== null) excluded.add(instant.getTime())
    }
  }
  return excluded
}

/**
 * The occurrences of a recurring series that start in [from, to), computed in
 * the series' time zone (DST-correct); EXDATEs removed. Each lasts as long as
 * the first occurrence. Lines other than RRULE and EXDATE are ignored.
 */
export const expandRecurrence = (
  series: { readonly start: Date; readonly end: Date; readonly recurrence: readonly string[] },
  zone: string,
  window: { readonly from: Date; readonly to: Date },
): Occurrence[] => {
  const ruleLine = series.recurrence.find((line) => /^RRULE:/i.test(line.trim()))
  if (ruleLine === undefined) return [{ start: series.start, end: series.end }]
  const options = RRule.parseString(ruleLine.trim().replace(/^RRULE:/i, ''))
  const rule = new RRule({ ...options, dtstart: toFloating(series.start, zone), tzid: null })
  const duration = series.end.getTime() - series.start.getTime()
  // Widen the floating window by a day each side: zone offsets are under 24 h; the exact filter follows.
  const day = 86_400_000
  const floating = rule.between(new Date(window.from.getTime() - day), new Date(window.to.getTime() + day), true)
  const excluded = exclusionsOf(series.recurrence, zone)
  return floating
    .map((value) => fromFloating(value, zone))
    .filter((start) => start >= window.from && start < window.to && !excluded.has(start.getTime()))
    .map((start) => ({ start, end: new Date(start.getTime() + duration) }))
}

/** The id of one occurrence of a series: `<series>_<UTC start, basic format>` (as Google names instances). */
export const occurrenceId = (seriesId: string, start: Date): string =>
  `${seriesId}_${start
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`
