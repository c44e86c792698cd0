import { InvalidTransition } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { AccountDeactivated } from './user.errors.js'

/**
 * The user lifecycle, written once as data.
 *
 * `active` (deactivated_at null) <-> `paused` (deactivated_at set) -> `deleted` (irreversible).
 * Deactivating a paused user or reactivating an active one is a no-op (no event), so
 * retries are harmless. `act` stands for every call that acts for the user (update and
 * all user-scoped resources): allowed only while active.
 */
export type LifecycleState = 'active' | 'paused' | 'deleted'
export type LifecycleCommand = 'deactivate' | 'reactivate' | 'delete' | 'act'
export type LifecycleEvent = 'user.deactivated' | 'user.reactivated' | 'user.deleted'

interface Step {
  readonly next: LifecycleState
  readonly event?: LifecycleEvent
}

export const LIFECYCLE_TABLE: Readonly<Record<LifecycleState, Partial<Record<LifecycleCommand, Step>>>> = {
  active: {
    deactivate: { next: 'paused', event: 'user.deactivated' },
    reactivate: { next: 'active' },
    delete: { next: 'deleted', event: 'user.deleted' },
    act: { next: 'active' },
  },
  paused: {
    deactivate: { next: 'paused' },
    reactivate: { next: 'active', event: 'user.reactivated' },
    delete: { next: 'deleted', event: 'user.deleted' },
  },
  deleted: {},
}

export type LifecycleError = AccountDeactivated | InvalidTransition

export const lifecycleStateOf = (user: { readonly deactivatedAt: Date | null }): LifecycleState =>
  user.deactivatedAt === null ? 'active' : 'paused'

export const transitionLifecycle = (
  state: LifecycleState,
  command: LifecycleCommand,
  userId: string,
): Result<{ readonly state: LifecycleState; readonly events: readonly LifecycleEvent[] }, LifecycleError> => {
  const step = LIFECYCLE_TABLE[state][command]
  if (step === undefined) {
    if (state === 'paused') return err(new AccountDeactivated({ userId }))
    return err(new InvalidTransition({ resource: 'user', from: state, command }))
  }
  return ok({ state: step.next, events: step.event === undefined ? [] : [step.event] })
}
