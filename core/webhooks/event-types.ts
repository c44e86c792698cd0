import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'

/** Every notification type a webhook endpoint can subscribe to (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.deleted',
  'event.created',
  'event.updated',
  'event.deleted',
  'departure.computed',
  'departure.updated',
  'departure.threshold_reached',
  'reminder.created',
  'reminder.sent',
  'reminder.snoozed',
  'reminder.dismissed',
  'reminder.cancelled',
  'reminder.rescheduled',
  'voice.action_executed',
  'agent.action_executed',
  'event.late_predicted',
  'user.arrived',
  'event.tracking_stopped',
  'invitation.created',
  'invitation.received',
  'invitation.email_sent',
  'invitation.delivered',
  'invitation.opened',
  'invitation.bounced',
  'invitation.responded',
  'invitation.updated',
  'invitation.cancelled',
  'invitation.unsubscribed',
  'connection.created',
  'connection.updated',
  'connection.disconnected',
  'connection.reconnected',
  'webhook_endpoint.disabled',
  'webhook_endpoint.test',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** `*` subscribes to every type, present and future. */
export const ALL_EVENTS = '*'

export const validateEventTypes = (types: readonly string[]): Result<readonly string[], InvalidParameter> => {
  if (types.length === 0)
    return err(
      new InvalidParameter({ param: 'events', message: 'Subscribe to at least one event type, or "*" for all.' }),
    )
  for (const [index, type] of types.entries()) {
    if (type !== ALL_EVENTS && !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
      return err(new InvalidParameter({ param: `events[${index}]`, message: `Unknown event type '${type}'.` }))
    }
  }
  return ok([...new Set(types)])
}

export const subscribes = (events: readonly string[], type: string): boolean =>
  events.includes(ALL_EVENTS) || events.includes(type)
