/** Exponential backoff: attempt n waits about `baseDelayMs * 2^(n-1)`, capped, with jitter. */
export interface RetryPolicy {
  /** Total attempts, the first one included. */
  readonly maxAttempts: number
  readonly baseDelayMs: number
  readonly maxDelayMs: number
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 5_000 }

/** What one attempt produced: a final value, or a failure worth trying again. */
export type AttemptOutcome<T, F> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'retryable'; readonly failure: F; readonly retryAfterMs?: number }

export interface RetryEnvironment {
  readonly sleep: (ms: number) => Promise<void>
  /** A float in [0, 1), for jitter. */
  readonly random: () => number
}

export const realRetryEnvironment: RetryEnvironment = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
}

/**
 * The wait before retry number `retry` (1-based): half fixed, half random
 * ("equal jitter") so that many clients do not retry in lockstep. A server's
 * `Retry-After` is honoured up to the cap.
 */
export const backoffDelayMs = (policy: RetryPolicy, retry: number, random: number, retryAfterMs?: number): number => {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  const jittered = exponential / 2 + (random * exponential) / 2
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0))
}

export type RetryResult<T, F> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: F }

/** Runs `attempt` until it is done or the attempts are used up; returns the last failure then. */
export const retryWithBackoff = async <T, F>(
  attempt: (attemptNumber: number) => Promise<AttemptOutcome<T, F>>,
  policy: RetryPolicy,
  environment: RetryEnvironment = realRetryEnvironment,
): Promise<RetryResult<T, F>> => {
  for (let attemptNumber = 1; ; attemptNumber++) {
    const outcome = await attempt(attemptNumber)
    if (outcome.kind === 'done') return { ok: true, value: outcome.value }
    if (attemptNumber >= policy.maxAttempts) return { ok: false, failure: outcome.failure }
    await environment.sleep(backoffDelayMs(policy, attemptNumber, environment.random(), outcome.retryAfterMs))
  }
}
