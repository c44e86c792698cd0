import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { AttemptOutcome, Delivery, DeliveryCommand } from '../../core/webhooks/delivery.js'
import { deliveryTransition, deliveryTransitionTable, isFinal } from '../../core/webhooks/delivery-transition.js'
import {
  FIRST_RETRY_MS,
  MAX_RETRIES,
  nextRetryAt,
  RETRY_HORIZON_MS,
  retryOffsetMs,
} from '../../core/webhooks/retry-schedule.js'

const fixedRandom = (value: number): RandomSource => ({ float: () => value, token: () => '00' })
const START = new Date('2026-06-01T00:00:00Z')

const newDelivery = (): Delivery => ({
  id: 'whd_1',
  accountId: 'acct_1',
  livemode: false,
  endpointId: 'we_1',
  notification: {
    id: 'ntf_1',
    type: 'user.created',
    accountId: 'acct_1',
    livemode: false,
    createdAt: START,
    objectType: 'user',
    object: {},
  },
  status: 'pending',
  attempts: [],
  firstAttemptAt: null,
  nextAttemptAt: START,
  failureReason: null,
  replayOf: null,
  createdAt: START,
  version: 1,
})

const outcomeArb: fc.Arbitrary<AttemptOutcome> = fc.oneof(
  fc.integer({ min: 100, max: 599 }).map((statusCode) => ({ kind: 'response' as const, statusCode })),
  fc.constantFrom(
    { kind: 'timeout' as const },
    { kind: 'connection_error' as const },
    { kind: 'blocked_address' as const },
    { kind: 'succeeded' as const },
    { kind: 'failed' as const },
  ),
)

describe('Retry schedule: up to 24 retries over 72 hours, exponential with jitter', () => {
  it('has at most 24 retries, strictly increasing, all within 72 hours, the first within 5 minutes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 30, maxLength: 30 }),
        (draws) => {
          const offsets: number[] = []
          for (let n = 1; n <= 30; n++) {
            const offset = retryOffsetMs(n, fixedRandom(draws[n - 1]!))
            if (offset === null) break
            offsets.push(offset)
          }
          expect(offsets.length).toBe(MAX_RETRIES)
          expect(offsets[0]!).toBeLessThanOrEqual(5 * 60_000)
          expect(offsets[0]!).toBeGreaterThan(0)
          for (let i = 1; i < offsets.length; i++) expect(offsets[i]!).toBeGreaterThan(offsets[i - 1]!)
          expect(offsets.at(-1)!).toBeLessThan(RETRY_HORIZON_MS)
        },
      ),
    )
  })

  it('grows exponentially: each gap is larger than the one before (at nominal jitter)', () => {
    const half = fixedRandom(0.5)
    const offsets = Array.from({ length: MAX_RETRIES }, (_, i) => retryOffsetMs(i + 1, half)!)
    const gaps = offsets.map((offset, i) => offset - (i === 0 ? 0 : offsets[i - 1]!))
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThan(gaps[i - 1]!)
    expect(offsets[0]).toBe(FIRST_RETRY_MS)
  })

  it('gives up after the 24th retry', () => {
    expect(nextRetryAt(START, MAX_RETRIES + 1, fixedRandom(0.5))).toBeNull()
    expect(nextRetryAt(START, MAX_RETRIES, fixedRandom(0.5))).not.toBeNull()
  })
})

describe('Delivery state machine', () => {
  it('ends on the first 2xx, retries other outcomes, fails after 25 attempts, and never moves once final', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { weight: 9, arbitrary: outcomeArb.map((outcome) => ({ kind: 'attempt' as const, outcome })) },
            { weight: 1, arbitrary: fc.constant({ kind: 'abandon' as const }) },
          ),
          { maxLength: 40 },
        ),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (steps, draw) => {
          let delivery = newDelivery()
          let clock = START.getTime()
          for (const step of steps) {
            const before = delivery
            const command: DeliveryCommand =
              step.kind === 'abandon'
                ? { type: 'abandon', reason: 'endpoint_disabled' }
                : {
                    type: 'attempt',
                    attempt: { at: new Date(clock), durationMs: 5, outcome: step.outcome, error: null },
                    random: fixedRandom(draw),
                  }
            const result = deliveryTransition(delivery, command)
            if (isFinal(before.status)) {
              expect(result.ok).toBe(false)
              continue
            }
            expect(result.ok).toBe(true)
            if (!result.ok) continue
            delivery = result.value.state
            expect(delivery.version).toBe(before.version + 1)
            // The next attempt is scheduled exactly while the delivery is open.
            expect(delivery.nextAttemptAt === null).toBe(isFinal(delivery.status))
            expect(delivery.attempts.length).toBeLessThanOrEqual(MAX_RETRIES + 1)
            if (command.type === 'abandon') {
              expect(delivery).toMatchObject({ status: 'failed', failureReason: 'endpoint_disabled' })
              continue
            }
            const acknowledged =
              step.kind === 'attempt' &&
              (step.outcome.kind === 'succeeded' ||
                (step.outcome.kind === 'response' && step.outcome.statusCode >= 200 && step.outcome.statusCode < 300))
            if (acknowledged) expect(delivery.status).toBe('succeeded')
            else if (delivery.attempts.length === MAX_RETRIES + 1)
              expect(delivery).toMatchObject({ status: 'failed', failureReason: 'retries_exhausted' })
            else {
              expect(delivery.status).toBe('retrying')
              expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThan(clock)
              clock = delivery.nextAttemptAt!.getTime()
            }
            expect(delivery.attempts.map((attempt) => attempt.number)).toEqual(delivery.attempts.map((_, i) => i + 1))
          }
        },
      ),
    )
  })

  it('has no command out of succeeded or failed in its table', () => {
    expect(Object.keys(deliveryTransitionTable.succeeded)).toEqual([])
    expect(Object.keys(deliveryTransitionTable.failed)).toEqual([])
  })
})
