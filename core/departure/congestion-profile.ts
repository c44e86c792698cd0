import { DateTime } from 'luxon'
import { localHourAndWeekday, steadyOffsetAt } from '../shared/zone-time.js'

/**
 * Typical road congestion by local time of day: a multiplier on free-flow
 * driving time. Weekday rush hours are 07:00-09:00 and 16:00-19:00 with
 * shoulders an hour either side; weekends only see a mild midday load.
 * Each entry covers local hours [fromHour, toHour).
 */
export const weekdayCongestion: ReadonlyArray<{
  readonly fromHour: number
  readonly toHour: number
  readonly factor: number
}> = [
  { fromHour: 0, toHour: 6, factor: 1.0 },
  { fromHour: 6, toHour: 7, factor: 1.2 },
  { fromHour: 7, toHour: 9, factor: 1.6 },
  { fromHour: 9, toHour: 10, factor: 1.2 },
  { fromHour: 10, toHour: 15, factor: 1.1 },
  { fromHour: 15, toHour: 16, factor: 1.2 },
  { fromHour: 16, toHour: 19, factor: 1.6 },
  { fromHour: 19, toHour: 20, factor: 1.2 },
  { fromHour: 20, toHour: 22, factor: 1.05 },
  { fromHour: 22, toHour: 24, factor: 1.0 },
]

export const weekendCongestion: ReadonlyArray<{
  readonly fromHour: number
  readonly toHour: number
  readonly factor: number
}> = [
  { fromHour: 0, toHour: 10, factor: 1.0 },
  { fromHour: 10, toHour: 19, factor: 1.1 },
  { fromHour: 19, toHour: 24, factor: 1.0 },
]

/** The multiplier at `at` in `timezone` (an unknown timezone is read as UTC). */
export const congestionFactorAt = (at: Date, timezone: string): number => {
  // The local hour and weekday from the zone's offset when it holds all through that hour (the hot loop);
  // otherwise from luxon (a change of offset within the hour, or an unknown zone).
  const offset = steadyOffsetAt(timezone, at.getTime())
  let local: { readonly hour: number; readonly weekday: number }
  if (offset !== null) local = localHourAndWeekday(at.getTime(), offset)
  else {
    const zoned = DateTime.fromJSDate(at, { zone: timezone })
    local = zoned.isValid ? zoned : DateTime.fromJSDate(at, { zone: 'utc' })
  }
  const profile = local.weekday >= 6 ? weekendCongestion : weekdayCongestion
  return profile.find((band) => local.hour >= band.fromHour && local.hour < band.toHour)?.factor ?? 1
}

/** Transit runs on its own timetable: rush hours only cost a third of what they cost a car (crowding, dwell times). */
export const transitCongestionFactorAt = (at: Date, timezone: string): number =>
  1 + (congestionFactorAt(at, timezone) - 1) / 3

const MINUTE_MS = 60_000

/** The moment the trip is mostly on the road: the middle of it, seen from either end. */
export const tripMidpoint = (
  timing: { readonly kind: 'depart_at' | 'arrive_by'; readonly at: Date },
  freeFlowMinutes: number,
): Date => {
  const halfTripMs = (freeFlowMinutes / 2) * MINUTE_MS
  return new Date(timing.at.getTime() + (timing.kind === 'depart_at' ? halfTripMs : -halfTripMs))
}
