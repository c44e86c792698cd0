import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent } from '../../core/ports/outbox.js'
import type { Delivery } from '../../core/webhooks/delivery.js'
import type { WebhookEndpoint } from '../../core/webhooks/webhook-endpoint.js'

/** Webhook records for the storage contract suites, at fixed times. */
const ids = new UlidIdGenerator()
export const T0 = new Date('2026-06-01T08:00:00Z')
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

export const makeEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ids.next('we'),
  accountId: 'acct_a',
  livemode: false,
  url: 'https://hooks.example.com/in',
  description: null,
  events: ['*'],
  status: 'enabled',
  disabledReason: null,
  secrets: [{ secret: 'whsec_1', expiresAt: null }],
  failingSince: null,
  connect: false,
  createdAt: T0,
  updatedAt: T0,
  version: 1,
  ...overrides,
})

export const notification = (accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type: 'user.created',
  accountId,
  livemode: false,
  createdAt: T0,
  objectType: 'user',
  object: { id: 'usr_1' },
})

export const makeDelivery = (endpoint: WebhookEndpoint, overrides: Partial<Delivery> = {}): Delivery => ({
  id: ids.next('whd'),
  accountId: endpoint.accountId,
  livemode: endpoint.livemode,
  endpointId: endpoint.id,
  notification: notification(endpoint.accountId),
  status: 'pending',
  attempts: [],
  firstAttemptAt: null,
  nextAttemptAt: T0,
  failureReason: null,
  replayOf: null,
  createdAt: T0,
  version: 1,
  ...overrides,
})
