import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrackingStatus } from '../../core/tracking/trip.js'
import { type Application, compose } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { TOKENS } from '../../hosts/di-tokens.js'

/**
 * Model-based test of the tracking service (docs/tracking.md): random sequences of starts, location updates along a
 * path towards the destination, silences swept by the tracking job, and stops drive the real service (as the
 * composition binds it, on the in-memory family) and after every step the stored trip and the notifications written
 * for it agree with a small model: the 5-second cadence, arrival within 50 m, `stalled` after the idle timeout,
 * `user.arrived` and `event.tracking_stopped` once per trip, and a refused location once stopped.
 */

const ACCOUNT = 'acct_tracking_model'
const SECOND = 1000
const T0 = new Date('2026-06-02T06:00:00Z').getTime()
const DESTINATION = { lat: 52.52, lng: 13.405 }
const METRES_PER_DEGREE_LAT = 111_320
const START_DISTANCE_M = 3_000
const IDLE_TIMEOUT_S = 120

type ModelStatus = TrackingStatus | 'none'
interface Model {
  now: number
  status: ModelStatus
  /** Metres left to the destination, in hundreds so that arrival (0) is never within rounding of the radius. */
  remainingM: number
  lastUpdateAt: number | null
  lastSignalAt: number
  /** The notifications written about this trip, in order. */
  readonly notices: string[]
}

interface Real {
  readonly application: Application
  readonly eventId: string
  readonly scope: { readonly accountId: string; readonly livemode: false; readonly clock: { now(): Date } }
  setNow(at: number): void
}

let application: Application
beforeAll(async () => {
  application = await compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: 'memory' }), { ephemeralAccounts: true })
})
afterAll(() => application?.close())

const sandbox = () => application.surfaces.test.container
const tracking = () => sandbox().get(TOKENS.TrackingService)

/** A user with one event far enough ahead that no trip expires within a run. */
const freshTrip = async (run: number): Promise<Real> => {
  let now = new Date(T0)
  const scope = { accountId: ACCOUNT, livemode: false as const, clock: { now: () => now } }
  const user = await sandbox()
    .get(TOKENS.UserService)
    .create(scope, { email: `walker-${run}@example.com` })
  if (!user.ok) throw new Error('user refused')
  const event = await sandbox()
    .get(TOKENS.EventService)
    .create(scope, {
      userId: user.value.user.id,
      title: 'Meet at the square',
      startTime: new Date(T0 + 6 * 3_600_000),
      endTime: new Date(T0 + 7 * 3_600_000),
      location: DESTINATION,
      travel: { mode: 'walk' },
    })
  if (!event.ok) throw new Error(`event refused: ${event.error._tag}`)
  return {
    application,
    eventId: event.value.id,
    scope,
    setNow: (at) => {
      now = new Date(at)
    },
  }
}

const tagOf = (result: { readonly ok: boolean; readonly error?: { readonly _tag: string } }) =>
  result.ok ? null : (result.error?._tag ?? 'unknown')

const checkAgreement = async (model: Model, real: Real) => {
  const stored = await tracking().retrieve(real.scope, real.eventId)
  if (model.status === 'none') {
    expect(tagOf(stored)).toBe('ResourceNotFound')
  } else {
    expect(stored.ok).toBe(true)
    if (stored.ok) expect(stored.value.status).toBe(model.status)
  }
  // `list` answers newest first.
  const written = (await sandbox().get(TOKENS.Outbox).list(ACCOUNT, 10_000))
    .reverse()
    .filter(
      (notice) => notice.objectType === 'tracking' && (notice.object as { eventId?: string }).eventId === real.eventId,
    )
    .map((notice) => notice.type)
  expect(written).toEqual(model.notices)
}

type TrackingCommand = fc.AsyncCommand<Model, Real>

