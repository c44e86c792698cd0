import type { PeriodicTask, SchedulerPort } from '../../../core/ports/scheduler.js'

/**
 * Embedded scheduler: timers in this process. A task never overlaps itself;
 * a failing run is reported and the next tick tries again.
 */
export class InProcessScheduler implements SchedulerPort {
  private readonly tasks: PeriodicTask[] = []
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Set<string>()

  constructor(private readonly onError: (task: string, error: unknown) => void = () => {}) {}

  register(task: PeriodicTask): void {
    this.tasks.push(task)
  }

  async start(): Promise<void> {
    for (const task of this.tasks) {
      const timer = setInterval(() => void this.tick(task), task.intervalMs)
      timer.unref()
      this.timers.push(timer)
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer)
  }

  /** Runs a task now unless it is already running (used by tests and by start-up). */
  async tick(task: PeriodicTask): Promise<void> {
    if (this.running.has(task.name)) return
    this.running.add(task.name)
    try {
      await task.run()
    } catch (error) {
      this.onError(task.name, error)
    } finally {
      this.running.delete(task.name)
    }
  }
}
