import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type UserCommandType,
  type UserStatus,
  userTransition,
  userTransitionTable,
} from '../../core/user/user-transition.js'

const commands: readonly UserCommandType[] = ['deactivate', 'reactivate', 'delete', 'act']

describe('User lifecycle state machine', () => {
  it('never leaves deleted, refuses acting while paused, and round-trips pause/restore', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...commands), { maxLength: 40 }), (sequence) => {
        let state: UserStatus = 'active'
        for (const command of sequence) {
          const before = state
          const result = userTransition(state, { type: command, userId: 'usr_x' })
          if (before === 'deleted') {
            expect(result.ok).toBe(false)
            continue
          }
          if (before === 'paused' && command === 'act') {
            expect(result.ok).toBe(false)
            if (!result.ok) expect(result.error._tag).toBe('AccountDeactivated')
            continue
          }
          expect(result.ok).toBe(true)
          if (!result.ok) continue
          state = result.value.state
          if (command === 'delete') expect(state).toBe('deleted')
          if (command === 'deactivate') expect(state).toBe('paused')
          if (command === 'reactivate') expect(state).toBe('active')
          if (command === 'act') expect(state).toBe('active')
          // An event is emitted exactly when the state changes.
          expect(result.value.events.length > 0).toBe(state !== before)
        }
      }),
    )
  })

  it('restores exactly the active state after any number of pause/restore pairs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (pairs) => {
        let state: UserStatus = 'active'
        for (let i = 0; i < pairs; i++) {
          const paused = userTransition(state, { type: 'deactivate', userId: 'u' })
          if (!paused.ok) throw new Error('pause refused')
          const restored = userTransition(paused.value.state, { type: 'reactivate', userId: 'u' })
          if (!restored.ok) throw new Error('restore refused')
          state = restored.value.state
        }
        expect(state).toBe('active')
      }),
    )
  })

  it('has no transition out of deleted in its table', () => {
    expect(Object.keys(userTransitionTable.deleted)).toEqual([])
  })
})
