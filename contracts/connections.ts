import { Schema } from 'effect'
import {
  CALENDAR_PROVIDERS,
  CONNECTION_SCOPES,
  CONNECTION_STATUS_REASONS,
  CONNECTION_STATUSES,
  CONSENT_CALLBACKS,
  SYNC_MODES,
  type Calendar,
  type Connection,
} from '../core/connection/connection.js'
import { PROVIDER_EVENT_STATUSES } from '../core/ports/calendar-provider.js'
import { boundedString, DateTime, described, ListQuery, listItem, ResponseMeta } from './common.js'

const AbsoluteUrl = Schema.String.check(
  Schema.makeFilter((value: string) =>
    value.length <= 2048 && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
      ? undefined
      : 'expected an absolute http(s) URL',
  ),
).annotate({ description: 'Absolute http(s) URL', ...described({ format: 'uri', maxLength: 2048 }) })

export const CalendarResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('calendar'),
  connection_id: Schema.String,
  external_id: Schema.String,
  name: Schema.String,
  color_hex: Schema.NullOr(Schema.String),
  writable: Schema.Boolean,
  selected: Schema.Boolean,
  is_default: Schema.Boolean,
  timezone: Schema.String,
  ...ResponseMeta,
}).annotate({ identifier: 'Calendar', description: 'A calendar of a connection, with its sync settings.' })

export const ConnectionResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('connection'),
  user_id: Schema.String,
  provider: Schema.Literals(CALENDAR_PROVIDERS),
  status: Schema.Literals(CONNECTION_STATUSES),
  status_reason: Schema.NullOr(Schema.Literals(CONNECTION_STATUS_REASONS)),
  email: Schema.String,
  scopes: Schema.Array(Schema.Literals(CONNECTION_SCOPES)),
  sync_mode: Schema.Literals(SYNC_MODES),
  last_synced_at: Schema.NullOr(DateTime),
  last_sync_error: Schema.NullOr(Schema.String),
  calendars: Schema.optionalKey(Schema.Array(listItem(CalendarResource))),
  webhook_subscription: Schema.NullOr(Schema.Struct({ id: Schema.String, expires_at: DateTime })),
  token_refresh: Schema.Struct({ last_at: Schema.NullOr(DateTime), failures_count: Schema.Int }),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'Connection',
  description: 'A link from a user to a calendar provider account. Provider tokens are never returned.',
})

export const StartConnectionRequest = Schema.Struct({
  provider: Schema.Literals(CALENDAR_PROVIDERS),
  user_id: boundedString(128),
  return_url: AbsoluteUrl,
  scopes: Schema.optionalKey(Schema.Array(Schema.Literals(CONNECTION_SCOPES))),
  callback: Schema.optionalKey(Schema.Literals(CONSENT_CALLBACKS)),
}).annotate({ identifier: 'StartConnectionRequest' })

export const ConnectionStartResource = Schema.Struct({
  object: Schema.Literal('connection_start'),
  redirect_url: Schema.String,
  state: Schema.String,
  expires_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'ConnectionStart' })

export const CompleteConnectionRequest = Schema.Struct({
  state: boundedString(256),
  code: boundedString(4096),
}).annotate({ identifier: 'CompleteConnectionRequest' })

export const ListConnectionsQuery = Schema.Struct({
  ...ListQuery,
  user_id: Schema.optionalKey(boundedString(128)),
  provider: Schema.optionalKey(Schema.Literals(CALENDAR_PROVIDERS)),
})

const Expandable = Schema.Literal('calendars')
export const RetrieveConnectionQuery = Schema.Struct({
  'expand[]': Schema.optionalKey(Schema.Union([Expandable, Schema.Array(Expandable)])),
})

export const UpdateCalendarRequest = Schema.Struct({
  selected: Schema.optionalKey(Schema.Boolean),
  writable: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: 'UpdateCalendarRequest' })

/** Sandbox test helper: an event created or changed "at the provider". */
export const ProviderEventRequest = Schema.Struct({
  calendar_id: boundedString(128),
  title: boundedString(500),
  start_time: DateTime,
  end_time: DateTime,
  timezone: Schema.optionalKey(boundedString(64)),
  location: Schema.optionalKey(Schema.NullOr(boundedString(500))),
  recurrence: Schema.optionalKey(Schema.Array(boundedString(500))),
}).annotate({ identifier: 'ProviderEventRequest' })

export const ProviderEventPatch = Schema.Struct({
  title: Schema.optionalKey(boundedString(500)),
  start_time: Schema.optionalKey(DateTime),
  end_time: Schema.optionalKey(DateTime),
  location: Schema.optionalKey(Schema.NullOr(boundedString(500))),
}).annotate({ identifier: 'ProviderEventPatch' })

export const ProviderOutageRequest = Schema.Struct({ enabled: Schema.Boolean }).annotate({
  identifier: 'ProviderOutageRequest',
})

export const ProviderEventResource = Schema.Struct({
  object: Schema.Literal('provider_event'),
  external_id: Schema.String,
  calendar_id: Schema.String,
  title: Schema.String,
  start_time: DateTime,
  end_time: DateTime,
  status: Schema.Literals(PROVIDER_EVENT_STATUSES),
  ...ResponseMeta,
}).annotate({ identifier: 'ProviderEvent' })

export const renderCalendar = (calendar: Calendar) => ({
  id: calendar.id,
  object: 'calendar' as const,
  connection_id: calendar.connectionId,
  external_id: calendar.externalId,
  name: calendar.name,
  color_hex: calendar.colorHex,
  writable: calendar.writable,
  selected: calendar.selected,
  is_default: calendar.isDefault,
  timezone: calendar.timezone,
})

export const renderConnection = (connection: Connection, calendars: readonly Calendar[] | null = null) => {
  // The subscription expiring first is the one the connection's push depends on next.
  const [subscription] = [...connection.subscriptions].sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
  return {
    id: connection.id,
    object: 'connection' as const,
    user_id: connection.userId,
    provider: connection.provider,
    status: connection.status,
    status_reason: connection.statusReason,
    email: connection.email,
    scopes: [...connection.scopes],
    sync_mode: connection.syncMode,
    last_synced_at: connection.lastSyncedAt?.toISOString() ?? null,
    last_sync_error: connection.lastSyncError,
    ...(calendars === null
      ? {}
      : { calendars: calendars.map((calendar) => ({ ...renderCalendar(calendar), livemode: connection.livemode })) }),
    webhook_subscription:
      subscription === undefined ? null : { id: subscription.id, expires_at: subscription.expiresAt.toISOString() },
    token_refresh: {
      last_at: connection.tokenRefresh.lastAt?.toISOString() ?? null,
      failures_count: connection.tokenRefresh.failuresCount,
    },
    created_at: connection.createdAt.toISOString(),
    livemode: connection.livemode,
  }
}
