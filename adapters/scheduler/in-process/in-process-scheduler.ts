import { randomBytes } from 'node:crypto'
import type { PeriodicTask, SchedulerPort } from '../../../core/ports/scheduler.js'
import type { TaskStateStore } from './task-state.js'

export interface PersistentTaskOptions {
  readonly store: TaskStateStore
  /** How long a run holds its task without a renewal (renewed every third of it while it runs). */
  readonly leaseMs: number
}

/**
 * Embedded scheduler: timers in this process. A task never overlaps itself;
 * a failing run is reported and the next tick tries again. `stop` waits for the
 * runs in progress, so that a shutdown does not cut a sweep short.
 *
 * With a `TaskStateStore` (the embedded SQLite storage), each task's last start and a lease are stored: after a
 * restart a task continues its cadence (one overdue runs at once), and a second process on the same data runs
 * none of the tasks the first is running.
 */
export class InProcessScheduler implements SchedulerPort {
  private readonly tasks: PeriodicTask[] = []
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Map<string, Promise<void>>()
  private readonly owner = `${process.pid}:${randomBytes(4).toString('hex')}`

  constructor(
    private readonly onError: (task: string, error: unknown) => void = () => {},
    private readonly persistent: PersistentTaskOptions | null = null,
  ) {}

  register(task: PeriodicTask): void {
    this.tasks.push(task)
  }

  async start(): Promise<void> {
    if (this.timers.length > 0) return
    for (const task of this.tasks) {
      const firstRunIn = this.firstRunIn(task)
      if (firstRunIn === null) this.repeat(task)
      else {
        const first = setTimeout(() => {
          this.repeat(task)
          void this.tick(task)
        }, firstRunIn)
        first.unref()
        this.timers.push(first)
      }
    }
  }

  private repeat(task: PeriodicTask): void {
    const timer = setInterval(() => void this.tick(task), task.intervalMs)
    timer.unref()
    this.timers.push(timer)
  }

  /** With stored state, when the task's next run is due after its last start (0: overdue); null: a full interval. */
  private firstRunIn(task: PeriodicTask): number | null {
    if (this.persistent === null) return null
    try {
      const last = this.persistent.store.lastStartedAt(task.name)
      return last === null ? null : Math.max(0, last + task.intervalMs - Date.now())
    } catch (error) {
      this.onError(task.name, error)
      return null
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer)
    await Promise.all(this.running.values())
  }

  /** Runs a task now unless it is already running (used by tests and by start-up). */
  async tick(task: PeriodicTask): Promise<void> {
    if (this.running.has(task.name)) return
    const run = this.runReportingErrors(task)
    this.running.set(task.name, run)
    try {
      await run
    } finally {
      this.running.delete(task.name)
    }
  }

  private async runReportingErrors(task: PeriodicTask): Promise<void> {
    if (this.persistent === null) {
      try {
        await task.run()
      } catch (error) {
        this.onError(task.name, error)
      }
      return
    }
    await this.runLeased(task, this.persistent)
  }

  /** Runs the task under its stored lease (renewed while it runs), recording its start and end; skips it when another process holds it. */
  private async runLeased(task: PeriodicTask, { store, leaseMs }: PersistentTaskOptions): Promise<void> {
    const lease = () => {
      const now = Date.now()
      return store.tryLease(task.name, task.intervalMs, this.owner, now, now + leaseMs)
    }
    let error: unknown = null
    try {
      if (!lease()) return
    } catch (failure) {
      this.onError(task.name, failure)
      return
    }
    const renewal = setInterval(
      () => {
        try {
          if (!lease()) this.onError(task.name, new Error(`lost the lease of task ${task.name} to another process`))
        } catch (failure) {
          this.onError(task.name, failure)
        }
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    )
    renewal.unref()
    try {
      await task.run()
    } catch (failure) {
      error = failure
      this.onError(task.name, failure)
    } finally {
      clearInterval(renewal)
      try {
        store.finish(task.name, this.owner, Date.now(), error === null ? null : String(error))
      } catch (failure) {
        this.onError(task.name, failure)
      }
    }
  }
}
