import type { Collection } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookEndpointRepositoryPort } from '../../../core/ports/webhook-endpoint-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.js'
import type { MongoDocument } from './document.js'
import { appendEvents, inTransaction, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped } from './query-guard.js'

export const WEBHOOK_ENDPOINTS_COLLECTION = 'webhook_endpoints'

/** `connect` is missing on endpoints stored before Connect endpoints: they were not. */
type WebhookEndpointDocument = Omit<MongoDocument<WebhookEndpoint>, 'connect'> & { readonly connect?: boolean }

const toDocument = (endpoint: WebhookEndpoint): WebhookEndpointDocument => ({
  _id: endpoint.id,
  accountId: endpoint.accountId,
  livemode: endpoint.livemode,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  status: endpoint.status,
  disabledReason: endpoint.disabledReason,
  secrets: endpoint.secrets.map((secret) => ({ secret: secret.secret, expiresAt: secret.expiresAt })),
  failingSince: endpoint.failingSince,
  connect: endpoint.connect,
  createdAt: endpoint.createdAt,
  updatedAt: endpoint.updatedAt,
  version: endpoint.version,
})

const fromDocument = (document: WebhookEndpointDocument): WebhookEndpoint => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  url: document.url,
  description: document.description,
  events: document.events,
  status: document.status,
  disabledReason: document.disabledReason,
  secrets: document.secrets.map((secret) => ({ secret: secret.secret, expiresAt: secret.expiresAt })),
  failingSince: document.failingSince,
  connect: document.connect ?? false,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
  version: document.version,
})

/** Webhook endpoints of one surface in `webhook_endpoints`; a version-checked update and its events are one transaction. */
export class MongoWebhookEndpointRepository implements WebhookEndpointRepositoryPort {
  private readonly endpoints: Collection<WebhookEndpointDocument>

  constructor(private readonly context: MongoContext) {
    this.endpoints = context.db.collection<WebhookEndpointDocument>(WEBHOOK_ENDPOINTS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.endpoints.createIndexes([
      // An account's endpoints newest first (list) and its enabled ones (fan-out).
      { key: { accountId: 1, _id: -1 }, name: 'account_newest' },
    ])
  }

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    await this.endpoints.insertOne(toDocument(endpoint), WRITE_OPTIONS)
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.endpoints.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async list(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    if (!isIdShaped(accountId)) return { data: [], hasMore: false }
    return pageByIdDescending(this.endpoints, { accountId }, page, fromDocument)
  }

  async enabledOf(accountId: string): Promise<WebhookEndpoint[]> {
    if (!isIdShaped(accountId)) return []
    const documents = await this.endpoints.find({ accountId, status: 'enabled' }).sort({ _id: 1 }).toArray()
    return documents.map(fromDocument)
  }

  async update(
    endpoint: WebhookEndpoint,
    expectedVersion: number,
    events: readonly DomainEvent[] = [],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(endpoint.accountId) || !isIdShaped(endpoint.id)) return 'conflict'
    const filter = { _id: endpoint.id, accountId: endpoint.accountId, version: expectedVersion }
    return inTransaction(this.context, async (session) => {
      const written = await this.endpoints.replaceOne(filter, toDocument(endpoint), { ...WRITE_OPTIONS, session })
      if (written.matchedCount === 0) return 'conflict'
      await appendEvents(this.context.db, events, session)
      return 'updated'
    })
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return false
    const removed = await this.endpoints.deleteOne({ _id: id, accountId })
    return removed.deletedCount === 1
  }
}
