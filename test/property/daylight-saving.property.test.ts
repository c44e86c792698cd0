import fc from 'fast-check'
import { DateTime, IANAZone } from 'luxon'
import { describe, expect, it } from 'vitest'
import { estimateRoute } from '../../adapters/routing/offline/offline-routing.js'
import { planInbound } from '../../core/connection/inbound-sync.js'
import { computeDeparture } from '../../core/departure/compute-departure.js'
import { weekdayCongestion, weekendCongestion } from '../../core/departure/congestion-profile.js'
import type { ProviderEvent } from '../../core/ports/calendar-provider.js'
import type { RouteQuery } from '../../core/ports/routing.js'
import { busyWithin, type Interval } from '../../core/scheduling/freebusy.js'
import { findSlots, type SlotSearch, slotCandidates } from '../../core/scheduling/slots.js'
import { ok } from '../../core/shared/result.js'
import { departureInput, fixedClock, stubWeather } from '../support/departure-fixtures.js'
import { occurrencesOfNewPlan } from '../support/inbound-plan.js'

/**
 * Daylight saving, held against a naive model: every IANA zone that changes its offset in the next two years, each of
 * its changes, and a free/busy window, a slot search and a departure window that straddle it. The model knows only
 * luxon: a wall-clock time is `DateTime.fromObject(..., { zone })` (a time in a spring-forward gap moves forward by
 * the gap, one in a fall-back overlap is the later instant), and durations are minutes of real time.
 */

const MINUTE = 60_000
const DAY = 86_400_000
const TODAY = Math.floor(Date.now() / DAY) * DAY
const HORIZON_DAYS = 731

interface OffsetChange {
  readonly zone: string
  /** The first minute of the new offset. */
  readonly at: number
  readonly before: number
  readonly after: number
}

/** The zone's offset changes from today on, found day by day and bisected to the minute. */
const changesOf = (zone: string): OffsetChange[] => {
  const iana = IANAZone.create(zone)
  const changes: OffsetChange[] = []
  let previous = iana.offset(TODAY)
  for (let day = 1; day <= HORIZON_DAYS; day++) {
    const at = TODAY + day * DAY
    const offset = iana.offset(at)
    if (offset === previous) continue
    let low = at - DAY
    let high = at
    while (high - low > MINUTE) {
      const middle = Math.floor((low + high) / 2 / MINUTE) * MINUTE
      if (iana.offset(middle) === previous) low = middle
      else high = middle
    }
    changes.push({ zone, at: high, before: previous, after: offset })
    previous = offset
  }
  return changes
}

const ZONES = Intl.supportedValuesOf('timeZone').filter((zone) => IANAZone.isValidZone(zone))
const CHANGES = ZONES.flatMap(changesOf)
const ZONES_WITH_CHANGES = new Set(CHANGES.map((change) => change.zone))
/** Each zone's first change and its first change in the other direction: every zone, both ways, in the examples. */
const EXAMPLES = CHANGES.filter(
  (change, index) =>
    CHANGES.findIndex(
      (other) =>
        other.zone === change.zone && Math.sign(other.after - other.before) === Math.sign(change.after - change.before),
    ) === index,
)
/** Examples first, then this many random days on random changes. */
const RANDOM_RUNS = 200
/** The runs take seconds each on a busy 2-core machine; the budget only stops one that no longer moves. */
const PROPERTY_TIMEOUT_MS = 300_000

/** How an instant reads on the zone's wall clock, for the failure messages. */
const wallClock = (zone: string) => (ms: number) => DateTime.fromMillis(ms, { zone }).toISO()
/**
 * A wall-clock time as luxon reads it, except in a fall-back overlap, where luxon's answer depends on the date the
 * code runs (its first guess is the zone's offset now): the first of its two instants there, as RFC 5545 reads it.
 */
const localTime = (zone: string, date: DateTime, minuteOfDay: number): number => {
  const wall = {
    year: date.year,
    month: date.month,
    day: date.day,
    hour: Math.floor(minuteOfDay / 60),
    minute: minuteOfDay % 60,
  }
  const read = DateTime.fromObject(wall, { zone })
  const sameWall = (candidate: DateTime) =>
    candidate.year === read.year &&
    candidate.month === read.month &&
    candidate.day === read.day &&
    candidate.hour === read.hour &&
    candidate.minute === read.minute
  const earlier = [15, 30, 45, 60, 90, 120]
    .map((minutes) => DateTime.fromMillis(read.toMillis() - minutes * MINUTE, { zone }))
    .filter(sameWall)
  return earlier.at(-1)?.toMillis() ?? read.toMillis()
}
/** The local calendar day of the change (its first minute on the new offset), shifted by `days`. */
const changeDay = (change: OffsetChange, days: number): DateTime =>
  DateTime.fromMillis(change.at, { zone: change.zone }).startOf('day').plus({ days })
