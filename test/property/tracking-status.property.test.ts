import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  blankLifecycle,
  type TrackingCommand,
  trackingTransition,
  trackingTransitionTable,
} from '../../core/tracking/tracking-transition.js'
import { TRACKING_LIMITS, TRACKING_STATUSES, type TripLifecycle } from '../../core/tracking/trip.js'

const T0 = new Date('2026-06-01T08:00:00Z').getTime()
const SECOND = 1000
const START = new Date(T0 + 30 * 60 * SECOND)
const EXPIRES = new Date(T0 + 4 * 3600 * SECOND)

/** A command kind with the seconds that pass before it and its inputs; the model turns it into a command at that time. */
type Step =
  | { kind: 'start'; wait: number; withFix: boolean; arrive: boolean; etaMinutes: number }
  | { kind: 'locate'; wait: number; arrive: boolean; etaMinutes: number | null }
  | { kind: 'idle_check'; wait: number }
  | { kind: 'stop'; wait: number }
  | {
      kind: 'event_changed'
      wait: number
      startShiftMinutes: number
      assess: boolean
      arrive: boolean
      etaMinutes: number
    }

const wait = fc.integer({ min: 0, max: 300 })
const eta = fc.integer({ min: 1, max: 90 })
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('start' as const),
    wait,
    withFix: fc.boolean(),
    arrive: fc.boolean(),
    etaMinutes: eta,
  }),
  fc.record({ kind: fc.constant('locate' as const), wait, arrive: fc.boolean(), etaMinutes: fc.option(eta) }),
  fc.record({ kind: fc.constant('idle_check' as const), wait }),
  fc.record({ kind: fc.constant('stop' as const), wait }),
  fc.record({
    kind: fc.constant('event_changed' as const),
    wait,
    startShiftMinutes: fc.integer({ min: -30, max: 60 }),
    assess: fc.boolean(),
    arrive: fc.boolean(),
    etaMinutes: eta,
  }),
)

const fixAt = (now: Date) => ({ lat: 48.85, lng: 2.35, accuracyM: 10, speedMps: 5, recordedAt: now })

const commandOf = (s: Step, now: Date, state: TripLifecycle): TrackingCommand => {
  const assessment = (arrive: boolean, minutes: number | null) => ({
    withinArrivalRadius: arrive,
    predictedArrival: minutes === null ? null : new Date(now.getTime() + minutes * 60 * SECOND),
    confidence: 'medium' as const,
  })
  switch (s.kind) {
    case 'start':
      return {
        type: 'start',
        now,
        idleTimeoutSeconds: 120,
        startTime: START,
        expiresAt: EXPIRES,
        fix: s.withFix ? fixAt(now) : null,
        assessment: s.withFix ? assessment(s.arrive, s.etaMinutes) : null,
      }
    case 'locate':
      return { type: 'locate', now, fix: fixAt(now), assessment: assessment(s.arrive, s.etaMinutes) }
    case 'idle_check':
      return { type: 'idle_check', now }
    case 'stop':
      return { type: 'stop', now, reason: 'requested' }
    case 'event_changed':
      return {
        type: 'event_changed',
        now,
        startTime: new Date(state.startTime.getTime() + s.startShiftMinutes * 60 * SECOND),
        expiresAt: EXPIRES,
        assessment: s.assess ? assessment(s.arrive, s.etaMinutes) : null,
      }
  }
}

/** Runs the steps from a blank (stopped, never started) trip; a refused command leaves the state alone. */
const run = (steps: readonly Step[]) => {
  let state = blankLifecycle(new Date(T0))
  let now = T0
  const trace: {
    from: TripLifecycle
    command: TrackingCommand
    to: TripLifecycle
    refused: boolean
    events: readonly string[]
  }[] = []
  for (const s of steps) {
    now += s.wait * SECOND
    const command = commandOf(s, new Date(now), state)
    const outcome = trackingTransition(state, command)
    trace.push({
      from: state,
      command,
      to: outcome.ok ? outcome.value.state : state,
      refused: !outcome.ok,
      events: outcome.ok ? outcome.value.events : [],
    })
    if (outcome.ok) state = outcome.value.state
  }
  return trace
}

const steps = fc.array(step, { maxLength: 40 })

describe('Tracking statuses: the table is the only way between statuses', () => {
  it('every accepted step lands on a status its cell lists; every refused one has no cell', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { from, command, to, refused } of run(generated)) {
          const cell = trackingTransitionTable[from.status][command.type]
          if (refused) expect(cell).toBeUndefined()
          else expect(cell).toContain(to.status)
        }
      }),
    )
  })

  it('each status is a known one, and every table cell names known statuses', () => {
    for (const status of TRACKING_STATUSES)
      for (const targets of Object.values(trackingTransitionTable[status]))
        for (const target of targets ?? []) expect(TRACKING_STATUSES).toContain(target)
  })
})

