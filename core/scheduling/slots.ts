import { IANAZone } from 'luxon'
import { DAY_MS, type Interval, intersectIntervals, mergeIntervals, subtractIntervals } from './freebusy.js'

/** Weekdays in ISO order (Monday = 1, as luxon numbers them). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
/** The three-letter forms the suggestion request uses. */
export const WEEKDAY_ABBREVIATIONS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type WeekdayAbbreviation = (typeof WEEKDAY_ABBREVIATIONS)[number]

/** 1 (Monday) to 7 (Sunday) for a weekday written either way. */
export const isoWeekday = (day: Weekday | WeekdayAbbreviation): number => {
  const full = WEEKDAYS.indexOf(day as Weekday)
  return full >= 0 ? full + 1 : WEEKDAY_ABBREVIATIONS.indexOf(day as WeekdayAbbreviation) + 1
}

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const
export type TimeOfDay = (typeof TIMES_OF_DAY)[number]

/** Local minutes of the day each period covers: morning 05:00-12:00, afternoon 12:00-17:00, evening 17:00-21:00. */
export const TIME_OF_DAY_MINUTES: Readonly<Record<TimeOfDay, readonly [number, number]>> = {
  morning: [5 * 60, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 21 * 60],
}

/** Working hours as local minutes of the day (end after start) on the listed ISO weekdays. */
export interface WorkingHours {
  readonly startMinute: number
  readonly endMinute: number
  readonly days: ReadonlySet<number>
}

export const DEFAULT_WORKING_DAYS: ReadonlySet<number> = new Set([1, 2, 3, 4, 5])

/** Candidate starts lie on this grid (UTC quarter hours, which are quarter hours in every zone). */
export const SLOT_STEP_MS = 15 * 60_000

/**
 * The UTC offsets of one zone over a span, read from the zone database once a day
 * and bisected to the minute where they change: converting wall-clock times with
 * them costs arithmetic, where each conversion through luxon costs an `Intl` call.
 */
export class ZoneOffsets {
  /** Offset in minutes from `from` on, sorted by `from`. */
  private readonly segments: { readonly from: number; readonly offset: number }[]

  constructor(zone: string, span: Interval) {
    const iana = IANAZone.create(zone)
    const from = span.start - 2 * DAY_MS
    const to = span.end + 2 * DAY_MS
    let previous = iana.offset(from)
    this.segments = [{ from: Number.NEGATIVE_INFINITY, offset: previous }]
    let checked = from
    for (let at = from + DAY_MS; at < to + DAY_MS; at += DAY_MS) {
      const offset = iana.offset(at)
      if (offset !== previous) {
        // The change lies in (checked, at]: find its minute.
        let low = checked
        let high = at
        while (high - low > 60_000) {
          const middle = Math.floor((low + high) / 2 / 60_000) * 60_000
          if (iana.offset(middle) === previous) low = middle
          else high = middle
        }
        this.segments.push({ from: high, offset })
        previous = offset
      }
      checked = at
    }
  }

  /** Offset in minutes at an instant. */
  offsetAt(instant: number): number {
    let offset = (this.segments[0] as { offset: number }).offset
    for (const segment of this.segments) {
      if (segment.from > instant) break
      offset = segment.offset
    }
    return offset
  }

  /**
   * The instant of a wall-clock time, as RFC 5545 reads one (DATE-TIME with a TZID): a time in a spring-forward gap
   * is read with the offset before the gap (so it moves forward by the gap, as luxon moves it); a time in a fall-back
   * overlap is its first instant. Not luxon's reading of the overlap, which takes the zone's offset at the moment the
   * code runs as its first guess, so that the same 01:30 resolves to one instant in summer and the other in winter.
   */
  instantOf(year: number, month: number, day: number, minute: number): number {
    const local = Date.UTC(year, month - 1, day) + minute * 60_000
    // Offsets lie within ±14 hours: the instants of `local` lie within that of it, and no zone changes twice in there.
    const before = this.offsetAt(local - 15 * 3_600_000)
    const after = this.offsetAt(local + 15 * 3_600_000)
    const readings = [local - before * 60_000, local - after * 60_000].filter(
      (utc) => utc + this.offsetAt(utc) * 60_000 === local,
    )
    return readings.length === 0 ? local - before * 60_000 : Math.min(...readings)
  }

  /** The local calendar date (year, month, day) and ISO weekday of an instant. */
  localDate(instant: number): { year: number; month: number; day: number; weekday: number } {
    const local = new Date(instant + this.offsetAt(instant) * 60_000)
    const weekday = local.getUTCDay()
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      weekday: weekday === 0 ? 7 : weekday,
    }
  }
}

/**
 * The instants of [startMinute, endMinute) local time on the given weekdays (all when null) in `zone`,
 * for every local day that touches `window`. Wall-clock: a 09:00 start stays 09:00 across a DST change.
 */
