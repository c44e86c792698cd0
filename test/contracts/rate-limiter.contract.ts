import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RateLimiterPort } from '../../core/ports/rate-limiter.js'

export interface RateLimiterSubject {
  readonly limiter: RateLimiterPort
  readonly teardown?: () => Promise<void>
}

// Far from the real clock: the limiter must go by the `now` it is given.
const t0 = new Date('2031-03-04T05:06:07Z')
const at = (ms: number) => new Date(t0.getTime() + ms)
const WINDOW_MS = 1_000
const LEASE_MS = 30_000

/** The rule written as plainly as possible: the requests admitted in the last `windowMs`, counted afresh each time. */
class RollingWindowModel {
  private admitted: number[] = []

  consume(limit: number, windowMs: number, now: number) {
    this.admitted = this.admitted.filter((stamp) => stamp > now - windowMs)
    const allowed = this.admitted.length < limit
    if (allowed) this.admitted.push(now)
    return {
      allowed,
      remaining: Math.max(0, limit - this.admitted.length),
      resetAt: (this.admitted[0] ?? now) + windowMs,
    }
  }
}

let modelRun = 0

export interface RateLimiterContractOptions {
  /**
   * The most one call may take on a busy machine (a round trip to a database, under load): the long cases get a
   * budget of their number of calls times this. Default 5 ms (an in-process adapter).
   */
  readonly callBudgetMs?: number
}

/** A thousand requests fill the window; then this many more slide it, each admitted as the oldest leaves. */
const BUSY_WINDOW_FILL = 1_000
const BUSY_WINDOW_SLIDE = 250
/** The model test: this many sequences of at most this many requests. */
const MODEL_RUNS = 60
const MODEL_MAX_REQUESTS = 40

