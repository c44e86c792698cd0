import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RateLimiterPort } from '../../core/ports/rate-limiter.js'

const T0 = Date.parse('2026-06-02T08:00:00Z')
const at = (ms: number) => new Date(T0 + ms)

/** The rule written as plainly as possible: the requests admitted in the last `windowMs`, counted afresh each time. */
class RollingWindowModel {
  private admitted: number[] = []

  consume(limit: number, windowMs: number, now: number) {
    this.admitted = this.admitted.filter((stamp) => stamp > now - windowMs)
    const allowed = this.admitted.length < limit
    if (allowed) this.admitted.push(now)
    return { allowed, remaining: Math.max(0, limit - this.admitted.length), resetAt: (this.admitted[0] ?? now) + windowMs }
  }
}

/** What every RateLimiterPort adapter must do; call it from the adapter's own test file. */
export const rateLimiterPortContract = (name: string, makePort: () => RateLimiterPort | Promise<RateLimiterPort>): void => {
  describe(`${name} honours the RateLimiterPort contract`, () => {
    it('admits up to the limit within the rolling window, counting down what remains, then refuses', async () => {
      const port = await makePort()
      const decisions = []
      for (let i = 0; i < 4; i++) decisions.push(await port.consume('key:a', 3, 1_000, at(i * 10)))
      expect(decisions.map((decision) => [decision.allowed, decision.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]])
      expect(decisions[3]!.limit).toBe(3)
      expect(decisions[3]!.resetAt).toEqual(at(1_000))
      // The oldest admitted request (t = 0) leaves the window at t = 1000.
      expect(decisions[3]!.retryAfterMs).toBe(970)
    })

    it('lets a request count for exactly the window: it frees its place at admitted time + window', async () => {
      const port = await makePort()
      await port.consume('key:a', 1, 1_000, at(0))
      expect((await port.consume('key:a', 1, 1_000, at(999))).allowed).toBe(false)
      expect((await port.consume('key:a', 1, 1_000, at(1_000))).allowed).toBe(true)
    })

    it('counts each bucket on its own', async () => {
      const port = await makePort()
      expect((await port.consume('key:a', 1, 1_000, at(0))).allowed).toBe(true)
      expect((await port.consume('key:b', 1, 1_000, at(0))).allowed).toBe(true)
      expect((await port.consume('key:a', 1, 1_000, at(1))).allowed).toBe(false)
    })

    it('stays exact with thousands of requests in the window', async () => {
      const port = await makePort()
      // One request per millisecond for 5 s against a 1 s window: the window holds the last 1000.
      for (let ms = 0; ms < 5_000; ms++) {
        const decision = await port.consume('key:busy', 2_000, 1_000, at(ms))
        if (!decision.allowed || decision.remaining !== 2_000 - Math.min(ms + 1, 1_000)) throw new Error(`at ${ms} ms: ${JSON.stringify(decision)}`)
      }
      const fullPort = await makePort()
      let admitted = 0
      for (let ms = 0; ms < 3_000; ms++) if ((await fullPort.consume('key:full', 1_500, 10_000, at(ms))).allowed) admitted++
      // 3000 requests in 3 s against 1500 per 10 s: the first 1500 pass, and a retry waits for the first to leave.
      expect(admitted).toBe(1_500)
      const last = await fullPort.consume('key:full', 1_500, 10_000, at(3_000))
      expect(last).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 7_000 })
    })

    it('decides as the rolling-window rule does, for any sequence of requests', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 200 }),
          fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 60 }),
          async (limit, windowMs, gaps) => {
            const port = await makePort()
            const model = new RollingWindowModel()
            let now = 0
            for (const gap of gaps) {
              now += gap
              const decision = await port.consume('key:model', limit, windowMs, at(now))
              const expected = model.consume(limit, windowMs, T0 + now)
              expect({ allowed: decision.allowed, remaining: decision.remaining, resetAt: decision.resetAt.getTime() }).toEqual(expected)
              if (!decision.allowed) expect(decision.retryAfterMs).toBeGreaterThan(0)
            }
          },
        ),
        { numRuns: 200 },
      )
    })

    it('hands out at most `max` concurrency slots; releasing one, or its lease running out, frees it', async () => {
      const port = await makePort()
      const first = await port.acquireSlot('concurrency:a', 2, at(0), 60_000)
      const second = await port.acquireSlot('concurrency:a', 2, at(0), 60_000)
      expect(first).not.toBeNull()
      expect(second).not.toBeNull()
      expect(first).not.toBe(second)
      expect(await port.acquireSlot('concurrency:a', 2, at(1), 60_000)).toBeNull()
      await port.releaseSlot('concurrency:a', first!)
      expect(await port.acquireSlot('concurrency:a', 2, at(2), 60_000)).not.toBeNull()
      expect(await port.acquireSlot('concurrency:a', 2, at(3), 60_000)).toBeNull()
      expect(await port.acquireSlot('concurrency:a', 2, at(60_000), 60_000)).not.toBeNull()
    })
  })
}
