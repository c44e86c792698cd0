import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PeriodicTask, SchedulerPort } from '../../core/ports/scheduler.js'

export interface SchedulerSubject {
  readonly scheduler: SchedulerPort
  readonly teardown?: () => Promise<void>
}

/** How the adapter reports a failed run (the composition root logs it). */
export type ReportTaskError = (task: string, error: unknown) => void

const INTERVAL_MS = 1_000

/** A task that counts its runs; `hold` makes the next runs wait until `releaseAll`. */
const countingTask = (name: string, intervalMs = INTERVAL_MS) => {
  const task = {
    name,
    intervalMs,
    started: 0,
    active: 0,
    maxActive: 0,
    holding: false,
    waiting: [] as Array<() => void>,
    async run(): Promise<void> {
      task.started++
      task.active++
      task.maxActive = Math.max(task.maxActive, task.active)
      try {
        if (task.holding) await new Promise<void>((resolve) => task.waiting.push(resolve))
      } finally {
        task.active--
      }
    },
    releaseAll(): void {
      task.holding = false
      for (const resolve of task.waiting.splice(0)) resolve()
    },
  }
  return task
}

/**
 * What every SchedulerPort adapter must do; call it from the adapter's own test file.
 * The suite drives time with fake timers: the adapter must schedule with the
 * global timer functions (setTimeout / setInterval), read when it starts.
 */
export const schedulerContract = (
  name: string,
  makeSubject: (reportError: ReportTaskError) => SchedulerSubject | Promise<SchedulerSubject>,
): void => {
  describe(`${name} honours the SchedulerPort contract`, () => {
    let subject: SchedulerSubject
    let reported: Array<{ task: string; error: unknown }>
    beforeEach(async () => {
      vi.useFakeTimers()
      reported = []
      subject = await makeSubject((task, error) => reported.push({ task, error }))
    })
    afterEach(async () => {
      await subject.scheduler.stop()
      await subject.teardown?.()
      vi.useRealTimers()
    })

    const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms)

    describe('a registered task runs on its interval', () => {
      it('nothing runs before start', async () => {
        const task = countingTask('sweep')
        subject.scheduler.register(task)
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(0)
      })

      it('after start, it runs within one interval and then once per interval', async () => {
        const task = countingTask('sweep')
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        const first = task.started
        expect(first).toBeGreaterThanOrEqual(1)
        await advance(3 * INTERVAL_MS)
        expect(task.started).toBe(first + 3)
      })

      it('each task keeps its own cadence', async () => {
        const fast = countingTask('fast', 100)
        const slow = countingTask('slow', 250)
        subject.scheduler.register(fast)
        subject.scheduler.register(slow)
        await subject.scheduler.start()
        await advance(1_000)
        const [fastBefore, slowBefore] = [fast.started, slow.started]
        await advance(1_000)
        expect(fast.started - fastBefore).toBe(10)
        expect(slow.started - slowBefore).toBe(4)
      })
    })

    describe('a task never overlaps itself', () => {
      it('starting twice does not double the cadence', async () => {
        const task = countingTask('sweep')
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        const first = task.started
        await advance(3 * INTERVAL_MS)
        expect(task.started).toBe(first + 3)
      })


      it('ticks that fall while a run is still going are skipped; the next tick after it ends runs', async () => {
        const task = countingTask('slow-sweep')
        task.holding = true
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        expect(task.started).toBe(1)
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(1)
        task.releaseAll()
        await advance(INTERVAL_MS)
        expect(task.started).toBe(2)
        expect(task.maxActive).toBe(1)
      })

      it('a long run of one task does not hold up another task', async () => {
        const stuck = countingTask('stuck')
        stuck.holding = true
        const other = countingTask('other')
        subject.scheduler.register(stuck)
        subject.scheduler.register(other)
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        const otherBefore = other.started
        await advance(3 * INTERVAL_MS)
        expect(other.started - otherBefore).toBe(3)
        stuck.releaseAll()
      })
    })

    describe('a failing run is reported and the next tick still runs', () => {
      it('a rejected run is reported with the task name and error; the task keeps its cadence', async () => {
        const failure = new Error('database unavailable')
        let runs = 0
        const task: PeriodicTask = {
          name: 'flaky',
          intervalMs: INTERVAL_MS,
          run: async () => {
            runs++
            if (runs === 1) throw failure
          },
        }
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        expect(reported).toEqual([{ task: 'flaky', error: failure }])
        const before = runs
        await advance(2 * INTERVAL_MS)
        expect(runs).toBe(before + 2)
        expect(reported).toHaveLength(1)
      })

      it('a run that throws before returning a promise is reported too', async () => {
        const failure = new TypeError('bug')
        const task: PeriodicTask = {
          name: 'broken',
          intervalMs: INTERVAL_MS,
          run: () => {
            throw failure
          },
        }
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(2 * INTERVAL_MS)
        expect(reported.length).toBeGreaterThanOrEqual(2)
        expect(reported.every((report) => report.task === 'broken' && report.error === failure)).toBe(true)
      })
    })

    describe('stop stops', () => {
      it('no run starts after stop', async () => {
        const task = countingTask('sweep')
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(2 * INTERVAL_MS)
        await subject.scheduler.stop()
        const stoppedAt = task.started
        await advance(10 * INTERVAL_MS)
        expect(task.started).toBe(stoppedAt)
      })

      it('stop resolves only once the runs in progress have finished (a graceful shutdown does not cut a sweep short)', async () => {
        const task = countingTask('sweep')
        task.holding = true
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await advance(INTERVAL_MS)
        expect(task.active).toBe(1)
        let stopped = false
        const stopping = subject.scheduler.stop().then(() => {
          stopped = true
        })
        await advance(0)
        expect(stopped).toBe(false)
        task.releaseAll()
        await stopping
        expect(task.active).toBe(0)
      })

      it('stop before start, or twice, is harmless', async () => {
        await subject.scheduler.stop()
        const task = countingTask('sweep')
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await subject.scheduler.stop()
        await subject.scheduler.stop()
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(0)
      })
    })
  })
}
