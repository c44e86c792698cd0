import type { PeriodicTask, SchedulerPort } from '../../../core/ports/scheduler.js'

/**
 * Embedded scheduler: timers in this process. A task never overlaps itself;
 * a failing run is reported and the next tick tries again. `stop` waits for the
 * runs in progress, so that a shutdown does not cut a sweep short.
 */
export class InProcessScheduler implements SchedulerPort {
  private readonly tasks: PeriodicTask[] = []
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Map<string, Promise<void>>()

  constructor(private readonly onError: (task: string, error: unknown) => void = () => {}) {}

  register(task: PeriodicTask): void {
    this.tasks.push(task)
  }

  async start(): Promise<void> {
    if (this.timers.length > 0) return
    for (const task of this.tasks) {
      const timer = setInterval(() => void this.tick(task), task.intervalMs)
      timer.unref()
      this.timers.push(timer)
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
    try {
      await task.run()
    } catch (error) {
      this.onError(task.name, error)
    }
  }
}
