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
