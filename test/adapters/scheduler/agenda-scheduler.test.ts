import { type Collection, type CommandStartedEvent, type Db, MongoClient } from 'mongodb'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AgendaScheduler, DEFAULT_COLLECTION } from '../../../adapters/scheduler/agenda/agenda-scheduler.js'
import type { PeriodicTask } from '../../../core/ports/scheduler.js'
import { schedulerContract } from '../../contracts/scheduler.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'
import { until } from '../../support/until.js'

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
        until(
          async () =>
            (await tasks.countDocuments({
              $or: [
                { lockedAt: null, nextRunAt: { $lte: new Date() } },
                { lockedAt: { $ne: null }, $expr: { $lt: ['$lastRunAt', '$lockedAt'] } },
              ],
            })) === 0,
          'every due task started',
        ),
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
  // The nodes' own client, watched: each look of a node for a due task is a findAndModify on the tasks' collection.
  let watched: MongoClient
  let looks = 0
  beforeAll(async () => {
    watched = await MongoClient.connect(mongo.mongo().uri, { monitorCommands: true })
    watched.on('commandStarted', (event: CommandStartedEvent) => {
      if (event.commandName === 'findAndModify' && event.command.findAndModify === DEFAULT_COLLECTION) looks++
    })
  })
  afterAll(() => watched.close())

  const cleanups: Array<() => Promise<void>> = []
  // The test moves the clock (only `Date` is faked): lock lifetimes and due times pass when it says, however busy
  // the machine; the nodes look for due tasks every 20 ms of real time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T08:00:00Z') })
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    vi.useRealTimers()
  })

  const nodes = (
    count: number,
    options: { lockLifetimeMs?: number; processEveryMs?: number | undefined; wrap?: (db: Db) => Db } = {},
  ) => {
    const { db: fresh, teardown } = mongo.freshDatabase()
    const db = (options.wrap ?? ((db: Db) => db))(watched.db(fresh.databaseName))
    const errors: Array<{ task: string; error: unknown }> = []
    const schedulers = Array.from(
      { length: count },
      (_, index) =>
        new AgendaScheduler(
          {
            db,
            lockLifetimeMs: options.lockLifetimeMs ?? LOCK_MS,
            ...('processEveryMs' in options ? {} : { processEveryMs: 20 }),
            nodeName: `node-${index}`,
          },
          (task, error) => errors.push({ task, error }),
        ),
    )
    cleanups.push(teardown)
    for (const scheduler of schedulers) cleanups.push(() => scheduler.stop())
    const job = () => db.collection(DEFAULT_COLLECTION).findOne({ name: { $exists: true } })
    return { db, schedulers, errors, job }
  }
  const move = (ms: number) => vi.setSystemTime(Date.now() + ms)
  /** Resolves once the nodes have looked for due tasks twice more: a look begun after the call has ended. */
  const twoMoreLooks = async () => {
    const from = looks
    await until(() => looks - from >= 2, 'two more looks for due tasks')
  }

  it('two nodes registering the same task store it once and never run it twice at once', async () => {
    const { db, schedulers, job } = nodes(2)
    const shared = sharedTask('sweep', 1_000)
    for (const scheduler of schedulers) scheduler.register(shared.task)
    await Promise.all(schedulers.map((scheduler) => scheduler.start()))
    for (let run = 1; run <= 10; run++) {
      // The signal: this run has started and ended (the task document unlocked) before the clock moves on.
      await until(() => shared.state.started >= run, `run ${run}`)
      await until(async () => ((await job())?.lockedAt ?? null) === null, `run ${run} to end`)
      move(1_000)
    }
    expect(shared.state.maxActive).toBe(1)
    expect(await db.collection(DEFAULT_COLLECTION).countDocuments({ name: 'sweep' })).toBe(1)
  })

  it('a run longer than the lock lifetime keeps its lock by heartbeat: the other node does not take the task over', async () => {
    // In real time: Agenda checks a running job's lock on its own real timers against the clock, so this one test
    // keeps the real clock; it waits on the lock's own movement, not on a window.
    vi.useRealTimers()
    const lockLifetimeMs = 300
    const { schedulers, errors, job } = nodes(2, { lockLifetimeMs, processEveryMs: undefined })
    const shared = sharedTask('long-sweep', 50)
    shared.state.holding = true
    for (const scheduler of schedulers) scheduler.register(shared.task)
    await Promise.all(schedulers.map((scheduler) => scheduler.start()))
    await expect.poll(() => shared.state.started, { timeout: 5_000 }).toBe(1)
    const lock = async () => {
      const found = await job()
      return { lockedAt: found?.lockedAt as Date, holder: found?.lastModifiedBy as string }
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
    await until(() => shared.state.started >= 1, 'the first run')
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
    // A millisecond before the lock expires, the other node looks and leaves the task alone.
    move(999)
    await twoMoreLooks()
    expect(shared.state.started).toBe(before)
    move(1)
    await until(() => shared.state.started > before, 'a run on the other node')
  })

  it('a graceful stop releases the task at once: another node runs it without waiting for the lock to expire', async () => {
    const { schedulers } = nodes(2, { lockLifetimeMs: 60_000 })
    const [first, second] = schedulers as [AgendaScheduler, AgendaScheduler]
    const shared = sharedTask('sweep', 100)
    first.register(shared.task)
    second.register(shared.task)
    await first.start()
    await until(() => shared.state.started >= 1, 'the first run')
    await first.stop()
    const before = shared.state.started
    await second.start()
    // Due again one interval later; the lock would hold it for a minute had the stop not released it.
    move(100)
    await until(() => shared.state.started > before, 'a run on the other node')
  })

  it('a stop while a claim is on its way to the database releases that claim too, once it lands', async () => {
    // The nodes' claims (findAndModify on the tasks' collection) wait at this gate while it is closed.
    const gate = { closed: false, arrived: 0, landed: 0, waiting: [] as Array<() => void> }
    const gated = (collection: Collection) =>
      new Proxy(collection, {
        get(target, property) {
          if (property === 'findOneAndUpdate')
            return async (...args: Parameters<Collection['findOneAndUpdate']>) => {
              if (!gate.closed) return target.findOneAndUpdate(...args)
              gate.arrived++
              await new Promise<void>((resolve) => gate.waiting.push(resolve))
              const result = await target.findOneAndUpdate(...args)
              gate.landed++
              return result
            }
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    const wrap = (db: Db) =>
      new Proxy(db, {
        get(target, property) {
          if (property === 'collection')
            return (name: string) =>
              name === DEFAULT_COLLECTION ? gated(target.collection(name)) : target.collection(name)
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    const { schedulers, job } = nodes(1, { lockLifetimeMs: 60_000, wrap })
    const [node] = schedulers as [AgendaScheduler]
    const shared = sharedTask('sweep', 100)
    node.register(shared.task)
    await node.start()
    await until(() => shared.state.started >= 1, 'the first run')
    await until(async () => (await job())?.lockedAt == null, 'the first run released')
    // Due again: the node's next look claims it, and that claim is held on its way until the stop has begun.
    gate.closed = true
    move(100)
    const before = gate.arrived
    await until(() => gate.arrived > before, 'a claim on its way')
    const stopping = node.stop()
    gate.closed = false
    for (const resolve of gate.waiting.splice(0)) resolve()
    await stopping
    await until(() => gate.landed > before, 'the claim landed')
    expect((await job())?.lockedAt ?? null).toBeNull()
    expect(shared.state.started).toBe(1)
  })
})
