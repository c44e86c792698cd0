import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, startTestService, type TestService } from '../support/service.js'

let test: TestService

/** A clock that stands still: the rolling one-second windows fill up however slowly the requests arrive. */
const frozen = new Date(Date.now() + 5 * 60_000)
const clock = { now: () => new Date(frozen) }

beforeAll(async () => {
  test = await startTestService({}, clock)
})
afterAll(() => test.stop())

/** A key of a fresh account: each test starts with untouched pools. */
const freshKey = async (): Promise<string> => {
  const { accounts } = test.service.application
  const account = await accounts.createAccount()
  const issued = await accounts.issueKey(account.id, 'test')
  if (!issued.ok) throw new Error('issue failed')
  return issued.value.secret
}

const window = {
  participants: ['external:someone@example.com'],
  from: new Date(frozen.getTime() + 86_400_000).toISOString(),
  to: new Date(frozen.getTime() + 2 * 86_400_000).toISOString(),
}
const suggestion = { intent: 'Sync', participants: ['external:someone@example.com'], duration_minutes: 30 }

describe('Limits: free/busy queries 50 req/s and 5 concurrent per key, a pool apart from the general one', () => {
  it('counts query and find_slots in the free/busy pool, with X-RateLimit headers of that pool, and refuses the 51st', async () => {
    const key = await freshKey()
    const remaining: number[] = []
    for (let i = 0; i < 50; i++) {
      const response =
        i % 2 === 0
          ? await api(test.sandbox, 'POST', '/v1/freebusy/query', { key, body: window })
          : await api(test.sandbox, 'POST', '/v1/freebusy/find_slots', {
              key,
              body: {
                participants: window.participants,
                duration_minutes: 30,
                earliest_start: window.from,
                latest_end: window.to,
              },
            })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('50')
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')))
    }
    expect(remaining).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i))
    const refused = await api(test.sandbox, 'POST', '/v1/freebusy/query', { key, body: window })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(refused.body.error.message).toContain('freebusy pool')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')

    // The general pool of the same key is untouched: 100 per second, one request used now.
    const general = await api(test.sandbox, 'GET', '/v1/health', { key })
    expect(general.status).toBe(200)
    expect(general.headers.get('x-ratelimit-limit')).toBe('100')
    expect(general.headers.get('x-ratelimit-remaining')).toBe('99')
  })

  it('an exhausted general pool does not stop free/busy queries either', async () => {
    const key = await freshKey()
    for (let i = 0; i < 100; i++) expect((await api(test.sandbox, 'GET', '/v1/health', { key })).status).toBe(200)
    expect((await api(test.sandbox, 'GET', '/v1/health', { key })).status).toBe(429)
    const freeBusy = await api(test.sandbox, 'POST', '/v1/freebusy/query', { key, body: window })
    expect(freeBusy.status).toBe(200)
    expect(freeBusy.headers.get('x-ratelimit-limit')).toBe('50')
    expect(freeBusy.headers.get('x-ratelimit-remaining')).toBe('49')
  })
})

describe('Limits: smart suggestions 10 req/s and 2 concurrent per key', () => {
  it('refuses the 11th suggestion in the window while the free/busy and general pools still answer', async () => {
    const key = await freshKey()
    for (let i = 0; i < 10; i++) {
      const response = await api(test.sandbox, 'POST', '/v1/scheduling/suggest', { key, body: suggestion })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('10')
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(9 - i))
    }
    const refused = await api(test.sandbox, 'POST', '/v1/scheduling/suggest', { key, body: suggestion })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toContain('suggestions pool')
    expect((await api(test.sandbox, 'POST', '/v1/freebusy/query', { key, body: window })).status).toBe(200)
    expect((await api(test.sandbox, 'GET', '/v1/health', { key })).status).toBe(200)
  })

  it('holds at most 2 suggestions in flight per key; the general pool is not held by them', async () => {
    const key = await freshKey()
    const url = new URL(test.sandbox)
    // The signal that a held request has its slot: the limiter granted one (restored below).
    const limiter = test.service.application.rateLimiter
    const acquireSlot = limiter.acquireSlot.bind(limiter)
    let granted = 0
    const waiters: { count: number; resolve: () => void }[] = []
    limiter.acquireSlot = (bucket, max, now, leaseMs) => {
      const slot = acquireSlot(bucket, max, now, leaseMs)
      void Promise.resolve(slot).then((taken) => {
        if (taken === null || !bucket.includes('suggestions')) return
        granted += 1
        for (const waiter of waiters.filter((candidate) => granted >= candidate.count)) waiter.resolve()
      })
      return slot
    }
    const slotsGranted = (count: number) =>
      new Promise<void>((resolve) => (granted >= count ? resolve() : waiters.push({ count, resolve })))
    const held: Array<() => void> = []
    // A suggestion whose body never finishes arriving keeps its slot.
    const hold = async () => {
      const before = granted
      const pending = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/v1/scheduling/suggest',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': '200' },
      })
      pending.write('{"intent":')
      pending.on('error', () => {})
      held.push(() => pending.destroy())
      await slotsGranted(before + 1)
    }
    try {
      await hold()
      await hold()
      const refused = await api(test.sandbox, 'POST', '/v1/scheduling/suggest', { key, body: suggestion })
      expect(refused.status).toBe(429)
      expect(refused.body.error.message).toContain('More than 2 concurrent requests (suggestions pool)')
      // Five general slots are all free: three requests at once all pass.
      const general = await Promise.all([1, 2, 3].map(() => api(test.sandbox, 'GET', '/v1/health', { key })))
      expect(general.map((response) => response.status)).toEqual([200, 200, 200])
    } finally {
      for (const release of held) release()
      limiter.acquireSlot = acquireSlot
    }
  })
})
