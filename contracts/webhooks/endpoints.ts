import { Schema } from 'effect'
import {
  ATTEMPT_RESULTS,
  DELIVERY_FAILURE_REASONS,
  DELIVERY_STATUSES,
  type Delivery,
} from '../../core/webhooks/delivery.js'
import {
  DISABLED_REASONS,
  ENDPOINT_STATUSES,
  previousSecretExpiresAt,
  type WebhookEndpoint,
} from '../../core/webhooks/webhook-endpoint.js'
import { boundedString, DateTime, deleted, ListQuery, listEnvelope, ResponseMeta } from '../common.js'
import { type EndpointContract, NoBody } from '../endpoint.js'

const EventTypeList = Schema.Array(boundedString(100)).check(
  Schema.makeFilter((types: readonly string[]) => (types.length <= 100 ? undefined : 'at most 100 event types')),
)

export const WebhookEndpointResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('webhook_endpoint'),
  url: Schema.String,
  description: Schema.NullOr(Schema.String),
  events: Schema.Array(Schema.String),
  status: Schema.Literals(ENDPOINT_STATUSES),
  disabled_reason: Schema.NullOr(Schema.Literals(DISABLED_REASONS)),
  secret: Schema.optionalKey(Schema.String).annotate({
    description: 'The signing secret: returned only by create and rotate_secret.',
  }),
  previous_secret_expires_at: Schema.NullOr(DateTime),
  connect: Schema.Boolean.annotate({
    description: "Connect: the platform's endpoint for its connected accounts' notifications (each carries `account`).",
  }),
  created_at: DateTime,
  updated_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'WebhookEndpoint', description: 'Where notifications are sent, and which.' })

export const CreateWebhookEndpointRequest = Schema.Struct({
  url: boundedString(2048),
  events: EventTypeList,
  description: Schema.optionalKey(Schema.NullOr(boundedString(500))),
  connect: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: 'CreateWebhookEndpointRequest' })

export const UpdateWebhookEndpointRequest = Schema.Struct({
  url: Schema.optionalKey(boundedString(2048)),
  events: Schema.optionalKey(EventTypeList),
  description: Schema.optionalKey(Schema.NullOr(boundedString(500))),
  enabled: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: 'UpdateWebhookEndpointRequest' })

export const ListWebhookEndpointsQuery = Schema.Struct({ ...ListQuery })
export const ListWebhookDeliveriesQuery = Schema.Struct({ ...ListQuery })

export const WebhookDeliveryResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('webhook_delivery'),
  endpoint_id: Schema.String,
  event: Schema.Struct({ id: Schema.String, type: Schema.String, created: Schema.Int }),
  status: Schema.Literals(DELIVERY_STATUSES),
  attempt_count: Schema.Int,
  attempts: Schema.Array(
    Schema.Struct({
      number: Schema.Int,
      attempted_at: DateTime,
      duration_ms: Schema.Int,
      status_code: Schema.NullOr(Schema.Int),
      result: Schema.Literals(ATTEMPT_RESULTS),
      error: Schema.NullOr(Schema.String),
    }),
  ),
  next_attempt_at: Schema.NullOr(DateTime),
  failure_reason: Schema.NullOr(Schema.Literals(DELIVERY_FAILURE_REASONS)),
  replay_of: Schema.NullOr(Schema.String),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'WebhookDelivery', description: 'One notification to one endpoint, with every attempt.' })

/** The endpoint on the wire; `secret` only when a secret is being revealed. Never any other secret. */
export const renderWebhookEndpoint = (endpoint: WebhookEndpoint, now: Date, revealedSecret?: string) => ({
  id: endpoint.id,
  object: 'webhook_endpoint' as const,
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  status: endpoint.status,
  disabled_reason: endpoint.disabledReason,
  ...(revealedSecret === undefined ? {} : { secret: revealedSecret }),
  previous_secret_expires_at: previousSecretExpiresAt(endpoint, now)?.toISOString() ?? null,
  connect: endpoint.connect,
  created_at: endpoint.createdAt.toISOString(),
  updated_at: endpoint.updatedAt.toISOString(),
  livemode: endpoint.livemode,
})

export const renderWebhookDelivery = (delivery: Delivery) => ({
  id: delivery.id,
  object: 'webhook_delivery' as const,
  endpoint_id: delivery.endpointId,
  event: {
    id: delivery.notification.id,
    type: delivery.notification.type,
    created: Math.floor(delivery.notification.createdAt.getTime() / 1000),
  },
  status: delivery.status,
  attempt_count: delivery.attempts.length,
  attempts: delivery.attempts.map((attempt) => ({
    number: attempt.number,
    attempted_at: attempt.at.toISOString(),
    duration_ms: attempt.durationMs,
    status_code: attempt.outcome.kind === 'response' ? attempt.outcome.statusCode : null,
    result: attempt.outcome.kind,
    error: attempt.error,
  })),
  // A leased (in-flight) delivery's next attempt is its lease end: shown as it is stored.
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  failure_reason: delivery.failureReason,
  replay_of: delivery.replayOf,
  created_at: delivery.createdAt.toISOString(),
  livemode: delivery.livemode,
})