export const localDailyWindows = (
  zone: string | ZoneOffsets,
  window: Interval,
  startMinute: number,
  endMinute: number,
  days: ReadonlySet<number> | null,
): Interval[] => {
  const offsets = typeof zone === 'string' ? new ZoneOffsets(zone, window) : zone
  const result: Interval[] = []
  const first = offsets.localDate(window.start - DAY_MS)
  // Walk calendar dates in UTC arithmetic (a date has no zone); each becomes instants through the offsets.
  for (let date = Date.UTC(first.year, first.month - 1, first.day); ; date += DAY_MS) {
    const calendar = new Date(date)
    const year = calendar.getUTCFullYear()
    const month = calendar.getUTCMonth() + 1
    const day = calendar.getUTCDate()
    const dayStart = offsets.instantOf(year, month, day, 0)
    if (dayStart >= window.end + DAY_MS) break
    const weekday = calendar.getUTCDay() === 0 ? 7 : calendar.getUTCDay()
    if (days !== null && !days.has(weekday)) continue
    const start = offsets.instantOf(year, month, day, startMinute)
    const end =
      endMinute >= 24 * 60 ? offsets.instantOf(year, month, day + 1, 0) : offsets.instantOf(year, month, day, endMinute)
    if (end > start) result.push({ start, end })
  }
  return mergeIntervals(result)
}

/** Index of the interval of a sorted, merged list that contains [start, end), or -1. */
const containing = (intervals: readonly Interval[], start: number, end: number): number => {
  let low = 0
  let high = intervals.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const interval = intervals[middle] as Interval
    if (interval.end <= start) low = middle + 1
    else if (interval.start > start) high = middle - 1
    else return interval.end >= end ? middle : -1
  }
  return -1
}

/** Whether [start, end) lies inside one interval of a sorted, merged list. */
export const liesWithin = (intervals: readonly Interval[], start: number, end: number): boolean =>
  containing(intervals, start, end) >= 0

/** The free time before `start` and after `end` up to the nearest busy interval (Infinity when none). */
const gapsAround = (busy: readonly Interval[], start: number, end: number): number => {
  // The first busy interval ending after `start`.
  let low = 0
  let high = busy.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((busy[middle] as Interval).end <= start) low = middle + 1
    else high = middle
  }
  const before = low > 0 ? start - (busy[low - 1] as Interval).end : Number.POSITIVE_INFINITY
  const next = busy[low]
  const after = next === undefined ? Number.POSITIVE_INFINITY : next.start - end
  return Math.min(before, after)
}

export interface SlotParticipant {
  /** Merged busy time. */
  readonly busy: readonly Interval[]
  /** Its own IANA zone; null uses the search's fallback zone. */
  readonly timezone: string | null
}

export interface SlotSearch {
  readonly participants: readonly SlotParticipant[]
  /** Where slots may lie: [earliest start, latest end), already starting no earlier than now. */
  readonly window: Interval
  readonly durationMs: number
  readonly bufferMs: number
  readonly workingHours: WorkingHours | null
  /** The zone of participants whose own zone is unknown (external addresses). */
  readonly fallbackZone: string
  readonly preferredTimeOfDay: TimeOfDay | null
  /** Soft: ISO weekdays the slot should start on, in every participant's zone (suggestions). */
  readonly preferredDays: ReadonlySet<number> | null
}

/** A free slot with its scoring parts; `score` is the weighted sum (docs/scheduling.md). */
export interface ScoredSlot {
  readonly start: number
  readonly end: number
  readonly score: number
  /** Constraints of the request the slot satisfies, and those it does not. */
  readonly matches: readonly string[]
  readonly misses: readonly string[]
}

/** Breathing room beyond the buffer that earns the full room score. */
export const ROOM_FULL_MS = 60 * 60_000

/**
 * Score weights. Each part is 0..1 and the weights of the parts a request uses
 * are scaled to sum to 1, so the score is 0..1: the preferences the caller gave
 * first, then starting early in the window, then room around the slot.
 */
export const SLOT_WEIGHTS = { timeOfDay: 0.35, preferredDays: 0.25, earliness: 0.25, room: 0.15 } as const

const round = (value: number): number => Math.round(value * 10_000) / 10_000

interface ZoneGroup {
  readonly zone: string
  readonly count: number
  readonly period: readonly Interval[] | null
  readonly preferredDays: readonly Interval[] | null
}

/**
 * Every free slot of the search on the 15-minute grid, scored: a slot never meets
 * any participant's busy time widened by the buffer on both sides, lies within
 * the working hours of every participant in their own zone, and inside the
 * window. Earliest first.
 */
