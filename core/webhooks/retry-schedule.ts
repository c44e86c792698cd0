import type { RandomSource } from '../ports/id-generator.js'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * "Retried up to 24 times over 72 hours" (docs/spec-map.md, "Webhooks"): after the first attempt,
 * up to 24 retries. Nominal offsets from the first attempt grow geometrically
 * from 1 minute to 70 hours; each gets ±10 % of its preceding gap as jitter, so
 * the schedule stays strictly increasing, the first retry comes within 5
 * minutes, and the last one before 72 hours.
 */
export const MAX_RETRIES = 24
export const FIRST_RETRY_MS = MINUTE_MS
export const LAST_RETRY_MS = 70 * HOUR_MS
export const RETRY_HORIZON_MS = 72 * HOUR_MS
const JITTER = 0.1

/** The growth ratio r with FIRST_RETRY_MS * (r^24 - 1) / (r - 1) = LAST_RETRY_MS, by bisection. */
const growth = (() => {
  let low = 1.0001
  let high = 3
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2
    const total = (FIRST_RETRY_MS * (mid ** MAX_RETRIES - 1)) / (mid - 1)
    if (total > LAST_RETRY_MS) high = mid
    else low = mid
  }
  return (low + high) / 2
})()

/** Nominal offset of retry `n` (1-based) from the first attempt, without jitter. */
export const nominalRetryOffsetMs = (n: number): number =>
  n <= 0 ? 0 : (FIRST_RETRY_MS * (growth ** n - 1)) / (growth - 1)

/** When retry `n` (1..24) happens, relative to the first attempt; null after the last one. */
export const retryOffsetMs = (n: number, random: RandomSource): number | null => {
  if (n < 1 || n > MAX_RETRIES) return null
  const nominal = nominalRetryOffsetMs(n)
  const gap = nominal - nominalRetryOffsetMs(n - 1)
  return Math.round(nominal + (random.float() * 2 - 1) * JITTER * gap)
}

/** The retry after `attemptsMade` attempts (the first one included), or null when the delivery gives up. */
export const nextRetryAt = (firstAttemptAt: Date, attemptsMade: number, random: RandomSource): Date | null => {
  const offset = retryOffsetMs(attemptsMade, random)
  return offset === null ? null : new Date(firstAttemptAt.getTime() + offset)
}

/** An endpoint that failed every delivery for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 72 * HOUR_MS

export const shouldDisableEndpoint = (failingSince: Date | null, now: Date): boolean =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS
