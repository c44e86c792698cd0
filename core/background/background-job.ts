import type { Clock } from '../ports/clock.js'

/**
 * Background work of one kind (departure recomputes, reminder firing, webhook
 * retries...). The work is found by due time, so a job can be run for the whole
 * surface on a timer, or for one sandbox account at its own clock.
 */
export interface BackgroundScope {
  /** Limits the run to one account (sandbox clocks are per account); null for all. */
  readonly accountId: string | null
  readonly clock: Clock
  /** Wait for all work a run starts before returning (sandbox clock walks); otherwise slow work may finish in the background. */
  readonly settle?: boolean
}

export interface BackgroundJob {
  readonly name: string
  /** Cadence of the periodic sweep on a real clock. */
  readonly intervalMs: number
  /**
   * Carries out what the jobs before it write (the webhook deliveries of a recompute): a sandbox clock walk runs it
   * at every stop where a job before it handled something, so the work is done at the moment it was written.
   */
  readonly followsOthers?: boolean
  /** Handles everything due at `scope.clock.now()`; returns how many items it handled. */
  run(scope: BackgroundScope): Promise<number>
  /** The earliest moment after `after` when something becomes due, or null. */
  nextDueAt(scope: BackgroundScope, after: Date): Promise<Date | null>
}