class Start implements TrackingCommand {
  check = () => true
  async run(model: Model, real: Real) {
    const result = await tracking().start(real.scope, real.eventId, { idleTimeoutSeconds: IDLE_TIMEOUT_S })
    if (model.status === 'arrived') {
      // An arrived trip is stopped before it can start again.
      expect(tagOf(result)).toBe('InvalidTransition')
    } else {
      expect(result.ok).toBe(true)
      if (model.status === 'none' || model.status === 'stopped') {
        model.status = 'not_started'
        model.remainingM = START_DISTANCE_M
        model.lastUpdateAt = null
        model.lastSignalAt = model.now
      }
    }
    await checkAgreement(model, real)
  }
  toString = () => 'start'
}

class Locate implements TrackingCommand {
  constructor(
    readonly gapSeconds: number,
    readonly hundreds: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.gapSeconds * SECOND
    real.setNow(model.now)
    // A walk along a meridian, never faster than 60 m/s (under the 70 m/s beyond which a fix is ignored as a jump).
    const move = Math.min(this.hundreds, Math.floor((this.gapSeconds * 60) / 100)) * 100
    const remaining = Math.max(0, model.remainingM - move)
    const result = await tracking().locate(real.scope, real.eventId, {
      lat: DESTINATION.lat + remaining / METRES_PER_DEGREE_LAT,
      lng: DESTINATION.lng,
      accuracyM: 10,
      recordedAt: new Date(model.now),
    })
    if (model.status === 'none') expect(tagOf(result)).toBe('ResourceNotFound')
    else if (model.status === 'stopped') expect(tagOf(result)).toBe('InvalidTransition')
    else if (model.lastUpdateAt !== null && model.now - model.lastUpdateAt < 5 * SECOND)
      expect(tagOf(result)).toBe('LocationTooFrequent')
    else {
      expect(result.ok).toBe(true)
      model.lastUpdateAt = model.now
      if (model.status === 'arrived') {
        // Answered and ignored: the user is there.
        if (result.ok) expect(result.value.ignoredReason).toBe('arrived')
      } else {
        if (result.ok) expect(result.value.ignoredReason).toBeNull()
        model.remainingM = remaining
        model.lastSignalAt = model.now
        if (remaining === 0) {
          model.status = 'arrived'
          model.notices.push('user.arrived')
        } else model.status = 'in_transit'
      }
    }
    await checkAgreement(model, real)
  }
  toString = () => `locate(+${this.gapSeconds} s, ${this.hundreds * 100} m)`
}

class Silence implements TrackingCommand {
  constructor(readonly seconds: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.seconds * SECOND
    real.setNow(model.now)
    await tracking().processDue({ accountId: ACCOUNT, clock: real.scope.clock })
    const silent = model.now >= model.lastSignalAt + IDLE_TIMEOUT_S * SECOND
    if ((model.status === 'not_started' || model.status === 'in_transit') && silent) model.status = 'stalled'
    await checkAgreement(model, real)
  }
  toString = () => `silence(${this.seconds} s)`
}

class Stop implements TrackingCommand {
  check = () => true
  async run(model: Model, real: Real) {
    const result = await tracking().stop(real.scope, real.eventId)
    if (model.status === 'none') expect(tagOf(result)).toBe('ResourceNotFound')
    else {
      expect(result.ok).toBe(true)
      // Stopping twice is a no-op: one notification per trip.
      if (model.status !== 'stopped') model.notices.push('event.tracking_stopped')
      model.status = 'stopped'
    }
    await checkAgreement(model, real)
  }
  toString = () => 'stop'
}

const commands = [
  fc.constant(new Start()),
  // Gaps around the 5 s cadence as often as longer ones.
  fc
    .tuple(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 90 })), fc.integer({ min: 0, max: 12 }))
    .map(([gap, h]) => new Locate(gap, h)),
  fc.integer({ min: 10, max: 300 }).map((seconds) => new Silence(seconds)),
  fc.constant(new Stop()),
]

describe('Tracking: the service over its repository follows the state machine (model-based)', () => {
  it('keeps the stored trip and its notifications in agreement with the model', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (sequence) => {
        const real = await freshTrip(run++)
        const model: Model = {
          now: T0,
          status: 'none',
          remainingM: START_DISTANCE_M,
          lastUpdateAt: null,
          lastSignalAt: T0,
          notices: [],
        }
        await fc.asyncModelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 40 },
    )
  })
})
