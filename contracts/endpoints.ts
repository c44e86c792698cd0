import { Schema } from 'effect'
import { deleted, listEnvelope } from './common.js'
import type { EndpointContract } from './endpoint.js'
import { HealthResource } from './health.js'
import { CreateUserRequest, ListUsersQuery, UpdateUserRequest, UserResource } from './users.js'
import {
  CreateWebhookEndpointRequest,
  ListWebhookDeliveriesQuery,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryResource,
  WebhookEndpointResource,
} from './webhooks/endpoints.js'
import { CreateReminderRequest, ListRemindersQuery, ReminderResource, SnoozeReminderRequest } from './reminders.js'
import { DeviceResource, ListDevicesQuery, ListPushMessagesQuery, PushMessageResource, RegisterDeviceRequest } from './devices.js'
import { CreateInvitationsRequest, TokenLinkQuery, InboundMailNotice, InvitationListResource, InvitationResource, MailNoticeResource, RespondQuery, RespondRequest, SentEmailListResource, SentEmailsQuery } from './invitations.js'
import {
  CalendarResource,
  CompleteConnectionRequest,
  ConnectionResource,
  ConnectionStartResource,
  ListConnectionsQuery,
  ProviderEventPatch,
  ProviderEventRequest,
  ProviderEventResource,
  ProviderOutageRequest,
  RetrieveConnectionQuery,
  StartConnectionRequest,
  UpdateCalendarRequest,
} from './connections.js'
import { ComputeDepartureRequest, CreateEventRequest, DepartureResource, EventResource, ListEventsQuery, UpdateEventRequest } from './events.js'

const NoBody = Schema.Struct({})

export const AdvanceTimeRequest = Schema.Struct({
  seconds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 366 * 24 * 3600 })),
}).annotate({ identifier: 'AdvanceTimeRequest' })

export const SandboxClock = Schema.Struct({
  object: Schema.Literal('test_clock'),
  now: Schema.String,
  offset_seconds: Schema.Int,
  work_items_run: Schema.Int,
  livemode: Schema.Boolean,
  request_id: Schema.String,
}).annotate({ identifier: 'SandboxClock' })

