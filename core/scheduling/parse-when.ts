import * as chrono from 'chrono-node'
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon'
import type { Span } from './masked-text.js'

export interface WhenInput {
  /** The text with durations, e-mail addresses and street addresses blanked. */
  readonly masked: string
  readonly now: Date
  readonly timezone: string
  readonly defaultDurationMin: number
  /** The length the text gave ("for 45 minutes"), if any. */
  readonly durationMin: number | null
  /** Date words were respelled (`tmrw`). */
  readonly respelled: boolean
}

export interface FoundWhen {
  readonly start: Date
  readonly end: Date
  readonly confidence: number
  readonly warnings: readonly string[]
  /** Where the date and time were written (blanked for the title). */
  readonly spans: readonly Span[]
}

/** Times for a part of the day said without a clock time ("tomorrow evening"). */
export const PART_OF_DAY_HOURS: readonly (readonly [RegExp, number, string])[] = [
  [/\bmorning\b/i, 9, 'morning'],
  [/\bafternoon\b/i, 14, 'afternoon'],
  [/\bevening\b/i, 18, 'evening'],
  [/\btonight\b/i, 19, 'tonight'],
  [/\bnight\b/i, 20, 'night'],
]
/** Meals said without a clock time ("lunch tomorrow"). */
export const MEAL_HOURS: readonly (readonly [RegExp, number, string])[] = [
  [/\bbreakfast\b/i, 8, 'breakfast'],
  [/\bbrunch\b/i, 11, 'brunch'],
  [/\blunch\b/i, 12, 'lunch'],
  [/\b(?:dinner|supper)\b/i, 19, 'dinner'],
]
/** The hour of a date given without any time ("on Friday"). */
export const DEFAULT_HOUR = 9

// Words that say whether a bare hour (7 to 11, or 1 to 6) is in the morning or the evening.
const PM_CUES =
  /\b(?:dinner|supper|drinks?|cocktails?|beers?|evening|tonight|night|party|happy hour|movie|cinema|concert|show|bar|pub|gig|theat(?:er|re)|date)\b/i
const AM_CUES = /\b(?:breakfast|morning|brunch|stand-?up|sunrise|early)\b/i

/** Zones whose people write dates month first (3/4 is March 4); elsewhere day first. */
const MONTH_FIRST_ZONES = /^(?:America\/|US\/|Canada\/|Pacific\/Honolulu$|Asia\/Manila$)/

/** A day written as two small numbers (3/4) that reads differently month-first and day-first. */
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/

