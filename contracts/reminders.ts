import { Schema } from 'effect'
import {
  CANCELLATION_REASONS,
  REMINDER_OFFSETS,
  REMINDER_STATUSES,
  REMINDER_TYPES,
  type Reminder,
  SNOOZE_MINUTES,
} from '../core/reminder/reminder.js'
import { boundedString, DateTime, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import { type EndpointContract, NoBody } from './endpoint.js'

export const CreateReminderRequest = Schema.Struct({
  offset_minutes: Schema.optionalKey(
    Schema.Literals(REMINDER_OFFSETS).annotate({
      description: 'Minutes before the event start; gives a `before_event` reminder. Exclusive with `custom_time`.',
    }),
  ),
  custom_time: Schema.optionalKey(
    DateTime.annotate({
      description: 'A fixed fire time in the future; gives a `custom_time` reminder. Exclusive with `offset_minutes`.',
    }),
  ),
  message: Schema.optionalKey(Schema.NullOr(boundedString(500))),
}).annotate({ identifier: 'CreateReminderRequest' })

export const SnoozeReminderRequest = Schema.Struct({
  snooze_minutes: Schema.Literals(SNOOZE_MINUTES),
}).annotate({ identifier: 'SnoozeReminderRequest' })

export const ListRemindersQuery = Schema.Struct({
  ...ListQuery,
  status: Schema.optionalKey(Schema.Literals(REMINDER_STATUSES)),
})

export const ReminderResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('reminder'),
  event_id: Schema.String,
  user_id: Schema.String,
  reminder_type: Schema.Literals(REMINDER_TYPES),
  offset_minutes: Schema.NullOr(Schema.Int),
  custom_time: Schema.NullOr(DateTime),
  scheduled_at: DateTime.annotate({
    description: 'Resolved fire time: start minus offset, the custom time, or the end of a snooze.',
  }),
  status: Schema.Literals(REMINDER_STATUSES),
  sent_at: Schema.NullOr(DateTime),
  dismissed_at: Schema.NullOr(DateTime),
  cancelled_at: Schema.NullOr(DateTime),
  cancellation_reason: Schema.NullOr(Schema.Literals(CANCELLATION_REASONS)),
  snooze_count: Schema.Int,
  message: Schema.NullOr(Schema.String),
  created_at: DateTime,
  updated_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'Reminder',
  description: 'A reminder of an event, pushed to the user’s devices at `scheduled_at`.',
})

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())

export const renderReminder = (reminder: Reminder) => ({
  id: reminder.id,
  object: 'reminder' as const,
  event_id: reminder.eventId,
  user_id: reminder.userId,
  reminder_type: reminder.type,
  offset_minutes: reminder.offsetMinutes,
  custom_time: iso(reminder.customTime),
  scheduled_at: reminder.scheduledAt.toISOString(),
  status: reminder.status,
  sent_at: iso(reminder.sentAt),
  dismissed_at: iso(reminder.dismissedAt),
  cancelled_at: iso(reminder.cancelledAt),
  cancellation_reason: reminder.cancellationReason,
  snooze_count: reminder.snoozeCount,
  message: reminder.message,
  created_at: reminder.createdAt.toISOString(),
  updated_at: reminder.updatedAt.toISOString(),
  livemode: reminder.livemode,
})

/** The Reminder endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const ReminderEndpoints = {
  createReminder: {
    operationId: 'createReminder',
    errors: ['account_deactivated'],
    permission: { resource: 'reminders', access: 'write' },
    method: 'POST',
    path: '/v1/events/{id}/reminders',
    summary: 'Create a reminder (idempotent: the same offset or time again returns the existing one with 200)',
    description:
      'Adds a reminder to an event, at an offset before it or at a fixed time, and sends `reminder.created`; it fires as `reminder.sent`. Idempotent: the same offset or time again answers 200 with the existing reminder.',
    existingStatus: {
      status: 200,
      description: 'The event already had a reminder at this offset or time: it is answered.',
    },
    tag: 'Reminders',
    body: CreateReminderRequest,
    response: ReminderResource,
    successStatus: 201,
  },
  listReminders: {
    operationId: 'listReminders',
    permission: { resource: 'reminders', access: 'read' },
    method: 'GET',
    path: '/v1/events/{id}/reminders',
    summary: "List an event's reminders, newest first",
    description:
      "Lists an event's reminders, newest first, optionally filtered by `status`. Pages with `limit` and a cursor.",
    tag: 'Reminders',
    query: ListRemindersQuery,
    response: listEnvelope(ReminderResource),
  },
  retrieveReminder: {
    operationId: 'retrieveReminder',
    permission: { resource: 'reminders', access: 'read' },
    method: 'GET',
    path: '/v1/reminders/{id}',
    summary: 'Retrieve a reminder',
    description:
      'Returns one reminder with its status (`scheduled`, `sent`, `dismissed` or `cancelled`), when it fires and how often it was snoozed.',
    tag: 'Reminders',
    response: ReminderResource,
  },
  cancelReminder: {
    operationId: 'cancelReminder',
    errors: ['account_deactivated', 'invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'reminders', access: 'write' },
    method: 'DELETE',
    path: '/v1/reminders/{id}',
    summary: 'Cancel a reminder: it never fires and stays visible as cancelled',
    description:
      'Cancels a scheduled or sent reminder: it never fires again and stays visible as `cancelled`. Cancelling again is a no-op; a dismissed reminder is 409 `invalid_state_transition`.',
    tag: 'Reminders',
    response: ReminderResource,
  },
  snoozeReminder: {
    operationId: 'snoozeReminder',
    errors: ['account_deactivated', 'invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'reminders', access: 'write' },
    method: 'POST',
    path: '/v1/reminders/{id}/snooze',
    summary: 'Snooze a reminder by 1, 3, 5 or 15 minutes',
    description:
      'Postpones a reminder by 1, 3, 5 or 15 minutes: a sent one fires again that long from now, a scheduled one that much later. Other durations are 400; a dismissed or cancelled reminder is 409.',
    tag: 'Reminders',
    body: SnoozeReminderRequest,
    response: ReminderResource,
  },
  dismissReminder: {
    operationId: 'dismissReminder',
    errors: ['account_deactivated', 'invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'reminders', access: 'write' },
    method: 'POST',
    path: '/v1/reminders/{id}/dismiss',
    summary: 'Dismiss a sent reminder',
    description:
      'Marks a sent reminder as dismissed (`reminder.dismissed`): it fires no more. Dismissing again is a no-op; a scheduled or cancelled reminder is 409 `invalid_state_transition`.',
    tag: 'Reminders',
    body: NoBody,
    response: ReminderResource,
  },
} as const satisfies Record<string, EndpointContract>
