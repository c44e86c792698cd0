import { Schema } from 'effect'
import { boundedString } from '../../../contracts/common.js'
import { CreateReminderRequest, renderReminder, SnoozeReminderRequest } from '../../../contracts/reminders.js'
import { defineTool } from '../../../core/agent/agent-tool.js'
import { REMINDER_STATUSES } from '../../../core/reminder/reminder.js'
import { ok } from '../../../core/shared/result.js'
import { executeOn, ownEvent, ownReminder, planOn, versionOn } from './ownership.js'

const ReminderId = Schema.Struct({ reminder_id: boundedString(64) })

export const listReminders = defineTool({
  name: 'list_reminders',
  route: 'listReminders',
  description: 'The reminders of one of the user’s events, newest first.',
  kind: 'read',
  permission: { resource: 'reminders', access: 'read' },
  arguments: Schema.Struct({
    event_id: boundedString(64),
    status: Schema.optionalKey(Schema.Literals(REMINDER_STATUSES)),
  }),
  run: async (context, args) => {
    const event = await ownEvent(context, args.event_id)
    if (!event.ok) return event
    const found = await context.services.reminders.list(
      context.scope,
      event.value.id,
      { status: args.status },
      { limit: 100 },
    )
    return found.ok
      ? ok({ object: 'list', data: found.value.data.map(renderReminder), has_more: found.value.hasMore })
      : found
  },
})

export const createReminder = defineTool({
  name: 'create_reminder',
  route: 'createReminder',
  hints: { destructive: false, idempotent: false, openWorld: false },
  description: 'Proposes a reminder for one of the user’s events (offset_minutes before it, or at custom_time).',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'reminders', access: 'write' },
  arguments: Schema.Struct({ event_id: boundedString(64), ...CreateReminderRequest.fields }),
  plan: async (context, args) => {
    const event = await ownEvent(context, args.event_id)
    if (!event.ok) return event
    const { event_id: _id, ...reminder } = args
    const when =
      args.offset_minutes === undefined ? `at ${args.custom_time ?? '?'}` : `${args.offset_minutes} minutes before`
    return ok({
      summary: `Remind about '${event.value.title}' ${when}.`,
      change: { create: reminder },
      resource: { type: 'reminder', id: null },
      basis: null,
    })
  },
  basis: async () => null,
  execute: async (context, args) => {
    const event = await ownEvent(context, args.event_id)
    if (!event.ok) return event
    const created = await context.services.reminders.create(context.scope, event.value.id, {
      offsetMinutes: args.offset_minutes,
      customTime: args.custom_time === undefined ? undefined : new Date(args.custom_time),
      message: args.message,
    })
    return created.ok
      ? ok({ resourceId: created.value.reminder.id, result: renderReminder(created.value.reminder) })
      : created
  },
})

export const snoozeReminder = defineTool({
  name: 'snooze_reminder',
  route: 'snoozeReminder',
  hints: { destructive: false, idempotent: false, openWorld: false },
  description: 'Proposes snoozing a reminder by 1, 3, 5 or 15 minutes (low risk: may execute directly).',
  kind: 'write',
  risk: 'low',
  permission: { resource: 'reminders', access: 'write' },
  arguments: Schema.Struct({ reminder_id: boundedString(64), ...SnoozeReminderRequest.fields }),
  plan: (context, args) =>
    planOn(ownReminder(context, args.reminder_id), 'reminder', () => ({
      summary: `Snooze the reminder by ${args.snooze_minutes} minutes.`,
      change: { snooze_minutes: args.snooze_minutes },
    })),
  basis: (context, args) => versionOn(ownReminder(context, args.reminder_id)),
  execute: (context, args) =>
    executeOn(ownReminder(context, args.reminder_id), async (reminder) => {
      const snoozed = await context.services.reminders.snooze(context.scope, reminder.id, args.snooze_minutes)
      return snoozed.ok ? ok({ resourceId: reminder.id, result: renderReminder(snoozed.value) }) : snoozed
    }),
})

export const cancelReminder = defineTool({
  name: 'cancel_reminder',
  route: 'cancelReminder',
  hints: { destructive: true, idempotent: true, openWorld: false },
  description: 'Proposes cancelling a reminder; a cancelled reminder never fires.',
  kind: 'write',
  risk: 'normal',
  permission: { resource: 'reminders', access: 'write' },
  arguments: ReminderId,
  plan: (context, args) =>
    planOn(ownReminder(context, args.reminder_id), 'reminder', (reminder) => ({
      summary: 'Cancel the reminder.',
      change: { status: { from: reminder.status, to: 'cancelled' } },
    })),
  basis: (context, args) => versionOn(ownReminder(context, args.reminder_id)),
  execute: (context, args) =>
    executeOn(ownReminder(context, args.reminder_id), async (reminder) => {
      const cancelled = await context.services.reminders.cancel(context.scope, reminder.id)
      return cancelled.ok ? ok({ resourceId: reminder.id, result: renderReminder(cancelled.value) }) : cancelled
    }),
})
