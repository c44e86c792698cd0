import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MemoryRateLimiter } from '../../../adapters/rate-limit/memory/rate-limiter.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.contract.js'

rateLimiterContract('MemoryRateLimiter', () => ({ limiter: new MemoryRateLimiter() }))

describe('MemoryRateLimiter forgets idle buckets', () => {
  const WINDOW_MS = 1_000
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms)

  it('a stream of one-off callers does not grow it without end; buckets still in their window are kept', () => {
    const limiter = new MemoryRateLimiter()
    for (let caller = 0; caller < 5_000; caller++)
      limiter.consume(`ip:10.0.${caller >> 8}.${caller & 255}`, 100, WINDOW_MS, at(caller % 500))
    expect(limiter.bucketCount).toBeGreaterThan(1_000)
    // A regular caller keeps counting after every one-off caller's window has passed.
    for (let request = 0; request < 2_048; request++)
      limiter.consume('key:regular', 1_000_000, WINDOW_MS, at(2_000 + request / 10))
    expect(limiter.bucketCount).toBe(1)
    // The kept bucket still holds its whole window: nothing of what counts was forgotten.
    expect(limiter.consume('key:regular', 1_000_000, WINDOW_MS, at(2_205)).remaining).toBe(1_000_000 - 2_049)
  })

  it('forgets slot sets once every slot was given back or its lease ended, and keeps held ones', () => {
    const limiter = new MemoryRateLimiter()
    for (let caller = 0; caller < 3_000; caller++) {
      const slot = limiter.acquireSlot(`concurrency:key_${caller}`, 5, at(0), 60_000)
      if (caller % 2 === 0) limiter.releaseSlot(`concurrency:key_${caller}`, slot!)
    }
    // Odd callers never gave their slot back (a crashed holder); their leases end at 60 s.
    for (let request = 0; request < 1_024; request++) limiter.consume('key:regular', 1_000_000, WINDOW_MS, at(30_000))
    expect(limiter.bucketCount).toBe(1 + 1_500)
    for (let request = 0; request < 1_024; request++) limiter.consume('key:regular', 1_000_000, WINDOW_MS, at(61_000))
    expect(limiter.bucketCount).toBe(1)
    // A forgotten slot set starts again empty: every slot is available.
    for (let slot = 0; slot < 5; slot++)
      expect(limiter.acquireSlot('concurrency:key_1', 5, at(61_000), 60_000)).not.toBeNull()
  })
})

/** Every counted request's time, in order: the log the adapter keeps in a shorter form (one entry per distinct time). */
class EveryRequestLog {
  private times: number[] = []

  consume(limit: number, windowMs: number, now: number) {
    this.times = this.times.filter((time) => time > now - windowMs)
    const allowed = this.times.length < limit
    if (allowed) {
      this.times.push(now)
      this.times.sort((a, b) => a - b)
    }
    const oldest = this.times[0] ?? now
    const retryAfterMs = allowed ? 0 : Math.max(1, (this.times[this.times.length - limit] ?? oldest) + windowMs - now)
    return { allowed, remaining: Math.max(0, limit - this.times.length), resetAt: oldest + windowMs, retryAfterMs }
  }
}

describe('MemoryRateLimiter counts many requests of one millisecond', () => {
  it('decides as a log of every request does, with requests sharing a time and a clock that steps back', () => {
    const t0 = Date.UTC(2026, 10, 25)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: -20, max: 30 })), { minLength: 1, maxLength: 80 }),
        (limit, windowMs, steps) => {
          const limiter = new MemoryRateLimiter()
          const model = new EveryRequestLog()
          let now = t0
          for (const step of steps) {
            now += step
            const decision = limiter.consume('key:same-ms', limit, windowMs, new Date(now))
            expect({ ...decision, resetAt: decision.resetAt.getTime() }).toEqual({
              ...model.consume(limit, windowMs, now),
              limit,
            })
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('stays exact with thousands of requests in each millisecond', () => {
    const limiter = new MemoryRateLimiter()
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 25) + ms)
    // 50 requests a millisecond for 3 s with a 1 s window: 50,000 in the window once it is full.
    for (let ms = 0; ms < 3_000; ms++)
      for (let request = 0; request < 50; request++) {
        const decision = limiter.consume('key:busy', 1_000_000, 1_000, at(ms))
        const expected = 1_000_000 - Math.min(ms + 1, 1_000) * 50 + (49 - request)
        if (
          !decision.allowed ||
          decision.remaining !== expected ||
          decision.resetAt.getTime() !== at(Math.max(0, ms - 999) + 1_000).getTime()
        )
          throw new Error(`at ${ms} ms, request ${request}: ${JSON.stringify(decision)}`)
      }
    // Full: refused until the oldest millisecond's 50 requests leave the window.
    const small = new MemoryRateLimiter()
    for (let request = 0; request < 50; request++) small.consume('key:full', 100, 1_000, at(0))
    for (let request = 0; request < 50; request++) small.consume('key:full', 100, 1_000, at(10))
    const refused = small.consume('key:full', 100, 1_000, at(20))
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 980 })
    expect(small.consume('key:full', 100, 1_000, at(1_000))).toMatchObject({ allowed: true, remaining: 49 })
  })
})
