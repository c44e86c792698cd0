import rrulePackage from 'rrule'
import { fromFloating, parseIcalValue, toFloating } from '../shared/floating-time.js'

// rrule ships CommonJS: its named exports are reachable only through the default export under Node ESM.
const { RRule } = rrulePackage

export interface Occurrence {
  readonly start: Date
  readonly end: Date
}

/** The instants an `EXDATE` line removes. */
export const exclusionsOf = (lines: readonly string[], zone: string): Set<number> => {
  const excluded = new Set<number>()
  for (const line of lines) {
    const match = /^EXDATE(?:;([^:]*))?:(.*)$/i.exec(line.trim())
    if (match === null) continue
    const [, parameters = '', values = ''] = match
    const tzid = /TZID=([^;]+)/i.exec(parameters)?.[1] ?? zone
    for (const value of values.split(',')) {
      const instant = parseIcalValue(value, tzid)
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