/** What every RateLimiterPort adapter must do; call it from the adapter's own test file. */
export const rateLimiterContract = (
  name: string,
  makeSubject: () => RateLimiterSubject | Promise<RateLimiterSubject>,
  options: RateLimiterContractOptions = {},
): void => {
  const callBudgetMs = options.callBudgetMs ?? 5
  /** Vitest's default (20 s) or more: the calls a case makes times the adapter's budget per call. */
  const budgetFor = (calls: number) => ({ timeout: Math.max(20_000, calls * callBudgetMs) })
  describe(`${name} honours the RateLimiterPort contract`, () => {
    let subject: RateLimiterSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const consume = (ms: number, bucket = 'key:a', limit = 3) =>
      subject.limiter.consume(bucket, limit, WINDOW_MS, at(ms))

    describe('requests are counted in a rolling window', () => {
      it('allows up to the limit, counting down what remains; the window resets when the oldest request leaves it', async () => {
        expect(await consume(0)).toEqual({
          allowed: true,
          limit: 3,
          remaining: 2,
          resetAt: at(WINDOW_MS),
          retryAfterMs: 0,
        })
        expect(await consume(100)).toEqual({
          allowed: true,
          limit: 3,
          remaining: 1,
          resetAt: at(WINDOW_MS),
          retryAfterMs: 0,
        })
        expect(await consume(200)).toEqual({
          allowed: true,
          limit: 3,
          remaining: 0,
          resetAt: at(WINDOW_MS),
          retryAfterMs: 0,
        })
      })

      it('refuses beyond the limit, saying how long to wait; waiting that long succeeds, less does not', async () => {
        for (const ms of [0, 100, 200]) await consume(ms)
        const refused = await consume(300)
        expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0, resetAt: at(WINDOW_MS) })
        expect(refused.retryAfterMs).toBe(WINDOW_MS - 300)
        expect((await consume(300 + refused.retryAfterMs / 2)).allowed).toBe(false)
        expect(await consume(300 + refused.retryAfterMs)).toMatchObject({
          allowed: true,
          remaining: 0,
          resetAt: at(100 + WINDOW_MS),
        })
      })

      it('the window rolls: requests leave it one by one, not all at once', async () => {
        for (const ms of [0, 400, 800]) await consume(ms)
        expect((await consume(999)).allowed).toBe(false)
        expect((await consume(1_000)).allowed).toBe(true)
        expect((await consume(1_100)).allowed).toBe(false)
        expect((await consume(1_400)).allowed).toBe(true)
      })

      it('refused requests are not counted', async () => {
        await consume(0, 'key:a', 1)
        for (const ms of [100, 500, 900]) expect((await consume(ms, 'key:a', 1)).allowed).toBe(false)
        expect(await consume(WINDOW_MS, 'key:a', 1)).toMatchObject({ allowed: true, remaining: 0 })
      })

      it('a quiet window gives the whole limit back', async () => {
        for (const ms of [0, 1, 2, 3]) await consume(ms)
        expect(await consume(5 * WINDOW_MS)).toEqual({
          allowed: true,
          limit: 3,
          remaining: 2,
          resetAt: at(6 * WINDOW_MS),
          retryAfterMs: 0,
        })
      })

      it('buckets are counted apart', async () => {
        for (const ms of [0, 1, 2]) await consume(ms, 'key:a')
        expect((await consume(3, 'key:a')).allowed).toBe(false)
        expect(await consume(3, 'key:b')).toMatchObject({ allowed: true, remaining: 2 })
        expect(await consume(3, 'ip:127.0.0.1')).toMatchObject({ allowed: true, remaining: 2 })
      })

      it('concurrent requests never exceed the limit', async () => {
        const decisions = await Promise.all(Array.from({ length: 10 }, () => consume(0, 'key:a', 4)))
        expect(decisions.filter((decision) => decision.allowed)).toHaveLength(4)
      })
    })

    describe('concurrency slots', () => {
      const acquire = (ms: number, bucket = 'key:a', max = 2) =>
        subject.limiter.acquireSlot(bucket, max, at(ms), LEASE_MS)

      it('gives out up to `max` distinct slots, then none until one is released', async () => {
        const first = await acquire(0)
        const second = await acquire(1)
        expect(first).not.toBeNull()
        expect(second).not.toBeNull()
        expect(second).not.toBe(first)
        expect(await acquire(2)).toBeNull()
        await subject.limiter.releaseSlot('key:a', first!)
        expect(await acquire(3)).not.toBeNull()
        expect(await acquire(4)).toBeNull()
      })

      it('releasing a slot twice frees it once; releasing in another bucket frees nothing', async () => {
        const first = await acquire(0)
        await acquire(1)
        await subject.limiter.releaseSlot('key:b', first!)
        expect(await acquire(2)).toBeNull()
        await subject.limiter.releaseSlot('key:a', first!)
        await subject.limiter.releaseSlot('key:a', first!)
        expect(await acquire(3)).not.toBeNull()
        expect(await acquire(4)).toBeNull()
      })

      it('buckets have their own slots', async () => {
        await acquire(0, 'key:a', 1)
        expect(await acquire(1, 'key:a', 1)).toBeNull()
        expect(await acquire(1, 'key:b', 1)).not.toBeNull()
      })

      it('a slot its holder never releases expires after the lease (a crashed holder)', async () => {
        await acquire(0, 'key:a', 1)
        expect(await acquire(LEASE_MS - 1, 'key:a', 1)).toBeNull()
        expect(await acquire(LEASE_MS + 1, 'key:a', 1)).not.toBeNull()
      })

      it('concurrent acquisitions never hand out more than `max`', async () => {
        const slots = await Promise.all(Array.from({ length: 6 }, () => acquire(0, 'key:a', 2)))
        const taken = slots.filter((slot) => slot !== null)
        expect(taken).toHaveLength(2)
        expect(new Set(taken).size).toBe(2)
      })
    })

    describe('the rolling-window rule, exactly', () => {
      // At most 60 runs of 40 requests.
      it(
        'decides as the rule does for any sequence of requests',
        budgetFor(MODEL_RUNS * MODEL_MAX_REQUESTS),
        async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.integer({ min: 1, max: 6 }),
              fc.integer({ min: 1, max: 200 }),
              fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: MODEL_MAX_REQUESTS }),
              async (limit, windowMs, gaps) => {
                const bucket = `key:model:${++modelRun}`
                const model = new RollingWindowModel()
                let now = 0
                for (const gap of gaps) {
                  now += gap
                  const decision = await subject.limiter.consume(bucket, limit, windowMs, at(now))
                  const expected = model.consume(limit, windowMs, t0.getTime() + now)
                  expect({
                    allowed: decision.allowed,
                    remaining: decision.remaining,
                    resetAt: decision.resetAt.getTime(),
                  }).toEqual(expected)
                  if (!decision.allowed) expect(decision.retryAfterMs).toBeGreaterThan(0)
                }
              },
            ),
            { numRuns: MODEL_RUNS },
          )
        },
      )

      // One request a millisecond in a 1 s window: a thousand in it once full, then each new one admitted as the
      // oldest leaves, the count exact throughout.
      it(
        'stays exact with a thousand requests in the window',
        budgetFor(BUSY_WINDOW_FILL + BUSY_WINDOW_SLIDE),
        async () => {
          for (let ms = 0; ms < BUSY_WINDOW_FILL + BUSY_WINDOW_SLIDE; ms++) {
            const decision = await subject.limiter.consume('key:busy', 2_000, 1_000, at(ms))
            if (!decision.allowed || decision.remaining !== 2_000 - Math.min(ms + 1, BUSY_WINDOW_FILL))
              throw new Error(`at ${ms} ms: ${JSON.stringify(decision)}`)
          }
        },
      )
    })
  })
}
