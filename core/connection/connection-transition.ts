import { InvalidTransition } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { ConnectionStatus, ConnectionStatusReason } from './connection.js'

/**
 * The connection state machine, written once as data (docs/connections.md).
 *
 * `active` -> `error` after MAX_SYNC_FAILURES syncs in a row fail (reason
 * `sync_failed`) or MAX_TOKEN_REFRESH_FAILURES token refreshes in a row fail
 * (reason `token_refresh_failed`). Any success brings `error` back to `active`:
 * errored connections keep being retried, on a slower cadence. A grant the
 * provider reports revoked, or a `DELETE`, ends in `disconnected`, which only a
 * new consent for the same provider account (`reauthorized`) leaves.
 */
export const MAX_SYNC_FAILURES = 3
export const MAX_TOKEN_REFRESH_FAILURES = 3

export interface ConnectionHealth {
  readonly status: ConnectionStatus
  readonly statusReason: ConnectionStatusReason | null
  readonly consecutiveSyncFailures: number
  readonly lastSyncError: string | null
  readonly lastSyncedAt: Date | null
  readonly tokenRefresh: { readonly lastAt: Date | null; readonly failuresCount: number }
}

export type ConnectionCommand =
  | { readonly type: 'sync_succeeded'; readonly at: Date }
  | { readonly type: 'sync_failed'; readonly at: Date; readonly message: string }
  | { readonly type: 'token_refreshed'; readonly at: Date }
  | { readonly type: 'token_refresh_failed'; readonly at: Date }
  | { readonly type: 'grant_revoked'; readonly at: Date }
  | { readonly type: 'disconnect'; readonly at: Date }
  | { readonly type: 'reauthorized'; readonly at: Date }

export type ConnectionCommandType = ConnectionCommand['type']
export type ConnectionEventType = 'connection.updated' | 'connection.disconnected' | 'connection.reconnected'

/** What a command does from a state; the interpreter below applies it. */
type Effect =
  | 'record_sync_success'
  | 'count_sync_failure'
  | 'record_token_refresh'
  | 'count_token_refresh_failure'
  | 'revoke'
  | 'disconnect'
  | 'reauthorize'

const LIVE: Readonly<Record<ConnectionCommandType, Effect>> = {
  sync_succeeded: 'record_sync_success',
  sync_failed: 'count_sync_failure',
  token_refreshed: 'record_token_refresh',
  token_refresh_failed: 'count_token_refresh_failure',
  grant_revoked: 'revoke',
  disconnect: 'disconnect',
  reauthorized: 'reauthorize',
}

export const CONNECTION_TABLE: Readonly<Record<ConnectionStatus, Partial<Record<ConnectionCommandType, Effect>>>> = {
  active: LIVE,
  error: LIVE,
  disconnected: { reauthorized: 'reauthorize' },
}

const CLEARED = { status: 'active', statusReason: null } as const

const apply = (health: ConnectionHealth, effect: Effect, command: ConnectionCommand): ConnectionHealth => {
  switch (effect) {
    case 'record_sync_success':
      return {
        ...health,
        ...CLEARED,
        consecutiveSyncFailures: 0,
        lastSyncError: null,
        lastSyncedAt: command.at,
        tokenRefresh: { ...health.tokenRefresh, failuresCount: 0 },
      }
    case 'count_sync_failure': {
      const failures = health.consecutiveSyncFailures + 1
      const message = command.type === 'sync_failed' ? command.message : 'sync failed'
      const failed = failures >= MAX_SYNC_FAILURES
      return {
        ...health,
        consecutiveSyncFailures: failures,
        lastSyncError: message,
        ...(failed && health.status === 'active' ? { status: 'error', statusReason: 'sync_failed' } : {}),
      }
    }
    case 'record_token_refresh': {
      const refreshed = { ...health, tokenRefresh: { lastAt: command.at, failuresCount: 0 } }
      return health.statusReason === 'token_refresh_failed' ? { ...refreshed, ...CLEARED } : refreshed
    }
    case 'count_token_refresh_failure': {
      const failures = health.tokenRefresh.failuresCount + 1
      const tokenRefresh = { lastAt: command.at, failuresCount: failures }
      const failed = failures >= MAX_TOKEN_REFRESH_FAILURES
      return {
        ...health,
        tokenRefresh,
        ...(failed && health.status === 'active' ? { status: 'error', statusReason: 'token_refresh_failed' } : {}),
      }
    }
    case 'revoke':
      return { ...health, status: 'disconnected', statusReason: 'revoked_by_provider' }
    case 'disconnect':
      return { ...health, status: 'disconnected', statusReason: 'disconnected_by_request' }
    case 'reauthorize':
      return {
        ...health,
        ...CLEARED,
        consecutiveSyncFailures: 0,
        lastSyncError: null,
        tokenRefresh: { lastAt: command.at, failuresCount: 0 },
      }
  }
}

const eventFor = (before: ConnectionStatus, after: ConnectionStatus): ConnectionEventType[] => {
  if (before === after) return []
  if (after === 'disconnected') return ['connection.disconnected']
  if (before === 'disconnected') return ['connection.reconnected']
  return ['connection.updated']
}

/** `transition(state, command) -> { state, events } | InvalidTransition`; an event exactly when the status changes. */
export const transitionConnection = (
  health: ConnectionHealth,
  command: ConnectionCommand,
): Result<{ readonly state: ConnectionHealth; readonly events: readonly ConnectionEventType[] }, InvalidTransition> => {
  const effect = CONNECTION_TABLE[health.status][command.type]
  if (effect === undefined)
    return err(new InvalidTransition({ resource: 'connection', from: health.status, command: command.type }))
  const state = apply(health, effect, command)
  return ok({ state, events: eventFor(health.status, state.status) })
}

export const healthOf = (connection: ConnectionHealth): ConnectionHealth => ({
  status: connection.status,
  statusReason: connection.statusReason,
  consecutiveSyncFailures: connection.consecutiveSyncFailures,
  lastSyncError: connection.lastSyncError,
  lastSyncedAt: connection.lastSyncedAt,
  tokenRefresh: connection.tokenRefresh,
})
