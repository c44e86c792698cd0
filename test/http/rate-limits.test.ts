import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clients, startTestService, type TestService } from '../support/service.js'

let test: TestService
let client: ReturnType<typeof clients>

// A small window so the test can fill it quickly; the rule is the same at 100/s.
beforeAll(async () => {
  test = await startTestService({
    RATE_LIMIT_REQUESTS: '5',
    RATE_LIMIT_WINDOW_MS: '60000',
    RATE_LIMIT_CONCURRENCY: '2',
  })
  client = clients(test)
})
afterAll(() => test.stop())

describe('Rate limits: X-RateLimit headers on every response, 429 with the documented body and Retry-After', () => {
  it('counts down X-RateLimit-Remaining and refuses past the limit', async () => {
    const remaining: number[] = []
    for (let i = 0; i < 5; i++) {
      const response = await client.live('GET', '/v1/health')
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('5')
      const reset = Number(response.headers.get('x-ratelimit-reset'))
      expect(reset).toBeGreaterThan(Date.now() / 1000)
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61)
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')))
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0])
    const refused = await client.live('GET', '/v1/health')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(refused.body.error.retry_after_seconds).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(refused.body.error.retry_after_seconds))
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
  })

  it('keeps keys independent: the sandbox key still has its own window', async () => {
    const response = await client.sandbox('GET', '/v1/health')
    expect(response.status).toBe(200)
  })

  it('honours per-account plan limits over the defaults', async () => {
    const repository = test.service.application.accountRepository
    const [account] = await repository.listAccounts()
    await repository.updateAccount({
      ...account!,
      rateLimits: { requestsPerWindow: 1000, windowMs: 60000, concurrency: 10 },
    })
    const response = await client.live('GET', '/v1/health')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
    await repository.updateAccount({
      ...account!,
      rateLimits: { requestsPerWindow: 1000, windowMs: 60000, concurrency: 2 },
    })
  })

  it('limits concurrent requests per key', async () => {
    // Hold two slots with slow requests (body streamed slowly), then a third is refused.
    const { request } = await import('node:http')
    const url = new URL(test.sandbox)
    // The signal that a held request has its slot: the limiter granted one (restored below).
    const limiter = test.service.application.rateLimiter
    const acquireSlot = limiter.acquireSlot.bind(limiter)
    let granted = 0
    const grantWaiters: { count: number; resolve: () => void }[] = []
    limiter.acquireSlot = (bucket, max, now, leaseMs) => {
      const slot = acquireSlot(bucket, max, now, leaseMs)
      void Promise.resolve(slot).then((taken) => {
        if (taken === null) return
        granted += 1
        for (const waiter of grantWaiters.filter((candidate) => granted >= candidate.count)) waiter.resolve()
      })
      return slot
    }
    const slotsGranted = (count: number) =>
      new Promise<void>((resolve) => (granted >= count ? resolve() : grantWaiters.push({ count, resolve })))
    const held: Array<() => void> = []
    const hold = async () => {
      const before = granted
      const req = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/v1/users',
        headers: {
          authorization: 'Bearer sk_test_94ee059335e587e501cc4bf90613e081TEST',
          'content-type': 'application/json',
          'content-length': '40',
        },
      })
      req.write('{"email":')
      req.on('error', () => {})
      held.push(() => req.destroy())
      await slotsGranted(before + 1)
    }
    try {
      await hold()
      await hold()
      const refused = await client.sandbox('GET', '/v1/health')
      expect(refused.status).toBe(429)
      expect(refused.body.error.message).toContain('concurrent')
    } finally {
      for (const release of held) release()
      limiter.acquireSlot = acquireSlot
    }
  })

  it('rate limits unauthenticated calls by address too', async () => {
    let last = 0
    for (let i = 0; i < 7; i++)
      last = (await api(test.live, 'GET', '/v1/health', { key: 'sk_live_wrongwrongwrong' })).status
    expect(last).toBe(429)
  })
})
