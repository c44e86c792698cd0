import { compose } from '../hosts/composition-root.js'
import { loadConfig } from '../hosts/config.js'
import type { CalendarEvent } from '../core/event/event.js'
import type { Clock } from '../core/ports/clock.js'
import type { EventRepositoryPort } from '../core/ports/event-repository.js'
import { monitoringDueAt } from '../core/event/event.js'
import { recalcCadence } from '../core/monitoring/recalc-cadence.js'
import { TOKENS } from '../hosts/di-tokens.js'

export interface MonitoringReport {
  readonly events: number
  readonly users: number
  readonly durationSeconds: number
  readonly recomputes: number
  readonly recomputesPerSecond: number
  readonly lagP50Ms: number
  readonly lagP99Ms: number
  readonly lagMaxMs: number
  /** How long one sweep took: the headroom left in its one-second tick. */
  readonly sweepP50Ms: number
  readonly sweepMaxMs: number
  readonly setupSeconds: number
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * N monitored events spread over the next 24 h on the embedded adapters, swept
 * every second as in production. Lag is how late each recompute ran after its
 * `next_recalc_at`. Events are first given their initial window (setup), then
 * the steady state is measured for `durationMs` of real time.
 */
export const runMonitoringScenario = async (eventCount: number, durationMs: number): Promise<MonitoringReport> => {
  const clock: Clock = { now: () => new Date() }
  const application = await compose(loadConfig({ LOG_LEVEL: 'silent' }), { ephemeralAccounts: true, clock })
  const surface = application.surfaces.live
  const account = await application.accounts.createAccount()
  const scope = { accountId: account.id, livemode: true, clock }
  const userCount = Math.max(1, Math.round(eventCount / 100))
  const users: string[] = []
  for (let i = 0; i < userCount; i++) {
    const created = await surface.users.create(scope, { email: `bench-${i}@example.com`, homeLocation: { lat: 52.4 + (i % 50) / 200, lng: 13.2 + (i % 37) / 150 } })
    if (!created.ok) throw new Error('user create failed')
    users.push(created.value.user.id)
  }
  const setupStart = performance.now()
  const start = Date.now()
  for (let i = 0; i < eventCount; i++) {
    const startTime = new Date(start + 10 * 60_000 + Math.floor((i / eventCount) * 24 * 3_600_000))
    const created = await surface.events.create(scope, {
      userId: users[i % userCount]!,
      title: `Event ${i}`,
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
      location: { lat: 52.45 + ((i * 7) % 100) / 1000, lng: 13.3 + ((i * 13) % 100) / 1000 },
    })
    if (!created.ok) throw new Error(`event create failed: ${created.error._tag}`)
  }
  // Steady state: recomputes spread evenly over each event's cadence interval, as after the first hours of running
  // (right after creation they would all fall due together, 5 minutes after the setup).
  const repository = surface.container.get<EventRepositoryPort>(TOKENS.EventRepository)
  const all = await repository.list(account.id, {}, { limit: eventCount })
  const now = Date.now()
  let spread = 0
  for (const event of all.data) {
    const cadence = recalcCadence(new Date(now), event.startTime)
    if (cadence === null || event.monitoring.nextRecalcAt === null) continue
    const nextRecalcAt = new Date(now + Math.floor(((spread++ * 7919) % 1000) / 1000 * cadence.intervalMs))
    const monitoring = { ...event.monitoring, nextRecalcAt }
    await repository.update({ ...event, monitoring, dueAt: monitoringDueAt(monitoring), version: event.version + 1 }, event.version, [])
  }
  const setupSeconds = (performance.now() - setupStart) / 1000

  const lags: number[] = []
  const monitor = surface.monitor
  const recompute = monitor.recompute.bind(monitor)
  monitor.recompute = async (events: readonly CalendarEvent[], sweepClock: Clock) => {
    const now = sweepClock.now().getTime()
    for (const event of events) if (event.monitoring.nextRecalcAt !== null) lags.push(now - event.monitoring.nextRecalcAt.getTime())
    return recompute(events, sweepClock)
  }
  const job = surface.backgroundJobs.find((candidate) => candidate.name === 'departure-monitoring')!
  const sweeps: number[] = []
  const measureStart = performance.now()
  while (performance.now() - measureStart < durationMs) {
    const tick = performance.now()
    await job.run({ accountId: null, clock })
    const elapsed = performance.now() - tick
    sweeps.push(elapsed)
    if (elapsed < 1000) await new Promise((resolve) => setTimeout(resolve, 1000 - elapsed))
  }
  const durationSeconds = (performance.now() - measureStart) / 1000
  const sorted = [...lags].sort((a, b) => a - b)
  const sortedSweeps = [...sweeps].sort((a, b) => a - b)
  await application.close()
  return {
    events: eventCount,
    users: userCount,
    durationSeconds,
    recomputes: lags.length,
    recomputesPerSecond: lags.length / durationSeconds,
    lagP50Ms: percentile(sorted, 50),
    lagP99Ms: percentile(sorted, 99),
    lagMaxMs: sorted.at(-1) ?? 0,
    sweepP50Ms: Math.round(percentile(sortedSweeps, 50)),
    sweepMaxMs: Math.round(sortedSweeps.at(-1) ?? 0),
    setupSeconds,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 10_000)
  const seconds = Number(process.argv[3] ?? 60)
  console.log(JSON.stringify(await runMonitoringScenario(count, seconds * 1000), null, 2))
}
