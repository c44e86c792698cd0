/** Domain shape of a reminder. The wire shape (snake_case) lives in contracts/reminders.ts. */

/** The offsets allowed for `before_event` reminders (docs/reminders.md). */
export const REMINDER_OFFSETS = [5, 15, 30, 60, 120, 1440, 10080] as const
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number]

/** The snooze lengths allowed (docs/reminders.md). */
export const SNOOZE_MINUTES = [1, 3, 5, 15] as const
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number]

export const REMINDER_TYPES = ['before_event', 'custom_time'] as const
export type ReminderType = (typeof REMINDER_TYPES)[number]

/**
 * The contract's three statuses plus `cancelled` (docs/reminders.md), the state `DELETE /v1/reminders/{id}`
 * (or deleting the event) leaves a reminder in: it stays retrievable and never fires.
 */
export const REMINDER_STATUSES = ['scheduled', 'sent', 'dismissed', 'cancelled'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]

export const CANCELLATION_REASONS = ['requested', 'event_deleted'] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

/** The part of a reminder its state machine moves. */
export interface ReminderLifecycle {
  readonly status: ReminderStatus
  /** The resolved fire time: start minus offset, the custom time, or the end of a snooze. */
  readonly scheduledAt: Date
  /** Set exactly while `sent` or `dismissed`: when the current firing happened (a snooze or a cancel clears it). */
  readonly sentAt: Date | null
  readonly dismissedAt: Date | null
  readonly cancelledAt: Date | null
  readonly cancellationReason: CancellationReason | null
  readonly snoozeCount: number
}

export interface Reminder extends ReminderLifecycle {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  /** The event's owner: whose devices receive it, whose pause blocks it. */
  readonly userId: string
  readonly eventId: string
  readonly type: ReminderType
  readonly offsetMinutes: number | null
  readonly customTime: Date | null
  readonly message: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
  /** Optimistic-concurrency version: bumped on every write. */
  readonly version: number
}

/** When the delivery job must look at the reminder: its fire time while scheduled, else never. */
export const reminderDueAt = (reminder: ReminderLifecycle): Date | null =>
  reminder.status === 'scheduled' ? reminder.scheduledAt : null

/** What makes two reminders "the same" for the idempotent create: the event and the offset, or the event and the time. */
export const reminderIdentity = (
  reminder: Pick<Reminder, 'eventId' | 'type' | 'offsetMinutes' | 'customTime'>,
): string =>
  reminder.type === 'before_event'
    ? `${reminder.eventId}/before_event/${reminder.offsetMinutes}`
    : `${reminder.eventId}/custom_time/${reminder.customTime?.toISOString()}`

/** The fire time of a `before_event` reminder. */
export const beforeEventFireTime = (startTime: Date, offsetMinutes: number): Date =>
  new Date(startTime.getTime() - offsetMinutes * 60_000)
