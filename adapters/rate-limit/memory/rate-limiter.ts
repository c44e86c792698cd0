import type { RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'

/**
 * Sliding-log limiter in process memory: exact rolling windows. Good for one
 * node; a multi-node deployment uses the MongoDB adapter instead.
 */
export class MemoryRateLimiter implements RateLimiterPort {
  private readonly logs = new Map<string, number[]>()
  private readonly slots = new Map<string, Map<string, number>>()
  private slotSequence = 0

  async consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateDecision> {
    const at = now.getTime()
    const log = (this.logs.get(bucket) ?? []).filter((stamp) => stamp > at - windowMs)
    const allowed = log.length < limit
    if (allowed) log.push(at)
    this.logs.set(bucket, log)
    const oldest = log[0] ?? at
    const resetAt = new Date(oldest + windowMs)
    // When refused, the earliest retry is when enough stamps leave the window to make room.
    const retryAfterMs = allowed ? 0 : Math.max(1, (log[log.length - limit] ?? oldest) + windowMs - at)
    return { allowed, limit, remaining: Math.max(0, limit - log.length), resetAt, retryAfterMs }
  }

  async acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): Promise<string | null> {
    const at = now.getTime()
    const held = this.slots.get(bucket) ?? new Map<string, number>()
    for (const [slot, expiresAt] of held) if (expiresAt <= at) held.delete(slot)
    if (held.size >= max) return null
    const slot = `slot_${++this.slotSequence}`
    held.set(slot, at + leaseMs)
    this.slots.set(bucket, held)
    return slot
  }

  async releaseSlot(bucket: string, slot: string): Promise<void> {
    this.slots.get(bucket)?.delete(slot)
  }
}
