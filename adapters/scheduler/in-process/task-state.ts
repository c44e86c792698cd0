/**
 * Where the in-process scheduler keeps each periodic task's state between starts, so that its cadence survives a
 * restart (a sweep overdue when the process comes back runs at once, not an interval later) and two processes on
 * one data directory never run one task at once (a lease). The embedded storage keeps it in SQLite.
 */
export interface TaskStateStore {
  /** When the task last started (epoch milliseconds, any process), or null if it never ran. */
  lastStartedAt(name: string): number | null
  /**
   * Takes the task's lease until `leaseUntil` and records the start at `now`, unless another owner holds an
   * unexpired lease: then false, and nothing changes. The owner renews by taking it again.
   */
  tryLease(name: string, intervalMs: number, owner: string, now: number, leaseUntil: number): boolean
  /** Records the end of the owner's run (and its error, if it failed) and gives the lease back. */
  finish(name: string, owner: string, now: number, error: string | null): void
}
