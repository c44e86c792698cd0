import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type ConnectionCommand,
  type ConnectionHealth,
  connectionTransition,
  connectionTransitionTable,
  MAX_SYNC_FAILURES,
  MAX_TOKEN_REFRESH_FAILURES,
} from '../../core/connection/connection-transition.js'

const START: ConnectionHealth = {
  status: 'active',
  statusReason: null,
  consecutiveSyncFailures: 0,
  lastSyncError: null,
  lastSyncedAt: null,
  tokenRefresh: { lastAt: null, failuresCount: 0 },
}

const command: fc.Arbitrary<ConnectionCommand> = fc
  .tuple(
    fc.constantFrom(
      'sync_succeeded',
      'sync_failed',
      'token_refreshed',
      'token_refresh_failed',
      'grant_revoked',
      'disconnect',
      'reauthorized',
    ),
    fc.integer({ min: 0, max: 1e6 }),
  )
  .map(([type, minutes]) => {
    const at = new Date(Date.UTC(2026, 5, 1) + minutes * 60_000)
    return type === 'sync_failed' ? { type, at, message: 'provider answered 503' } : ({ type, at } as ConnectionCommand)
  })

const step = (health: ConnectionHealth, next: ConnectionCommand) => connectionTransition(health, next)

describe('Connection statuses: active, disconnected, error (state machine model)', () => {
  it('keeps its invariants after every step of any command sequence', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        let health = START
        for (const next of commands) {
          const result = step(health, next)
          if (health.status === 'disconnected' && next.type !== 'reauthorized') {
            // Only a new consent leaves disconnected.
            expect(result.ok).toBe(false)
            if (!result.ok) expect(result.error._tag).toBe('InvalidTransition')
            continue
          }
          expect(result.ok).toBe(true)
          if (!result.ok) continue
          const before = health
          health = result.value.state
          // An event exactly when the status changes.
          expect(result.value.events.length > 0).toBe(before.status !== health.status)
          // The reason says why the status is not active; an active connection has none.
          if (health.status === 'active') expect(health.statusReason).toBeNull()
          if (health.status === 'error') expect(['sync_failed', 'token_refresh_failed']).toContain(health.statusReason)
          if (health.status === 'disconnected')
            expect(['revoked_by_provider', 'disconnected_by_request']).toContain(health.statusReason)
          // Active never carries a failure run that reached its threshold (it would have gone to error).
          if (health.status === 'active') {
            expect(health.consecutiveSyncFailures).toBeLessThan(MAX_SYNC_FAILURES)
            expect(health.tokenRefresh.failuresCount).toBeLessThan(MAX_TOKEN_REFRESH_FAILURES)
          }
          expect(health.consecutiveSyncFailures).toBeGreaterThanOrEqual(0)
          expect(health.tokenRefresh.failuresCount).toBeGreaterThanOrEqual(0)
          if (next.type === 'sync_succeeded') {
            expect(health).toMatchObject({ status: 'active', consecutiveSyncFailures: 0, lastSyncedAt: next.at })
          }
          if (next.type === 'grant_revoked') expect(health.statusReason).toBe('revoked_by_provider')
          if (next.type === 'disconnect') expect(health.statusReason).toBe('disconnected_by_request')
          if (next.type === 'reauthorized')
            expect(health).toMatchObject({
              status: 'active',
              consecutiveSyncFailures: 0,
              tokenRefresh: { failuresCount: 0 },
            })
        }
      }),
    )
  })

  it(`goes to error (sync_failed) on the ${MAX_SYNC_FAILURES}th sync failure in a row, not before`, () => {
    let health = START
    for (let failure = 1; failure <= MAX_SYNC_FAILURES; failure++) {
      const result = step(health, { type: 'sync_failed', at: new Date(Date.UTC(2026, 5, 1)), message: 'boom' })
      if (!result.ok) throw new Error('refused')
      health = result.value.state
      expect(health.status).toBe(failure < MAX_SYNC_FAILURES ? 'active' : 'error')
      expect(result.value.events).toEqual(failure < MAX_SYNC_FAILURES ? [] : ['connection.updated'])
    }
    expect(health).toMatchObject({ statusReason: 'sync_failed', lastSyncError: 'boom' })
  })

  it(`goes to error (token_refresh_failed) on the ${MAX_TOKEN_REFRESH_FAILURES}th refresh failure in a row, and a refresh recovers`, () => {
    let health = START
    for (let failure = 1; failure <= MAX_TOKEN_REFRESH_FAILURES; failure++) {
      const result = step(health, { type: 'token_refresh_failed', at: new Date(Date.UTC(2026, 5, 1, 0, failure)) })
      if (!result.ok) throw new Error('refused')
      health = result.value.state
    }
    expect(health).toMatchObject({
      status: 'error',
      statusReason: 'token_refresh_failed',
      tokenRefresh: { failuresCount: MAX_TOKEN_REFRESH_FAILURES },
    })
    const recovered = step(health, { type: 'token_refreshed', at: new Date(Date.UTC(2026, 5, 2)) })
    expect(recovered.ok && recovered.value.state).toMatchObject({
      status: 'active',
      statusReason: null,
      tokenRefresh: { failuresCount: 0, lastAt: new Date(Date.UTC(2026, 5, 2)) },
    })
  })

  it('a success in between resets the run of sync failures', () => {
    let health = START
    const at = new Date(Date.UTC(2026, 5, 1))
    for (const type of ['sync_failed', 'sync_failed', 'sync_succeeded', 'sync_failed', 'sync_failed'] as const) {
      const result = step(health, type === 'sync_failed' ? { type, at, message: 'x' } : { type, at })
      if (!result.ok) throw new Error('refused')
      health = result.value.state
    }
    expect(health).toMatchObject({ status: 'active', consecutiveSyncFailures: 2 })
  })

  it('has only reauthorized out of disconnected in its table', () => {
    expect(Object.keys(connectionTransitionTable.disconnected)).toEqual(['reauthorized'])
  })
})