export const slotCandidates = (search: SlotSearch): ScoredSlot[] => {
  const { window, durationMs, bufferMs } = search
  if (durationMs <= 0 || window.end - window.start < durationMs) return []
  const zones = new Map<string, number>()
  for (const participant of search.participants) {
    const zone = participant.timezone ?? search.fallbackZone
    zones.set(zone, (zones.get(zone) ?? 0) + 1)
  }
  if (zones.size === 0) zones.set(search.fallbackZone, 1)
  const total = [...zones.values()].reduce((sum, count) => sum + count, 0)

  let allowed: Interval[] = [window]
  const { workingHours, preferredTimeOfDay, preferredDays } = search
  const offsets = new Map([...zones.keys()].map((zone) => [zone, new ZoneOffsets(zone, window)]))
  const offsetsOf = (zone: string) => offsets.get(zone) as ZoneOffsets
  if (workingHours !== null) {
    for (const zone of zones.keys()) {
      const local = localDailyWindows(
        offsetsOf(zone),
        window,
        workingHours.startMinute,
        workingHours.endMinute,
        workingHours.days,
      )
      allowed = intersectIntervals(allowed, local)
    }
  }
  const groups: ZoneGroup[] = [...zones].map(([zone, count]) => ({
    zone,
    count,
    period:
      preferredTimeOfDay === null
        ? null
        : localDailyWindows(offsetsOf(zone), window, ...TIME_OF_DAY_MINUTES[preferredTimeOfDay], null),
    preferredDays:
      preferredDays === null ? null : localDailyWindows(offsetsOf(zone), window, 0, 24 * 60, preferredDays),
  }))
  const busy = mergeIntervals(search.participants.flatMap((participant) => participant.busy))
  const blocked =
    bufferMs === 0
      ? busy
      : mergeIntervals(busy.map((interval) => ({ start: interval.start - bufferMs, end: interval.end + bufferMs })))
  const free = subtractIntervals(allowed, blocked)

  const weights = {
    timeOfDay: preferredTimeOfDay === null ? 0 : SLOT_WEIGHTS.timeOfDay,
    preferredDays: preferredDays === null ? 0 : SLOT_WEIGHTS.preferredDays,
    earliness: SLOT_WEIGHTS.earliness,
    room: SLOT_WEIGHTS.room,
  }
  const weightSum = weights.timeOfDay + weights.preferredDays + weights.earliness + weights.room
  const span = Math.max(1, window.end - durationMs - window.start)
  const slots: ScoredSlot[] = []
  for (const interval of free) {
    for (
      let start = Math.ceil(interval.start / SLOT_STEP_MS) * SLOT_STEP_MS;
      start + durationMs <= interval.end;
      start += SLOT_STEP_MS
    ) {
      const end = start + durationMs
      const matches: string[] = []
      const misses: string[] = []
      if (workingHours !== null) matches.push('working_hours')
      if (bufferMs > 0) matches.push('buffer_minutes_between_meetings')
      let timeOfDay = 0
      let onPreferredDays = 0
      for (const group of groups) {
        if (group.period !== null && liesWithin(group.period, start, end)) timeOfDay += group.count
        if (group.preferredDays !== null && liesWithin(group.preferredDays, start, start + 1))
          onPreferredDays += group.count
      }
      if (preferredTimeOfDay !== null) (timeOfDay === total ? matches : misses).push('preferred_time_of_day')
      if (preferredDays !== null) (onPreferredDays === total ? matches : misses).push('preferred_days')
      const earliness = 1 - (start - window.start) / span
      const room = Math.min(1, Math.max(0, (gapsAround(busy, start, end) - bufferMs) / ROOM_FULL_MS))
      const weighted =
        weights.timeOfDay * (timeOfDay / total) +
        weights.preferredDays * (onPreferredDays / total) +
        weights.earliness * Math.min(1, Math.max(0, earliness)) +
        weights.room * room
      slots.push({ start, end, score: round(weighted / weightSum), matches, misses })
    }
  }
  return slots
}

/** Best score first, earlier first among equals. */
export const byScore = (a: ScoredSlot, b: ScoredSlot): number => b.score - a.score || a.start - b.start

/** Whether a slot overlaps one already chosen. */
export const overlapsAny = (chosen: readonly Interval[], slot: Interval): boolean =>
  chosen.some((taken) => slot.start < taken.end && taken.start < slot.end)

/** The best `limit` slots, greedily: best score first, skipping any that overlaps one already taken. */
export const pickSlots = (candidates: readonly ScoredSlot[], limit: number): ScoredSlot[] => {
  const chosen: ScoredSlot[] = []
  for (const slot of [...candidates].sort(byScore)) {
    if (chosen.length >= limit) break
    if (!overlapsAny(chosen, slot)) chosen.push(slot)
  }
  return chosen
}

/** `find_slots`: the free slots of a search, best first. */
export const findSlots = (search: SlotSearch, limit: number): ScoredSlot[] => pickSlots(slotCandidates(search), limit)
