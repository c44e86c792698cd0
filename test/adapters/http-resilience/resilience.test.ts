import { describe, expect, it } from 'vitest'
import { CircuitBreaker } from '../../../adapters/http-resilience/circuit-breaker.js'
import { backoffDelayMs, retryWithBackoff } from '../../../adapters/http-resilience/retry.js'
import { TtlCache } from '../../../adapters/http-resilience/ttl-cache.js'

describe('retry with exponential backoff', () => {
  const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 }

  it('doubles the wait per retry, with jitter between half and all of it, capped', () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(policy, retry, 0))).toEqual([50, 100, 200, 400, 500])
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(policy, retry, 0.999_999))).toEqual(
      [100, 200, 400, 800, 1_000].map((ms) => expect.closeTo(ms, 0)),
    )
  })

  it('stops at the first final outcome and returns the last failure when attempts run out', async () => {
    const sleeps: number[] = []
    const environment = { sleep: async (ms: number) => void sleeps.push(ms), random: () => 0 }
    let calls = 0
    const done = await retryWithBackoff(
      async (n) => (n < 2 ? { kind: 'retryable', failure: n } : { kind: 'done', value: 'ok' }),
      policy,
      environment,
    )
    expect(done).toEqual({ ok: true, value: 'ok' })
    const failed = await retryWithBackoff(
      async (n) => {
        calls++
        return { kind: 'retryable', failure: `attempt ${n}` }
      },
      policy,
      environment,
    )
    expect(failed).toEqual({ ok: false, failure: 'attempt 4' })
    expect(calls).toBe(4)
    expect(sleeps).toEqual([50, 50, 100, 200])
  })
})

describe('circuit breaker', () => {
  const make = () => {
    const clock = { ms: 0 }
    return { clock, breaker: new CircuitBreaker({ failureThreshold: 2, resetTimeoutMs: 1_000, now: () => clock.ms }) }
  }

  it('opens after consecutive failures only', () => {
    const { breaker } = make()
    breaker.recordFailure()
    breaker.recordSuccess()
    breaker.recordFailure()
    expect(breaker.state).toBe('closed')
    breaker.recordFailure()
    expect(breaker.state).toBe('open')
    expect(breaker.tryAcquire()).toBe(false)
  })

  it('lets one trial call through after the reset time; its success closes, its failure reopens', () => {
    const { breaker, clock } = make()
    breaker.recordFailure()
    breaker.recordFailure()
    clock.ms = 1_000
    expect(breaker.state).toBe('half_open')
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.tryAcquire()).toBe(false)
    breaker.recordFailure()
    expect(breaker.state).toBe('open')
    clock.ms = 2_000
    expect(breaker.tryAcquire()).toBe(true)
    breaker.recordSuccess()
    expect(breaker.state).toBe('closed')
  })
})

describe('TTL cache of identical lookups', () => {
  it('shares a lookup in flight, keeps it for the TTL and forgets it after', async () => {
    const clock = { ms: 1_000_000 }
    const cache = new TtlCache<{ value: number }>({ ttlMs: 1_000, maxEntries: 10, now: () => clock.ms })
    let loads = 0
    const load = async () => ({ value: ++loads })
    const [a, b] = await Promise.all([cache.getOrLoad('k', load, () => true), cache.getOrLoad('k', load, () => true)])
    expect(a).toBe(b)
    clock.ms += 999
    expect((await cache.getOrLoad('k', load, () => true)).value).toBe(1)
    clock.ms += 2
    expect((await cache.getOrLoad('k', load, () => true)).value).toBe(2)
  })

  it('does not keep values it is told not to cache', async () => {
    const cache = new TtlCache<{ value: number }>({ ttlMs: 1_000, maxEntries: 10 })
    let loads = 0
    await cache.getOrLoad(
      'k',
      async () => ({ value: ++loads }),
      () => false,
    )
    await cache.getOrLoad(
      'k',
      async () => ({ value: ++loads }),
      () => false,
    )
    expect(loads).toBe(2)
  })
})
