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

export interface SchedulerPort {
  register(task: PeriodicTask): void
  start(): Promise<void>
  stop(): Promise<void>
}
