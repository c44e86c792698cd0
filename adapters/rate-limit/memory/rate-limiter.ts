import type { RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'

/**
 * The request times counted in one bucket's rolling window, oldest first, as
 * distinct times and how many requests each holds: a busy key counts tens of
 * requests in the same millisecond, so the log holds at most one entry per
 * millisecond of the window however many requests it counts (an array of every
 * request's time grew to tens of thousands of numbers, reallocated and copied
 * as it went). Expired times leave from the front by moving a start index
 * (compacted now and then), so that counting a request costs the same with 100
 * or 100,000 in the window. The decisions are those of the log of every time.
 */
class SlidingLog {
  private stamps: number[] = []
  private counts: number[] = []
  private start = 0
  /** The requests counted in the entries from `start` on. */
  private counted = 0
  /** The window the bucket was last counted in: a log whose newest time is older than that holds nothing that counts. */
  windowMs = 0

  get size(): number {
    return this.counted
  }

  /** The newest counted time, if any. */
  get newest(): number | undefined {
    return this.stamps.length > this.start ? this.stamps[this.stamps.length - 1] : undefined
  }

  /** The time of the i-th counted request, oldest first. */
  at(index: number): number | undefined {
    if (index < 0) return undefined
    let remaining = index
    for (let entry = this.start; entry < this.stamps.length; entry++) {
      const count = this.counts[entry] ?? 0
      if (remaining < count) return this.stamps[entry]
      remaining -= count
    }
    return undefined
  }

  /** Forgets every time at or before `cutoff`. */
  expire(cutoff: number): void {
    const { stamps, counts } = this
    let start = this.start
    for (; start < stamps.length; start++) {
      const stamp = stamps[start]
      if (stamp === undefined || stamp > cutoff) break
      this.counted -= counts[start] ?? 0
    }
    if (start === stamps.length) {
      this.stamps = []
      this.counts = []
      this.start = 0
      this.counted = 0
    } else if (start > 1024 && start * 2 > stamps.length) {
      this.stamps = stamps.slice(start)
      this.counts = counts.slice(start)
      this.start = 0
    } else {
      this.start = start
    }
  }

  /** Counts a time, kept in order even if the clock stepped back. */
  add(stamp: number): void {
    const { stamps, counts } = this
    this.counted++
    let index = stamps.length
    for (; index > this.start; index--) {
      const previous = stamps[index - 1]
      if (previous === undefined || previous <= stamp) break
    }
    // Another request at a time already counted: one more at that entry.
    if (index > this.start && stamps[index - 1] === stamp) {
      counts[index - 1] = (counts[index - 1] ?? 0) + 1
    } else if (index === stamps.length) {
      stamps.push(stamp)
      counts.push(1)
    } else {
      stamps.splice(index, 0, stamp)
      counts.splice(index, 0, 1)
    }
  }
}

/**
 * The concurrency slots held in one bucket: slot numbers and when their leases
 * end, in two arrays. A request takes a slot and gives it back within
 * microseconds, so a bucket is mostly empty: arrays grow and shrink in place,
 * where a Map would reallocate its table as entries come and go.
 */
class HeldSlots {
  private readonly slots: number[] = []
  private readonly leaseEnds: number[] = []

  get size(): number {
    return this.slots.length
  }

  add(slot: number, leaseEnd: number): void {
    this.slots.push(slot)
    this.leaseEnds.push(leaseEnd)
  }

  /** Gives a slot back; nothing happens when it is not held (released already, or its lease ended). */
  remove(slot: number): void {
    const index = this.slots.indexOf(slot)
    if (index !== -1) this.removeAt(index)
  }

  /** Drops every slot whose lease ended at or before `at` (holders that never released). */
  expire(at: number): void {
    for (let index = this.slots.length - 1; index >= 0; index--) {
      const leaseEnd = this.leaseEnds[index]
      if (leaseEnd !== undefined && leaseEnd <= at) this.removeAt(index)
    }
  }

  /** Moves the last slot into the gap: the order of held slots does not matter. */
  private removeAt(index: number): void {
    const lastSlot = this.slots.pop()
    const lastLeaseEnd = this.leaseEnds.pop()
    if (index < this.slots.length && lastSlot !== undefined && lastLeaseEnd !== undefined) {
      this.slots[index] = lastSlot
      this.leaseEnds[index] = lastLeaseEnd
    }
  }
}

/** How many requests are counted between two sweeps for idle buckets. */
const PRUNE_EVERY = 1024

/**
 * Sliding-log limiter in process memory: exact rolling windows. Good for one
 * node; a multi-node deployment uses the MongoDB adapter instead. Buckets that
 * hold nothing any more (every counted time left its window, every slot was
 * given back) are forgotten by a sweep every 1,024 counted requests, so that a
 * stream of one-off callers (the per-address buckets of unauthenticated
 * requests) does not grow the process without end; a forgotten bucket starts
 * again empty, which is what it held.
 */
export class MemoryRateLimiter implements RateLimiterPort {
  private readonly logs = new Map<string, SlidingLog>()
  private readonly slots = new Map<string, HeldSlots>()
  private slotSequence = 0
  private countedSincePrune = 0

  /** Buckets held in memory (windows and slot sets): what the sweep keeps bounded. */
  get bucketCount(): number {
    return this.logs.size + this.slots.size
  }

  // All three answer at once (see `MaybePromise`): every request calls them.
  consume(bucket: string, limit: number, windowMs: number, now: Date): RateDecision {
    const at = now.getTime()
    let log = this.logs.get(bucket)
    if (log === undefined) {
      log = new SlidingLog()
      this.logs.set(bucket, log)
    }
    if (++this.countedSincePrune >= PRUNE_EVERY) this.prune(at)
    log.windowMs = windowMs
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
      held = new HeldSlots()
      this.slots.set(bucket, held)
    }
    // Expired leases (holders that never released) only matter when they would refuse this request, so they are
    // swept then rather than on every acquire: the same decisions, without a walk over every held slot each time.
    if (held.size >= max) held.expire(at)
    if (held.size >= max) return null
    const slot = ++this.slotSequence
    held.add(slot, at + leaseMs)
    return String(slot)
  }

  releaseSlot(bucket: string, slot: string): void {
    const number = Number(slot)
    if (Number.isInteger(number)) this.slots.get(bucket)?.remove(number)
  }

  /** Forgets the buckets that hold nothing at `at`. */
  private prune(at: number): void {
    this.countedSincePrune = 0
    for (const [bucket, log] of this.logs) {
      const newest = log.newest
      if (newest === undefined || newest <= at - log.windowMs) this.logs.delete(bucket)
    }
    for (const [bucket, held] of this.slots) {
      held.expire(at)
      if (held.size === 0) this.slots.delete(bucket)
    }
  }
}
