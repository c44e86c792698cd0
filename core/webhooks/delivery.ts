import type { RandomSource } from '../ports/id-generator.js'
import type { DomainEvent } from '../ports/outbox.js'

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** An attempt that got no HTTP answer, and why. */
export const ATTEMPT_FAILURES = ['timeout', 'connection_error', 'blocked_address'] as const
/** What is kept of an attempt to a private target (sandbox loopback): whether it was acknowledged, and nothing of what answered. */
export const WITHHELD_RESULTS = ['succeeded', 'failed'] as const
/** What an attempt came to: an HTTP answer, one of the failures, or a private target's withheld result. */
export const ATTEMPT_RESULTS = ['response', ...ATTEMPT_FAILURES, ...WITHHELD_RESULTS] as const

export type AttemptOutcome =
  | { readonly kind: 'response'; readonly statusCode: number }
  | { readonly kind: (typeof ATTEMPT_FAILURES)[number] }
  | { readonly kind: (typeof WITHHELD_RESULTS)[number] }

export interface DeliveryAttempt {
  readonly number: number
  readonly at: Date
  readonly durationMs: number
  readonly outcome: AttemptOutcome
  readonly error: string | null
}

export const DELIVERY_FAILURE_REASONS = ['retries_exhausted', 'endpoint_disabled', 'endpoint_deleted'] as const
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number]

/**
 * One notification to one endpoint. Redeliveries (retries, replays) keep the
 * notification, and so its id. The notification is kept with the delivery so a
 * replay needs nothing else.
 */
export interface Delivery {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly endpointId: string
  readonly notification: DomainEvent
  readonly status: DeliveryStatus
  readonly attempts: readonly DeliveryAttempt[]
  readonly firstAttemptAt: Date | null
  /** When the next attempt is due; null once succeeded or failed. A worker holding it pushes it out (lease). */
  readonly nextAttemptAt: Date | null
  /** Why a delivery ended without success. */
  readonly failureReason: DeliveryFailureReason | null
  /** The delivery this one replays, if any. */
  readonly replayOf: string | null
  readonly createdAt: Date
  readonly version: number
}

export type DeliveryCommand =
  /** An attempt finished with this outcome; `random` draws the jitter of the next retry. */
  | { readonly type: 'attempt'; readonly attempt: Omit<DeliveryAttempt, 'number'>; readonly random: RandomSource }
  /** The delivery can no longer be attempted (endpoint disabled or deleted). */
  | { readonly type: 'abandon'; readonly reason: 'endpoint_disabled' | 'endpoint_deleted' }

/** A 2xx acknowledges; anything else, a redirect included, is a failure. */
export const isAcknowledged = (outcome: AttemptOutcome): boolean =>
  outcome.kind === 'succeeded' || (outcome.kind === 'response' && outcome.statusCode >= 200 && outcome.statusCode < 300)

/**
 * What is kept of an attempt to a private target: succeeded or failed. Its status code, the kind of failure
 * (timeout, refused) and the error would let any sandbox key map the ports of the operator's machine.
 */
export const withholdDetails = (attempt: Omit<DeliveryAttempt, 'number'>): Omit<DeliveryAttempt, 'number'> => ({
  ...attempt,
  outcome: { kind: isAcknowledged(attempt.outcome) ? 'succeeded' : 'failed' },
  error: null,
})
