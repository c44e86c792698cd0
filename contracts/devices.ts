import { Schema } from 'effect'
import type { Device } from '../core/device/device.js'
import { PUSH_OUTCOMES, type RecordedPush } from '../core/ports/push.js'
import { boundedString, DateTime, deleted, IntFromQuery, ListQuery, listEnvelope, ResponseMeta } from './common.js'
import type { EndpointContract } from './endpoint.js'

const base64url = (bytes: number, description: string, firstChar?: string) => {
  const length = Math.ceil((bytes * 4) / 3)
  const pattern = new RegExp(`^${firstChar ?? '[A-Za-z0-9_-]'}[A-Za-z0-9_-]{${length - 1}}=*$`)
  return Schema.String.check(
    Schema.makeFilter((value: string) => (pattern.test(value) ? undefined : `expected ${description}, base64url`)),
  ).annotate({ description: `${description}, base64url` })
}

export const RegisterDeviceRequest = Schema.Struct({
  endpoint: boundedString(2048).annotate({ description: 'PushSubscription.endpoint: https on production.' }),
  keys: Schema.Struct({
    // An uncompressed P-256 point starts with byte 0x04, which base64url writes as 'B'.
    p256dh: base64url(65, 'the 65-byte uncompressed P-256 public key of the subscription', 'B'),
    auth: base64url(16, 'the 16-byte authentication secret of the subscription'),
  }),
  expirationTime: Schema.optionalKey(
    Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 8.64e15 }))).annotate({
      description:
        'As in PushSubscription.toJSON() (milliseconds since the epoch), so that it can be posted as is; shown as `expires_at`.',
    }),
  ),
}).annotate({ identifier: 'RegisterDeviceRequest' })

export const ListDevicesQuery = Schema.Struct({ ...ListQuery })

export const DeviceResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('device'),
  user_id: Schema.String,
  endpoint: Schema.String,
  expires_at: Schema.NullOr(DateTime),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({
  identifier: 'Device',
  description: 'A Web Push subscription of a user (the authentication secret is never shown).',
})

export const renderDevice = (device: Device) => ({
  id: device.id,
  object: 'device' as const,
  user_id: device.userId,
  endpoint: device.endpoint,
  expires_at: device.expiresAt === null ? null : device.expiresAt.toISOString(),
  created_at: device.createdAt.toISOString(),
  livemode: device.livemode,
})

export const ListPushMessagesQuery = Schema.Struct({
  user_id: Schema.optionalKey(boundedString(64)),
  limit: Schema.optionalKey(IntFromQuery(1, 100)),
})

export const PushMessageResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('push_message'),
  user_id: Schema.String,
  device_id: Schema.String,
  endpoint: Schema.String,
  title: Schema.String,
  body: Schema.String,
  silent: Schema.Boolean,
  urgency: Schema.String,
  ttl_seconds: Schema.Int,
  data: Schema.Record(Schema.String, Schema.String),
  outcome: Schema.Literals(PUSH_OUTCOMES),
  created_at: DateTime,
}).annotate({ identifier: 'PushMessage', description: 'Sandbox: a push the service would have sent.' })

export const renderPushMessage = (record: RecordedPush) => ({
  id: record.id,
  object: 'push_message' as const,
  user_id: record.userId,
  device_id: record.deviceId,
  endpoint: record.endpoint,
  title: record.message.title,
  body: record.message.body,
  silent: record.message.silent,
  urgency: record.message.urgency,
  ttl_seconds: record.message.ttlSeconds,
  data: { ...record.message.data },
  outcome: record.outcome,
  created_at: record.message.createdAt.toISOString(),
})

/** The Device endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const DeviceEndpoints = {
  registerDevice: {
    operationId: 'registerDevice',
    errors: ['account_deactivated'],
    permission: { resource: 'devices', access: 'write' },
    method: 'POST',
    path: '/v1/users/{id}/devices',
    summary: 'Register a Web Push subscription for a user (the same endpoint again returns the device with 200)',
    description:
      "Registers a Web Push subscription so the user's reminders and departure alerts reach the browser or phone. The same subscription endpoint again answers 200 with its device (moved to this user if another had it).",
    existingStatus: { status: 200, description: 'The user already had this subscription: its device is answered.' },
    tag: 'Devices',
    body: RegisterDeviceRequest,
    response: DeviceResource,
    successStatus: 201,
  },
  listDevices: {
    operationId: 'listDevices',
    permission: { resource: 'devices', access: 'read' },
    method: 'GET',
    path: '/v1/users/{id}/devices',
    summary: "List a user's devices, newest first",
    description:
      "Lists a user's registered devices, newest first, without their push keys. Pages with `limit` and a cursor.",
    tag: 'Devices',
    query: ListDevicesQuery,
    response: listEnvelope(DeviceResource),
  },
  deleteDevice: {
    operationId: 'deleteDevice',
    permission: { resource: 'devices', access: 'write' },
    method: 'DELETE',
    path: '/v1/users/{id}/devices/{device_id}',
    summary: 'Remove a device: it gets no more pushes',
    description: 'Removes a device: it receives no more pushes. A device of another user is 404.',
    tag: 'Devices',
    response: deleted(DeviceResource),
  },
} as const satisfies Record<string, EndpointContract>

/** The PushMessage endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const PushMessageEndpoints = {
  listPushMessages: {
    operationId: 'listPushMessages',
    permission: { resource: 'test_helpers', access: 'read' },
    method: 'GET',
    path: '/v1/test_helpers/push_messages',
    summary: 'Pushes the sandbox recorded instead of sending, newest first',
    description:
      'Lists the Web Push messages the sandbox recorded instead of sending, newest first, optionally for one user. Sandbox only: production sends them.',
    tag: 'Test helpers',
    query: ListPushMessagesQuery,
    response: listEnvelope(PushMessageResource),
    sandboxOnly: true,
  },
} as const satisfies Record<string, EndpointContract>
