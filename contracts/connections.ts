import { Schema } from 'effect'
import {
  CALENDAR_PROVIDERS,
  type Calendar,
  CONNECTION_SCOPES,
  CONNECTION_STATUS_REASONS,
  CONNECTION_STATUSES,
  CONSENT_CALLBACKS,
  type Connection,
  SYNC_MODES,
} from '../core/connection/connection.js'
import { PROVIDER_EVENT_STATUSES } from '../core/ports/calendar-provider.js'
import { boundedString, DateTime, described, ListQuery, listEnvelope, listItem, ResponseMeta } from './common.js'
import { type EndpointContract, FormFields, htmlPage, NoBody } from './endpoint.js'

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

/** The Connection endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const ConnectionEndpoints = {
  startConnection: {
    operationId: 'startConnection',
    errors: ['account_deactivated'],
    permission: { resource: 'connections', access: 'write' },
    method: 'POST',
    path: '/v1/connections/start',
    summary: 'Start the provider OAuth flow (PKCE); answers the redirect_url to send the user to',
    description:
      "Starts connecting a user's calendar provider (Google, Microsoft, iCloud or the sandbox provider) with OAuth and PKCE. Answers the `redirect_url` to send the user to; nothing is connected until the callback.",
    tag: 'Connections',
    body: StartConnectionRequest,
    response: ConnectionStartResource,
  },
  completeConnection: {
    operationId: 'completeConnection',
    errors: ['oauth_state_invalid', 'authorization_code_invalid', 'calendar_provider_unavailable'],
    permission: { resource: 'connections', access: 'write' },
    method: 'POST',
    path: '/v1/connections/callback',
    summary: "Server-side callback: exchange the code your return_url received (start with callback 'server')",
    description:
      'Completes a connection started with `callback: server`: exchanges the code your `return_url` received for provider tokens and creates the connection, which then syncs its calendars.',
    tag: 'Connections',
    body: CompleteConnectionRequest,
    response: ConnectionResource,
    successStatus: 201,
  },
  listConnections: {
    operationId: 'listConnections',
    permission: { resource: 'connections', access: 'read' },
    method: 'GET',
    path: '/v1/connections',
    summary: 'List connections, newest first; filter by user and provider',
    description:
      'Lists calendar connections, newest first, filtered by `user_id` and `provider`. Pages with `limit` and a cursor; tokens are never shown.',
    tag: 'Connections',
    query: ListConnectionsQuery,
    response: listEnvelope(ConnectionResource),
  },
  retrieveConnection: {
    operationId: 'retrieveConnection',
    permission: { resource: 'connections', access: 'read' },
    method: 'GET',
    path: '/v1/connections/{id}',
    summary: 'Retrieve a connection; expand[]=calendars inlines its calendars',
    description: 'Returns one connection with its sync status; `expand[]=calendars` inlines its calendars.',
    tag: 'Connections',
    query: RetrieveConnectionQuery,
    response: ConnectionResource,
  },
  deleteConnection: {
    operationId: 'deleteConnection',
    errors: ['invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'connections', access: 'write' },
    method: 'DELETE',
    path: '/v1/connections/{id}',
    summary: 'Disconnect: revoke provider tokens, stop push channels and syncing; synced events stay',
    description:
      'Disconnects: revokes the provider tokens, stops push channels and syncing. Events already synced stay, no longer updated.',
    tag: 'Connections',
    response: ConnectionResource,
  },
  refreshConnection: {
    operationId: 'refreshConnection',
    // A provider failure during the sync is recorded on the connection (last_sync_error), not answered: no 502.
    errors: ['invalid_state_transition'],
    permission: { resource: 'connections', access: 'write' },
    method: 'POST',
    path: '/v1/connections/{id}/refresh',
    summary: 'Immediate full sync (1 per minute per connection)',
    description:
      "Runs a full sync of the connection now instead of waiting for the provider's push or the next poll. Limited to 1 per minute per connection (429). A provider failure during the sync does not fail the request: it is recorded on the connection.",
    tag: 'Connections',
    body: NoBody,
    response: ConnectionResource,
  },
  listCalendars: {
    operationId: 'listCalendars',
    permission: { resource: 'connections', access: 'read' },
    method: 'GET',
    path: '/v1/connections/{id}/calendars',
    summary: 'List the calendars of a connection',
    description:
      'Lists the calendars of a connection, each with whether it is selected for sync and whether write-back is allowed.',
    tag: 'Calendars',
    response: listEnvelope(CalendarResource),
  },
  updateCalendar: {
    operationId: 'updateCalendar',
    errors: ['concurrent_modification'],
    permission: { resource: 'connections', access: 'write' },
    method: 'PATCH',
    path: '/v1/connections/{id}/calendars/{calId}',
    summary: 'Select or deselect a calendar for sync, allow or stop write-back (idempotent)',
    description:
      "Selects or deselects a calendar for sync, and allows or stops writing the user's events back to it. Idempotent.",
    tag: 'Calendars',
    body: UpdateCalendarRequest,
    response: CalendarResource,
  },
  oauthCallback: {
    operationId: 'oauthCallback',
    rateLimited: false,
    permission: 'any_key',
    method: 'GET',
    path: '/v1/connections/oauth/callback',
    summary:
      "The service's OAuth redirect URI: exchanges the code, then redirects (302) to return_url with connection_id and state",
    description:
      "The service's OAuth redirect URI, which the provider sends the user back to: exchanges the code for tokens, then redirects (302) to your `return_url` with `connection_id` and `state`, or `error` and `state`.",
    tag: 'Connections',
    authenticated: false,
    responseDescription: '302 redirect to return_url with connection_id and state (or error and state)',
    successStatus: 302,
    otherResponses: [htmlPage(400, 'An HTML page: the link has no state, or it expired.')],
  },
  googlePush: {
    operationId: 'googlePush',
    rateLimited: false,
    permission: 'any_key',
    method: 'POST',
    path: '/v1/connections/push/google',
    summary: 'Google Calendar push notifications (events.watch channels), verified by the channel token',
    description:
      "Receives Google Calendar push notifications for the connection's watch channels, verified by the channel token, and starts a sync of that connection. Called by Google, not by API clients.",
    tag: 'Connections',
    authenticated: false,
    errors: ['parameter_missing', 'resource_missing'],
    responseDescription:
      '200 when the channel and its token match (the connection syncs); 400 without the channel headers, 404 when they match no channel (in the error envelope)',
  },
  microsoftPush: {
    operationId: 'microsoftPush',
    rateLimited: false,
    permission: 'any_key',
    method: 'POST',
    path: '/v1/connections/push/microsoft',
    summary:
      'Microsoft Graph change notifications: answers the validation handshake (validationToken) and accepts notifications whose clientState matches',
    description:
      "Receives Microsoft Graph change notifications whose clientState matches, and answers Graph's validation handshake by echoing `validationToken`. Called by Microsoft, not by API clients.",
    tag: 'Connections',
    authenticated: false,
    errors: ['parameter_missing', 'parameter_invalid'],
    responseDescription:
      '200 text/plain echo of validationToken; 202 for notifications; 400 without notifications (in the error envelope, naming value)',
    // Graph posts its notifications as JSON ({ value: [...] }, each with fields Graph adds to over time): an open object.
    body: Schema.Record(Schema.String, Schema.Unknown).annotate({
      identifier: 'GraphChangeNotifications',
      description:
        'Microsoft Graph change notifications, `{ "value": [notification, ...] }`; each notification with `clientState` (and `lifecycleEvent` for lifecycle notices). Absent for the validation handshake.',
    }),
    responseContentType: 'text/plain',
    otherResponses: [{ status: 202, description: 'Notifications received (no body).', only: true }],
  },
  icloudSignInPage: {
    operationId: 'icloudSignInPage',
    rateLimited: false,
    permission: 'any_key',
    method: 'GET',
    path: '/v1/connections/icloud/authorize',
    summary:
      'Hosted iCloud (beta) sign-in page: Apple ID and app-specific password (HTML form). Reached by the redirect of POST /v1/connections/start: its credential is the state, never a key; 404 route_not_found where iCloud is not offered (production without ICLOUD_CALDAV_URL, and the sandbox)',
    description:
      'The hosted iCloud (beta) sign-in page: a form for the Apple ID and an app-specific password, reached by the redirect of `startConnection`. Its state is its credential; 404 where iCloud is not offered.',
    tag: 'Connections',
    authenticated: false,
    errors: ['route_not_found'],
    responseDescription: 'HTML sign-in page; a 400 page for an unknown or expired state',
    responseContentType: 'text/html',
    otherResponses: [
      htmlPage(400, 'An HTML page: the sign-in request is not valid, or its state is unknown or expired.'),
    ],
  },
  icloudSignIn: {
    operationId: 'icloudSignIn',
    rateLimited: false,
    permission: 'any_key',
    method: 'POST',
    path: '/v1/connections/icloud/authorize',
    summary:
      "The sign-in page's form target (application/x-www-form-urlencoded): checks the password with iCloud, then redirects to the callback with code and state. Its credential is the state, never a key; 404 route_not_found where iCloud is not offered",
    description:
      'Target of the iCloud sign-in form: checks the password with iCloud, then redirects to the callback with a code and the state. A refused password answers the page again (400).',
    tag: 'Connections',
    authenticated: false,
    errors: ['route_not_found'],
    responseDescription: '302 to the redirect URI with code and state; 400 page when the password is refused',
    successStatus: 302,
    formBody: FormFields,
    otherResponses: [htmlPage(400, 'An HTML page: the password was refused, or the request is not valid.')],
  },
  sandboxConsentPage: {
    operationId: 'sandboxConsentPage',
    rateLimited: false,
    permission: 'any_key',
    method: 'GET',
    path: '/v1/sandbox/oauth/authorize',
    summary:
      "The sandbox provider's hosted consent page (HTML form), reached by the redirect of POST /v1/connections/start: its credential is the state, never a key",
    description:
      "The sandbox calendar provider's consent page, reached by the redirect of `startConnection`, so that connections can be tried end to end without a real provider. Sandbox only.",
    tag: 'Test helpers',
    authenticated: false,
    sandboxOnly: true,
    responseDescription: 'HTML consent page',
    responseContentType: 'text/html',
    otherResponses: [htmlPage(400, 'An HTML page: the consent request is not valid.')],
  },
  sandboxConsentDecision: {
    operationId: 'sandboxConsentDecision',
    rateLimited: false,
    permission: 'any_key',
    method: 'POST',
    path: '/v1/sandbox/oauth/authorize',
    summary:
      "The consent page's form target (application/x-www-form-urlencoded): redirects to the redirect URI with code and state. Its credential is the state, never a key",
    description:
      "Target of the sandbox consent page's form: redirects to the redirect URI with a code and the state, or `error=access_denied`. Sandbox only.",
    tag: 'Test helpers',
    authenticated: false,
    sandboxOnly: true,
    responseDescription: '302 redirect to redirect_uri with code and state (or error=access_denied)',
    successStatus: 302,
    formBody: FormFields,
    otherResponses: [htmlPage(400, 'An HTML page: the consent request is not valid, or the e-mail is missing.')],
  },
  createProviderEvent: {
    operationId: 'createProviderEvent',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/connections/{id}/provider_events',
    summary: 'Create an event at the sandbox provider (it pushes, or is seen at the next poll)',
    description:
      "Creates an event in the sandbox provider's calendar, as if the user added it there; the connection sees it by push or at the next poll. Sandbox only.",
    tag: 'Test helpers',
    body: ProviderEventRequest,
    response: ProviderEventResource,
    successStatus: 201,
    sandboxOnly: true,
  },
  updateProviderEvent: {
    operationId: 'updateProviderEvent',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'PATCH',
    path: '/v1/test_helpers/connections/{id}/provider_events/{external_id}',
    summary: 'Change an event at the sandbox provider',
    description:
      "Changes an event in the sandbox provider's calendar, as if the user edited it there; the change syncs to the service. Sandbox only.",
    tag: 'Test helpers',
    body: ProviderEventPatch,
    response: ProviderEventResource,
    sandboxOnly: true,
  },
  deleteProviderEvent: {
    operationId: 'deleteProviderEvent',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'DELETE',
    path: '/v1/test_helpers/connections/{id}/provider_events/{external_id}',
    summary: 'Cancel an event at the sandbox provider',
    description:
      "Cancels an event in the sandbox provider's calendar; the cancellation syncs to the service. Sandbox only.",
    tag: 'Test helpers',
    response: ProviderEventResource,
    sandboxOnly: true,
  },
  revokeProviderGrant: {
    operationId: 'revokeProviderGrant',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/connections/{id}/revoke_grant',
    summary: 'Revoke the grant at the sandbox provider, as the user would in its settings',
    description:
      "Revokes the connection's grant at the sandbox provider, as the user would in the provider's settings, so the next call finds it revoked. Sandbox only.",
    tag: 'Test helpers',
    body: NoBody,
    response: ConnectionResource,
    sandboxOnly: true,
  },
  expireProviderSyncCursors: {
    operationId: 'expireProviderSyncCursors',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/connections/{id}/expire_sync_cursors',
    summary: "Make the sandbox provider refuse the connection's sync cursors (its 410 GONE)",
    description:
      "Makes the sandbox provider refuse the connection's sync cursors (its 410 Gone), so the next sync must start over. Sandbox only.",
    tag: 'Test helpers',
    body: NoBody,
    response: ConnectionResource,
    sandboxOnly: true,
  },
  setProviderOutage: {
    operationId: 'setProviderOutage',
    permission: { resource: 'test_helpers', access: 'write' },
    method: 'POST',
    path: '/v1/test_helpers/connections/{id}/provider_outage',
    summary:
      "Make the sandbox provider fail every call for this connection's account (enabled true) or answer again (false)",
    description:
      "Makes the sandbox provider fail every call for the connection's account (`enabled: true`) or answer again (`false`), to try your handling of provider outages. Sandbox only.",
    tag: 'Test helpers',
    body: ProviderOutageRequest,
    response: ConnectionResource,
    sandboxOnly: true,
  },
} as const satisfies Record<string, EndpointContract>
