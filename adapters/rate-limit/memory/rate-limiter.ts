import type { RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'

/**
 * The request times counted in one bucket's rolling window, oldest first. Expired
 * times leave from the front by moving a start index (compacted now and then),
 * so that counting a request costs the same with 100 or 100,000 in the window.
 */
class SlidingLog {
  private stamps: number[] = []
  private start = 0

  get size(): number {
    return this.stamps.length - this.start
  }

  /** The i-th counted time, oldest first. */
  at(index: number): number | undefined {
    return this.stamps[this.start + index]
  }

  /** Forgets every time at or before `cutoff`. */
  expire(cutoff: number): void {
    const { stamps } = this
    let start = this.start
    while (start < stamps.length && stamps[start]! <= cutoff) start++
    if (start === stamps.length) {
      this.stamps = []
      this.start = 0
    } else if (start > 1024 && start * 2 > stamps.length) {
      this.stamps = stamps.slice(start)
      this.start = 0
    } else {
      this.start = start
    }
  }

  /** Counts a time, kept in order even if the clock stepped back. */
  add(stamp: number): void {
    const { stamps } = this
    let index = stamps.length
    while (index > this.start && stamps[index - 1]! > stamp) index--
    if (index === stamps.length) stamps.push(stamp)
    else stamps.splice(index, 0, stamp)
  }
}

/**
 * Sliding-log limiter in process memory: exact rolling windows. Good for one
 * node; a multi-node deployment uses the MongoDB adapter instead.
 */
export class MemoryRateLimiter implements RateLimiterPort {
  private readonly logs = new Map<string, SlidingLog>()
  private readonly slots = new Map<string, Map<string, number>>()
  private slotSequence = 0

  // All three answer at once (see `MaybePromise`): every request calls them.
  consume(bucket: string, limit: number, windowMs: number, now: Date): RateDecision {
    const at = now.getTime()
    let log = this.logs.get(bucket)
    if (log === undefined) {
      log = new SlidingLog()
      this.logs.set(bucket, log)
    }
    log.expire(at - windowMs)
    const allowed = log.size < limit
    if (allowed) log.add(at)
    const oldest = log.at(0) ?? at
    const resetAt = new Date(oldest + windowMs)
    // When refused, the earliest retry is when enough stamps leave the window to make room.
    const retryAfterMs = allowed ? 0 : Math.max(1, (log.at(log.size - limit) ?? oldest) + windowMs - at)
    return { allowed, limit, remaining: Math.max(0, limit - log.size), resetAt, retryAfterMs }
  }

  acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): string | null {
    const at = now.getTime()
    let held = this.slots.get(bucket)
    if (held === undefined) {
      held = new Map<string, number>()
      this.slots.set(bucket, held)
    }
    // Expired leases (holders that never released) only matter when they would refuse this request, so they are
    // swept then rather than on every acquire: the same decisions, without a walk over every held slot each time.
    if (held.size >= max) for (const [slot, expiresAt] of held) if (expiresAt <= at) held.delete(slot)
    if (held.size >= max) return null
    const slot = `slot_${++this.slotSequence}`
    held.set(slot, at + leaseMs)
    return slot
  }

  releaseSlot(bucket: string, slot: string): void {
    this.slots.get(bucket)?.delete(slot)
  }
}
