import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Departure, TrafficLevel } from '../../../core/departure/departure.js'
import type {
  MonitoringCommand,
  MonitoringEvent,
  MonitoringState,
  Threshold,
} from '../../../core/monitoring/monitoring.js'
import { thresholdOrder } from '../../../core/monitoring/monitoring.js'
import {
  monitoringTransition,
  monitoringTransitionTable,
  openMonitoring,
} from '../../../core/monitoring/monitoring-transition.js'
import { recalcCadence } from '../../../core/monitoring/recalc-cadence.js'
import { expectOk } from '../../../core/shared/result.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T12:00:00Z')
const end = new Date('2026-06-02T13:00:00Z')
const at = (minutesBeforeStart: number) => new Date(start.getTime() - minutesBeforeStart * MINUTE)

const departureAt = (
  now: Date,
  earliestMinutesBefore: number,
  latestMinutesBefore: number,
  extra: Partial<Departure> = {},
  startTime = start,
): Departure => ({
  eventId: 'evt_1',
  earliestDeparture: new Date(startTime.getTime() - earliestMinutesBefore * MINUTE),
  latestDeparture: new Date(startTime.getTime() - latestMinutesBefore * MINUTE),
  travel: {
    totalMinutes: latestMinutesBefore,
    driveMinutes: latestMinutesBefore - 8,
    parkingMinutes: 5,
    walkMinutes: 3,
  },
  trafficLevel: 'free',
  weather: null,
  weatherWarning: null,
  confidence: 'high',
  calculatedAt: now,
  nextRecalcAt: recalcCadence(now, startTime)?.nextRecalcAt ?? startTime,
  ...extra,
})

const opened = (now = at(240), hasLocation = true) =>
  openMonitoring({ startTime: start, endTime: end, hasLocation, preAlertMinutes: 10, now })

const run = (state: MonitoringState, ...commands: MonitoringCommand[]) => {
  const events: MonitoringEvent[] = []
  for (const command of commands) {
    const outcome = expectOk(monitoringTransition(state, command), command.type)
    state = outcome.state
    events.push(...outcome.events)
  }
  return { state, events }
}

describe('event created -> monitored when the start is in the future and there is a location', () => {
  it('opens as pending with a recompute due now', () => {
    expect(opened()).toMatchObject({ status: 'pending', nextRecalcAt: at(240) })
  })

  it('an event without a location is never monitored', () => {
    expect(opened(at(240), false)).toMatchObject({ status: 'no_location', nextRecalcAt: null })
  })

  it('an event whose address could not be placed is never monitored, and says why', () => {
    const state = openMonitoring({
      startTime: start,
      endTime: end,
      hasLocation: false,
      locationUnresolved: true,
      preAlertMinutes: 10,
      now: at(240),
    })
    expect(state).toMatchObject({ status: 'unresolved_location', nextRecalcAt: null })
    expect(run(state, { type: 'tick', now: at(-1) }).state.status).toBe('unresolved_location')
    const placed = run(state, {
      type: 'event_updated',
      now: at(240),
      startTime: start,
      endTime: end,
      hasLocation: true,
    })
    expect(placed.state).toMatchObject({ status: 'pending', nextRecalcAt: at(240) })
    const unplaced = run(placed.state, {
      type: 'event_updated',
      now: at(240),
      startTime: start,
      endTime: end,
      hasLocation: false,
      locationUnresolved: true,
    })
    expect(unplaced.state.status).toBe('unresolved_location')
  })

  it('an event created after its start is not monitored', () => {
    expect(opened(at(-5))).toMatchObject({ status: 'started', nextRecalcAt: null })
  })

  it('the first window moves it to monitoring and emits departure.computed', () => {
    const { state, events } = run(opened(), {
      type: 'recompute_succeeded',
      now: at(240),
      departure: departureAt(at(240), 40, 30),
    })
    expect(state.status).toBe('monitoring')
    expect(state.nextRecalcAt).toEqual(at(235))
    expect(events.map((event) => event.type)).toEqual(['departure.computed'])
  })
})

