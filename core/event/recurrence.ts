import { DateTime } from 'luxon'
import rrulePackage from 'rrule'
import { InvalidParameter } from '../shared/errors.js'
import { fromFloating, parseIcalValue, toFloating } from '../shared/floating-time.js'
import { err, ok, type Result } from '../shared/result.js'

// rrule ships CommonJS: its named exports are reachable only through the default export under Node ESM.
const { RRule } = rrulePackage
type RRuleOptions = NonNullable<ConstructorParameters<typeof RRule>[0]>

/**
 * The most occurrences a series may have in any year (twice a day fits, hourly does not): a departure is
 * monitored per occurrence, so a denser series is refused with a 400 naming its `RRULE` line.
 */
export const MAX_OCCURRENCES_PER_YEAR = 1000

/** One occurrence of a series: where the rule puts it (`originalStart`) and when it is. */
export interface SeriesOccurrence {
  readonly originalStart: Date
  readonly start: Date
  readonly end: Date
}

/** What expanding a series needs: its first occurrence, its zone and its RFC 5545 lines. */
export interface SeriesShape {
  readonly start: Date
  readonly end: Date
  readonly timezone: string
  readonly recurrence: readonly string[]
  /** All-day series are written with DATE values (`EXDATE;VALUE=DATE:20260105`). */
  readonly allDay?: boolean | undefined
}

interface ParsedRecurrence {
  readonly rule: RRuleOptions | null
  readonly ruleIndex: number
  readonly exdates: readonly Date[]
  readonly rdates: readonly Date[]
}

const DAY_MS = 86_400_000

/** An end for a window that has none (rrule needs one; a day each side must stay a valid date). */
export const FAR_FUTURE = new Date(Date.UTC(9000, 0, 1))

const RULE_PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
])

/** The UTC basic form RFC 5545 writes an instant in (`20260608T080000Z`). */
export const icalUtc = (instant: Date): string =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

const refuse = (index: number, message: string) => err(new InvalidParameter({ param: `recurrence[${index}]`, message }))

const parseDateList = (line: string, index: number, zone: string): Result<Date[], InvalidParameter> => {
  const match = /^(EXDATE|RDATE)((?:;[^:]*)?):(.+)$/i.exec(line)
  if (match === null) return refuse(index, `Cannot read "${line}": expected NAME[;TZID=zone]:values.`)
  const [, name = '', parameters = '', values = ''] = match
  if (/VALUE=PERIOD/i.test(parameters)) return refuse(index, `${name.toUpperCase()} periods are not supported.`)
  const tzid = /TZID=([^;]+)/i.exec(parameters)?.[1] ?? zone
  if (!DateTime.local().setZone(tzid).isValid) return refuse(index, `Unknown time zone "${tzid}".`)
  const dates: Date[] = []
  for (const value of values.split(',')) {
    const instant = parseIcalValue(value, tzid)
    if (instant === null)
      return refuse(index, `"${value}" is not a date (20260105) or date-time (20260105T090000 or 20260105T080000Z).`)
    dates.push(instant)
  }
  return ok(dates)
}

