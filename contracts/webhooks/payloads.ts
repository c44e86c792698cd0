import { Schema, Struct } from 'effect'
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../core/webhooks/event-types.js'
import { AgentActionExecution } from '../agent-actions.js'
import { DateTime, listItem } from '../common.js'
import { ConnectionResource } from '../connections.js'
import { DepartureResource, EventResource } from '../events.js'
import { InvitationResource } from '../invitations.js'
import { ReminderResource } from '../reminders.js'
import { TrackingResource } from '../tracking.js'
import { UserResource } from '../users.js'
import { WebhookEndpointResource } from './endpoints.js'
import { WebhookNotificationSchema } from './notification.js'

/** A departure notification's object: the departure window, and for thresholds and updates what triggered it. */
const DepartureNotice = DepartureResource.mapFields(Struct.omit(['request_id']))
  .mapFields(
    Struct.assign({
      threshold: Schema.optionalKey(Schema.String),
      threshold_due_at: Schema.optionalKey(Schema.NullOr(DateTime)),
      changes: Schema.optionalKey(Schema.Array(Schema.String)),
    }),
  )
  .annotate({ identifier: 'DepartureNotice' })

/** The tracking object at the moment of the change (as `GET /v1/events/{id}/tracking`, without `request_id`). */
const TrackingNotice = TrackingResource.mapFields(Struct.omit(['request_id'])).annotate({
  identifier: 'TrackingNotice',
})

/** An executed voice action (`renderVoiceActionNotice`); `confirmed_by_user` since 2026-05-20. */
const VoiceActionNotice = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('voice_action'),
  session: Schema.String,
  user_id: Schema.String,
  tool: Schema.String,
  resource: Schema.Struct({ type: Schema.String, id: Schema.NullOr(Schema.String) }),
  summary: Schema.String,
  change: Schema.Unknown,
  confirmed_by_user: Schema.optionalKey(Schema.Boolean),
  executed_at: Schema.NullOr(DateTime),
}).annotate({ identifier: 'VoiceActionNotice' })

const OBJECTS = {
  user: listItem(UserResource),
  event: listItem(EventResource),
  departure: DepartureNotice,
  reminder: listItem(ReminderResource),
  invitation: listItem(InvitationResource),
  connection: listItem(ConnectionResource),
  webhook_endpoint: listItem(WebhookEndpointResource),
  tracking: TrackingNotice,
  voice_action: VoiceActionNotice,
  agent_action_execution: AgentActionExecution,
} as const

/**
 * The resource each notification type carries in `data.object` (`contracts/webhooks/notification.ts` renders
 * them). One entry per type: a new type in `WEBHOOK_EVENT_TYPES` does not compile until it says what it carries.
 */
const OBJECT_OF: Readonly<Record<WebhookEventType, keyof typeof OBJECTS>> = {
  'user.created': 'user',
  'user.updated': 'user',
  'user.deactivated': 'user',
  'user.reactivated': 'user',
  'user.deleted': 'user',
  'event.created': 'event',
  'event.updated': 'event',
  'event.deleted': 'event',
  'departure.computed': 'departure',
  'departure.updated': 'departure',
  'departure.threshold_reached': 'departure',
  'reminder.created': 'reminder',
  'reminder.sent': 'reminder',
  'reminder.snoozed': 'reminder',
  'reminder.dismissed': 'reminder',
  'reminder.cancelled': 'reminder',
  'reminder.rescheduled': 'reminder',
  'voice.action_executed': 'voice_action',
  'agent.action_executed': 'agent_action_execution',
  'event.late_predicted': 'tracking',
  'user.arrived': 'tracking',
  'event.tracking_stopped': 'tracking',
  'invitation.created': 'invitation',
  'invitation.received': 'invitation',
  'invitation.email_sent': 'invitation',
  'invitation.delivered': 'invitation',
  'invitation.opened': 'invitation',
  'invitation.bounced': 'invitation',
  'invitation.responded': 'invitation',
  'invitation.updated': 'invitation',
  'invitation.cancelled': 'invitation',
  'invitation.unsubscribed': 'invitation',
  'connection.created': 'connection',
  'connection.updated': 'connection',
  'connection.disconnected': 'connection',
  'connection.reconnected': 'connection',
  'webhook_endpoint.disabled': 'webhook_endpoint',
  'webhook_endpoint.test': 'webhook_endpoint',
}

/** `reminder.sent` -> `ReminderSentNotification`; `webhook_endpoint.test` -> `webhookEndpointTestNotification` (operationId). */
const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

export const webhookOperationId = (type: string): string => {
  const name = `${pascal(type)}Notification`
  return name.charAt(0).toLowerCase() + name.slice(1)
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a')

/** One notification body per type: the envelope with `type` fixed and `data.object` the type's resource. */
export const WEBHOOK_PAYLOADS: Readonly<Record<WebhookEventType, { schema: Schema.Top; summary: string }>> =
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const object = OBJECTS[OBJECT_OF[type]]
      const schema = WebhookNotificationSchema.mapFields(
        Struct.assign({ type: Schema.Literal(type), data: Schema.Struct({ object }) }),
      ).annotate({ identifier: `${pascal(type)}Notification` })
      return [
        type,
        {
          schema,
          summary: `${type}: ${article(OBJECT_OF[type])} ${OBJECT_OF[type].replaceAll('_', ' ')} in data.object`,
        },
      ]
    }),
  ) as unknown as Record<WebhookEventType, { schema: Schema.Top; summary: string }>