describe('departure.updated only when the window changes', () => {
  const first = run(opened(), {
    type: 'recompute_succeeded',
    now: at(240),
    departure: departureAt(at(240), 40, 30),
  }).state

  it('stays silent when earliest, latest, traffic level and warning are the same', () => {
    const again = departureAt(at(235), 40, 30, {
      confidence: 'medium',
      travel: { totalMinutes: 30, driveMinutes: 21, parkingMinutes: 5, walkMinutes: 4 },
    })
    expect(run(first, { type: 'recompute_succeeded', now: at(235), departure: again }).events).toEqual([])
  })

  it.each<[string, Partial<Departure>, number, string]>([
    ['earliest departure', {}, 45, 'earliest_departure'],
    ['traffic level', { trafficLevel: 'heavy' as TrafficLevel }, 40, 'traffic_level'],
    [
      'weather warning',
      { weatherWarning: { kind: 'snow', severity: 'severe', description: 'Heavy snowfall' } },
      40,
      'weather_warning',
    ],
  ])('speaks when the %s changes', (_label, extra, earliest, change) => {
    const { events } = run(first, {
      type: 'recompute_succeeded',
      now: at(235),
      departure: departureAt(at(235), earliest, 30, extra),
    })
    expect(events).toMatchObject([{ type: 'departure.updated', changes: [change] }])
  })
})

describe('thresholds: pre_alert, then leave_now at earliest, then last_call at latest', () => {
  // earliest 40 min before start, latest 30; pre-alert 10 min before earliest = 50 min before start.
  const monitored = run(opened(), {
    type: 'recompute_succeeded',
    now: at(240),
    departure: departureAt(at(240), 40, 30),
  }).state
  const thresholdsOf = (events: readonly MonitoringEvent[]) =>
    events.flatMap((event) => (event.type === 'departure.threshold_reached' ? [event.threshold] : []))

  it('fires each at its time, once, in order', () => {
    const { events } = run(
      monitored,
      { type: 'tick', now: at(51) },
      { type: 'tick', now: at(50) },
      { type: 'tick', now: at(49) },
      { type: 'tick', now: at(40) },
      { type: 'tick', now: at(30) },
      { type: 'tick', now: at(20) },
    )
    expect(thresholdsOf(events)).toEqual(['pre_alert', 'leave_now', 'last_call'])
  })

  it('fires only the furthest when several are reached at once, never the skipped ones later', () => {
    const { state, events } = run(monitored, { type: 'tick', now: at(35) }, { type: 'tick', now: at(31) })
    expect(thresholdsOf(events)).toEqual(['leave_now'])
    expect(state.thresholdsPassed).toEqual(['pre_alert', 'leave_now'])
  })

  it('carries the due time and the window in departure.threshold_reached', () => {
    const { events } = run(monitored, { type: 'tick', now: at(45) })
    expect(events).toEqual([
      { type: 'departure.threshold_reached', threshold: 'pre_alert', dueAt: at(50), departure: monitored.departure },
    ])
  })

  it('re-arms them when the event is rescheduled', () => {
    const fired = run(monitored, { type: 'tick', now: at(45) }).state
    const moved = run(fired, {
      type: 'event_updated',
      now: at(44),
      startTime: new Date(start.getTime() + 120 * MINUTE),
      endTime: new Date(end.getTime() + 120 * MINUTE),
      hasLocation: true,
    }).state
    expect(moved).toMatchObject({ status: 'pending', thresholdsPassed: [], nextRecalcAt: at(44) })
  })
})

describe('monitoring stops once the event starts or is deleted', () => {
  const monitored = run(opened(), {
    type: 'recompute_succeeded',
    now: at(240),
    departure: departureAt(at(240), 40, 30),
  }).state

  it('moves to started at the start time and to ended at the end', () => {
    const started = run(monitored, { type: 'tick', now: start }).state
    expect(started).toMatchObject({ status: 'started', nextRecalcAt: null })
    expect(run(started, { type: 'tick', now: end }).state.status).toBe('ended')
  })

  it('cancelled is terminal: every later command is rejected', () => {
    const cancelled = run(monitored, { type: 'event_deleted', now: at(100) }).state
    expect(cancelled).toMatchObject({ status: 'cancelled', nextRecalcAt: null })
    const result = monitoringTransition(cancelled, { type: 'tick', now: at(90) })
    expect(result.ok ? null : result.error).toMatchObject({
      _tag: 'MonitoringCommandRejected',
      status: 'cancelled',
      command: 'tick',
    })
  })

  it('a failed recompute keeps the event on the cadence with a status that says why', () => {
    const { state } = run(monitored, { type: 'recompute_failed', now: at(100), reason: 'no_origin' })
    expect(state).toMatchObject({ status: 'no_origin', nextRecalcAt: at(98) })
    expect(run(state, { type: 'recompute_failed', now: at(98), reason: 'provider_unavailable' }).state.status).toBe(
      'unavailable',
    )
  })
})

