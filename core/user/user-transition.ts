import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import { AccountDeactivated } from './user.errors.js'

/**
 * The user lifecycle (docs/users.md).
 *
 * `active` (deactivated_at null) <-> `paused` (deactivated_at set) -> `deleted` (irreversible).
 * Deactivating a paused user or reactivating an active one is a no-op (no event), so
 * retries are harmless. `act` stands for every call that acts for the user (update and
 * all user-scoped resources): allowed only while active.
 */
export type UserStatus = 'active' | 'paused' | 'deleted'

export type UserCommandType = 'deactivate' | 'reactivate' | 'delete' | 'act'
/** Each command names its user: a paused user's refusal (`AccountDeactivated`) says whom it concerns. */
export type UserCommand = {
  readonly [Type in UserCommandType]: { readonly type: Type; readonly userId: string }
}[UserCommandType]
export type UserEventType = 'user.deactivated' | 'user.reactivated' | 'user.deleted'

export type UserOutcome = TransitionOutcome<UserStatus, UserEventType>
export type UserTransitionError = AccountDeactivated | InvalidTransition

/** Each status, the commands it accepts and where each may lead; a missing entry is refused. */
export const userTransitionTable: TransitionTable<UserStatus, UserCommandType> = {
  active: { deactivate: ['paused'], reactivate: ['active'], delete: ['deleted'], act: ['active'] },
  paused: { deactivate: ['paused'], reactivate: ['active'], delete: ['deleted'] },
  deleted: {},
}

/** Moves to `target` with its event, or stays put without one when already there. */
const moveTo =
  (target: UserStatus, event: UserEventType) =>
  (state: UserStatus): UserOutcome =>
    state === target ? { state, events: [] } : { state: target, events: [event] }

const handlers: TransitionHandlers<UserStatus, UserCommand, UserEventType> = {
  deactivate: moveTo('paused', 'user.deactivated'),
  reactivate: moveTo('active', 'user.reactivated'),
  delete: moveTo('deleted', 'user.deleted'),
  act: (state) => ({ state, events: [] }),
}

const userMachine: StateMachine<UserStatus, UserStatus, UserCommand, UserEventType, UserTransitionError> = {
  name: 'user',
  table: userTransitionTable,
  statusOf: (state) => state,
  handlers,
  refuse: (state, command) =>
    state === 'paused'
      ? new AccountDeactivated({ userId: command.userId })
      : new InvalidTransition({ resource: 'user', from: state, command: command.type }),
}

export const userStatusOf = (user: { readonly deactivatedAt: Date | null }): UserStatus =>
  user.deactivatedAt === null ? 'active' : 'paused'

/** The user state machine: pure, driven by the table above. */
export const userTransition = (state: UserStatus, command: UserCommand): Result<UserOutcome, UserTransitionError> =>
  runTransition(userMachine, state, command)
