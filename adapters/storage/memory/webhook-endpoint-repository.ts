import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookEndpointRepositoryPort } from '../../../core/ports/webhook-endpoint-repository.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import type { WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.js'
import type { MemoryOutbox } from './outbox.js'

export class MemoryWebhookEndpointRepository implements WebhookEndpointRepositoryPort {
  private readonly endpoints = new Map<string, WebhookEndpoint>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    this.endpoints.set(endpoint.id, endpoint)
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint | null> {
    const endpoint = this.endpoints.get(id)
    return endpoint !== undefined && endpoint.accountId === accountId ? endpoint : null
  }

  async list(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return expectOk(
      paginateById(
        [...this.endpoints.values()].filter((endpoint) => endpoint.accountId === accountId),
        page,
      ),
    )
  }

  async enabledOf(accountId: string): Promise<WebhookEndpoint[]> {
    return [...this.endpoints.values()].filter(
      (endpoint) => endpoint.accountId === accountId && endpoint.status === 'enabled',
    )
  }

  async update(
    endpoint: WebhookEndpoint,
    expectedVersion: number,
    events: readonly DomainEvent[] = [],
  ): Promise<'updated' | 'conflict'> {
    const stored = this.endpoints.get(endpoint.id)
    if (stored === undefined || stored.accountId !== endpoint.accountId || stored.version !== expectedVersion)
      return 'conflict'
    this.endpoints.set(endpoint.id, endpoint)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const stored = this.endpoints.get(id)
    if (stored === undefined || stored.accountId !== accountId) return false
    return this.endpoints.delete(id)
  }
}