describe('model test: random command sequences keep the invariants', () => {
  type Step =
    | { kind: 'recompute_succeeded'; advance: number; earliest: number; gap: number; traffic: TrafficLevel }
    | { kind: 'recompute_failed'; advance: number; reason: 'no_origin' | 'no_route' | 'provider_unavailable' }
    | { kind: 'tick'; advance: number }
    | { kind: 'event_updated'; advance: number; shift: number; hasLocation: boolean }
    | { kind: 'event_deleted'; advance: number }

  const advance = fc.integer({ min: 0, max: 45 * MINUTE })
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('recompute_succeeded' as const),
        advance,
        earliest: fc.integer({ min: 5, max: 120 }),
        gap: fc.integer({ min: 0, max: 30 }),
        traffic: fc.constantFrom<TrafficLevel>('free', 'light', 'heavy'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('recompute_failed' as const),
        advance,
        reason: fc.constantFrom('no_origin' as const, 'no_route' as const, 'provider_unavailable' as const),
      }),
    },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), advance }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('event_updated' as const),
        advance,
        shift: fc.integer({ min: -120, max: 240 }),
        hasLocation: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('event_deleted' as const), advance }) },
  )

  const STOPPED = ['no_location', 'started', 'ended', 'cancelled']

  it('holds: cadence, stop on start/delete, thresholds once and in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 600 }),
        fc.boolean(),
        fc.array(step, { maxLength: 40 }),
        (minutesAhead, hasLocation, steps) => {
          let now = at(minutesAhead)
          let state = openMonitoring({ startTime: start, endTime: end, hasLocation, preAlertMinutes: 10, now })
          let firedSinceReschedule: Threshold[] = []
          for (const next of steps) {
            now = new Date(now.getTime() + next.advance)
            const command: MonitoringCommand =
              next.kind === 'recompute_succeeded'
                ? {
                    type: next.kind,
                    now,
                    departure: departureAt(
                      now,
                      next.earliest + next.gap,
                      next.earliest,
                      { trafficLevel: next.traffic },
                      state.startTime,
                    ),
                  }
                : next.kind === 'recompute_failed'
                  ? { type: next.kind, now, reason: next.reason }
                  : next.kind === 'event_updated'
                    ? {
                        type: next.kind,
                        now,
                        startTime: new Date(state.startTime.getTime() + next.shift * MINUTE),
                        endTime: new Date(state.endTime.getTime() + next.shift * MINUTE),
                        hasLocation: next.hasLocation,
                      }
                    : { type: next.kind, now }
            const before = state
            const result = monitoringTransition(state, command)
            if (!result.ok) {
              // Rejections come from the table only.
              expect(monitoringTransitionTable[before.status][command.type]).toBeUndefined()
              continue
            }
            state = result.value.state
            const { events } = result.value
            if (command.type === 'event_updated' && command.startTime.getTime() !== before.startTime.getTime())
              firedSinceReschedule = []

            // The table allows what happened.
            expect(monitoringTransitionTable[before.status][command.type]).toContain(state.status)
            // Stopped statuses have nothing scheduled; active ones agree with the cadence and never pass the start.
            if (STOPPED.includes(state.status)) expect(state.nextRecalcAt).toBeNull()
            else {
              expect(state.nextRecalcAt).not.toBeNull()
              expect(state.nextRecalcAt!.getTime()).toBeLessThanOrEqual(state.startTime.getTime())
            }
            if (
              (command.type === 'recompute_succeeded' || command.type === 'recompute_failed') &&
              !STOPPED.includes(state.status)
            ) {
              expect(state.nextRecalcAt).toEqual(recalcCadence(now, state.startTime)?.nextRecalcAt)
            }
            // Monitoring stops once the event starts or is deleted: no departure events from then on.
            if (command.type === 'event_deleted') expect(state.status).toBe('cancelled')
            if (STOPPED.includes(state.status)) expect(events).toEqual([])
            if (now.getTime() >= state.startTime.getTime() && command.type !== 'event_updated') {
              expect(['started', 'ended', 'cancelled', 'no_location']).toContain(state.status)
            }
            // Each threshold fires at most once per occurrence, in order, never before it is due.
            for (const event of events) {
              if (event.type !== 'departure.threshold_reached') continue
              expect(event.dueAt.getTime()).toBeLessThanOrEqual(now.getTime())
              const index = thresholdOrder.indexOf(event.threshold)
              const lastIndex =
                firedSinceReschedule.length === 0 ? -1 : thresholdOrder.indexOf(firedSinceReschedule.at(-1)!)
              expect(index).toBeGreaterThan(lastIndex)
              firedSinceReschedule.push(event.threshold)
            }
            expect(state.thresholdsPassed).toEqual(thresholdOrder.slice(0, state.thresholdsPassed.length))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
