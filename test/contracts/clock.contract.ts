import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Clock } from '../../core/ports/clock.js'

export interface ClockSubject {
  readonly clock: Clock
  readonly teardown?: () => Promise<void>
}

/**
 * What every Clock adapter must do; call it from the adapter's own test file.
 * The suite moves the system time with fake timers, so an adapter must read the
 * time from `Date` (directly or through another clock that does).
 */
export const clockContract = (name: string, makeSubject: () => ClockSubject | Promise<ClockSubject>): void => {
  describe(`${name} honours the Clock contract`, () => {
    let subject: ClockSubject
    beforeEach(async () => {
      vi.useFakeTimers({ now: new Date('2026-06-01T08:00:00.000Z') })
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
      vi.useRealTimers()
    })

    it('tells a valid instant', () => {
      expect(Number.isNaN(subject.clock.now().getTime())).toBe(false)
    })

    it('hands out a fresh Date each time: changing one does not change the clock', () => {
      const first = subject.clock.now()
      const seen = first.getTime()
      first.setTime(0)
      expect(subject.clock.now().getTime()).toBe(seen)
      expect(subject.clock.now()).not.toBe(subject.clock.now())
    })

    it('moves forward exactly as time passes, never back', () => {
      const start = subject.clock.now().getTime()
      vi.advanceTimersByTime(1_500)
      expect(subject.clock.now().getTime() - start).toBe(1_500)
      let previous = subject.clock.now().getTime()
      for (let step = 0; step < 100; step++) {
        vi.advanceTimersByTime(step % 3)
        const now = subject.clock.now().getTime()
        expect(now).toBeGreaterThanOrEqual(previous)
        previous = now
      }
    })
  })
}