const dayStart = (change: OffsetChange, days: number): number => {
  const day = changeDay(change, days)
  // A day whose midnight falls in a gap starts at the first minute it has.
  return localTime(change.zone, day, 0)
}

/** The model's merge: sorted, overlapping or touching intervals joined. */
const naiveMerge = (intervals: Interval[]): Interval[] =>
  [...intervals]
    .sort((a, b) => a.start - b.start)
    .reduce<Interval[]>((merged, interval) => {
      const last = merged.at(-1)
      if (last !== undefined && interval.start <= last.end)
        merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, interval.end) }
      else merged.push({ ...interval })
      return merged
    }, [])

const quarters = (min: number, max: number) => fc.integer({ min, max }).map((quarter) => quarter * 15)
const scenario = fc.record({
  /** Local start of the daily meeting and of the working day, on a quarter hour. */
  startMinute: quarters(0, 95),
  /** Meeting and slot length. */
  lengthMinutes: quarters(1, 12),
  /** How long the working day lasts (up to midnight). */
  workingQuarters: fc.integer({ min: 1, max: 96 }),
  /** Where the event starts for the departure, relative to the change (its trip then runs up to a morning rush). */
  startFromChangeMinutes: fc.integer({ min: -24, max: 48 }).map((quarter) => quarter * 15),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never
// Changes fall at night, where the congestion profile is flat: the default event starts 7 hours later, in the rush.
const DEFAULTS: Scenario = {
  startMinute: 9 * 60,
  lengthMinutes: 60,
  workingQuarters: 32,
  startFromChangeMinutes: 7 * 60,
}

/** Every zone both ways with a usual day (a 09:00 meeting, 09:00 to 17:00), then random days on random changes. */
const everyChange = (check: (change: OffsetChange, scenario: Scenario) => void) => {
  fc.assert(fc.property(fc.constantFrom(...CHANGES), scenario, check), {
    examples: EXAMPLES.map((change): [OffsetChange, Scenario] => [change, DEFAULTS]),
    numRuns: EXAMPLES.length + RANDOM_RUNS,
  })
}

describe('Daylight saving: every IANA zone with an offset change in the next two years, against a naive luxon model', () => {
  it('finds the zones that change (most of those with daylight saving time)', () => {
    for (const zone of [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Sydney',
      'Australia/Lord_Howe',
      'America/Santiago',
    ])
      expect(ZONES_WITH_CHANGES.has(zone)).toBe(true)
    expect(ZONES_WITH_CHANGES.has('Asia/Tokyo')).toBe(false)
    expect(ZONES_WITH_CHANGES.size).toBeGreaterThan(100)
  })

  it('free/busy: a daily meeting synced across the change is busy at its wall-clock time every day', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    everyChange((change, { startMinute, lengthMinutes }) => {
      const { zone } = change
      const days = [-2, -1, 0, 1, 2].map((offset) => changeDay(change, offset))
      const first = localTime(zone, days[0]!, startMinute)
      const series: ProviderEvent = {
        externalId: 'daily',
        status: 'confirmed',
        title: 'Daily',
        start: new Date(first),
        end: new Date(first + lengthMinutes * MINUTE),
        allDay: false,
        timezone: zone,
        location: null,
        transparency: 'opaque',
        selfResponse: null,
        recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
        recurringEventId: null,
        originalStart: null,
      }
      const plan = planInbound({
        batch: { changes: [series], cursor: 'c', full: true },
        existing: [],
        calendarTimezone: zone,
        now: new Date(change.at),
      })
      const window = { start: dayStart(change, -2), end: dayStart(change, 3) }
      const busy = busyWithin(
        occurrencesOfNewPlan(plan, new Date(change.at)).map((desired) => ({
          start: desired.start.getTime(),
          end: desired.end.getTime(),
          attendance: 'busy' as const,
        })),
        window,
        false,
      )
      const model = naiveMerge(
        days.map((day) => {
          const start = localTime(zone, day, startMinute)
          return { start, end: start + lengthMinutes * MINUTE }
        }),
      )
        .map((interval) => ({ start: Math.max(interval.start, window.start), end: Math.min(interval.end, window.end) }))
        .filter((interval) => interval.end > interval.start)
      const read = (intervals: readonly Interval[]) =>
        intervals.map((interval) => [wallClock(zone)(interval.start), wallClock(zone)(interval.end)])
      expect(read(busy), zone).toEqual(read(model))
    })
  })

  it('find_slots: the candidates with working hours are the quarter hours of the wall-clock working days', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    everyChange((change, { startMinute, lengthMinutes, workingQuarters }) => {
      const { zone } = change
      const endMinute = Math.min(24 * 60, startMinute + workingQuarters * 15)
      const window = { start: dayStart(change, -1), end: dayStart(change, 2) }
      const search: SlotSearch = {
        participants: [{ busy: [], timezone: zone }],
        window,
        durationMs: lengthMinutes * MINUTE,
        bufferMs: 0,
        workingHours: { startMinute, endMinute, days: new Set([1, 2, 3, 4, 5, 6, 7]) },
        fallbackZone: 'UTC',
        preferredTimeOfDay: null,
        preferredDays: null,
      }
      const working = naiveMerge(
        [-2, -1, 0, 1, 2, 3].flatMap((offset) => {
          const day = changeDay(change, offset)
          const start = localTime(zone, day, startMinute)
          const end =
            endMinute === 24 * 60 ? localTime(zone, day.plus({ days: 1 }), 0) : localTime(zone, day, endMinute)
          return end > start ? [{ start, end }] : []
        }),
      )
        .map((interval) => ({ start: Math.max(interval.start, window.start), end: Math.min(interval.end, window.end) }))
        .filter((interval) => interval.end > interval.start)
      const modelStarts: number[] = []
      for (const interval of working)
        for (
          let start = Math.ceil(interval.start / (15 * MINUTE)) * 15 * MINUTE;
          start + lengthMinutes * MINUTE <= interval.end;
          start += 15 * MINUTE
        )
          modelStarts.push(start)
      const starts = slotCandidates(search).map((slot) => slot.start)
      expect(starts.map(wallClock(zone)), zone).toEqual(modelStarts.map(wallClock(zone)))
      const allowed = new Set(modelStarts)
      for (const slot of findSlots(search, 25)) expect(allowed.has(slot.start), zone).toBe(true)
    })
  })

  it('departure: the window of an event starting around the change is its start minus the trip in real minutes, at the local rush hour', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANGES), scenario, async (change, { startFromChangeMinutes }) => {
        const { zone } = change
        const start = change.at + startFromChangeMinutes * MINUTE
        const asked: RouteQuery[] = []
        const routing = {
          travelTime: async (query: RouteQuery) => {
            asked.push(query)
            return ok(estimateRoute(query))
          },
        }
        const input = departureInput({ startTime: new Date(start), timezone: zone, mode: 'drive' })
        const result = await computeDeparture(input, {
          routing,
          weather: stubWeather(),
          clock: fixedClock(new Date(start - DAY).toISOString()),
        })
        if (!result.ok) throw new Error(JSON.stringify(result.error))
        // The model: parking 5 and walk 3 minutes at the door; the drive at the congestion of the local hour and
        // weekday (luxon) in the middle of a trip that reaches the curb then; the window in minutes of real time.
        const curb = start - 8 * MINUTE
        const freeFlow = estimateRoute(asked[0]!).freeFlowMinutes
        const middle = DateTime.fromMillis(curb - (freeFlow / 2) * MINUTE, { zone })
        const profile = middle.weekday >= 6 ? weekendCongestion : weekdayCongestion
        const factor = profile.find((band) => middle.hour >= band.fromHour && middle.hour < band.toHour)?.factor ?? 1
        const moving = Math.ceil(freeFlow * factor - 1e-9)
        expect(result.value.travel.driveMinutes, zone).toBe(moving)
        // latest_departure also leaves the reliability margin (docs/departure.md), in real minutes too.
        const latest = start - (moving + (result.value.reliabilityMarginMinutes ?? 0) + 8) * MINUTE
        expect(wallClock(zone)(result.value.latestDeparture.getTime()), zone).toBe(wallClock(zone)(latest))
        expect(result.value.earliestDeparture.getTime()).toBeLessThanOrEqual(latest)
      }),
      {
        examples: EXAMPLES.map((change): [OffsetChange, Scenario] => [change, DEFAULTS]),
        numRuns: EXAMPLES.length + RANDOM_RUNS,
      },
    )
  })
})