const parseRule = (line: string, index: number, zone: string): Result<RRuleOptions, InvalidParameter> => {
  const body = line.replace(/^RRULE:/i, '')
  if (/(^|;)DTSTART=/i.test(body) || /(^|;)TZID=/i.test(body))
    return refuse(index, 'The RRULE takes its start and zone from the event (start_time and timezone).')
  for (const part of body.split(';')) {
    const [key = '', value = ''] = part.split('=')
    if (!RULE_PARTS.has(key.toUpperCase()) || value === '')
      return refuse(index, `"${part}" is not an RRULE part (RFC 5545: FREQ, UNTIL, COUNT, INTERVAL, BY..., WKST).`)
  }
  const freq = /(?:^|;)FREQ=([^;]*)/i.exec(body)?.[1]?.toUpperCase()
  if (freq === undefined) return refuse(index, 'The RRULE has no FREQ.')
  if (freq === 'SECONDLY' || freq === 'MINUTELY')
    return refuse(index, 'FREQ=SECONDLY and FREQ=MINUTELY are refused: an event repeats at most hourly.')
  if (!['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq))
    return refuse(index, `FREQ=${freq} is not a frequency (HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY).`)
  let options: Partial<RRuleOptions>
  try {
    options = RRule.parseString(body)
    // rrule reads some values only when it builds the rule (`BYDAY=XX`): build one to find out.
    new RRule({ ...options, dtstart: new Date(0) })
  } catch (error) {
    return refuse(index, `Cannot parse the RRULE: ${error instanceof Error ? error.message : String(error)}.`)
  }
  if (options.count !== undefined && options.count !== null && options.until !== undefined && options.until !== null)
    return refuse(index, 'An RRULE has COUNT or UNTIL, not both (RFC 5545).')
  if (options.interval !== undefined && options.interval !== null && options.interval < 1)
    return refuse(index, 'INTERVAL must be a positive integer.')
  // rrule reads every UNTIL as UTC; one without `Z` is a wall time in the event's zone (a date: that whole day).
  const until = /(?:^|;)UNTIL=(\d{8})(T\d{6})?(Z?)/i.exec(body)
  if (until !== null && until[3] === '' && options.until !== undefined && options.until !== null) {
    const floating = until[2] === undefined ? new Date(options.until.getTime() + DAY_MS - 1000) : options.until
    options = { ...options, until: fromFloating(floating, zone) }
  }
  return ok(options as RRuleOptions)
}

/** Reads and checks the lines of `recurrence` (400 naming `recurrence[i]` for the first line it refuses). */
const parse = (series: SeriesShape): Result<ParsedRecurrence, InvalidParameter> => {
  let rule: RRuleOptions | null = null
  let ruleIndex = -1
  const exdates: Date[] = []
  const rdates: Date[] = []
  for (const [index, raw] of series.recurrence.entries()) {
    const line = raw.trim()
    if (/^RRULE:/i.test(line)) {
      if (rule !== null) return refuse(index, 'A series has one RRULE; add occurrences with RDATE.')
      const parsed = parseRule(line, index, series.timezone)
      if (!parsed.ok) return parsed
      rule = parsed.value
      ruleIndex = index
    } else if (/^(EXDATE|RDATE)[;:]/i.test(line)) {
      const dates = parseDateList(line, index, series.timezone)
      if (!dates.ok) return dates
      ;(/^EXDATE/i.test(line) ? exdates : rdates).push(...dates.value)
    } else return refuse(index, 'Each line is an RRULE, EXDATE or RDATE (RFC 5545).')
  }
  return ok({ rule, ruleIndex, exdates, rdates })
}

/** The rule's UNTIL is an instant; rrule compares it with floating times, so it is handed over as a floating one. */
const ruleOf = (options: RRuleOptions, series: SeriesShape) =>
  new RRule({
    ...options,
    dtstart: toFloating(series.start, series.timezone),
    tzid: null,
    ...(options.until === undefined || options.until === null
      ? {}
      : { until: toFloating(options.until, series.timezone) }),
  })

/**
 * The starts of the series in [from, to), in order: the rule's, plus RDATEs, less EXDATEs. Stops after `limit`.
 */
const startsBetween = (parsed: ParsedRecurrence, series: SeriesShape, from: Date, to: Date, limit: number): Date[] => {
  const excluded = new Set(parsed.exdates.map((date) => date.getTime()))
  const starts = new Set<number>()
  if (parsed.rule === null) starts.add(series.start.getTime())
  else {
    // Widen the floating window by a day each side: zone offsets are under a day; the exact filter follows.
    const rule = ruleOf(parsed.rule, series)
    // The widened days hold at most 48 more (hourly is the densest rule): stop reading the rule past them.
    const floating: Date[] = []
    rule.between(new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), true, (date) => {
      floating.push(date)
      return floating.length < limit + 2 * 24
    })
    for (const date of floating) starts.add(fromFloating(date, series.timezone).getTime())
  }
  for (const date of parsed.rdates) starts.add(date.getTime())
  return [...starts]
    .filter((ms) => ms >= from.getTime() && ms < to.getTime() && ms >= series.start.getTime() && !excluded.has(ms))
    .sort((a, b) => a - b)
    .slice(0, limit)
    .map((ms) => new Date(ms))
}

/**
 * Checks a series as given (400 naming `recurrence[i]`): the lines parse, no FREQ below hourly, and no year from the
 * first occurrence on holds more than `MAX_OCCURRENCES_PER_YEAR` occurrences (a rule repeats itself each year, so
 * the first year, and the one after for a rule that starts late in one, tell).
 */
export const validateRecurrence = (series: SeriesShape): Result<SeriesShape, InvalidParameter> => {
  if (series.recurrence.length > 100)
    return err(new InvalidParameter({ param: 'recurrence', message: 'At most 100 recurrence lines.' }))
  const parsed = parse(series)
  if (!parsed.ok) return parsed
  if (parsed.value.rule === null && parsed.value.rdates.length === 0)
    return err(new InvalidParameter({ param: 'recurrence', message: 'A series needs an RRULE or an RDATE.' }))
  for (let year = 0; year < 2; year++) {
    const from = new Date(series.start.getTime() + year * 366 * DAY_MS)
    const to = new Date(from.getTime() + 366 * DAY_MS)
    const starts = startsBetween(parsed.value, series, from, to, MAX_OCCURRENCES_PER_YEAR + 1)
    if (starts.length > MAX_OCCURRENCES_PER_YEAR) {
      const index = Math.max(parsed.value.ruleIndex, 0)
      return refuse(index, `A series has at most ${MAX_OCCURRENCES_PER_YEAR} occurrences in any year.`)
    }
  }
  return ok(series)
}

/**
 * The occurrences of a series whose start lies in [from, to), in order, computed in the series' zone (DST-correct),
 * each as long as the first; at most `limit`. The lines must have passed `validateRecurrence`; a line that no longer
 * parses yields the first occurrence alone.
 */
export const expandSeries = (
  series: SeriesShape,
  window: { readonly from: Date; readonly to: Date },
  limit = 10_000,
): SeriesOccurrence[] => {
  const parsed = parse(series)
  const duration = series.end.getTime() - series.start.getTime()
  const starts = parsed.ok
    ? startsBetween(parsed.value, series, window.from, window.to, limit)
    : series.start >= window.from && series.start < window.to
      ? [series.start]
      : []
  return starts.map((start) => ({ originalStart: start, start, end: new Date(start.getTime() + duration) }))
}

/** Whether `instant` is an occurrence of the series (after its EXDATEs). */
export const isOccurrence = (series: SeriesShape, instant: Date): boolean =>
  expandSeries(series, { from: instant, to: new Date(instant.getTime() + 1) }, 1).length === 1

/** The first occurrence's start of a series, or null when every one is excluded. */
export const firstOccurrence = (series: SeriesShape): SeriesOccurrence | null =>
  expandSeries(series, { from: series.start, to: FAR_FUTURE }, 1)[0] ?? null

const localDate = (instant: Date, zone: string): string => DateTime.fromJSDate(instant, { zone }).toFormat('yyyyLLdd')

/** The line that excludes one occurrence (for cancelling it), written as the series writes its values. */
const exdateLine = (series: SeriesShape, instant: Date): string => {
  if (series.allDay === true) return `EXDATE;VALUE=DATE:${localDate(instant, series.timezone)}`
  return `EXDATE:${icalUtc(instant)}`
}

/** The series with one more occurrence excluded (cancelling it). */
export const withExclusion = (series: SeriesShape, originalStart: Date): readonly string[] => [
  ...series.recurrence,
  exdateLine(series, originalStart),
]

/** An RRULE line written back from its parsed options, with UNTIL or COUNT replaced. */
const ruleLine = (options: RRuleOptions, end: { until: Date } | { count: number } | null): string => {
  const { until: _until, count: _count, dtstart: _dtstart, tzid: _tzid, ...rest } = options
  const text = RRule.optionsToString({
    ...rest,
    ...(end === null ? {} : 'until' in end ? { until: end.until } : { count: end.count }),
  })
  return text.startsWith('RRULE:') ? text : `RRULE:${text.replace(/^.*\n/, '')}`
}

/** One EXDATE or RDATE line holding `dates` (none when empty), written as the series writes its values. */
const dateLines = (series: SeriesShape, name: 'EXDATE' | 'RDATE', dates: readonly Date[]): string[] =>
  dates.length === 0
    ? []
    : series.allDay === true
      ? [`${name};VALUE=DATE:${dates.map((date) => localDate(date, series.timezone)).join(',')}`]
      : [`${name}:${dates.map(icalUtc).join(',')}`]

/** How far a compacted series is checked against the series it replaces (docs/events.md, "Series history"). */
const COMPACTION_CHECK_MS = 2 * 366 * DAY_MS

/**
 * The series without its history before `floor`: it starts at the rule's first occurrence at or after `floor` (its
 * `COUNT` less the rule's occurrences before it), and the EXDATE and RDATE values before that start are dropped. Every
 * occurrence from the new start on is the same instant as before, so occurrence ids do not change: the result is
 * checked against the series it replaces over two years, and null when it differs (a start the zone skips, say), when
 * the series has no RRULE, or when no rule occurrence is left after `floor`. `dropped` counts the values dropped.
 */
export const compactSeries = (
  series: SeriesShape,
  floor: Date,
): {
  readonly start: Date
  readonly end: Date
  readonly recurrence: readonly string[]
  readonly dropped: number
} | null => {
  const parsed = parse(series)
  if (!parsed.ok || parsed.value.rule === null) return null
  const options = parsed.value.rule
  const rule = ruleOf(options, series)
  const next = rule.after(toFloating(floor, series.timezone), true)
  if (next === null) return null
  const start = fromFloating(next, series.timezone)
  if (start.getTime() <= series.start.getTime()) return null
  const count = options.count ?? null
  const earlier =
    count === null
      ? 0
      : rule.between(toFloating(series.start, series.timezone), new Date(next.getTime() - 1), true).length
  const until = options.until ?? null
  const kept = (dates: readonly Date[]) => dates.filter((date) => date.getTime() >= start.getTime())
  const exdates = kept(parsed.value.exdates)
  const rdates = kept(parsed.value.rdates)
  const recurrence = [
    ruleLine(options, count !== null ? { count: count - earlier } : until === null ? null : { until }),
    ...dateLines(series, 'EXDATE', exdates),
    ...dateLines(series, 'RDATE', rdates),
  ]
  const compacted: SeriesShape = {
    ...series,
    start,
    end: new Date(start.getTime() + series.end.getTime() - series.start.getTime()),
    recurrence,
  }
  const check = { from: start, to: new Date(start.getTime() + COMPACTION_CHECK_MS) }
  const starts = (shape: SeriesShape) => expandSeries(shape, check).map((occurrence) => occurrence.start.getTime())
  if (starts(compacted).join() !== starts(series).join()) return null
  const dropped = parsed.value.exdates.length - exdates.length + (parsed.value.rdates.length - rdates.length)
  return { start, end: compacted.end, recurrence, dropped }
}

/**
 * A series split at one of its occurrences ("this and following", as RFC 5545 and Google do): the old part ends just
 * before it (`UNTIL`, or a smaller `COUNT`), the new part's lines start there (its `COUNT` is what is left). EXDATEs
 * and RDATEs go to the part they fall in. Null when `at` is the first occurrence (the split is then the whole series).
 */
export const splitSeries = (
  series: SeriesShape,
  at: Date,
): { readonly before: readonly string[]; readonly after: readonly string[] } | null => {
  const parsed = parse(series)
  if (!parsed.ok) return null
  const first = firstOccurrence(series)
  if (first === null || at.getTime() <= first.start.getTime()) return null
  // COUNT counts the rule's own occurrences, EXDATEs included (RFC 5545).
  const ruleEarlier = (rule: RRuleOptions) =>
    ruleOf(rule, series).between(
      toFloating(series.start, series.timezone),
      new Date(toFloating(at, series.timezone).getTime() - 1),
      true,
    ).length
  const rule = parsed.value.rule
  const before: string[] = []
  const after: string[] = []
  if (rule !== null) {
    const count = rule.count ?? null
    // UNTIL is inclusive: one second before the occurrence ends the old part just before it.
    const untilBefore = new Date(at.getTime() - 1000)
    const until = rule.until ?? null
    const earlier = count === null ? 0 : ruleEarlier(rule)
    before.push(ruleLine(rule, count === null ? { until: untilBefore } : { count: Math.max(1, earlier) }))
    after.push(
      ruleLine(rule, count !== null ? { count: Math.max(1, count - earlier) } : until === null ? null : { until }),
    )
  }
  const lineFor = (name: 'EXDATE' | 'RDATE', dates: readonly Date[]) => dateLines(series, name, dates)
  const split = (dates: readonly Date[]) => ({
    early: dates.filter((date) => date.getTime() < at.getTime()),
    late: dates.filter((date) => date.getTime() >= at.getTime()),
  })
  const exdates = split(parsed.value.exdates)
  const rdates = split(parsed.value.rdates)
  before.push(...lineFor('EXDATE', exdates.early), ...lineFor('RDATE', rdates.early))
  after.push(...lineFor('EXDATE', exdates.late), ...lineFor('RDATE', rdates.late))
  return { before, after }
}

/**
 * The id of one occurrence: `<series id>_<original start in UTC, basic format>` (as Google names instances), so the
 * same occurrence has the same id on every host and after a restart, and sorts beside its series.
 */
export const occurrenceId = (seriesId: string, originalStart: Date): string => `${seriesId}_${icalUtc(originalStart)}`

/** The series id and original start an occurrence id names, or null for any other id. */
export const parseOccurrenceId = (id: string): { seriesId: string; originalStart: Date } | null => {
  const match = /^(.+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(id)
  if (match === null) return null
  const [, seriesId = '', y, mo, d, h, mi, s] = match
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  const instant = new Date(ms)
  return Number.isNaN(ms) || icalUtc(instant) !== id.slice(seriesId.length + 1)
    ? null
    : { seriesId, originalStart: instant }
}
