/**
 * Waits `ms` milliseconds, or until `signal` aborts (then it may never settle). The routing deadlines run on it, so
 * that tests control them with a signal of their own instead of the wall clock.
 */
export type DeadlineWait = (ms: number, signal: AbortSignal) => Promise<void>

/** `setTimeout`, cleared when the answer came first; unref'd, so a pending deadline never holds the process open. */
export const timerWait: DeadlineWait = (ms, signal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    timer.unref?.()
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })

/** `ROUTING_DEADLINE_MS`: a routing lookup answers within it, its sources' timeouts and retries included. */
export interface RoutingDeadline {
  readonly afterMs: number
  readonly wait?: DeadlineWait
}

const EXPIRED: unique symbol = Symbol('deadline expired')

/** What a source's answer turned out to be against the deadline. */
export type WithinDeadline<T> = { readonly inTime: true; readonly answer: T } | { readonly inTime: false }

/**
 * Races `answer` against the deadline (none: waits for the answer). The deadline's wait is called off when the
 * answer comes first; an answer that comes later is the caller's to drop (`answer` keeps running: a fetch in flight
 * is not cancelled, its result is just not used).
 */
export const raceDeadline = async <T>(
  answer: Promise<T>,
  deadline: RoutingDeadline | undefined,
): Promise<WithinDeadline<T>> => {
  if (deadline === undefined) return { inTime: true, answer: await answer }
  const answered = new AbortController()
  const expired = (deadline.wait ?? timerWait)(deadline.afterMs, answered.signal).then(() => EXPIRED)
  const first = await Promise.race([answer, expired])
  if (first === EXPIRED) return { inTime: false }
  answered.abort()
  return { inTime: true, answer: first as T }
}
