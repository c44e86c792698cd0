import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PeriodicTask, SchedulerPort } from '../../core/ports/scheduler.js'
import { until } from '../support/until.js'

export interface SchedulerSubject {
  readonly scheduler: SchedulerPort
  readonly teardown?: () => Promise<void>
  /**
   * `clock` time only: resolves once the adapter has caught up with the clock, i.e. every task due by now has
   * started (a signal the adapter's store gives, never a wait of fixed length).
   */
  readonly caughtUp?: () => Promise<void>
}

/** How the adapter reports a failed run (the composition root logs it). */
export type ReportTaskError = (task: string, error: unknown) => void

/**
 * How the suite drives time. `fake` (the default): the suite drives the adapter's timers with fake timers. `clock`:
 * for adapters whose timers cannot be faked (a driver talking to a database keeps its own): the suite fakes only the
 * clock (`Date`), moves it by hand half an interval at a time, and after each move waits for the subject's
 * `caughtUp` signal while the adapter looks for due work on its own short real-time timers. Either way runs are
 * counted exactly.
 */
export type SchedulerContractTime = { readonly kind: 'fake' } | { readonly kind: 'clock' }

export interface SchedulerContractOptions {
  readonly time?: SchedulerContractTime
}

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
  const INTERVAL_MS = fake ? 1_000 : 60_000
  /** How far the hand-moved clock goes at a time: a divisor of every task interval below, so each run falls on a step. */
  const STEP_MS = INTERVAL_MS / 8
  describe(`${name} honours the SchedulerPort contract`, () => {
    let subject: SchedulerSubject
    let scheduler: SchedulerPort
    /** Started and not stopped: only then does the adapter look for due work, and only then is there a signal to wait for. */
    let running = false
    let reported: Array<{ task: string; error: unknown }>
    beforeEach(async () => {
      if (fake) vi.useFakeTimers()
      else vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T08:00:00Z') })
      reported = []
      running = false
      subject = await makeSubject((task, error) => reported.push({ task, error }))
      const adapter = subject.scheduler
      scheduler = {
        register: (task) => adapter.register(task),
        start: () => {
          running = true
          return adapter.start()
        },
        stop: () => {
          running = false
          return adapter.stop()
        },
      }
    })
    afterEach(async () => {
      await subject.scheduler.stop()
      await subject.teardown?.()
      vi.useRealTimers()
    })

    /** Waits for the adapter to start what is due now (clock time; fake timers have run it already). */
    const caughtUp = async () => {
      if (!fake && running) await subject.caughtUp?.()
    }
    /**
     * Lets `ms` of time pass: fake timers run what falls due; the hand-moved clock goes a step at a time, and the
     * adapter catches up after each step.
     */
    const advance = async (ms: number) => {
      if (fake) return void (await vi.advanceTimersByTimeAsync(ms))
      for (let moved = 0; moved < ms; moved += STEP_MS) {
        vi.setSystemTime(Date.now() + Math.min(STEP_MS, ms - moved))
        await caughtUp()
      }
      // Lets what the adapter was doing settle (stop, a failed run's report) before the test looks.
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
    /** Waits until `check` holds, letting up to `intervals` intervals pass. */
    const eventually = async (check: () => void, intervals = 1) => {
      if (fake) {
        await advance(intervals * INTERVAL_MS)
        check()
        return
      }
      const holds = () => {
        try {
          check()
          return true
        } catch {
          return false
        }
      }
      await caughtUp()
      for (let moved = 0; moved < intervals * INTERVAL_MS && !holds(); moved += STEP_MS) await advance(STEP_MS)
      // What started is reported as it ends: wait for the signal itself, not for time.
      await until(holds, 'the expected runs')
      check()
    }
    /** Runs counted over a window. */
    const expectRuns = (actual: number, expected: number) => expect(actual).toBe(expected)
    // The cadence test: two tasks and a window, as fractions of the interval (on the clock, multiples of its step).
    const cadence = fake
      ? { fast: INTERVAL_MS / 10, slow: INTERVAL_MS / 4, window: INTERVAL_MS }
      : { fast: INTERVAL_MS / 4, slow: (5 * INTERVAL_MS) / 8, window: (5 * INTERVAL_MS) / 2 }

    describe('a registered task runs on its interval', () => {
      it('nothing runs before start', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        scheduler.register(task)
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(0)
      })

      it('after start, it runs within one interval and then once per interval', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        scheduler.register(task)
        await scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1))
        const first = task.started
        await advance(3 * INTERVAL_MS)
        expectRuns(task.started - first, 3)
      })

      it('each task keeps its own cadence', async () => {
        const fast = countingTask('fast', cadence.fast)
        const slow = countingTask('slow', cadence.slow)
        scheduler.register(fast)
        scheduler.register(slow)
        await scheduler.start()
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
        scheduler.register(task)
        await scheduler.start()
        await scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1))
        const first = task.started
        await advance(3 * INTERVAL_MS)
        expectRuns(task.started - first, 3)
      })

      it('ticks that fall while a run is still going are skipped; the next tick after it ends runs', async () => {
        const task = countingTask('slow-sweep', INTERVAL_MS)
        task.holding = true
        scheduler.register(task)
        await scheduler.start()
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
        scheduler.register(stuck)
        scheduler.register(other)
        await scheduler.start()
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
        scheduler.register(task)
        await scheduler.start()
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
        scheduler.register(task)
        await scheduler.start()
        await eventually(() => expect(reported.length).toBeGreaterThanOrEqual(2), 2)
        expect(reported.every((report) => report.task === 'broken' && report.error === failure)).toBe(true)
      })
    })

    describe('stop stops', () => {
      it('no run starts after stop', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        scheduler.register(task)
        await scheduler.start()
        await eventually(() => expect(task.started).toBeGreaterThanOrEqual(1), 2)
        await scheduler.stop()
        const stoppedAt = task.started
        await advance(10 * INTERVAL_MS)
        expect(task.started).toBe(stoppedAt)
      })

      it('stop resolves only once the runs in progress have finished (a graceful shutdown does not cut a sweep short)', async () => {
        const task = countingTask('sweep', INTERVAL_MS)
        task.holding = true
        scheduler.register(task)
        await scheduler.start()
        await eventually(() => expect(task.active).toBe(1))
        let stopped = false
        const stopping = scheduler.stop().then(() => {
          stopped = true
        })
        await advance(0)
        expect(stopped).toBe(false)
        task.releaseAll()
        await stopping
        expect(task.active).toBe(0)
      })

      it('stop before start, or twice, is harmless', async () => {
        await scheduler.stop()
        const task = countingTask('sweep', INTERVAL_MS)
        scheduler.register(task)
        await scheduler.start()
        await scheduler.stop()
        await scheduler.stop()
        await advance(5 * INTERVAL_MS)
        expect(task.started).toBe(0)
      })
    })
  })
}
