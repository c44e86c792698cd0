import { clockOfAccount } from '../core/account/sandbox-time.js'
import type { BackgroundScope } from '../core/background/background-job.js'
import type { LoggerPort } from '../core/ports/logger.js'
import type { MetricsPort } from '../core/ports/metrics.js'
import type { Application, Surface } from './composition-root.js'

/**
 * A job's run failed for one account (null: the run for all accounts). Carries the account to the scheduler's
 * report, so that the log line names it; the message stays the cause's (Agenda records it as the job's failReason).
 */
export class BackgroundJobFailure extends Error {
  constructor(
    readonly accountId: string | null,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.name = 'BackgroundJobFailure'
  }
}

/** The schedulers' error report: one line per failure, with the task as `job` and the account it ran for. */
export const reportBackgroundFailure =
  (logger: LoggerPort) =>
  (task: string, error: unknown): void => {
    const failure = error instanceof BackgroundJobFailure ? error : null
    logger.error(
      { job: task, accountId: failure?.accountId ?? null, err: failure === null ? error : failure.cause },
      'background job failed',
    )
  }

/** A job's run, counted by outcome and timed (`background_job_runs_total`, `background_job_duration_seconds`). */
const measured = (metrics: MetricsPort, job: string, run: () => Promise<void>) => async (): Promise<void> => {
  const startedMs = performance.now()
  let outcome = 'failed'
  try {
    await run()
    outcome = 'succeeded'
  } finally {
    metrics.increment('background_job_runs_total', { job, outcome })
    metrics.observe('background_job_duration_seconds', (performance.now() - startedMs) / 1000, { job })
  }
}

/**
 * Turns each surface's background jobs into periodic scheduler tasks. Production
 * runs a job once for all accounts on the real clock; the sandbox runs it per
 * account, each at its own (possibly advanced) clock.
 */
export const registerBackgroundTasks = (application: Application): void => {
  const { scheduler, clock, accountRepository } = application
  const register = (surface: Surface) => {
    for (const job of surface.backgroundJobs) {
      const runFor = async (scope: BackgroundScope) => {
        try {
          await job.run(scope)
        } catch (error) {
          throw new BackgroundJobFailure(scope.accountId, error)
        }
      }
      const name = `${surface.livemode ? 'live' : 'test'}:${job.name}`
      scheduler.register({
        name,
        intervalMs: job.intervalMs,
        run: measured(application.metrics, name, async () => {
          if (surface.livemode) {
            await runFor({ accountId: null, clock })
            return
          }
          for (const account of await accountRepository.listAccounts()) {
            await runFor({ accountId: account.id, clock: clockOfAccount(account, clock, false) })
          }
        }),
      })
    }
  }
  register(application.surfaces.live)
  register(application.surfaces.test)
}
