import { DateTime } from 'luxon'
import rrulePackage from 'rrule'

const { RRule } = rrulePackage

/**
 * The fakes' own reading of a series' RFC 5545 lines (as Google keeps them in `recurrence`): the starts of its
 * occurrences in [from, to), DST-correct in `zone`, EXDATEs removed and RDATEs added. Written apart from the
 * service's expansion so that a fake does not agree with the service by sharing its code.
 */
export const expandIcalSeries = (
  series: { readonly start: Date; readonly zone: string; readonly allDay: boolean; readonly lines: readonly string[] },
  from: Date,
  to: Date,
): Date[] => {
  // rrule works on "floating" dates: the wall time written as if it were UTC.
  const floating = (instant: Date) =>
    new Date(DateTime.fromJSDate(instant, { zone: series.zone }).setZone('UTC', { keepLocalTime: true }).toMillis())
  const real = (wall: Date) =>
    DateTime.fromJSDate(wall, { zone: 'UTC' }).setZone(series.zone, { keepLocalTime: true }).toJSDate()
  const value = (text: string, tzid: string | null): Date | null => {
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(text.trim())
    if (match === null) return null
    const [, y, mo, d, h = '00', mi = '00', s = '00', z] = match
    const fields = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi, second: +s }
    return DateTime.fromObject(fields, { zone: z === 'Z' ? 'UTC' : (tzid ?? series.zone) }).toJSDate()
  }
  const dates = (name: string) =>
    series.lines.flatMap((line) => {
      const match = new RegExp(`^${name}(;[^:]*)?:(.*)$`, 'i').exec(line.trim())
      if (match === null) return []
      const tzid = /TZID=([^;:]+)/i.exec(match[1] ?? '')?.[1] ?? null
      return (match[2] ?? '').split(',').flatMap((text) => {
        const date = value(text, tzid)
        return date === null ? [] : [date.getTime()]
      })
    })
  const starts = new Set<number>()
  const ruleLine = series.lines.find((line) => /^RRULE:/i.test(line.trim()))
  if (ruleLine === undefined) starts.add(series.start.getTime())
  else {
    const options = RRule.parseString(ruleLine.trim().slice(6))
    const untilText = /UNTIL=([0-9TZ]+)/i.exec(ruleLine)?.[1]
    const until = untilText === undefined ? null : value(untilText, null)
    const rule = new RRule({
      ...options,
      dtstart: floating(series.start),
      ...(until === null ? {} : { until: floating(until) }),
    })
    const day = 86_400_000
    for (const wall of rule.between(
      new Date(floating(from).getTime() - day),
      new Date(floating(to).getTime() + day),
      true,
    ))
      starts.add(real(wall).getTime())
  }
  for (const extra of dates('RDATE')) starts.add(extra)
  const excluded = new Set(dates('EXDATE'))
  return [...starts]
    .filter((ms) => ms >= from.getTime() && ms < to.getTime() && !excluded.has(ms))
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms))
}