export const Endpoints = {
  health: { method: 'GET', path: '/v1/health', summary: 'Health check', tag: 'Health', response: HealthResource },
  createUser: { method: 'POST', path: '/v1/users', summary: 'Create a managed user (idempotent on e-mail)', tag: 'Users', body: CreateUserRequest, response: UserResource, successStatus: 200 },
  listUsers: { method: 'GET', path: '/v1/users', summary: 'List users, newest first', tag: 'Users', query: ListUsersQuery, response: listEnvelope(UserResource) },
  retrieveUser: { method: 'GET', path: '/v1/users/{id}', summary: 'Retrieve a user', tag: 'Users', response: UserResource },
  updateUser: { method: 'PATCH', path: '/v1/users/{id}', summary: 'Update a user', tag: 'Users', body: UpdateUserRequest, response: UserResource },
  deactivateUser: { method: 'POST', path: '/v1/users/{id}/deactivate', summary: 'Pause a user', tag: 'Users', body: NoBody, response: UserResource },
  reactivateUser: { method: 'POST', path: '/v1/users/{id}/reactivate', summary: 'Restore a paused user', tag: 'Users', body: NoBody, response: UserResource },
  deleteUser: { method: 'DELETE', path: '/v1/users/{id}', summary: 'Delete a user and everything it owns (irreversible)', tag: 'Users', response: deleted(UserResource) },
  createEvent: { method: 'POST', path: '/v1/events', summary: 'Create an event; a future event with a location is monitored', tag: 'Events', body: CreateEventRequest, response: EventResource, successStatus: 201 },
  listEvents: { method: 'GET', path: '/v1/events', summary: 'List events, newest first; filter by user and start time', tag: 'Events', query: ListEventsQuery, response: listEnvelope(EventResource) },
  retrieveEvent: { method: 'GET', path: '/v1/events/{id}', summary: 'Retrieve an event', tag: 'Events', response: EventResource },
  updateEvent: { method: 'PATCH', path: '/v1/events/{id}', summary: 'Update an event; a new time, place or travel recomputes the window', tag: 'Events', body: UpdateEventRequest, response: EventResource },
  deleteEvent: { method: 'DELETE', path: '/v1/events/{id}', summary: 'Delete an event; monitoring stops', tag: 'Events', response: deleted(EventResource) },
  retrieveDeparture: { method: 'GET', path: '/v1/events/{id}/departure', summary: 'Latest cached departure window of an event', tag: 'Departure', response: DepartureResource },
  recomputeDeparture: { method: 'POST', path: '/v1/events/{id}/departure/recompute', summary: 'Fresh routing, traffic and weather lookup (4 per minute per event)', tag: 'Departure', body: NoBody, response: DepartureResource },
  computeDeparture: { method: 'POST', path: '/v1/departure/compute', summary: 'Departure window for a hypothetical trip; persists nothing', tag: 'Departure', body: ComputeDepartureRequest, response: DepartureResource },
  createWebhookEndpoint: { method: 'POST', path: '/v1/webhook_endpoints', summary: 'Create a webhook endpoint; the answer carries its signing secret, shown only here and on rotation', tag: 'Webhook endpoints', body: CreateWebhookEndpointRequest, response: WebhookEndpointResource, successStatus: 201 },
  listWebhookEndpoints: { method: 'GET', path: '/v1/webhook_endpoints', summary: 'List webhook endpoints, newest first', tag: 'Webhook endpoints', query: ListWebhookEndpointsQuery, response: listEnvelope(WebhookEndpointResource) },
  retrieveWebhookEndpoint: { method: 'GET', path: '/v1/webhook_endpoints/{id}', summary: 'Retrieve a webhook endpoint', tag: 'Webhook endpoints', response: WebhookEndpointResource },
  updateWebhookEndpoint: { method: 'PATCH', path: '/v1/webhook_endpoints/{id}', summary: 'Update url, events, description, or enable/disable', tag: 'Webhook endpoints', body: UpdateWebhookEndpointRequest, response: WebhookEndpointResource },
  deleteWebhookEndpoint: { method: 'DELETE', path: '/v1/webhook_endpoints/{id}', summary: 'Delete a webhook endpoint and its deliveries log', tag: 'Webhook endpoints', response: deleted(WebhookEndpointResource) },
  rotateWebhookSecret: { method: 'POST', path: '/v1/webhook_endpoints/{id}/rotate_secret', summary: 'New signing secret; the previous one keeps signing for 24 hours', tag: 'Webhook endpoints', body: NoBody, response: WebhookEndpointResource },
  testWebhookEndpoint: { method: 'POST', path: '/v1/webhook_endpoints/{id}/test', summary: 'Send a webhook_endpoint.test notification now (30 per hour per endpoint)', tag: 'Webhook endpoints', body: NoBody, response: WebhookDeliveryResource },
  listWebhookDeliveries: { method: 'GET', path: '/v1/webhook_endpoints/{id}/deliveries', summary: 'Deliveries log of an endpoint, newest first', tag: 'Webhook endpoints', query: ListWebhookDeliveriesQuery, response: listEnvelope(WebhookDeliveryResource) },
  retrieveWebhookDelivery: { method: 'GET', path: '/v1/webhook_endpoints/{id}/deliveries/{delivery_id}', summary: 'Retrieve a delivery with its attempts', tag: 'Webhook endpoints', response: WebhookDeliveryResource },
  replayWebhookDelivery: { method: 'POST', path: '/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/replay', summary: 'Send the same notification (same id) again, now', tag: 'Webhook endpoints', body: NoBody, response: WebhookDeliveryResource },
  createReminder: { method: 'POST', path: '/v1/events/{id}/reminders', summary: 'Create a reminder (idempotent: the same offset or time again returns the existing one with 200)', tag: 'Reminders', body: CreateReminderRequest, response: ReminderResource, successStatus: 201 },
  listReminders: { method: 'GET', path: '/v1/events/{id}/reminders', summary: "List an event's reminders, newest first", tag: 'Reminders', query: ListRemindersQuery, response: listEnvelope(ReminderResource) },
  retrieveReminder: { method: 'GET', path: '/v1/reminders/{id}', summary: 'Retrieve a reminder', tag: 'Reminders', response: ReminderResource },
  cancelReminder: { method: 'DELETE', path: '/v1/reminders/{id}', summary: 'Cancel a reminder: it never fires and stays visible as cancelled', tag: 'Reminders', response: ReminderResource },
  snoozeReminder: { method: 'POST', path: '/v1/reminders/{id}/snooze', summary: 'Snooze a reminder by 1, 3, 5 or 15 minutes', tag: 'Reminders', body: SnoozeReminderRequest, response: ReminderResource },
  dismissReminder: { method: 'POST', path: '/v1/reminders/{id}/dismiss', summary: 'Dismiss a sent reminder', tag: 'Reminders', body: NoBody, response: ReminderResource },
  registerDevice: { method: 'POST', path: '/v1/users/{id}/devices', summary: 'Register a Web Push subscription for a user (the same endpoint again returns the device with 200)', tag: 'Devices', body: RegisterDeviceRequest, response: DeviceResource, successStatus: 201 },
  listDevices: { method: 'GET', path: '/v1/users/{id}/devices', summary: "List a user's devices, newest first", tag: 'Devices', query: ListDevicesQuery, response: listEnvelope(DeviceResource) },
  deleteDevice: { method: 'DELETE', path: '/v1/users/{id}/devices/{device_id}', summary: 'Remove a device: it gets no more pushes', tag: 'Devices', response: deleted(DeviceResource) },
  listPushMessages: { method: 'GET', path: '/v1/test_helpers/push_messages', summary: 'Pushes the sandbox recorded instead of sending, newest first', tag: 'Test helpers', query: ListPushMessagesQuery, response: listEnvelope(PushMessageResource), sandboxOnly: true },
  createInvitations: { method: 'POST', path: '/v1/invitations', summary: 'Invite attendees to an event: one invitation each, e-mailed with an iCalendar attachment', tag: 'Invitations', body: CreateInvitationsRequest, response: InvitationListResource, successStatus: 201 },
  retrieveInvitation: { method: 'GET', path: '/v1/invitations/{id}', summary: 'Retrieve an invitation', tag: 'Invitations', response: InvitationResource },
  respondToInvitation: { method: 'POST', path: '/v1/invitations/{id}/respond', summary: "Record the attendee's answer: with the account's key, or with `response_token` and no key", tag: 'Invitations', body: RespondRequest, query: RespondQuery, response: InvitationResource, authenticated: 'optional' },
  invitationOpenPixel: { method: 'GET', path: '/v1/invitations/{id}/open.gif', summary: 'Open-tracking pixel of the e-mail (token-addressed, no key)', tag: 'Invitations', query: TokenLinkQuery, responseDescription: 'A 1x1 transparent GIF, whatever the token', responseContentType: 'image/gif', authenticated: false },
  inboundMailNotice: { method: 'POST', path: '/v1/inbound/mail_events', summary: 'Delivery, open and bounce notices from the mail provider (HMAC-signed, no key)', tag: 'Invitations', body: InboundMailNotice, response: MailNoticeResource, authenticated: false },
  hostedRespondPage: { method: 'GET', path: '/hosted/invitations/{id}/respond', summary: 'Hosted response page linked from the e-mail (HTML; `token` query parameter)', tag: 'Hosted pages', query: TokenLinkQuery, responseDescription: 'An HTML page with accept, maybe and decline buttons', responseContentType: 'text/html', authenticated: false },
  hostedRespondSubmit: { method: 'POST', path: '/hosted/invitations/{id}/respond', summary: 'Form post of the response page (application/x-www-form-urlencoded: token, status)', tag: 'Hosted pages', responseDescription: 'An HTML confirmation page', responseContentType: 'text/html', authenticated: false },
  hostedUnsubscribePage: { method: 'GET', path: '/hosted/invitations/{id}/unsubscribe', summary: 'Hosted unsubscribe page linked from the e-mail (HTML; `token` query parameter)', tag: 'Hosted pages', query: TokenLinkQuery, responseDescription: 'An HTML page with a confirm button', responseContentType: 'text/html', authenticated: false },
  hostedUnsubscribeSubmit: { method: 'POST', path: '/hosted/invitations/{id}/unsubscribe', summary: 'Form post of the unsubscribe page (application/x-www-form-urlencoded: token)', tag: 'Hosted pages', responseDescription: 'An HTML confirmation page', responseContentType: 'text/html', authenticated: false },
  simulateInvitationDelivered: { method: 'POST', path: '/v1/test_helpers/invitations/{id}/deliver', summary: 'Simulate the provider reporting delivery of the e-mail', tag: 'Test helpers', body: NoBody, response: MailNoticeResource, sandboxOnly: true },
  simulateInvitationOpened: { method: 'POST', path: '/v1/test_helpers/invitations/{id}/open', summary: 'Simulate the attendee opening the e-mail', tag: 'Test helpers', body: NoBody, response: MailNoticeResource, sandboxOnly: true },
  simulateInvitationBounced: { method: 'POST', path: '/v1/test_helpers/invitations/{id}/bounce', summary: 'Simulate the provider reporting a bounce', tag: 'Test helpers', body: NoBody, response: MailNoticeResource, sandboxOnly: true },
  listSentEmails: { method: 'GET', path: '/v1/test_helpers/sent_emails', summary: "E-mails the sandbox sent for this account (never delivered), newest first", tag: 'Test helpers', query: SentEmailsQuery, response: SentEmailListResource, sandboxOnly: true },
  startConnection: { method: 'POST', path: '/v1/connections/start', summary: 'Start the provider OAuth flow (PKCE); answers the redirect_url to send the user to', tag: 'Connections', body: StartConnectionRequest, response: ConnectionStartResource },
  completeConnection: { method: 'POST', path: '/v1/connections/callback', summary: "Server-side callback: exchange the code your return_url received (start with callback 'server')", tag: 'Connections', body: CompleteConnectionRequest, response: ConnectionResource, successStatus: 201 },
  listConnections: { method: 'GET', path: '/v1/connections', summary: 'List connections, newest first; filter by user and provider', tag: 'Connections', query: ListConnectionsQuery, response: listEnvelope(ConnectionResource) },
  retrieveConnection: { method: 'GET', path: '/v1/connections/{id}', summary: 'Retrieve a connection; expand[]=calendars inlines its calendars', tag: 'Connections', query: RetrieveConnectionQuery, response: ConnectionResource },
  deleteConnection: { method: 'DELETE', path: '/v1/connections/{id}', summary: 'Disconnect: revoke provider tokens, stop push channels and syncing; synced events stay', tag: 'Connections', response: ConnectionResource },
  refreshConnection: { method: 'POST', path: '/v1/connections/{id}/refresh', summary: 'Immediate full sync (1 per minute per connection)', tag: 'Connections', body: NoBody, response: ConnectionResource },
  listCalendars: { method: 'GET', path: '/v1/connections/{id}/calendars', summary: 'List the calendars of a connection', tag: 'Calendars', response: listEnvelope(CalendarResource) },
  updateCalendar: { method: 'PATCH', path: '/v1/connections/{id}/calendars/{calId}', summary: 'Select or deselect a calendar for sync, allow or stop write-back (idempotent)', tag: 'Calendars', body: UpdateCalendarRequest, response: CalendarResource },
  oauthCallback: { method: 'GET', path: '/v1/connections/oauth/callback', summary: "The service's OAuth redirect URI: exchanges the code, then redirects (302) to return_url with connection_id and state", tag: 'Connections', authenticated: false, responseDescription: '302 redirect to return_url with connection_id and state (or error and state)' },
  googlePush: { method: 'POST', path: '/v1/connections/push/google', summary: 'Google Calendar push notifications (events.watch channels), verified by the channel token', tag: 'Connections', authenticated: false, responseDescription: '200 when the channel and its token match (the connection syncs), 404 otherwise' },
  microsoftPush: { method: 'POST', path: '/v1/connections/push/microsoft', summary: 'Microsoft Graph change notifications: answers the validation handshake (validationToken) and accepts notifications whose clientState matches', tag: 'Connections', authenticated: false, responseDescription: '200 text/plain echo of validationToken; 202 for notifications' },
  icloudSignInPage: { method: 'GET', path: '/v1/connections/icloud/authorize', summary: 'Hosted iCloud (beta) sign-in page: Apple ID and app-specific password (HTML form)', tag: 'Connections', authenticated: false, responseDescription: 'HTML sign-in page' },
  icloudSignIn: { method: 'POST', path: '/v1/connections/icloud/authorize', summary: "The sign-in page's form target (application/x-www-form-urlencoded): checks the password with iCloud, then redirects to the callback with code and state", tag: 'Connections', authenticated: false, responseDescription: '302 to the redirect URI with code and state; 400 page when the password is refused' },
  sandboxConsentPage: { method: 'GET', path: '/v1/sandbox/oauth/authorize', summary: "The sandbox provider's hosted consent page (HTML form)", tag: 'Test helpers', authenticated: false, sandboxOnly: true, responseDescription: 'HTML consent page' },
  sandboxConsentDecision: { method: 'POST', path: '/v1/sandbox/oauth/authorize', summary: "The consent page's form target (application/x-www-form-urlencoded): redirects to the redirect URI with code and state", tag: 'Test helpers', authenticated: false, sandboxOnly: true, responseDescription: '302 redirect to redirect_uri with code and state (or error=access_denied)' },
  createProviderEvent: { method: 'POST', path: '/v1/test_helpers/connections/{id}/provider_events', summary: 'Create an event at the sandbox provider (it pushes, or is seen at the next poll)', tag: 'Test helpers', body: ProviderEventRequest, response: ProviderEventResource, successStatus: 201, sandboxOnly: true },
  updateProviderEvent: { method: 'PATCH', path: '/v1/test_helpers/connections/{id}/provider_events/{external_id}', summary: 'Change an event at the sandbox provider', tag: 'Test helpers', body: ProviderEventPatch, response: ProviderEventResource, sandboxOnly: true },
  deleteProviderEvent: { method: 'DELETE', path: '/v1/test_helpers/connections/{id}/provider_events/{external_id}', summary: 'Cancel an event at the sandbox provider', tag: 'Test helpers', response: ProviderEventResource, sandboxOnly: true },
  revokeProviderGrant: { method: 'POST', path: '/v1/test_helpers/connections/{id}/revoke_grant', summary: 'Revoke the grant at the sandbox provider, as the user would in its settings', tag: 'Test helpers', body: NoBody, response: ConnectionResource, sandboxOnly: true },
  expireProviderSyncCursors: { method: 'POST', path: '/v1/test_helpers/connections/{id}/expire_sync_cursors', summary: "Make the sandbox provider refuse the connection's sync cursors (its 410 GONE)", tag: 'Test helpers', body: NoBody, response: ConnectionResource, sandboxOnly: true },
  setProviderOutage: { method: 'POST', path: '/v1/test_helpers/connections/{id}/provider_outage', summary: "Make the sandbox provider fail every call for this connection's account (enabled true) or answer again (false)", tag: 'Test helpers', body: ProviderOutageRequest, response: ConnectionResource, sandboxOnly: true },
  advanceTime: { method: 'POST', path: '/v1/test_helpers/advance_time', summary: "Move the account's sandbox clock forward and run the work that falls due", tag: 'Test helpers', body: AdvanceTimeRequest, response: SandboxClock, sandboxOnly: true },
} as const satisfies Record<string, EndpointContract>
