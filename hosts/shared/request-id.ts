import type { RandomSource } from '../../core/ports/id-generator.js'

/**
 * A new request id, for every answer of the HTTP host (before or without its hook too) and the voice gateway:
 * `req_` and 24 hex digits, 12 of the time in milliseconds, then 12 random ones (48 bits). In time order, so that
 * the request logs' index of request ids grows at its end: a random id lands anywhere in it, and each such insert
 * cost about 20 µs of CPU at a million logged requests (docs/performance.md).
 */
export const newRequestId = (random: RandomSource, nowMs: number = Date.now()): string =>
  `req_${nowMs.toString(16).padStart(12, '0')}${random.token(6)}`
