import { InvalidTransition } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { RandomSource } from '../ports/id-generator.js'
import { nextRetryAt } from './retry-schedule.js'

export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed'

export type AttemptOutcome =
  | { readonly kind: 'response'; readonly statusCode: number }
  | { readonly kind: 'timeout' | 'connection_error' | 'blocked_address' }

export interface DeliveryAttempt {
  readonly number: number
  readonly at: Date
  readonly durationMs: number
  readonly outcome: AttemptOutcome
  readonly error: string | null
}

/** One notification to one endpoint. Redeliveries keep the notification id. */
export interface Delivery {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly endpointId: string
  readonly notificationId: string
  readonly eventType: string
  readonly status: DeliveryStatus
  readonly attempts: readonly DeliveryAttempt[]
  readonly firstAttemptAt: Date | null
  /** When the next attempt is due; null once succeeded or failed. A worker holding it pushes it out (lease). */
  readonly nextAttemptAt: Date | null
  readonly createdAt: Date
  readonly version: number
}

/** A 2xx acknowledges; anything else, a redirect included, is a failure. */
export const isAcknowledged = (outcome: AttemptOutcome): boolean => outcome.kind === 'response' && outcome.statusCode >= 200 && outcome.statusCode < 300

export const DELIVERY_TABLE: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  pending: ['succeeded', 'retrying', 'failed'],
  retrying: ['succeeded', 'retrying', 'failed'],
  succeeded: [],
  failed: [],
}

/**
 * Records an attempt: success ends the delivery; a failure schedules the next
 * retry (retry schedule) or, after the last one, fails the delivery for good.
 */
export const recordAttempt = (
  delivery: Delivery,
  attempt: Omit<DeliveryAttempt, 'number'>,
  random: RandomSource,
): Result<Delivery, InvalidTransition> => {
  const allowed = DELIVERY_TABLE[delivery.status]
  if (allowed.length === 0) return err(new InvalidTransition({ resource: 'webhook_delivery', from: delivery.status, command: 'attempt' }))
  const attempts = [...delivery.attempts, { ...attempt, number: delivery.attempts.length + 1 }]
  const firstAttemptAt = delivery.firstAttemptAt ?? attempt.at
  if (isAcknowledged(attempt.outcome)) {
    return ok({ ...delivery, attempts, firstAttemptAt, status: 'succeeded', nextAttemptAt: null, version: delivery.version + 1 })
  }
  const retryAt = nextRetryAt(firstAttemptAt, attempts.length, random)
  return ok({
    ...delivery,
    attempts,
    firstAttemptAt,
    status: retryAt === null ? 'failed' : 'retrying',
    nextAttemptAt: retryAt,
    version: delivery.version + 1,
  })
}
