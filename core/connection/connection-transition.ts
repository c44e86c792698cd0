import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
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

export type ConnectionOutcome = TransitionOutcome<ConnectionHealth, ConnectionEventType>

/** Each status, the commands it accepts and where each may lead; a missing entry is refused (`InvalidTransition`). */
export const connectionTransitionTable: TransitionTable<ConnectionStatus, ConnectionCommandType> = {
  active: {
    sync_succeeded: ['active'],
    sync_failed: ['active', 'error'],
    token_refreshed: ['active'],
    token_refresh_failed: ['active', 'error'],
    grant_revoked: ['disconnected'],
    disconnect: ['disconnected'],
    reauthorized: ['active'],
  },
  error: {
    sync_succeeded: ['active'],
    sync_failed: ['error'],
    token_refreshed: ['error', 'active'],
    token_refresh_failed: ['error'],
    grant_revoked: ['disconnected'],
    disconnect: ['disconnected'],
    reauthorized: ['active'],
  },
  disconnected: { reauthorized: ['active'] },
}

const CLEARED = { status: 'active', statusReason: null } as const

/** An event exactly when the status changes. */
const moved = (before: ConnectionHealth, state: ConnectionHealth): ConnectionOutcome => {
  if (before.status === state.status) return { state, events: [] }
  if (state.status === 'disconnected') return { state, events: ['connection.disconnected'] }
  if (before.status === 'disconnected') return { state, events: ['connection.reconnected'] }
  return { state, events: ['connection.updated'] }
}

const handlers: TransitionHandlers<ConnectionHealth, ConnectionCommand, ConnectionEventType> = {
  sync_succeeded: (health, command) =>
    moved(health, {
      ...health,
      ...CLEARED,
      consecutiveSyncFailures: 0,
      lastSyncError: null,
      lastSyncedAt: command.at,
      tokenRefresh: { ...health.tokenRefresh, failuresCount: 0 },
    }),
  sync_failed: (health, command) => {
    const failures = health.consecutiveSyncFailures + 1
    const failed = failures >= MAX_SYNC_FAILURES
    return moved(health, {
      ...health,
      consecutiveSyncFailures: failures,
      lastSyncError: command.message,
      ...(failed && health.status === 'active' ? { status: 'error', statusReason: 'sync_failed' } : {}),
    })
  },
  token_refreshed: (health, command) => {
    const refreshed = { ...health, tokenRefresh: { lastAt: command.at, failuresCount: 0 } }
    return moved(health, health.statusReason === 'token_refresh_failed' ? { ...refreshed, ...CLEARED } : refreshed)
  },
  token_refresh_failed: (health, command) => {
    const failures = health.tokenRefresh.failuresCount + 1
    const failed = failures >= MAX_TOKEN_REFRESH_FAILURES
    return moved(health, {
      ...health,
      tokenRefresh: { lastAt: command.at, failuresCount: failures },
      ...(failed && health.status === 'active' ? { status: 'error', statusReason: 'token_refresh_failed' } : {}),
    })
  },
  grant_revoked: (health) => moved(health, { ...health, status: 'disconnected', statusReason: 'revoked_by_provider' }),
  disconnect: (health) => moved(health, { ...health, status: 'disconnected', statusReason: 'disconnected_by_request' }),
  reauthorized: (health, command) =>
    moved(health, {
      ...health,
      ...CLEARED,
      consecutiveSyncFailures: 0,
      lastSyncError: null,
      tokenRefresh: { lastAt: command.at, failuresCount: 0 },
    }),
}

const connectionMachine: StateMachine<
  ConnectionStatus,
  ConnectionHealth,
  ConnectionCommand,
  ConnectionEventType,
  InvalidTransition
> = {
  name: 'connection',
  table: connectionTransitionTable,
  statusOf: (health) => health.status,
  handlers,
  refuse: (health, command) =>
    new InvalidTransition({ resource: 'connection', from: health.status, command: command.type }),
}

/** The connection state machine: pure, driven by the table above. */
export const connectionTransition = (
  health: ConnectionHealth,
  command: ConnectionCommand,
): Result<ConnectionOutcome, InvalidTransition> => runTransition(connectionMachine, health, command)

export const healthOf = (connection: ConnectionHealth): ConnectionHealth => ({
  status: connection.status,
  statusReason: connection.statusReason,
  consecutiveSyncFailures: connection.consecutiveSyncFailures,
  lastSyncError: connection.lastSyncError,
  lastSyncedAt: connection.lastSyncedAt,
  tokenRefresh: connection.tokenRefresh,
})
