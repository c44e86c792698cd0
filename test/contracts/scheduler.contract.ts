import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PeriodicTask, SchedulerPort } from '../../core/ports/scheduler.js'

export interface SchedulerSubject {
  readonly scheduler: SchedulerPort
  readonly teardown?: () => Promise<void>
}

/** How the adapter reports a failed run (the composition root logs it). */
export type ReportTaskError = (task: string, error: unknown) => void

/**
 * How the suite measures time. `fake` (the default): the suite drives the adapter's timers with fake timers and
 * counts runs exactly. `real`: for adapters whose timing lives outside the process (a database, a driver with its
 * own timers): real short intervals, run counts checked within a tolerance, waits by polling up to a deadline.
 */
export type SchedulerContractTime = { readonly kind: 'fake' } | { readonly kind: 'real'; readonly intervalMs: number }

export interface SchedulerContractOptions {
  readonly time?: SchedulerContractTime
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A task that counts its runs; `hold` makes the next runs wait until `releaseAll`. */
const countingTask = (name: string, intervalMs: number) => {
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
 * By default the suite drives time with fake timers: the adapter must schedule with the
 * global timer functions (setTimeout / setInterval), read when it starts. See `SchedulerContractTime`.
 */
export const schedulerContract = (
  name: string,
  makeSubject: (reportError: ReportTaskError) => SchedulerSubject | Promise<SchedulerSubject>,
  options: SchedulerContractOptions = {},
): void => {
  const time = options.time ?? { kind: 'fake' }
  const fake = time.kind === 'fake'
  const INTERVAL_MS = fake ? 1_000 : time.intervalMs
  describe(`${name} honours the SchedulerPort contract`, () => {
    let subject: SchedulerSubject
    let reported: Array<{ task: string; error: unknown }>
    beforeEach(async () => {
      if (fake) vi.useFakeTimers()
      reported = []
      subject = await makeSubject((task, error) => reported.push({ task, error }))
    })
    afterEach(async () => {
      await subject.scheduler.stop()
      await subject.teardown?.()
      if (fake) vi.useRealTimers()
    })

    /** Lets `ms` of (fake or real) time pass: a measuring window, never a wait for something to happen. */
    const advance = (ms: number) => (fake ? vi.advanceTimersByTimeAsync(ms) : sleep(ms))
    /** Runs counted over a window: exact with fake timers, within 20 % (at least one run) in real time. */
    const expectRuns = (actual: number, expected: number) => {
      if (fake) expect(actual).toBe(expected)
      else
        expect(Math.abs(actual - expected), `${actual} runs where about ${expected} were expected`).toBeLessThanOrEqual(
          Math.max(1, Math.round(expected * 0.2)),
        )
    }
    /** Waits until `check` holds: one interval of fake time, or polling real time up to a deadline. */
    const eventually = async (check: () => void, intervals = 1) => {
      if (fake) {
        await advance(intervals * INTERVAL_MS)
        check()
      } else {
        await expect
          .poll(
            () => {
              try {
                check()
                return true
              } catch {
                return false
              }
            },
            { timeout: Math.max(5_000, intervals * INTERVAL_MS * 10), interval: 10 },
          )
          .toBe(true)
        check()
      }
    }
    // The cadence test: two tasks and a window, as fractions of the interval (real time keeps them coarse).
    const cadence = fake
      ? { fast: 100, slow: 250, window: 1_000 }
      : { fast: INTERVAL_MS, slow: 2.5 * INTERVAL_MS, window: 10 * INTERVAL_MS }

    describe('a registered task runs on its interval', () => {
      it('nothing runs before start', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        subject.scheduler.register(task)
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(0)
      })

      it('after start, it runs within one interval and then once per interval', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1))
        const first = task.started
        await advance(3 * INTERVAL_MS)
        expectRuns(task.started - first, 3)
      })

      it('each task keeps its own cadence', async () => {
        const fast = countingTask('fast', cadence.fast)
        const slow = countingTask('slow', cadence.slow)
        subject.scheduler.register(fast)
        subject.scheduler.register(slow)
        await subject.scheduler.start()
        await advance(cadence.window)
        const [fastBefore, slowBefore] = [fast.started, slow.started]
        await advance(cadence.window)
        expectRuns(fast.started - fastBefore, cadence.window / cadence.fast)
        expectRuns(slow.started - slowBefore, cadence.window / cadence.slow)
      })
    })

    describe('a task never overlaps itself', () => {
      it('starting twice does not double the cadence', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await subject.scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1))
        const first = task.started
        await advance(3 * INTERVAL_MS)
        expectRuns(task.started - first, 3)
      })

      it('ticks that fall while a run is still going are skipped; the next tick after it ends runs', async () => {
        const task = countingTask('slow-sweep', INTERVAL_MS)
        task.holding = true
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await eventually(() => expect(task.started).toBe(1))
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(1)
        task.releaseAll()
        await eventually(() => expect(task.started).toBe(2))
        expect(task.maxActive).toBe(1)
      })

      it('a long run of one task does not hold up another task', async () => {
        const stuck = countingTask('stuck', INTERVAL_MS)
        stuck.holding = true
        const other = countingTask('other', INTERVAL_MS)
        subject.scheduler.register(stuck)
        subject.scheduler.register(other)
        await subject.scheduler.start()
        await eventually(() => expect(other.started).toBeGreaterThanOrEqual(1))
        const otherBefore = other.started
        await advance(3 * INTERVAL_MS)
        expectRuns(other.started - otherBefore, 3)
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
        await eventually(() => expect(reported).toEqual([{ task: 'flaky', error: failure }]))
        const before = runs
        await advance(2 * INTERVAL_MS)
        expectRuns(runs - before, 2)
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
        await eventually(() => expect(reported.length).toBeGreaterThanOrEqual(2), 2)
        expect(reported.every((report) => report.task === 'broken' && report.error === failure)).toBe(true)
      })
    })

    describe('stop stops', () => {
      it('no run starts after stop', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1), 2)
        await subject.scheduler.stop()
        const stoppedAt = task.started
        await advance(10 * INTERVAL_MS)
        expect(task.started).toBe(stoppedAt)
      })

      it('stop resolves only once the runs in progress have finished (a graceful shutdown does not cut a sweep short)', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        task.holding = true
        subject.scheduler.register(task)
        await subject.scheduler.start()
        await eventually(() => expect(task.active).toBe(1))
        let stopped = false
        const stopping = subject.scheduler.stop().then(() => {
          stopped = true
        })
        await advance(fake ? 0 : INTERVAL_MS)
        expect(stopped).toBe(false)
        task.releaseAll()
        await stopping
        expect(task.active).toBe(0)
      })

      it('stop before start, or twice, is harmless', async () => {
        await subject.scheduler.stop()
        const task = countingTask('sweep', INTERVAL_MS)
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