/** The WebhookEndpoint endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const WebhookEndpointEndpoints = {
  createWebhookEndpoint: {
    operationId: 'createWebhookEndpoint',
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'POST',
    path: '/v1/webhook_endpoints',
    summary: 'Create a webhook endpoint; the answer carries its signing secret, shown only here and on rotation',
    description:
      'Registers a URL to receive the listed event types, signed with a new secret. The answer carries the signing secret, shown only here and on rotation; loopback and private addresses are refused on production.',
    tag: 'Webhook endpoints',
    body: CreateWebhookEndpointRequest,
    response: WebhookEndpointResource,
    successStatus: 201,
  },
  listWebhookEndpoints: {
    operationId: 'listWebhookEndpoints',
    permission: { resource: 'webhook_endpoints', access: 'read' },
    method: 'GET',
    path: '/v1/webhook_endpoints',
    summary: 'List webhook endpoints, newest first',
    description:
      "Lists the account's webhook endpoints on this surface, newest first, without their secrets. Pages with `limit` and a cursor.",
    tag: 'Webhook endpoints',
    query: ListWebhookEndpointsQuery,
    response: listEnvelope(WebhookEndpointResource),
  },
  retrieveWebhookEndpoint: {
    operationId: 'retrieveWebhookEndpoint',
    permission: { resource: 'webhook_endpoints', access: 'read' },
    method: 'GET',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Retrieve a webhook endpoint',
    description: 'Returns one webhook endpoint: its URL, event types and status, never its secret.',
    tag: 'Webhook endpoints',
    response: WebhookEndpointResource,
  },
  updateWebhookEndpoint: {
    operationId: 'updateWebhookEndpoint',
    errors: ['concurrent_modification'],
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'PATCH',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Update url, events, description, or enable/disable',
    description:
      'Changes the URL, event types or description, or disables the endpoint (no deliveries while disabled) and enables it again. The secret is unchanged.',
    tag: 'Webhook endpoints',
    body: UpdateWebhookEndpointRequest,
    response: WebhookEndpointResource,
  },
  deleteWebhookEndpoint: {
    operationId: 'deleteWebhookEndpoint',
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'DELETE',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Delete a webhook endpoint and its deliveries log',
    description: 'Deletes a webhook endpoint and its deliveries log; nothing more is sent to it. Irreversible.',
    tag: 'Webhook endpoints',
    response: deleted(WebhookEndpointResource),
  },
  rotateWebhookSecret: {
    operationId: 'rotateWebhookSecret',
    errors: ['concurrent_modification'],
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'POST',
    path: '/v1/webhook_endpoints/{id}/rotate_secret',
    summary: 'New signing secret; the previous one keeps signing for 24 hours',
    description:
      'Issues a new signing secret, answered once. The previous secret keeps signing beside the new one for 24 hours, so receivers can switch without losing notifications.',
    tag: 'Webhook endpoints',
    body: NoBody,
    response: WebhookEndpointResource,
  },
  testWebhookEndpoint: {
    operationId: 'testWebhookEndpoint',
    errors: ['webhook_endpoint_disabled'],
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'POST',
    path: '/v1/webhook_endpoints/{id}/test',
    summary: 'Send a webhook_endpoint.test notification now (30 per hour per endpoint)',
    description:
      'Sends a `webhook_endpoint.test` notification to the endpoint now and answers the delivery with its first attempt. Limited to 30 per hour per endpoint; a disabled endpoint is 409.',
    tag: 'Webhook endpoints',
    body: NoBody,
    response: WebhookDeliveryResource,
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries',
    permission: { resource: 'webhook_endpoints', access: 'read' },
    method: 'GET',
    path: '/v1/webhook_endpoints/{id}/deliveries',
    summary: 'Deliveries log of an endpoint, newest first',
    description:
      'Lists the notifications sent to an endpoint, newest first, with their status and attempts. Pages with `limit` and a cursor.',
    tag: 'Webhook endpoints',
    query: ListWebhookDeliveriesQuery,
    response: listEnvelope(WebhookDeliveryResource),
  },
  retrieveWebhookDelivery: {
    operationId: 'retrieveWebhookDelivery',
    permission: { resource: 'webhook_endpoints', access: 'read' },
    method: 'GET',
    path: '/v1/webhook_endpoints/{id}/deliveries/{delivery_id}',
    summary: 'Retrieve a delivery with its attempts',
    description: 'Returns one delivery with every attempt: time, HTTP status received and duration.',
    tag: 'Webhook endpoints',
    response: WebhookDeliveryResource,
  },
  replayWebhookDelivery: {
    operationId: 'replayWebhookDelivery',
    errors: ['webhook_endpoint_disabled', 'invalid_state_transition'],
    permission: { resource: 'webhook_endpoints', access: 'write' },
    method: 'POST',
    path: '/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/replay',
    summary: 'Send the same notification (same id) again, now',
    description:
      'Sends the same notification (same id, so receivers can deduplicate) again, now, as a new attempt of the delivery. A disabled endpoint is 409.',
    tag: 'Webhook endpoints',
    body: NoBody,
    response: WebhookDeliveryResource,
  },
} as const satisfies Record<string, EndpointContract>
