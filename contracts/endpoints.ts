import { AgentTokenEndpoints } from './agent-tokens.js'
import { ApiKeyEndpoints } from './api-keys.js'
import { ConnectedAccountEndpoints } from './connected-accounts.js'
import { ConnectionEndpoints } from './connections.js'
import { DepartureHistoryEndpoints } from './departure-history.js'
import { DeviceEndpoints, PushMessageEndpoints } from './devices.js'
import type { EndpointContract } from './endpoint.js'
import { EventEndpoints } from './events.js'
import { FreeBusyEndpoints } from './freebusy.js'
import { HealthEndpoints } from './health.js'
import { InvitationEndpoints } from './invitations.js'
import { OAuthEndpoints } from './oauth.js'
import { ReferenceEndpoints } from './reference.js'
import { ReminderEndpoints } from './reminders.js'
import { SandboxClockEndpoints } from './sandbox-clock.js'
import { SchedulingEndpoints } from './scheduling.js'
import { SuggestionEndpoints } from './suggestions.js'
import { TrackingEndpoints } from './tracking.js'
import { UserEndpoints } from './users.js'
import { VoiceEndpoints } from './voice.js'
import { WebhookEndpointEndpoints } from './webhooks/endpoints.js'

/**
 * Every endpoint of the public API, keyed by operationId. Each resource declares its endpoints beside its schemas
 * (`contracts/<resource>.ts`); this object only assembles them. To add an endpoint, add it to its resource's
 * group; the order here is the order of the OpenAPI document's paths and of the routes' registration.
 */
export const Endpoints = {
  ...HealthEndpoints,
  ...UserEndpoints,
  ...EventEndpoints,
  ...DepartureHistoryEndpoints,
  ...SchedulingEndpoints,
  ...FreeBusyEndpoints,
  ...SuggestionEndpoints,
  ...WebhookEndpointEndpoints,
  ...ReminderEndpoints,
  ...DeviceEndpoints,
  ...TrackingEndpoints,
  ...PushMessageEndpoints,
  ...InvitationEndpoints,
  ...ConnectionEndpoints,
  ...SandboxClockEndpoints,
  ...ApiKeyEndpoints,
  ...ConnectedAccountEndpoints,
  ...OAuthEndpoints,
  ...ReferenceEndpoints,
  ...VoiceEndpoints,
  ...AgentTokenEndpoints,
} as const satisfies Record<string, EndpointContract>
