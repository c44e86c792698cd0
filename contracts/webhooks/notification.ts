import { Schema } from 'effect'
import type { Connection } from '../../core/connection/connection.js'
import type { Departure } from '../../core/departure/departure.js'
import type { CalendarEvent } from '../../core/event/event.js'
import type { Invitation } from '../../core/invitation/invitation.js'
import type { DomainEvent } from '../../core/ports/outbox.js'
import type { Reminder } from '../../core/reminder/reminder.js'
import type { Trip } from '../../core/tracking/trip.js'
import type { User } from '../../core/user/user.js'
import type { Proposal } from '../../core/voice/proposal.js'
import type { WebhookEndpoint } from '../../core/webhooks/webhook-endpoint.js'
import { renderAgentActionExecution } from '../agent-actions.js'
import { renderConnection } from '../connections.js'
import { renderDeparture, renderEvent } from '../events.js'
import { renderInvitation } from '../invitations.js'
import { renderReminder } from '../reminders.js'
import { renderTracking } from '../tracking.js'
import { renderUser } from '../users.js'
import { type ApiVersion, downgradeResource } from '../versions.js'
import { renderVoiceActionNotice } from '../voice.js'
import { renderWebhookEndpoint } from './endpoints.js'

type Json = Record<string, unknown>

/** The body of every delivery. `id` (prefix `ntf_`) is the same on every redelivery. */
export const WebhookNotificationSchema = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('event'),
  type: Schema.String,
  created: Schema.Int,
  livemode: Schema.Boolean,
  api_version: Schema.String,
  account: Schema.optionalKey(Schema.String).annotate({
    description:
      'Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself.',
  }),
  data: Schema.Struct({ object: Schema.Record(Schema.String, Schema.Unknown) }),
}).annotate({ identifier: 'WebhookNotification' })

interface DepartureNotice {
  readonly departure: Departure
  readonly originSource: string | null
  readonly threshold?: string
  readonly dueAt?: Date
  readonly changes?: readonly string[]
}

/** Wire renderers of the resources that notifications carry, by the domain event's `objectType`. */
const RESOURCE_RENDERERS: Readonly<Record<string, (object: unknown, event: DomainEvent) => Json>> = {
  user: (object) => renderUser(object as User),
  event: (object) => renderEvent(object as CalendarEvent),
  departure: (object) => {
    const notice = object as DepartureNotice
    return {
      ...renderDeparture(notice.departure, notice.departure.eventId, notice.originSource),
      ...(notice.threshold === undefined
        ? {}
        : { threshold: notice.threshold, threshold_due_at: notice.dueAt?.toISOString() ?? null }),
      ...(notice.changes === undefined ? {} : { changes: [...notice.changes] }),
    }
  },
  reminder: (object) => renderReminder(object as Reminder),
  tracking: (object) => renderTracking(object as Trip),
  invitation: (object) => renderInvitation(object as Invitation),
  connection: (object) => renderConnection(object as Connection),
  voice_action: (object) => renderVoiceActionNotice(object as Proposal),
  agent_action_execution: (object) => renderAgentActionExecution(object as Proposal),
  webhook_endpoint: (object, event) => renderWebhookEndpoint(object as WebhookEndpoint, event.createdAt),
}

/** The raw body of a notification, its resource in `version`'s shape. */
/** `connectedAccount`: the `cpa_` id when the event is a connected account's (Connect), so that a platform can route it. */
export const renderNotification = (event: DomainEvent, version: ApiVersion, connectedAccount?: string): string => {
  const render = RESOURCE_RENDERERS[event.objectType]
  if (render === undefined) throw new Error(`no notification renderer for ${event.objectType}`)
  const resource = downgradeResource({ ...render(event.object, event), livemode: event.livemode }, version)
  return JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    livemode: event.livemode,
    api_version: version,
    ...(connectedAccount === undefined ? {} : { account: connectedAccount }),
    data: { object: resource },
  })
}