describe('Tracking invariants after every step', () => {
  it('a stopped trip keeps no position; an arrived one no trail; the trail never exceeds its length', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { to } of run(generated)) {
          if (to.status === 'stopped') {
            expect(to.currentLocation).toBeNull()
            expect(to.trail).toEqual([])
          }
          if (to.status === 'arrived') expect(to.trail).toEqual([])
          expect(to.trail.length).toBeLessThanOrEqual(TRACKING_LIMITS.trailLength)
          if (to.status === 'in_transit' || to.status === 'arrived') expect(to.currentLocation).not.toBeNull()
        }
      }),
    )
  })

  it('minutes_late is the rounded difference between the predicted arrival and the start', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { to } of run(generated)) {
          if (to.predictedArrival === null || to.minutesLate === null) continue
          expect(to.minutesLate).toBe(Math.round((to.predictedArrival.getTime() - to.startTime.getTime()) / 60_000))
        }
      }),
    )
  })
})

describe('Tracking events: each webhook at its transition, and only there', () => {
  it('user.arrived exactly when a step enters arrived; event.tracking_stopped exactly when a step enters stopped', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { from, to, events } of run(generated)) {
          expect(events.includes('user.arrived')).toBe(from.status !== 'arrived' && to.status === 'arrived')
          expect(events.includes('event.tracking_stopped')).toBe(from.status !== 'stopped' && to.status === 'stopped')
        }
      }),
    )
  })

  it('event.late_predicted once per crossing: only from not late to late, and it marks the trip late', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { from, to, events } of run(generated)) {
          const late = events.includes('event.late_predicted')
          if (late) {
            expect(from.late).toBe(false)
            expect(to.late).toBe(true)
            expect(to.minutesLate).toBeGreaterThan(0)
          }
          if (!from.late && to.late && to.status !== 'not_started') expect(late).toBe(true)
        }
      }),
    )
  })

  it('stalled only after idle_timeout_seconds without a fix, from not_started or in_transit', () => {
    fc.assert(
      fc.property(steps, (generated) => {
        for (const { from, command, to } of run(generated)) {
          if (to.status !== 'stalled' || from.status === 'stalled') continue
          expect(command.type).toBe('idle_check')
          expect(['not_started', 'in_transit']).toContain(from.status)
          expect(command.now.getTime() - from.lastSignalAt.getTime()).toBeGreaterThanOrEqual(
            from.idleTimeoutSeconds * SECOND,
          )
        }
      }),
    )
  })
})

describe('The transitions the contract leaves open (docs/tracking.md)', () => {
  const started = (): TripLifecycle =>
    run([{ kind: 'start', wait: 0, withFix: true, arrive: false, etaMinutes: 10 }]).at(-1)!.to

  it('stop twice: the second is a no-op with no event', () => {
    const trace = run([
      { kind: 'start', wait: 0, withFix: false, arrive: false, etaMinutes: 10 },
      { kind: 'stop', wait: 1 },
      { kind: 'stop', wait: 1 },
    ])
    expect(trace.map((entry) => entry.events)).toEqual([[], ['event.tracking_stopped'], []])
    expect(trace[2]?.to).toBe(trace[1]?.to)
  })

  it('restart after arrival is refused; after a stop it starts a fresh trip', () => {
    const trace = run([
      { kind: 'start', wait: 0, withFix: true, arrive: true, etaMinutes: 10 },
      { kind: 'start', wait: 1, withFix: false, arrive: false, etaMinutes: 10 },
      { kind: 'stop', wait: 1 },
      { kind: 'start', wait: 1, withFix: false, arrive: false, etaMinutes: 10 },
    ])
    expect(trace.map((entry) => [entry.to.status, entry.refused])).toEqual([
      ['arrived', false],
      ['arrived', true],
      ['stopped', false],
      ['not_started', false],
    ])
    expect(trace[3]?.to).toMatchObject({ arrivedAt: null, stoppedAt: null, late: false, currentLocation: null })
  })

  it('a location for a stopped trip is refused', () => {
    const stopped = trackingTransition(started(), { type: 'stop', now: new Date(T0), reason: 'event_deleted' })
    expect(stopped.ok).toBe(true)
    if (!stopped.ok) return
    const located = trackingTransition(stopped.value.state, {
      type: 'locate',
      now: new Date(T0 + SECOND),
      fix: fixAt(new Date(T0 + SECOND)),
      assessment: { withinArrivalRadius: false, predictedArrival: null, confidence: 'low' },
    })
    expect(located.ok).toBe(false)
  })

  it('the event moved later: the same prediction is judged against the new start (back on time, no event)', () => {
    const late = run([{ kind: 'start', wait: 0, withFix: true, arrive: false, etaMinutes: 45 }]).at(-1)!
    expect(late.events).toEqual(['event.late_predicted'])
    const moved = trackingTransition(late.to, {
      type: 'event_changed',
      now: new Date(T0),
      startTime: new Date(START.getTime() + 3600 * SECOND),
      expiresAt: EXPIRES,
      assessment: null,
    })
    expect(moved.ok && moved.value.events).toEqual([])
    expect(moved.ok && moved.value.state).toMatchObject({ late: false, minutesLate: -45 })
  })
})
