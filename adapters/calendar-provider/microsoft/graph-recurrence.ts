import { DateTime } from 'luxon'
import { parseIcalValue } from '../../../core/shared/floating-time.js'
import { err, ok, type Result } from '../../../core/shared/result.js'

/**
 * Our RFC 5545 lines as Graph's `patternedRecurrence` (a pattern and a range): the subset Graph can hold. Graph has
 * no RDATE and no rule finer than a day, one month day or one weekday position per pattern; what it cannot hold is
 * refused, naming the line. EXDATEs have no place in the pattern: the mirror deletes those occurrences instead.
 */
export interface GraphPatternedRecurrence {
  readonly pattern: {
    readonly type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly'
    readonly interval: number
    readonly daysOfWeek?: readonly string[]
    readonly firstDayOfWeek?: string
    readonly dayOfMonth?: number
    readonly month?: number
    readonly index?: string
  }
  readonly range: {
    readonly type: 'endDate' | 'noEnd' | 'numbered'
    readonly startDate: string
    readonly endDate?: string
    readonly numberOfOccurrences?: number
    readonly recurrenceTimeZone: string
  }
}

export interface GraphRecurrenceRefusal {
  readonly index: number
  readonly reason: string
}

const DAYS: Readonly<Record<string, string>> = {
  SU: 'sunday',
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
}
const LUXON_DAYS = ['', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const INDEXES: Readonly<Record<string, string>> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '-1': 'last',
}
const SUPPORTED_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
])

/** The instants an EXDATE line names (UTC, TZID or the series' zone; dates at their first instant). */
export const exdatesOf = (lines: readonly string[], zone: string): Date[] =>
  lines.flatMap((line) => {
    const match = /^EXDATE(?:;([^:]*))?:(.*)$/i.exec(line.trim())
    if (match === null) return []
    const tzid = /TZID=([^;]+)/i.exec(match[1] ?? '')?.[1] ?? zone
    return (match[2] ?? '').split(',').flatMap((value) => {
      const instant = parseIcalValue(value, tzid)
      return instant === null ? [] : [instant]
    })
  })

/** The last date (in `zone`) a series starting at `start` may have an occurrence on, under an UNTIL. */
const lastDateUnder = (until: string, start: DateTime, zone: string): string | null => {
  if (/^\d{8}$/.test(until)) return DateTime.fromFormat(until, 'yyyyLLdd', { zone }).toISODate()
  const instant = parseIcalValue(until, zone)
  if (instant === null) return null
  const local = DateTime.fromJSDate(instant, { zone })
  // An UNTIL before the series' time of day that day (a split writes one just before an occurrence) ends the day before.
  const beforeStartTime = local.toFormat('HHmmss') < start.toFormat('HHmmss')
  return (beforeStartTime ? local.minus({ days: 1 }) : local).toISODate()
}

