/**
 * Runs periodic sweeps. The work itself is found by due-time queries (for
 * example `next_recalc_at <= now`), so one sweep serves any number of records;
 * an adapter only guarantees that each sweep runs on its cadence, once at a
 * time across the deployment.
 */
export interface PeriodicTask {
  readonly name: string
  readonly intervalMs: number
  run(): Promise<void>
}

/**
 * A task runs every `intervalMs` after `start` (starting twice changes nothing)
 * and never overlaps itself; a failed run is reported and the next tick runs.
 * `stop` cancels future runs and resolves once the runs in progress have finished.
 */
export interface SchedulerPort {
  register(task: PeriodicTask): void
  start(): Promise<void>
  stop(): Promise<void>
}
