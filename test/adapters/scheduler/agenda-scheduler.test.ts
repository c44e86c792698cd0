import { afterEach, describe, expect, it } from 'vitest'
import { AgendaScheduler, DEFAULT_COLLECTION } from '../../../adapters/scheduler/agenda/agenda-scheduler.js'
import type { PeriodicTask } from '../../../core/ports/scheduler.js'
import { schedulerContract } from '../../contracts/scheduler.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()
const LOCK_MS = 600

schedulerContract(
  'AgendaScheduler (MongoDB test peer)',
  (reportError) => {
    const { db, teardown } = mongo.freshDatabase()
    const tasks = db.collection(DEFAULT_COLLECTION)
    return {
      // Agenda looks for due tasks every 20 ms of real time; the suite moves the clock, so no lock expires meanwhile.
      scheduler: new AgendaScheduler({ db, lockLifetimeMs: 3_600_000, processEveryMs: 20 }, reportError),
      teardown,
      // Caught up when no task document is due and unclaimed, and every claimed one has started (its run sets
      // `lastRunAt`, after the claim's `lockedAt`): the job documents are the signal.
      caughtUp: () =>
        expect
          .poll(
            () =>
              tasks.countDocuments({
                $or: [
                  { lockedAt: null, nextRunAt: { $lte: new Date() } },
                  { lockedAt: { $ne: null }, $expr: { $lt: ['$lastRunAt', '$lockedAt'] } },
                ],
              }),
            { timeout: 10_000, interval: 5 },
          )
          .toBe(0),
    }
  },
  { time: { kind: 'clock' } },
)

/** A task shared by several nodes: counts runs on every node and how many run at once. */
const sharedTask = (name: string, intervalMs: number) => {
  const state = { started: 0, active: 0, maxActive: 0, holding: false, waiting: [] as Array<() => void> }
  const task: PeriodicTask = {
    name,
    intervalMs,
    async run() {
      state.started++
      state.active++
      state.maxActive = Math.max(state.maxActive, state.active)
      try {
        if (state.holding) await new Promise<void>((resolve) => state.waiting.push(resolve))
      } finally {
        state.active--
      }
    },
  }
  const release = () => {
    state.holding = false
    for (const resolve of state.waiting.splice(0)) resolve()
  }
  return { task, state, release }
}

describe('AgendaScheduler: a task runs once at a time across the nodes sharing a database', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  const nodes = (count: number, options: { lockLifetimeMs?: number } = {}) => {
    const { db, teardown } = mongo.freshDatabase()
    const errors: Array<{ task: string; error: unknown }> = []
    const schedulers = Array.from(
      { length: count },
      (_, index) =>
        new AgendaScheduler(
          { db, lockLifetimeMs: options.lockLifetimeMs ?? LOCK_MS, nodeName: `node-${index}` },
          (task, error) => errors.push({ task, error }),
        ),
    )
    cleanups.push(teardown)
    for (const scheduler of schedulers) cleanups.push(() => scheduler.stop())
    return { db, schedulers, errors }
  }

  it('two nodes registering the same task store it once and never run it twice at once', async () => {
    const { db, schedulers } = nodes(2)
    const shared = sharedTask('sweep', 100)
    for (const scheduler of schedulers) scheduler.register(shared.task)
    await Promise.all(schedulers.map((scheduler) => scheduler.start()))
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBeGreaterThanOrEqual(10)
    expect(shared.state.maxActive).toBe(1)
    expect(await db.collection(DEFAULT_COLLECTION).countDocuments({ name: 'sweep' })).toBe(1)
  })

  it('a run longer than the lock lifetime keeps its lock by heartbeat: the other node does not take the task over', async () => {
    const lockLifetimeMs = 300
    const { db, schedulers, errors } = nodes(2, { lockLifetimeMs })
    const shared = sharedTask('long-sweep', 50)
    shared.state.holding = true
    for (const scheduler of schedulers) scheduler.register(shared.task)
    await Promise.all(schedulers.map((scheduler) => scheduler.start()))
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBe(1)
    const lock = async () => {
      const job = await db.collection(DEFAULT_COLLECTION).findOne({ name: 'long-sweep' })
      return { lockedAt: job?.lockedAt as Date, holder: job?.lastModifiedBy as string }
    }
    const first = await lock()
    expect(first.lockedAt).toBeInstanceOf(Date)
    // The signal: the holder's heartbeat has moved its lock on across four lock lifetimes. Without it the other
    // node (scanning every 50 ms) would have taken the expired lock and started a second run meanwhile.
    await expect
      .poll(async () => (await lock()).lockedAt.getTime() - first.lockedAt.getTime(), { timeout: 10_000, interval: 20 })
      .toBeGreaterThanOrEqual(4 * lockLifetimeMs)
    expect((await lock()).holder).toBe(first.holder)
    expect(shared.state.started).toBe(1)
    shared.release()
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBeGreaterThanOrEqual(3)
    expect(shared.state.maxActive).toBe(1)
    expect(errors).toEqual([])
  })

  it('a lock left by a dead node holds the task until it expires; then another node runs it', async () => {
    const { db, schedulers } = nodes(2, { lockLifetimeMs: 1_000 })
    const [first, second] = schedulers as [AgendaScheduler, AgendaScheduler]
    const shared = sharedTask('sweep', 100)
    first.register(shared.task)
    await first.start()
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBeGreaterThanOrEqual(1)
    await first.stop()
    // As a node leaves it when it is killed while running the task: locked, due, never renewed.
    const lockedAt = new Date()
    await db
      .collection(DEFAULT_COLLECTION)
      .updateOne(
        { name: 'sweep' },
        { $set: { lockedAt, nextRunAt: new Date(lockedAt.getTime() - 1), lastModifiedBy: 'dead-node' } },
      )
    const before = shared.state.started
    second.register(shared.task)
    await second.start()
    await expect.poll(() => shared.state.started, { timeout: 5_000, interval: 10 }).toBeGreaterThan(before)
    // Not before the lock expired (how soon after is a matter for benchmarks, not for this test).
    expect(Date.now() - lockedAt.getTime()).toBeGreaterThanOrEqual(1_000)
  })

  it('a graceful stop releases the task at once: another node runs it without waiting for the lock to expire', async () => {
    const { schedulers } = nodes(2, { lockLifetimeMs: 60_000 })
    const [first, second] = schedulers as [AgendaScheduler, AgendaScheduler]
    const shared = sharedTask('sweep', 100)
    first.register(shared.task)
    second.register(shared.task)
    await first.start()
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBeGreaterThanOrEqual(1)
    await first.stop()
    const before = shared.state.started
    await second.start()
    await expect.poll(() => shared.state.started, { timeout: 3_000 }).toBeGreaterThan(before)
  })
})
