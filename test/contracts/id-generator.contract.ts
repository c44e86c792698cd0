import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IdGenerator, RandomSource } from '../../core/ports/id-generator.js'

export interface IdGeneratorSubject {
  readonly ids: IdGenerator
  readonly teardown?: () => Promise<void>
}

export interface RandomSourceSubject {
  readonly random: RandomSource
  readonly teardown?: () => Promise<void>
}

const ordered = (ids: readonly string[]) => ids.every((id, index) => index === 0 || ids[index - 1]! < id)

/**
 * What every IdGenerator adapter must do; call it from the adapter's own test file.
 * Lists page by id (newest first), so ids must sort in the order they were made.
 * The suite moves the system time with fake timers; the adapter is made after
 * they are installed, so it reads the faked `Date`.
 */
export const idGeneratorContract = (
  name: string,
  makeSubject: () => IdGeneratorSubject | Promise<IdGeneratorSubject>,
): void => {
  describe(`${name} honours the IdGenerator contract`, () => {
    let subject: IdGeneratorSubject
    beforeEach(async () => {
      vi.useFakeTimers({ now: new Date('2026-06-01T08:00:00.000Z'), toFake: ['Date'] })
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
      vi.useRealTimers()
    })

    it('returns <prefix>_<random>, URL-safe', () => {
      for (const prefix of ['usr', 'evt', 'ntf', 'acct', 'key', 'req']) {
        const id = subject.ids.next(prefix)
        expect(id).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]+$`))
        expect(id.length).toBeGreaterThan(prefix.length + 8)
      }
    })

    it('never repeats an id', () => {
      const ids = Array.from({ length: 10_000 }, () => subject.ids.next('usr'))
      expect(new Set(ids).size).toBe(ids.length)
    })

    it('ids made within one millisecond sort in the order they were made', () => {
      const ids = Array.from({ length: 1_000 }, () => subject.ids.next('usr'))
      expect(ordered(ids)).toBe(true)
    })

    it('ids made as time passes sort in the order they were made', () => {
      const ids: string[] = []
      for (const step of [1, 1, 999, 60_000, 3_600_000, 86_400_000 * 400]) {
        ids.push(subject.ids.next('evt'), subject.ids.next('evt'))
        vi.advanceTimersByTime(step)
      }
      expect(ordered(ids)).toBe(true)
    })

    it('stays in order when the system time steps back (a clock adjustment)', () => {
      const before = subject.ids.next('usr')
      vi.setSystemTime(new Date('2026-06-01T07:59:00.000Z'))
      const after = [subject.ids.next('usr'), subject.ids.next('usr')]
      expect(ordered([before, ...after])).toBe(true)
    })
  })
}

/** What every RandomSource adapter must do; call it from the adapter's own test file. */
export const randomSourceContract = (
  name: string,
  makeSubject: () => RandomSourceSubject | Promise<RandomSourceSubject>,
): void => {
  describe(`${name} honours the RandomSource contract`, () => {
    let subject: RandomSourceSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('float() is in [0, 1) and spread over it', () => {
      const samples = Array.from({ length: 10_000 }, () => subject.random.float())
      expect(samples.every((value) => value >= 0 && value < 1)).toBe(true)
      expect(Math.min(...samples)).toBeLessThan(0.01)
      expect(Math.max(...samples)).toBeGreaterThan(0.99)
      // The mean of 10 000 uniform samples is 0.5 within 0.003 (one standard deviation).
      expect(samples.reduce((sum, value) => sum + value, 0) / samples.length).toBeCloseTo(0.5, 1)
      expect(new Set(samples).size).toBeGreaterThan(9_990)
    })

    it('token(n) is n random bytes as lowercase hex', () => {
      for (const bytes of [1, 16, 24, 32])
        expect(subject.random.token(bytes)).toMatch(new RegExp(`^[0-9a-f]{${bytes * 2}}$`))
      const tokens = Array.from({ length: 1_000 }, () => subject.random.token(16))
      expect(new Set(tokens).size).toBe(tokens.length)
      const hexDigits = new Set(tokens.join(''))
      expect(hexDigits.size).toBe(16)
    })
  })
}
