import { DateTime } from 'luxon'
import { beforeEach, describe, expect, it } from 'vitest'
import { congestionFactorAt, weekdayCongestion, weekendCongestion } from '../../../core/departure/congestion-profile.js'
import { routeBucketOf } from '../../../core/departure/route-correction.js'
import type { RouteQuery } from '../../../core/ports/routing.js'
import {
  clearZoneTimeCache,
  steadyLocalDayStart,
  steadyOffsetAt,
  ZONE_TIME_CACHE_LIMIT,
  zoneTimeCacheSize,
} from '../../../core/shared/zone-time.js'

const HOUR = 3_600_000

const ROUTE: Omit<RouteQuery, 'timezone' | 'timing'> = {
  origin: { lat: 52.52, lng: 13.405 },
  destination: { lat: 52.45, lng: 13.3 },
  mode: 'drive',
}
const MINUTE = 60_000

/** Zones with DST changes at 01:00 UTC, at local midnight (Havana, Santiago), by half an hour (Lord Howe), odd offsets. */
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Havana',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Asia/Tokyo',
  'UTC',
]

/** Two days either side of each zone's 2026 offset changes, and of a quiet day, every `step` minutes. */
const instantsAround = (zone: string, step: number): number[] => {
  const changes: number[] = []
  let previous = DateTime.fromMillis(Date.UTC(2026, 0, 1), { zone }).offset
  for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += HOUR) {
    const offset = DateTime.fromMillis(at, { zone }).offset
    if (offset !== previous) changes.push(at)
    previous = offset
  }
  const spans = [...changes, Date.UTC(2026, 6, 15)].map((at) => [at - 2 * 24 * HOUR, at + 2 * 24 * HOUR] as const)
  const instants: number[] = []
  for (const [from, to] of spans) for (let at = from; at <= to; at += step * MINUTE) instants.push(at)
  return instants
}

/** The congestion factor as luxon answered it before (the reference). */
const congestionByLuxon = (at: Date, timezone: string): number => {
  const zoned = DateTime.fromJSDate(at, { zone: timezone })
  const local = zoned.isValid ? zoned : DateTime.fromJSDate(at, { zone: 'utc' })
  const profile = local.weekday >= 6 ? weekendCongestion : weekdayCongestion
  return profile.find((band) => local.hour >= band.fromHour && local.hour < band.toHour)?.factor ?? 1
}

beforeEach(() => clearZoneTimeCache())

describe('zone time: luxon answers without a DateTime per question', () => {
  it.each(ZONES)(
    '%s: the steady offset is luxon offset, and congestion reads the same local hour and weekday',
    (zone) => {
      let steady = 0
      for (const at of instantsAround(zone, 17)) {
        const offset = steadyOffsetAt(zone, at)
        if (offset !== null) {
          steady++
          expect(offset).toBe(DateTime.fromMillis(at, { zone }).offset)
        }
        expect(congestionFactorAt(new Date(at), zone)).toBe(congestionByLuxon(new Date(at), zone))
      }
      expect(steady).toBeGreaterThan(0)
    },
  )

  it.each([...ZONES, 'Not/A_Zone'])('%s: a route bucket holds luxon weekday and hour of the arrival', (zone) => {
    const luxonZone = DateTime.fromMillis(0, { zone }).isValid ? zone : 'utc'
    for (const at of instantsAround(luxonZone, 23)) {
      const bucket = routeBucketOf({ ...ROUTE, timezone: zone, timing: { kind: 'arrive_by', at: new Date(at) } })
      const local = DateTime.fromMillis(at, { zone: luxonZone })
      expect([bucket.weekday, bucket.hour]).toEqual([local.weekday, local.hour])
    }
  })

  it.each(ZONES)('%s: an end on the start day is at or after the steady day start, as luxon hasSame says', (zone) => {
    let decided = 0
    for (const start of instantsAround(zone, 67)) {
      const dayStart = steadyLocalDayStart(zone, start)
      if (dayStart === null) continue
      decided++
      const startDay = DateTime.fromMillis(start, { zone })
      for (let end = start - 24 * HOUR; end <= start; end += 41 * MINUTE)
        expect(end >= dayStart).toBe(DateTime.fromMillis(end, { zone }).hasSame(startDay, 'day'))
    }
    expect(decided).toBeGreaterThan(0)
  })

  it('leaves the days around an offset change to luxon, and an unknown zone too', () => {
    // Berlin moves its clocks at 01:00 UTC on 29 March 2026: the day of the change, and the day after, are not steady.
    expect(steadyLocalDayStart('Europe/Berlin', Date.UTC(2026, 2, 29, 12))).toBeNull()
    expect(steadyLocalDayStart('Europe/Berlin', Date.UTC(2026, 2, 30, 12))).toBeNull()
    expect(steadyLocalDayStart('Europe/Berlin', Date.UTC(2026, 2, 25, 12))).toBe(Date.UTC(2026, 2, 24, 23))
    expect(steadyOffsetAt('Europe/Berlin', Date.UTC(2026, 2, 29, 0, 30))).toBe(60)
    expect(steadyOffsetAt('Not/A_Zone', Date.UTC(2026, 2, 25, 12))).toBeNull()
    expect(steadyLocalDayStart('Not/A_Zone', Date.UTC(2026, 2, 25, 12))).toBeNull()
    expect(congestionFactorAt(new Date(Date.UTC(2026, 2, 25, 8)), 'Not/A_Zone')).toBe(
      congestionByLuxon(new Date(Date.UTC(2026, 2, 25, 8)), 'Not/A_Zone'),
    )
  })
})

describe('zone time memory', () => {
  it('remembers an hour once: a hit adds nothing; another hour or another zone is a miss', () => {
    const at = Date.UTC(2026, 6, 15, 10, 5)
    steadyOffsetAt('Europe/Berlin', at)
    expect(zoneTimeCacheSize()).toBe(1)
    steadyOffsetAt('Europe/Berlin', at + 50 * MINUTE)
    expect(zoneTimeCacheSize()).toBe(1)
    steadyOffsetAt('Europe/Berlin', at + HOUR)
    expect(zoneTimeCacheSize()).toBe(2)
    steadyOffsetAt('Europe/London', at)
    expect(zoneTimeCacheSize()).toBe(3)
    // The same hour in London reads London's offset, not Berlin's.
    expect(steadyOffsetAt('Europe/London', at)).toBe(60)
    expect(steadyOffsetAt('Europe/Berlin', at)).toBe(120)
  })

  it('remembers a local day once per zone and day', () => {
    const at = Date.UTC(2026, 6, 15, 10)
    steadyLocalDayStart('Asia/Tokyo', at)
    const afterFirst = zoneTimeCacheSize()
    steadyLocalDayStart('Asia/Tokyo', at + 2 * HOUR)
    expect(zoneTimeCacheSize()).toBe(afterFirst)
    steadyLocalDayStart('Asia/Tokyo', at + 24 * HOUR)
    expect(zoneTimeCacheSize()).toBeGreaterThan(afterFirst)
  })

  it('stays within its bound', () => {
    for (let hour = 0; hour < ZONE_TIME_CACHE_LIMIT + 10; hour++) steadyOffsetAt('UTC', hour * HOUR)
    expect(zoneTimeCacheSize()).toBeLessThanOrEqual(ZONE_TIME_CACHE_LIMIT)
    expect(steadyOffsetAt('UTC', 5 * HOUR)).toBe(0)
  })
})
