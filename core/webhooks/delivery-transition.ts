import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import { type Delivery, type DeliveryCommand, type DeliveryStatus, isAcknowledged } from './delivery.js'
import { nextRetryAt } from './retry-schedule.js'

export type DeliveryCommandType = DeliveryCommand['type']

/** A delivery's moves emit no domain events: its record is the trace (docs/webhooks.md). */
export type DeliveryOutcome = TransitionOutcome<Delivery, never>

/** Each status, the commands it accepts and where each may lead; `succeeded` and `failed` are final. */
export const deliveryTransitionTable: TransitionTable<DeliveryStatus, DeliveryCommandType> = {
  pending: { attempt: ['succeeded', 'retrying', 'failed'], abandon: ['failed'] },
  retrying: { attempt: ['succeeded', 'retrying', 'failed'], abandon: ['failed'] },
  succeeded: {},
  failed: {},
}

export const isFinal = (status: DeliveryStatus): boolean => Object.keys(deliveryTransitionTable[status]).length === 0

const handlers: TransitionHandlers<Delivery, DeliveryCommand, never> = {
  /** A 2xx ends the delivery; a failure schedules the next retry or, after the last one, fails it for good. */
  attempt: (delivery, command) => {
    const version = delivery.version + 1
    const attempts = [...delivery.attempts, { ...command.attempt, number: delivery.attempts.length + 1 }]
    const firstAttemptAt = delivery.firstAttemptAt ?? command.attempt.at
    if (isAcknowledged(command.attempt.outcome))
      return {
        state: { ...delivery, attempts, firstAttemptAt, status: 'succeeded', nextAttemptAt: null, version },
        events: [],
      }
    const retryAt = nextRetryAt(firstAttemptAt, attempts.length, command.random)
    return {
      state: {
        ...delivery,
        attempts,
        firstAttemptAt,
        status: retryAt === null ? 'failed' : 'retrying',
        nextAttemptAt: retryAt,
        failureReason: retryAt === null ? 'retries_exhausted' : null,
        version,
      },
      events: [],
    }
  },
  /** The endpoint went away: the delivery fails at once. */
  abandon: (delivery, command) => ({
    state: {
      ...delivery,
      status: 'failed',
      nextAttemptAt: null,
      failureReason: command.reason,
      version: delivery.version + 1,
    },
    events: [],
  }),
}

const deliveryMachine: StateMachine<DeliveryStatus, Delivery, DeliveryCommand, never, InvalidTransition> = {
  name: 'webhook delivery',
  table: deliveryTransitionTable,
  statusOf: (delivery) => delivery.status,
  handlers,
  refuse: (delivery, command) =>
    new InvalidTransition({ resource: 'webhook_delivery', from: delivery.status, command: command.type }),
}

/** The webhook delivery state machine: pure, driven by the table above. */
export const deliveryTransition = (
  delivery: Delivery,
  command: DeliveryCommand,
): Result<DeliveryOutcome, InvalidTransition> => runTransition(deliveryMachine, delivery, command)
