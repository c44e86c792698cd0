import type { Page, PageRequest } from '../shared/pagination.js'
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js'
import type { DomainEvent } from './outbox.js'

/** Webhook endpoints of one surface. Writes compare versions and may carry domain events (outbox). */
export interface WebhookEndpointRepositoryPort {
  insert(endpoint: WebhookEndpoint): Promise<void>
  get(accountId: string, id: string): Promise<WebhookEndpoint | null>
  /** Newest first. */
  list(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>
  /** Enabled endpoints of an account (the dispatcher filters by event type). */
  enabledOf(accountId: string): Promise<WebhookEndpoint[]>
  update(
    endpoint: WebhookEndpoint,
    expectedVersion: number,
    events?: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'>
  remove(accountId: string, id: string): Promise<boolean>
}
