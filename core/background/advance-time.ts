import type { BackgroundJob } from './background-job.js'

/** A clock pinned at a moment, moved by the loop below. */
const fixedClock = (at: Date) => ({ now: () => at })

/** Before every due moment a job can hold: asking for the next due moment after it finds work already due. */
const BEGINNING = new Date(0)

/**
 * Walks one sandbox account's clock from `from` to `to`, stopping at every
 * moment work falls due, so that each job sees the world exactly as it would
 * have in real time (thresholds fire in order, cadence tightens on time).
 * Returns the number of items handled.
 *
 * The first and the last stop run every job. Between them, a job runs at a stop when it holds work due by then (its
 * earliest due moment, asked after each stop, is not later than the stop), and a job that `followsOthers` also when
 * a job before it in the same stop handled something (the webhook deliveries of a recompute go out in the stop that
 * wrote them). Other work a job writes for a job listed after it is due at once, so it is done at the next stop. A
 * walk of hours stops hundreds of times, mostly for one kind of work, so this skips most runs, each one or more
 * storage queries; a job with nothing due would have handled nothing there.
 */
export const runDueWorkUntil = async (
  jobs: readonly BackgroundJob[],
  accountId: string,
  from: Date,
  to: Date,
  maxSteps = 100_000,
): Promise<{ readonly handled: number; readonly steps: number }> => {
  let now = from
  let handled = 0
  let steps = 0
  /** Each job's earliest due moment, asked after the stop before; undefined before the first stop. */
  let earliest: readonly (Date | null)[] | undefined
  for (;;) {
    const scope = { accountId, clock: fixedClock(now), settle: true }
    const last = now.getTime() >= to.getTime() || steps >= maxSteps
    let handledHere = 0
    for (const [index, job] of jobs.entries()) {
      const due = earliest?.[index] ?? null
      const runs =
        earliest === undefined ||
        last ||
        (due !== null && due <= now) ||
        (job.followsOthers === true && handledHere > 0)
      if (runs) handledHere += await job.run(scope)
    }
    handled += handledHere
    if (last) break
    const at = now
    earliest = await Promise.all(jobs.map((job) => job.nextDueAt(scope, BEGINNING)))
    // The next stop: the earliest moment after this one when any job has work due. A job that still holds work due
    // now (a batch left over) runs at the next stop; when it also has later work, that moment is asked for apart.
    const later = await Promise.all(
      jobs.map((job, index) => {
        const due = earliest?.[index] ?? null
        return due !== null && due <= at ? job.nextDueAt(scope, at) : due
      }),
    )
    const next = later
      .filter((due): due is Date => due !== null && due.getTime() > at.getTime())
      .reduce((soonest, due) => Math.min(soonest, due.getTime()), to.getTime())
    now = new Date(Math.min(next, to.getTime()))
    steps += 1
  }
  return { handled, steps }
}
