import type { BackgroundJob } from './background-job.js'

/** A clock pinned at a moment, moved by the loop below. */
const fixedClock = (at: Date) => ({ now: () => at })

/**
 * Walks one sandbox account's clock from `from` to `to`, stopping at every
 * moment work falls due, so that each job sees the world exactly as it would
 * have in real time (thresholds fire in order, cadence tightens on time).
 * Returns the number of items handled.
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
  for (;;) {
    const scope = { accountId, clock: fixedClock(now), settle: true }
    for (const job of jobs) handled += await job.run(scope)
    if (now.getTime() >= to.getTime() || steps >= maxSteps) break
    const dueTimes = await Promise.all(jobs.map((job) => job.nextDueAt(scope, now)))
    const next = dueTimes
      .filter((due): due is Date => due !== null && due.getTime() > now.getTime())
      .reduce((earliest, due) => Math.min(earliest, due.getTime()), to.getTime())
    now = new Date(Math.min(next, to.getTime()))
    steps += 1
  }
  return { handled, steps }
}