/** Our series' lines as a Graph `patternedRecurrence`, or the first line Graph cannot hold. */
export const toGraphRecurrence = (
  lines: readonly string[],
  series: { readonly start: Date; readonly timezone: string },
): Result<GraphPatternedRecurrence, GraphRecurrenceRefusal> => {
  let rule: { index: number; parts: Map<string, string> } | null = null
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    if (/^RDATE[;:]/i.test(line))
      return err({
        index,
        reason: 'Microsoft Graph series have no extra dates (RDATE): the series cannot be mirrored to Microsoft.',
      })
    if (!/^RRULE:/i.test(line)) continue
    const parts = new Map(
      line
        .slice(6)
        .split(';')
        .map((part) => {
          const [key = '', value = ''] = part.split('=')
          return [key.toUpperCase(), value.toUpperCase()] as const
        }),
    )
    rule = { index, parts }
  }
  if (rule === null)
    return err({
      index: 0,
      reason: 'Microsoft Graph series need a rule (RRULE): the series cannot be mirrored to Microsoft.',
    })
  const { index, parts } = rule
  const refuse = (what: string) =>
    err({ index, reason: `Microsoft Graph cannot hold ${what}: the series cannot be mirrored to Microsoft.` })
  for (const key of parts.keys()) if (!SUPPORTED_PARTS.has(key)) return refuse(`a rule with ${key}`)
  const start = DateTime.fromJSDate(series.start, { zone: series.timezone })
  const interval = Number(parts.get('INTERVAL') ?? '1')
  const byDay = parts.get('BYDAY')?.split(',') ?? []
  const byMonthDay = parts.get('BYMONTHDAY')?.split(',') ?? []
  const byMonth = parts.get('BYMONTH')?.split(',') ?? []
  const bySetPos = parts.get('BYSETPOS')?.split(',') ?? []
  const plainDays = (days: readonly string[]) => days.every((day) => DAYS[day] !== undefined)
  const startDay = LUXON_DAYS[start.weekday] ?? 'monday'
  // RFC 5545's week starts on Monday unless WKST says otherwise (Graph's default, Sunday, is not ours).
  const firstDayOfWeek = DAYS[parts.get('WKST') ?? 'MO'] ?? 'monday'
  /** One weekday position of a month (`2TU`, `-1FR`, or `TU` with `BYSETPOS=2`). */
  const relative = (): { daysOfWeek: string[]; index: string } | null => {
    if (byDay.length === 0) return null
    if (bySetPos.length > 1) return null
    if (bySetPos.length === 1) {
      const position = INDEXES[bySetPos[0] ?? '']
      return position !== undefined && plainDays(byDay)
        ? { daysOfWeek: byDay.map((day) => DAYS[day] ?? ''), index: position }
        : null
    }
    const match = byDay.length === 1 ? /^([+-]?\d)([A-Z]{2})$/.exec(byDay[0] ?? '') : null
    const position = INDEXES[(match?.[1] ?? '').replace('+', '')]
    const day = DAYS[match?.[2] ?? '']
    return position !== undefined && day !== undefined ? { daysOfWeek: [day], index: position } : null
  }
  let pattern: GraphPatternedRecurrence['pattern']
  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (byDay.length + byMonthDay.length + byMonth.length + bySetPos.length > 0)
        return refuse('a daily rule with BY parts')
      pattern = { type: 'daily', interval }
      break
    case 'WEEKLY':
      if (byMonthDay.length + byMonth.length + bySetPos.length > 0 || !plainDays(byDay))
        return refuse('a weekly rule with positions, month days or months')
      pattern = {
        type: 'weekly',
        interval,
        daysOfWeek: byDay.length === 0 ? [startDay] : byDay.map((day) => DAYS[day] ?? ''),
        firstDayOfWeek,
      }
      break
    case 'MONTHLY': {
      if (byMonth.length > 0) return refuse('a monthly rule with BYMONTH')
      if (byDay.length === 0) {
        const day = Number(byMonthDay[0] ?? start.day)
        if (byMonthDay.length > 1 || bySetPos.length > 0 || !(day >= 1 && day <= 31))
          return refuse('a monthly rule on several or negative month days')
        pattern = { type: 'absoluteMonthly', interval, dayOfMonth: day }
        break
      }
      const position = byMonthDay.length === 0 ? relative() : null
      if (position === null) return refuse('this monthly rule (one weekday position a month at most)')
      pattern = { type: 'relativeMonthly', interval, ...position, firstDayOfWeek }
      break
    }
    case 'YEARLY': {
      const month = Number(byMonth[0] ?? start.month)
      if (byMonth.length > 1) return refuse('a yearly rule in several months')
      if (byDay.length === 0) {
        const day = Number(byMonthDay[0] ?? start.day)
        if (byMonthDay.length > 1 || bySetPos.length > 0 || !(day >= 1 && day <= 31))
          return refuse('a yearly rule on several or negative month days')
        pattern = { type: 'absoluteYearly', interval, month, dayOfMonth: day }
        break
      }
      const position = byMonthDay.length === 0 ? relative() : null
      if (position === null) return refuse('this yearly rule (one weekday position a year at most)')
      pattern = { type: 'relativeYearly', interval, month, ...position, firstDayOfWeek }
      break
    }
    default:
      return refuse(`FREQ=${parts.get('FREQ') ?? ''} (Graph repeats daily at most often)`)
  }
  const startDate = start.toISODate() ?? ''
  const count = parts.get('COUNT')
  const until = parts.get('UNTIL')
  if (until !== undefined) {
    const endDate = lastDateUnder(until, start, series.timezone)
    if (endDate === null) return refuse(`UNTIL=${until}`)
    return ok({ pattern, range: { type: 'endDate', startDate, endDate, recurrenceTimeZone: series.timezone } })
  }
  if (count !== undefined)
    return ok({
      pattern,
      range: { type: 'numbered', startDate, numberOfOccurrences: Number(count), recurrenceTimeZone: series.timezone },
    })
  return ok({ pattern, range: { type: 'noEnd', startDate, recurrenceTimeZone: series.timezone } })
}

/** A `patternedRecurrence` as Graph answers it: any field may be absent, or carry a default its type does not use. */
export interface GraphRecurrenceAnswer {
  readonly pattern?: {
    readonly type?: string
    readonly interval?: number
    readonly daysOfWeek?: readonly string[]
    readonly firstDayOfWeek?: string
    readonly dayOfMonth?: number
    readonly month?: number
    readonly index?: string
  } | null
  readonly range?: {
    readonly type?: string
    readonly startDate?: string
    readonly endDate?: string
    readonly numberOfOccurrences?: number
    readonly recurrenceTimeZone?: string
  } | null
}

