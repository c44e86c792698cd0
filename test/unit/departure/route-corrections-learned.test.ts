import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { correctionFrom, ROUTE_CORRECTION_RULES } from '../../../core/departure/route-correction.js'
import { routeCorrectionId } from '../../../core/ports/route-correction-store.js'
import { type Application, compose } from '../../../hosts/composition-root.js'
import { loadConfig } from '../../../hosts/config.js'
import { TOKENS } from '../../../hosts/di-tokens.js'

/**
 * Corrections learned from tracked arrivals (docs/departure.md), through the services as the composition binds them
 * (in-memory family, sandbox): a tracked trip that took longer than its window predicted teaches its route bucket,
 * and the next recompute of a window on that bucket carries the correction.
 */
const ACCOUNT = 'acct_corrections'
const MINUTE = 60_000
const T0 = new Date('2026-06-02T06:00:00Z').getTime()
const HOME = { lat: 52.5219, lng: 13.4132 }
const OFFICE = { lat: 52.4675, lng: 13.3252 }

let application: Application
beforeAll(async () => {
  application = await compose(loadConfig({ LOG_LEVEL: 'silent', STORAGE: 'memory' }), { ephemeralAccounts: true })
})
afterAll(() => application?.close())

const sandbox = () => application.surfaces.test.container

describe('a tracked arrival teaches its route bucket, and the next window carries the correction', () => {
  it('a trip 50% slower than predicted moves the factor a third of the way (prior of two trips); nothing else is kept', async () => {
    let now = new Date(T0)
    const scope = { accountId: ACCOUNT, livemode: false as const, clock: { now: () => now } }
    const user = await sandbox().get(TOKENS.UserService).create(scope, { email: 'commuter@example.com' })
    if (!user.ok) throw new Error('user refused')
    const created = await sandbox()
      .get(TOKENS.EventService)
      .create(scope, {
        userId: user.value.user.id,
        title: 'Standup',
        startTime: new Date(T0 + 3 * 60 * MINUTE),
        endTime: new Date(T0 + 4 * 60 * MINUTE),
        location: OFFICE,
        origin: HOME,
        travel: { mode: 'drive' },
      })
    if (!created.ok) throw new Error(`event refused: ${created.error._tag}`)
    const plan = created.value.monitoring.departure?.learning
    expect(plan).toMatchObject({ correctionFactor: 1, fixedMinutes: 8 })
    if (plan === undefined) throw new Error('no window')

    const tracking = sandbox().get(TOKENS.TrackingService)
    const started = await tracking.start(scope, created.value.id, {
      startLocation: { ...HOME, accuracyM: 10 },
    })
    expect(started.ok && started.value.plan).toEqual(plan)
    // The trip takes 1.5 times the moving leg predicted, plus parking and the walk in.
    now = new Date(T0 + (plan.uncorrectedMovingMinutes * 1.5 + plan.fixedMinutes) * MINUTE)
    const arrived = await tracking.locate(scope, created.value.id, { ...OFFICE, accuracyM: 10, recordedAt: now })
    expect(arrived.ok && arrived.value.trip.status).toBe('arrived')

    const store = sandbox().get(TOKENS.RouteCorrectionStore)
    const key = { accountId: ACCOUNT, bucket: plan.routeBucket }
    const stats = (await store.statsOf([key])).get(routeCorrectionId(key))
    expect(stats).toMatchObject({ samples: 1, updatedAt: now })
    expect(stats?.sumLogRatio).toBeCloseTo(Math.log(1.5), 6)
    // Only sums: no trip, position or user in what is kept.
    expect(Object.keys(stats ?? {}).sort()).toEqual(['samples', 'sumLogRatio', 'sumSquaredLogRatio', 'updatedAt'])

    const event = await sandbox().get(TOKENS.EventRepository).get(ACCOUNT, created.value.id)
    if (event === null) throw new Error('event gone')
    const [recomputed] = await sandbox().get(TOKENS.DepartureMonitor).recompute([event], scope.clock)
    const factor = Math.exp(Math.log(1.5) / (1 + ROUTE_CORRECTION_RULES.priorSamples))
    expect(correctionFrom(stats ?? null).factor).toBeCloseTo(factor, 6)
    const learning = recomputed?.monitoring.departure?.learning
    expect(learning?.correctionFactor).toBeCloseTo(factor, 6)
    expect(learning?.routeBucket).toBe(plan.routeBucket)
    expect(recomputed?.monitoring.departure?.travel.driveMinutes).toBe(
      Math.ceil(learning!.uncorrectedMovingMinutes * factor - 1e-9),
    )
    expect(recomputed!.monitoring.departure!.latestDeparture.getTime()).toBeLessThan(
      created.value.monitoring.departure!.latestDeparture.getTime(),
    )
  })
})
