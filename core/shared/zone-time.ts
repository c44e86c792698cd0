import { DateTime, Info, type Zone } from 'luxon'

/**
 * Wall-clock facts of a time zone for the departure hot loop (the origin rule's "same local day", the congestion
 * profile's local hour and weekday), without building a luxon `DateTime` per question: each one reads the zone
 * database (`Intl`) several times, and a million monitored events ask thousands of times a second.
 *
 * The answers are luxon's own, read through the same zone (`Info.normalizeZone`, the zone a `DateTime` built with
 * `{ zone }` uses) and the same arithmetic (local time = instant + offset). What is remembered is the zone's offset
 * over a whole UTC hour, and only when the zone keeps one offset all through it (read at its first and last
 * millisecond: no zone changes its offset twice within an hour); an hour with a change is remembered as having none,
 * and the callers answer questions about it with luxon as before. Bounded: at most `ZONE_TIME_CACHE_LIMIT` remembered hours and
 * days over all zones; past that the memory is emptied and filled again.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export const ZONE_TIME_CACHE_LIMIT = 100_000

interface ZoneMemory {
  readonly zone: Zone
  /** UTC hour index to the offset (minutes) held all through it, or null when it changes within the hour. */
  readonly hours: Map<number, number | null>
  /** Local day index to the offset held from the start of the day before to the end of the day after, or null. */
  readonly days: Map<number, number | null>
}

const zones = new Map<string, ZoneMemory>()
let remembered = 0

const memoryOf = (name: string): ZoneMemory => {
  let memory = zones.get(name)
  if (memory === undefined) {
    memory = { zone: Info.normalizeZone(name), hours: new Map(), days: new Map() }
    zones.set(name, memory)
  }
  return memory
}

const remember = <V>(map: Map<number, V>, key: number, value: V): V => {
  if (remembered >= ZONE_TIME_CACHE_LIMIT) clearZoneTimeCache()
  map.set(key, value)
  remembered++
  return value
}

/** Empties the memory (tests; it also empties itself when full). */
export const clearZoneTimeCache = (): void => {
  for (const memory of zones.values()) {
    memory.hours.clear()
    memory.days.clear()
  }
  remembered = 0
}

/** How many hours and days are remembered (tests). */
export const zoneTimeCacheSize = (): number => remembered

const hourOffset = (memory: ZoneMemory, hour: number): number | null => {
  const known = memory.hours.get(hour)
  if (known !== undefined) return known
  const first = memory.zone.offset(hour * HOUR_MS)
  const last = memory.zone.offset(hour * HOUR_MS + HOUR_MS - 1)
  return remember(memory.hours, hour, first === last ? first : null)
}

/**
 * The zone's UTC offset in minutes at `ms` when the zone holds it all through that UTC hour; null when the offset
 * changes within the hour or the zone is unknown (luxon's `DateTime` is then invalid).
 */
export const steadyOffsetAt = (zoneName: string, ms: number): number | null => {
  const memory = memoryOf(zoneName)
  if (!memory.zone.isValid) return null
  return hourOffset(memory, Math.floor(ms / HOUR_MS))
}

/** Local hour (0 to 23) and ISO weekday (1 = Monday) at `ms` with the zone's `offset` minutes (luxon's arithmetic). */
export const localHourAndWeekday = (ms: number, offset: number): { hour: number; weekday: number } => {
  const local = ms + offset * MINUTE_MS
  const hour = Math.floor(local / HOUR_MS) - Math.floor(local / DAY_MS) * 24
  // Day 0 (1970-01-01) was a Thursday, ISO weekday 4.
  const weekday = ((((Math.floor(local / DAY_MS) + 3) % 7) + 7) % 7) + 1
  return { hour, weekday }
}

/**
 * The first instant of the local day holding `ms` in the zone, when the zone keeps one offset from the start of the
 * local day before it to the end of the local day after it (so that luxon's `startOf('day')` and `endOf('day')` of any
 * instant of this day or the one before are exact: whole local days). Null otherwise, or for an unknown zone: the
 * caller then asks luxon.
 */
export const steadyLocalDayStart = (zoneName: string, ms: number): number | null => {
  const memory = memoryOf(zoneName)
  if (!memory.zone.isValid) return null
  const offset = hourOffset(memory, Math.floor(ms / HOUR_MS))
  if (offset === null) return null
  const day = Math.floor((ms + offset * MINUTE_MS) / DAY_MS)
  let steady = memory.days.get(day)
  if (steady === undefined) {
    // Every hour from an hour before the day before to an hour after the day after holds this offset.
    const from = Math.floor(((day - 1) * DAY_MS - offset * MINUTE_MS) / HOUR_MS) - 1
    const to = Math.floor(((day + 2) * DAY_MS - offset * MINUTE_MS) / HOUR_MS) + 1
    let same = true
    for (let hour = from; hour <= to && same; hour++) same = hourOffset(memory, hour) === offset
    steady = remember(memory.days, day, same ? offset : null)
  }
  return steady === offset ? day * DAY_MS - offset * MINUTE_MS : null
}

/**
 * The instant of a wall-clock time in `zone`, as RFC 5545 reads a DATE-TIME with a TZID: in a spring-forward gap with
 * the offset before the gap (it moves forward by the gap, as luxon moves it); in a fall-back overlap the first of its
 * two instants. luxon alone answers an overlap from a first guess at the zone's offset when the code runs, so the same
 * 01:30 would be one instant in summer and the other in winter.
 */
export const wallClockInstant = (
  fields: {
    readonly year: number
    readonly month: number
    readonly day: number
    readonly hour?: number
    readonly minute?: number
    readonly second?: number
  },
  zone: string,
): DateTime => {
  const read = DateTime.fromObject(fields, { zone })
  if (!read.isValid) return read
  // An overlap is as long as the offset fell: the same wall clock then reads that much earlier too.
  const earlierOffset = read.minus({ hours: 3 }).offset
  if (earlierOffset <= read.offset) return read
  const earlier = read.minus({ minutes: earlierOffset - read.offset })
  return earlier.hour === read.hour && earlier.minute === read.minute && earlier.day === read.day ? earlier : read
}
