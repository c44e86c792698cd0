import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { thresholdOrder } from '../../core/monitoring/monitoring.js'
import { type Application, compose } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { TOKENS } from '../../hosts/di-tokens.js'

/**
 * Model-based test of departure monitoring (docs/departure.md): random walks of the clock swept by the monitoring
 * job, moves of the event and its deletion drive the real event service and departure monitor (as the composition
 * binds them on the sandbox) and after every step the stored event agrees with the model: `monitoring` before its
 * start, `started` and `ended` after, the next recompute within the cadence of its band and never in the past,
 * thresholds passed in their order, and one `departure.computed` per event.
 */

const ACCOUNT = 'acct_monitoring_model'
const MINUTE = 60_000
const T0 = new Date('2026-06-02T06:00:00Z').getTime()
const ORIGIN = { lat: 52.5, lng: 13.35 }
const DESTINATION = { lat: 52.52, lng: 13.405 }

interface Model {
  now: number
  start: number
  end: number
  deleted: boolean
}
interface Real {
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
const events = () => sandbox().get(TOKENS.EventService)

const freshEvent = async (run: number, startInSeconds: number): Promise<Real> => {
  let now = new Date(T0)
  const scope = { accountId: ACCOUNT, livemode: false as const, clock: { now: () => now } }
  const user = await sandbox()
    .get(TOKENS.UserService)
    .create(scope, { email: `commuter-${run}@example.com` })
  if (!user.ok) throw new Error('user refused')
  const event = await events().create(scope, {
    userId: user.value.user.id,
    title: 'Dentist',
    startTime: new Date(T0 + startInSeconds * 1000),
    endTime: new Date(T0 + startInSeconds * 1000 + 60 * MINUTE),
    location: DESTINATION,
    origin: ORIGIN,
  })
  if (!event.ok) throw new Error(`event refused: ${event.error._tag}`)
  return {
    eventId: event.value.id,
    scope,
    setNow: (at) => {
      now = new Date(at)
    },
  }
}

const expectedStatus = (model: Model) =>
  model.now >= model.end ? 'ended' : model.now >= model.start ? 'started' : 'monitoring'

/** The contract's cadence: every 60 s within 30 minutes of the start, every 2 minutes within 3 hours, else every 5. */
const cadenceOf = (untilStartMs: number) =>
  untilStartMs <= 30 * MINUTE ? MINUTE : untilStartMs <= 180 * MINUTE ? 2 * MINUTE : 5 * MINUTE

const checkAgreement = async (model: Model, real: Real) => {
  const stored = await events().retrieve(real.scope, real.eventId)
  if (model.deleted) {
    expect(stored.ok).toBe(false)
    return
  }
  expect(stored.ok).toBe(true)
  if (!stored.ok) return
  const { monitoring, dueAt } = stored.value
  expect(monitoring.status).toBe(expectedStatus(model))
  if (monitoring.status === 'ended') expect(dueAt).toBeNull()
  // Whatever fell due by now was handled: the next visit is ahead.
  else expect(dueAt?.getTime() ?? Number.POSITIVE_INFINITY).toBeGreaterThan(model.now)
  if (monitoring.status === 'monitoring') {
    const next = monitoring.nextRecalcAt?.getTime()
    expect(next).toBeDefined()
    // Within the cadence of the band the event is in, and never after its start.
    expect(next! - model.now).toBeLessThanOrEqual(cadenceOf(model.start - model.now))
    expect(next!).toBeLessThanOrEqual(model.start)
  }
  // Thresholds are passed in their order, never one twice.
  expect(monitoring.thresholdsPassed).toEqual(thresholdOrder.slice(0, monitoring.thresholdsPassed.length))
  // `list` answers newest first; one departure.computed per event, at its creation.
  const computed = (await sandbox().get(TOKENS.Outbox).list(ACCOUNT, 100_000)).filter(
    (notice) =>
      notice.type === 'departure.computed' &&
      (notice.object as { departure?: { eventId?: string } }).departure?.eventId === real.eventId,
  )
  expect(computed).toHaveLength(1)
}

type MonitoringCommand = fc.AsyncCommand<Model, Real>

class Walk implements MonitoringCommand {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    model.now += this.minutes * MINUTE
    real.setNow(model.now)
    await sandbox().get(TOKENS.DepartureMonitor).processDue(ACCOUNT, real.scope.clock)
    await checkAgreement(model, real)
  }
  toString = () => `walk(${this.minutes} min)`
}

class Move implements MonitoringCommand {
  constructor(readonly minutes: number) {}
  check = (model: Readonly<Model>) => !model.deleted
  async run(model: Model, real: Real) {
    const start = model.start + this.minutes * MINUTE
    const result = await events().update(real.scope, real.eventId, {
      startTime: new Date(start),
      endTime: new Date(start + 60 * MINUTE),
    })
    expect(result.ok).toBe(true)
    model.start = start
    model.end = start + 60 * MINUTE
    await checkAgreement(model, real)
  }
  toString = () => `move(${this.minutes} min)`
}

class Delete implements MonitoringCommand {
  check = (model: Readonly<Model>) => !model.deleted
  async run(model: Model, real: Real) {
    const result = await events().delete(real.scope, real.eventId)
    expect(result.ok).toBe(true)
    model.deleted = true
    await checkAgreement(model, real)
  }
  toString = () => 'delete'
}

const commands = [
  fc.integer({ min: 1, max: 120 }).map((minutes) => new Walk(minutes)),
  fc.integer({ min: -90, max: 240 }).map((minutes) => new Move(minutes)),
  fc.constant(new Delete()),
]

describe('Departure monitoring: the event service and the monitor follow the monitoring machine (model-based)', () => {
  it('keeps the stored event, its next recompute and its notices in agreement with the model', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        // Starts at any second, so that a cadence step can reach past the start.
        fc.integer({ min: 20 * 60, max: 8 * 3600 }),
        fc.commands(commands, { maxCommands: 25 }),
        async (startInSeconds, sequence) => {
          const real = await freshEvent(run++, startInSeconds)
          const model: Model = {
            now: T0,
            start: T0 + startInSeconds * 1000,
            end: T0 + startInSeconds * 1000 + 60 * MINUTE,
            deleted: false,
          }
          await checkAgreement(model, real)
          await fc.asyncModelRun(() => ({ model, real }), sequence)
        },
      ),
      { numRuns: 40 },
    )
  })
})
