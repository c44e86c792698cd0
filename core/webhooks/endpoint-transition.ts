import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import { shouldDisableEndpoint } from './retry-schedule.js'
import type { DisabledReason, EndpointStatus } from './webhook-endpoint.js'

/**
 * A webhook endpoint's health (docs/webhooks.md): `enabled` or `disabled`, why it was disabled, and since when every
 * attempt to it has failed. An operator turns it on and off (`enabled` in an update); delivery outcomes keep the
 * failure streak, and a streak of 72 hours disables an enabled endpoint with `webhook_endpoint.disabled`.
 */
export interface EndpointHealth {
  readonly status: EndpointStatus
  readonly disabledReason: DisabledReason | null
  readonly failingSince: Date | null
}

export type EndpointCommand =
  | { readonly type: 'enable' }
  | { readonly type: 'disable' }
  | { readonly type: 'delivery_succeeded' }
  | { readonly type: 'delivery_failed'; readonly at: Date }
export type EndpointCommandType = EndpointCommand['type']
export type EndpointEventType = 'webhook_endpoint.disabled'
export type EndpointOutcome = TransitionOutcome<EndpointHealth, EndpointEventType>

/** Every command is accepted in both statuses; only a failure streak moves an endpoint by itself, and only off. */
export const endpointTransitionTable: TransitionTable<EndpointStatus, EndpointCommandType> = {
  enabled: {
    enable: ['enabled'],
    disable: ['disabled'],
    delivery_succeeded: ['enabled'],
    delivery_failed: ['enabled', 'disabled'],
  },
  disabled: {
    enable: ['enabled'],
    disable: ['disabled'],
    delivery_succeeded: ['disabled'],
    delivery_failed: ['disabled'],
  },
}

const unchanged = (state: EndpointHealth): EndpointOutcome => ({ state, events: [] })

const handlers: TransitionHandlers<EndpointHealth, EndpointCommand, EndpointEventType> = {
  /** Turning a disabled endpoint back on forgets its failure streak: it gets 72 fresh hours. */
  enable: (state) =>
    state.status === 'enabled'
      ? unchanged(state)
      : { state: { status: 'enabled', disabledReason: null, failingSince: null }, events: [] },
  /** Turned off by hand: the reason says so, even when a failure streak had disabled it before. */
  disable: (state) =>
    state.status === 'disabled' && state.disabledReason === 'manual'
      ? unchanged(state)
      : { state: { ...state, status: 'disabled', disabledReason: 'manual' }, events: [] },
  /** A success ends the streak, whatever the status. */
  delivery_succeeded: (state) =>
    state.failingSince === null ? unchanged(state) : { state: { ...state, failingSince: null }, events: [] },
  /** The first failure starts the streak; a streak of 72 hours turns an enabled endpoint off, once. */
  delivery_failed: (state, command) => {
    const failingSince = state.failingSince ?? command.at
    if (state.status === 'enabled' && shouldDisableEndpoint(failingSince, command.at))
      return {
        state: { status: 'disabled', disabledReason: 'failing', failingSince },
        events: ['webhook_endpoint.disabled'],
      }
    return state.failingSince === null ? { state: { ...state, failingSince }, events: [] } : unchanged(state)
  },
}

const endpointMachine: StateMachine<
  EndpointStatus,
  EndpointHealth,
  EndpointCommand,
  EndpointEventType,
  InvalidTransition
> = {
  name: 'webhook endpoint',
  table: endpointTransitionTable,
  statusOf: (state) => state.status,
  handlers,
  refuse: (state, command) =>
    new InvalidTransition({ resource: 'webhook_endpoint', from: state.status, command: command.type }),
}

/** The webhook endpoint state machine: pure, driven by the table above. A no-op answers the state it was given. */
export const endpointTransition = (
  state: EndpointHealth,
  command: EndpointCommand,
): Result<EndpointOutcome, InvalidTransition> => runTransition(endpointMachine, state, command)