const ALTERNATIVE_TIME = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+or\s+(?:maybe\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?(?!\S)/i

const round = (value: number) => Math.round(value * 100) / 100

interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const instantOf = (wall: Wall, zone: Zone): DateTime => DateTime.fromObject(wall, { zone })

const dateKnownOf = (component: chrono.ParsedComponents, tags: ReadonlySet<string>): boolean =>
  component.isCertain('day') ||
  component.isCertain('weekday') ||
  component.isCertain('month') ||
  [...tags].some(
    (tag) => tag === 'result/relativeDate' || /^casualReference\/(?:today|tomorrow|yesterday|tonight)$/.test(tag),
  )

/** A part of the day alone ("Movie night", "Date night") names the event, not its time. */
const BARE_PART_OF_DAY = /^(?:morning|afternoon|evening|night)$/i
const LEADING_PART_OF_DAY = /^(?:morning|afternoon|evening|night)\s+(?=\S)/i

/** chrono-node's results, less a part of the day that names the event rather than its time ("Movie night"). */
const readDates = (parser: chrono.Chrono, text: string, instant: Date, offset: number): chrono.ParsedResult[] =>
  parser.parse(text, { instant, timezone: offset }, { forwardDate: true }).flatMap((result) => {
    if (BARE_PART_OF_DAY.test(result.text.trim())) return []
    // "night Friday 7:30pm" (of "Date night Friday 7:30pm"): the date is what follows the word.
    const leading = LEADING_PART_OF_DAY.exec(result.text)
    if (leading !== null) {
      const from = result.index + leading[0].length
      const shifted = parser.parse(text.slice(from), { instant, timezone: offset }, { forwardDate: true })[0]
      return shifted === undefined ? [] : [Object.assign(shifted, { index: shifted.index + from })]
    }
    return [result]
  })

/**
 * When the event is: chrono-node reads the words against the request's clock in
 * the user's zone (its fixed offset at that instant), then the wall-clock parts
 * are placed in the IANA zone with luxon, so a date across a daylight-saving
 * change keeps its clock time ("tomorrow 9am" is 09:00 on either side of it).
 * Amounts of hours or minutes ("in 3 hours") are instants, not clock times.
 */
export const findWhen = (input: WhenInput): FoundWhen => {
  const zone = IANAZone.create(input.timezone)
  const now = DateTime.fromJSDate(input.now, { zone })
  const warnings: string[] = []
  const factors: number[] = []
  // chrono-node's day-first (GB) parser reads "June 20" as June 2020: it is used only for numeric dates.
  const parser =
    MONTH_FIRST_ZONES.test(input.timezone) || !NUMERIC_DATE.test(input.masked) ? chrono.en.casual : chrono.en.GB
  const results = readDates(parser, input.masked, input.now, now.offset)
  const lengthMinutes = input.durationMin ?? input.defaultDurationMin

  if (results.length === 0) {
    const start = now.plus({ hours: 1 }).startOf('hour')
    warnings.push(`No date or time found: ${start.toFormat('yyyy-MM-dd HH:mm')} (the next full hour) is assumed.`)
    return {
      start: start.toJSDate(),
      end: start.plus({ minutes: lengthMinutes }).toJSDate(),
      confidence: 0.1,
      warnings,
      spans: [],
    }
  }

  // One result with the date and another with the time ("Friday, lunch at 12:30") make one.
  const [first, ...others] = results as [chrono.ParsedResult, ...chrono.ParsedResult[]]
  const spans: Span[] = [{ start: first.index, end: first.index + first.text.length }]
  let timeSource: chrono.ParsedResult = first
  let dateSource: chrono.ParsedResult = first
  const firstHasDate = dateKnownOf(first.start, first.tags())
  const firstHasTime = first.start.isCertain('hour')
  const rest: chrono.ParsedResult[] = []
  for (const other of others) {
    const otherHasDate = dateKnownOf(other.start, other.tags())
    const otherHasTime = other.start.isCertain('hour')
    if (timeSource === first && dateSource === first && firstHasDate && !firstHasTime && otherHasTime && !otherHasDate)
      timeSource = other
    else if (
      timeSource === first &&
      dateSource === first &&
      firstHasTime &&
      !firstHasDate &&
      otherHasDate &&
      !otherHasTime
    )
      dateSource = other
    else rest.push(other)
    // Every date written is blanked for the title, used or not ("Friday or Saturday").
    spans.push({ start: other.index, end: other.index + other.text.length })
  }
  // "at 3 or 4": the alternative is blanked too, and the choice is the person's.
  const alternative = ALTERNATIVE_TIME.exec(input.masked)
  if (alternative !== null) {
    spans.push({ start: alternative.index, end: alternative.index + alternative[0].length })
    warnings.push(`Alternatives given ("${alternative[0].trim()}"): the first is used.`)
    factors.push(0.7)
  } else if (rest.length > 0) {
    warnings.push(`Several dates or times found; the first ("${first.text}") is used.`)
    factors.push(0.7)
  }

  const startParts = timeSource.start
  const dateParts = dateSource.start
  const tags = new Set([...timeSource.tags(), ...dateSource.tags()])
  const writtenDate = dateKnownOf(dateParts, dateSource.tags())
  const writtenTime = startParts.isCertain('hour')
  let base: number
  let start: DateTime
  let allDay = false

  if (tags.has('result/relativeDateAndTime')) {
    // "in 3 hours": an amount of time from now.
    start = DateTime.fromJSDate(startParts.date(), { zone })
    base = 0.9
  } else {
    const wall: Wall = {
      year: dateParts.get('year') ?? now.year,
      month: dateParts.get('month') ?? now.month,
      day: dateParts.get('day') ?? now.day,
      hour: DEFAULT_HOUR,
      minute: 0,
    }
    const explicitOffset = startParts.isCertain('timezoneOffset') ? startParts.get('timezoneOffset') : null
    const wallZone: Zone = explicitOffset === null ? zone : FixedOffsetZone.instance(explicitOffset)
    const partOfDay =
      PART_OF_DAY_HOURS.find(([pattern]) => pattern.test(timeSource.text)) ??
      MEAL_HOURS.find(([pattern]) => pattern.test(input.masked))
    allDay = !writtenTime && /\ball[- ]day\b/i.test(input.masked)
    if (writtenTime) {
      wall.hour = startParts.get('hour') ?? DEFAULT_HOUR
      wall.minute = startParts.get('minute') ?? 0
      const endMeridiemKnown = timeSource.end?.isCertain('meridiem') === true
      const twentyFourHour = /\b(?:0\d|1[3-9]|2[0-3])[:h.]?\d{2}\b/.test(timeSource.text)
      const meridiemKnown =
        startParts.isCertain('meridiem') ||
        endMeridiemKnown ||
        twentyFourHour ||
        wall.hour === 0 ||
        wall.hour >= 13 ||
        tags.has('casualReference/noon') ||
        tags.has('casualReference/midnight')
      if (tags.has('casualReference/midnight')) {
        // "midnight tomorrow" is read as the start of that day; people also mean its end.
        base = 0.6
        warnings.push(
          `"midnight" is read as the start of ${DateTime.fromObject(wall, { zone }).toFormat('cccc d LLLL')}.`,
        )
      } else if (meridiemKnown) base = 0.95
      else if (wall.hour === 12) base = 0.85
      else {
        const pm = PM_CUES.test(input.masked)
        const am = AM_CUES.test(input.masked)
        if (wall.hour <= 6) {
          // A bare 1 to 6 is afternoon, unless the text says morning.
          if (!am) wall.hour += 12
          base = 0.8
        } else if (pm && !am) {
          wall.hour += 12
          base = 0.8
        } else {
          base = am ? 0.8 : 0.6
        }
        if (base < 0.7)
          warnings.push(
            `"${timeSource.text.trim()}" does not say am or pm: ${wall.hour}:${String(wall.minute).padStart(2, '0')} is assumed.`,
          )
      }
    } else if (allDay) {
      wall.hour = 0
      base = 0.85
    } else if (partOfDay !== undefined) {
      wall.hour = partOfDay[1]
      base = 0.55
      warnings.push(`"${partOfDay[2]}" is not a clock time: ${String(partOfDay[1]).padStart(2, '0')}:00 is assumed.`)
    } else {
      base = 0.4
      warnings.push(`No time of day given: ${String(DEFAULT_HOUR).padStart(2, '0')}:00 is assumed.`)
    }
    if (!writtenDate) {
      // A time alone is its next occurrence: today if still ahead, else tomorrow.
      const today = { year: now.year, month: now.month, day: now.day }
      const candidate = instantOf({ ...wall, ...today }, wallZone)
      const next = candidate <= now ? candidate.plus({ days: 1 }) : candidate
      Object.assign(wall, { year: next.year, month: next.month, day: next.day })
      base *= 0.85
    }
    start = instantOf(wall, wallZone).setZone(zone)
    if (explicitOffset === null && (start.hour !== wall.hour || start.minute !== wall.minute)) {
      warnings.push(
        `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')} does not exist on ${start.toISODate()} in ${input.timezone} (daylight saving): ${start.toFormat('HH:mm')} is used.`,
      )
      factors.push(0.8)
    }
    if (explicitOffset !== null) factors.push(0.95)
    const numeric = NUMERIC_DATE.exec(dateSource.text)
    if (numeric !== null && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2]) {
      warnings.push(`"${numeric[0]}" could be read day first or month first: ${start.toFormat('d LLLL')} is assumed.`)
      factors.push(0.6)
    }
    if (/\bnext\s+(?:mon|tue|wed|thu|fri|sat|sun)/i.test(dateSource.text)) {
      warnings.push(
        `"${dateSource.text.trim()}" may mean this week's or next week's: ${start.toFormat('cccc d LLLL')} is assumed.`,
      )
      factors.push(0.7)
    }
  }
  if (input.respelled) factors.push(0.9)
  if (/\b(?:every|daily|weekly|monthly|each)\b/i.test(input.masked)) {
    warnings.push('Repeating events are not read: this is the first occurrence only.')
    factors.push(0.8)
  }
  if (start < now.minus({ minutes: 1 })) {
    warnings.push(`The start (${start.toFormat('yyyy-MM-dd HH:mm')}) is in the past.`)
    factors.push(0.5)
  }

  let end: DateTime
  const endParts = timeSource.end
  if (endParts?.isCertain('hour')) {
    // An end on another day only when a date says so ("June 20 to June 22"); else on the start's day.
    const otherDay = endParts.isCertain('day') && endParts.isCertain('meridiem') && endParts.get('day') !== start.day
    const wall: Wall = {
      year: otherDay ? (endParts.get('year') ?? start.year) : start.year,
      month: otherDay ? (endParts.get('month') ?? start.month) : start.month,
      day: otherDay ? (endParts.get('day') ?? start.day) : start.day,
      hour: endParts.get('hour') ?? start.hour,
      minute: endParts.get('minute') ?? 0,
    }
    end = instantOf(wall, start.zone)
    if (end <= start && !endParts.isCertain('meridiem') && wall.hour < 12) end = end.plus({ hours: 12 })
    while (end <= start) end = end.plus({ days: 1 })
  } else if (allDay && input.durationMin === null) {
    end = start.plus({ days: 1 })
  } else {
    end = start.plus({ minutes: lengthMinutes })
  }
  const confidence = round(factors.reduce((value, factor) => value * factor, base))
  return { start: start.toJSDate(), end: end.toJSDate(), confidence, warnings, spans }
}
