import type { Device } from '../device/device.js'

/** A notification for one device, in our terms; an adapter turns it into its provider's request. */
export interface PushMessage {
  readonly title: string
  readonly body: string
  /** Show without sound or vibration (quiet hours, or the user turned sound off). */
  readonly silent: boolean
  /** How long the push service may hold the message for an offline device. */
  readonly ttlSeconds: number
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** Identifiers the client app needs to act on the notification (snooze, dismiss). */
  readonly data: Readonly<Record<string, string>>
  /** When the service decided to send it (the surface's clock). */
  readonly createdAt: Date
}

/**
 * What became of one message: `delivered` (the push service accepted it),
 * `expired` (the subscription is gone: the device should be forgotten), or
 * `failed` (the push service refused or could not be reached).
 */
export type PushOutcome =
  | { readonly status: 'delivered' }
  | { readonly status: 'expired' }
  | { readonly status: 'failed'; readonly reason: string }
export const PUSH_OUTCOMES = ['delivered', 'expired', 'failed'] as const satisfies readonly PushOutcome['status'][]

/** Sends notifications to registered devices (Web Push, or a recorder on the sandbox). */
export interface PushPort {
  send(device: Device, message: PushMessage): Promise<PushOutcome>
}

/** One push as the recording adapter kept it. */
export interface RecordedPush {
  readonly id: string
  readonly accountId: string
  readonly userId: string
  readonly deviceId: string
  readonly endpoint: string
  readonly message: PushMessage
  readonly outcome: PushOutcome['status']
}

/** What the sandbox shows of pushes it did not really send (`GET /v1/test_helpers/push_messages`). */
export interface PushRecorder {
  /** Pushes of an account (optionally one user), newest first. */
  list(
    accountId: string,
    filter: { readonly userId?: string | undefined },
    limit: number,
  ): { readonly data: readonly RecordedPush[]; readonly hasMore: boolean }
}
