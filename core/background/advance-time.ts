import type { BackgroundJob } from './background-job.js'

/** A clock pinned at a moment, moved by the loop below. */
const fixedClock = (at: Date) => ({ now: () => at })

/**
 * Walks one sandbox account's clock from `from` to `to`, stopping at every
 * moment work falls due, so that each job sees the world exactly as it would
 * have in real time (thresholds fire in order, cadence tightens on time).
 * Returns the number of items handled.
 *
 * At each stop the jobs run in their order; a job runs there when something of its own is due by then, or when a
 * job before it in the same stop handled something (which may have made work for it: the webhook deliveries of a
 * recompute are delivered in the stop that wrote them). The first and the last stop run every job. A job's next due
 * moment is asked again only after a stop that handled something: otherwise nothing it reads has changed. A walk of
 * hours stops hundreds of times, mostly for one kind of work, so this skips most runs, each a storage query.
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
  /** Each job's next due moment as last asked; null: nothing due. */
  let dueTimes: (Date | null)[] | undefined
  for (;;) {
    const scope = { accountId, clock: fixedClock(now), settle: true }
    const last = now.getTime() >= to.getTime() || steps >= maxSteps
    let handledHere = 0
    for (const [index, job] of jobs.entries()) {
      const due = dueTimes?.[index]
      const isDue = dueTimes === undefined || last || handledHere > 0 || (due != null && due <= now)
      if (isDue) handledHere += await job.run(scope)
    }
    handled += handledHere
    if (last) break
    if (dueTimes === undefined || handledHere > 0)
      dueTimes = await Promise.all(jobs.map((job) => job.nextDueAt(scope, now)))
    else {
      // Nothing changed in this stop: only the jobs that were due (and handled nothing) are asked again.
      const known = dueTimes
      dueTimes = await Promise.all(
        jobs.map((job, index) => {
          const due = known[index] ?? null
          return due !== null && due <= now ? job.nextDueAt(scope, now) : due
        }),
      )
    }
    const next = (dueTimes ?? [])
      .filter((due): due is Date => due != null && due.getTime() > now.getTime())
      .reduce((earliest, due) => Math.min(earliest, due.getTime()), to.getTime())
    now = new Date(Math.min(next, to.getTime()))
    steps += 1
  }
  return { handled, steps }
}