const RRULE_DAYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DAYS).map(([rrule, graph]) => [graph, rrule]),
)
const POSITIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(INDEXES).map(([position, graph]) => [graph, position]),
)

/**
 * Graph's `patternedRecurrence` as our RRULE line: the inverse of `toGraphRecurrence`. The pattern gives FREQ,
 * INTERVAL and the BY parts (only the fields its type uses: Graph fills the others with defaults such as
 * `dayOfMonth: 0`); the range gives COUNT (`numbered`), UNTIL (`endDate`: the end of that day in the series' zone, or
 * the date itself for an all-day series) or nothing (`noEnd`). The series' start is its DTSTART, as Graph requires the
 * range to start on the event's start. Null for a pattern Graph has no name for (nothing we can expand).
 */
export const fromGraphRecurrence = (
  recurrence: GraphRecurrenceAnswer,
  series: { readonly timezone: string; readonly allDay: boolean },
): string | null => {
  const pattern = recurrence.pattern ?? {}
  const range = recurrence.range ?? {}
  const interval = Math.max(1, Math.trunc(Number(pattern.interval ?? 1)) || 1)
  const days = [...new Set((pattern.daysOfWeek ?? []).map((day) => RRULE_DAYS[String(day).toLowerCase()]))]
  if (days.includes(undefined)) return null
  const byDay = days as string[]
  const position = POSITIONS[String(pattern.index ?? 'first').toLowerCase()]
  const dayOfMonth = Number(pattern.dayOfMonth)
  const month = Number(pattern.month)
  const validDay = Number.isInteger(dayOfMonth) && dayOfMonth >= 1 && dayOfMonth <= 31
  const validMonth = Number.isInteger(month) && month >= 1 && month <= 12
  /** One weekday position: `BYDAY=2TU`, or `BYDAY=MO,FR;BYSETPOS=-1` when Graph names several days. */
  const relative = (): string[] | null => {
    if (byDay.length === 0 || position === undefined) return null
    return byDay.length === 1 ? [`BYDAY=${position}${byDay[0]}`] : [`BYDAY=${byDay.join(',')}`, `BYSETPOS=${position}`]
  }
  const parts: string[] = []
  switch (String(pattern.type ?? '').toLowerCase()) {
    case 'daily':
      parts.push('FREQ=DAILY')
      break
    case 'weekly': {
      if (byDay.length === 0) return null
      // Graph's week starts on Sunday unless it says otherwise; RFC 5545's on Monday: WKST is always written.
      const weekStart = RRULE_DAYS[String(pattern.firstDayOfWeek ?? 'sunday').toLowerCase()] ?? 'SU'
      parts.push('FREQ=WEEKLY', `BYDAY=${byDay.join(',')}`, `WKST=${weekStart}`)
      break
    }
    case 'absolutemonthly':
      if (!validDay) return null
      parts.push('FREQ=MONTHLY', `BYMONTHDAY=${dayOfMonth}`)
      break
    case 'relativemonthly': {
      const positioned = relative()
      if (positioned === null) return null
      parts.push('FREQ=MONTHLY', ...positioned)
      break
    }
    case 'absoluteyearly':
      if (!validDay || !validMonth) return null
      parts.push('FREQ=YEARLY', `BYMONTH=${month}`, `BYMONTHDAY=${dayOfMonth}`)
      break
    case 'relativeyearly': {
      const positioned = relative()
      if (positioned === null || !validMonth) return null
      parts.push('FREQ=YEARLY', `BYMONTH=${month}`, ...positioned)
      break
    }
    default:
      return null
  }
  if (interval > 1) parts.splice(1, 0, `INTERVAL=${interval}`)
  switch (String(range.type ?? 'noEnd').toLowerCase()) {
    case 'numbered': {
      const count = Math.trunc(Number(range.numberOfOccurrences))
      if (!(count >= 1)) return null
      parts.push(`COUNT=${count}`)
      break
    }
    case 'enddate': {
      const last = DateTime.fromISO(String(range.endDate ?? ''), { zone: series.timezone })
      if (!last.isValid) return null
      parts.push(
        series.allDay
          ? `UNTIL=${last.toFormat('yyyyLLdd')}`
          : `UNTIL=${last.endOf('day').toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`,
      )
      break
    }
    default:
      break
  }
  return `RRULE:${parts.join(';')}`
}
