import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MIRROR_RETRY_DELAYS_MS,
  type MirrorCommand,
  mirrorTransition,
  mirrorTransitionTable,
  newMirror,
} from '../../core/connection/outbound-mirror-transition.js'
import type { EventMirror } from '../../core/event/event.js'

const MINUTE = 60_000
const T0 = new Date('2026-06-01T00:00:00Z').getTime()

/** Commands in time order: each happens `gapMinutes` after the previous step. */
const step = fc.record({
  gapMinutes: fc.integer({ min: 0, max: 600 }),
  command: fc.oneof(
    fc.constant({ type: 'request' as const }),
    fc.integer({ min: 1, max: 60 }).map((minutes) => ({ type: 'defer' as const, minutes })),
    fc.constantFrom('ext_1', 'ext_2').map((externalId) => ({ type: 'succeed' as const, externalId })),
    fc
      .record({
        calendarGone: fc.boolean(),
        retryAfterMinutes: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
      })
      .map((failure) => ({ type: 'fail' as const, ...failure })),
  ),
})

const start: EventMirror = newMirror({ connectionId: 'con_1', calendarId: 'cal_1' })

describe('Calendar mirror: pending, synced and failed', () => {
  it('keeps its invariants after every step of any sequence', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (sequence) => {
        let mirror = start
        let now = T0
        for (const { gapMinutes, command: next } of sequence) {
          now += gapMinutes * MINUTE
          const command: MirrorCommand =
            next.type === 'defer'
              ? { type: 'defer', error: 'wait', until: new Date(now + next.minutes * MINUTE) }
              : next.type === 'fail'
                ? {
                    type: 'fail',
                    at: new Date(now),
                    error: 'HTTP 503',
                    calendarGone: next.calendarGone,
                    ...(next.retryAfterMinutes === undefined ? {} : { retryAfterMs: next.retryAfterMinutes * MINUTE }),
                  }
                : next
          const result = mirrorTransition(mirror, command)
          // Only a pending mirror is attempted; a new request is taken in any status.
          expect(result.ok).toBe(command.type === 'request' || mirror.status === 'pending')
          if (!result.ok) {
            expect(result.error._tag).toBe('InvalidTransition')
            continue
          }
          const after = result.value.state
          expect(mirrorTransitionTable[mirror.status][command.type]).toContain(after.status)
          expect(result.value.events).toEqual([])
          // A request starts a fresh count and writes whatever the provider lacks: a create until it holds a copy.
          if (command.type === 'request') {
            expect(after.attempts).toBe(0)
            expect(after.operation).toBe(mirror.externalId === null ? 'create' : 'update')
          }
          // A deferral is no attempt; every other outcome counts one.
          if (command.type === 'defer') expect(after.attempts).toBe(mirror.attempts)
          if (command.type === 'succeed' || command.type === 'fail') expect(after.attempts).toBe(mirror.attempts + 1)
          // Never more attempts than the first and its retries.
          expect(after.attempts).toBeLessThanOrEqual(MIRROR_RETRY_DELAYS_MS.length + 1)
          // Synced: the provider's copy is named, nothing owed, no error.
          if (after.status === 'synced') {
            expect(after.externalId).not.toBeNull()
            expect([after.nextAttemptAt, after.lastError, after.operation]).toEqual([null, null, 'update'])
          }
          // Failed for good: nothing due; a failure still pending is due after its scheduled wait at the least.
          if (after.status === 'failed') expect(after.nextAttemptAt).toBeNull()
          if (command.type === 'fail' && after.status === 'pending') {
            const wait = MIRROR_RETRY_DELAYS_MS[after.attempts - 1] ?? Number.NaN
            expect(after.nextAttemptAt?.getTime()).toBe(now + Math.max(wait, command.retryAfterMs ?? 0))
          }
          // A calendar that can no longer be written is given up at once.
          if (command.type === 'fail' && command.calendarGone) expect(after.status).toBe('failed')
          mirror = after
        }
      }),
    )
  })
})
