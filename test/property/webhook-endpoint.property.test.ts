import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type EndpointCommand,
  type EndpointHealth,
  endpointTransition,
  endpointTransitionTable,
} from '../../core/webhooks/endpoint-transition.js'

const HOUR = 3_600_000
const T0 = new Date('2026-06-01T00:00:00Z').getTime()

/** Commands in time order: each failure or success happens `gapHours` after the previous step. */
const step = fc.oneof(
  fc.constant<{ readonly type: 'enable' }>({ type: 'enable' }),
  fc.constant<{ readonly type: 'disable' }>({ type: 'disable' }),
  fc.integer({ min: 0, max: 30 }).map((gapHours) => ({ type: 'delivery_succeeded' as const, gapHours })),
  fc.integer({ min: 0, max: 30 }).map((gapHours) => ({ type: 'delivery_failed' as const, gapHours })),
)

const start: EndpointHealth = { status: 'enabled', disabledReason: null, failingSince: null }

describe('Webhook endpoint: enabled and disabled, and the failure streak that disables it', () => {
  it('keeps its invariants after every step of any sequence', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (sequence) => {
        let state = start
        let now = T0
        for (const next of sequence) {
          if ('gapHours' in next) now += next.gapHours * HOUR
          const command: EndpointCommand =
            next.type === 'delivery_failed'
              ? { type: 'delivery_failed', at: new Date(now) }
              : next.type === 'delivery_succeeded'
                ? { type: 'delivery_succeeded' }
                : next
          const result = endpointTransition(state, command)
          // Every command is accepted in both statuses: the table lists them all.
          expect(result.ok).toBe(true)
          if (!result.ok) return
          const { state: after, events } = result.value
          expect(endpointTransitionTable[state.status][command.type]).toContain(after.status)
          // Enabled exactly when there is no reason to be disabled.
          expect(after.disabledReason === null).toBe(after.status === 'enabled')
          // Only a failure streak of 72 hours turns an enabled endpoint off by itself, and says so once.
          const failedOff = state.status === 'enabled' && after.status === 'disabled' && command.type !== 'disable'
          expect(events).toEqual(failedOff ? ['webhook_endpoint.disabled'] : [])
          if (failedOff) {
            expect(after.disabledReason).toBe('failing')
            expect(now - (after.failingSince?.getTime() ?? now)).toBeGreaterThanOrEqual(72 * HOUR)
          }
          // A success ends the streak; a failure never moves its start once set.
          if (command.type === 'delivery_succeeded') expect(after.failingSince).toBeNull()
          if (command.type === 'delivery_failed' && state.failingSince !== null)
            expect(after.failingSince).toBe(state.failingSince)
          // A command that changes nothing answers the state it was given (the service then skips its write).
          if (
            after.status === state.status &&
            after.disabledReason === state.disabledReason &&
            after.failingSince === state.failingSince
          )
            expect(after).toBe(state)
          state = after
        }
      }),
    )
  })

  it('is disabled with reason failing after 72 hours of failures, and turned on again with a fresh streak', () => {
    const failedAt = (hours: number) => ({ type: 'delivery_failed' as const, at: new Date(T0 + hours * HOUR) })
    const first = endpointTransition(start, failedAt(0))
    if (!first.ok) throw new Error('refused')
    const almost = endpointTransition(first.value.state, failedAt(71.9))
    if (!almost.ok) throw new Error('refused')
    expect(almost.value.state.status).toBe('enabled')
    const off = endpointTransition(almost.value.state, failedAt(72))
    if (!off.ok) throw new Error('refused')
    expect(off.value.state).toEqual({ status: 'disabled', disabledReason: 'failing', failingSince: new Date(T0) })
    expect(off.value.events).toEqual(['webhook_endpoint.disabled'])
    const on = endpointTransition(off.value.state, { type: 'enable' })
    if (!on.ok) throw new Error('refused')
    expect(on.value.state).toEqual({ status: 'enabled', disabledReason: null, failingSince: null })
  })

  it('says manual when an operator turns off an endpoint a failure streak had already disabled', () => {
    const failing: EndpointHealth = { status: 'disabled', disabledReason: 'failing', failingSince: new Date(T0) }
    const result = endpointTransition(failing, { type: 'disable' })
    expect(result.ok && result.value.state.disabledReason).toBe('manual')
  })
})
