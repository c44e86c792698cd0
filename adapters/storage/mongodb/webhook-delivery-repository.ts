import { type Collection, type Db, type Filter, MongoBulkWriteError, type WriteError } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookDeliveryRepositoryPort } from '../../../core/ports/webhook-delivery-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped } from './query-guard.js'

export const WEBHOOK_DELIVERIES_COLLECTION = 'webhook_deliveries'

/** The notification is stored as the domain event it is. */
type NotificationDocument = DomainEvent

type WebhookDeliveryDocument = Omit<MongoDocument<Delivery>, 'nextAttemptAt'> & {
  /** Present only while the delivery is open, so that the due-time indexes hold open deliveries only. */
  readonly nextAttemptAt?: Date
}

const toNotificationDocument = (event: DomainEvent): NotificationDocument => ({
  id: event.id,
  type: event.type,
  accountId: event.accountId,
  livemode: event.livemode,
  createdAt: event.createdAt,
  objectType: event.objectType,
  object: event.object,
})

const toDocument = (delivery: Delivery): WebhookDeliveryDocument => ({
  _id: delivery.id,
  accountId: delivery.accountId,
  livemode: delivery.livemode,
  endpointId: delivery.endpointId,
  notification: toNotificationDocument(delivery.notification),
  status: delivery.status,
  attempts: delivery.attempts,
  firstAttemptAt: delivery.firstAttemptAt,
  ...(delivery.nextAttemptAt === null ? {} : { nextAttemptAt: delivery.nextAttemptAt }),
  failureReason: delivery.failureReason,
  replayOf: delivery.replayOf,
  createdAt: delivery.createdAt,
  version: delivery.version,
})

const fromDocument = (document: WebhookDeliveryDocument): Delivery => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  endpointId: document.endpointId,
  notification: toNotificationDocument(document.notification),
  status: document.status,
  attempts: document.attempts,
  firstAttemptAt: document.firstAttemptAt,
  nextAttemptAt: document.nextAttemptAt ?? null,
  failureReason: document.failureReason,
  replayOf: document.replayOf,
  createdAt: document.createdAt,
  version: document.version,
})

/** Index names the adapter relies on (the fan-out skips duplicates of the first). */
const FAN_OUT_INDEX = 'one_fan_out_per_notification_and_endpoint'
const DUPLICATE_KEY = 11000

/**
 * Webhook deliveries of one surface in `webhook_deliveries`. `nextAttemptAt` is
 * stored only while a delivery is open; the due queries walk the partial
 * indexes on it in order, so their sort needs no memory.
 */
export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepositoryPort {
  private readonly deliveries: Collection<WebhookDeliveryDocument>

  constructor(db: Db) {
    this.deliveries = db.collection<WebhookDeliveryDocument>(WEBHOOK_DELIVERIES_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.deliveries.createIndexes([
      // A fan-out re-run must not deliver a notification twice to one endpoint; replays may.
      {
        key: { 'notification.id': 1, endpointId: 1 },
        name: FAN_OUT_INDEX,
        unique: true,
        partialFilterExpression: { replayOf: { $type: 'null' } },
      },
      // The dispatcher's due queries and next wake-up: open deliveries earliest first, for all accounts or one.
      {
        key: { nextAttemptAt: 1, _id: 1 },
        name: 'open_due',
        partialFilterExpression: { nextAttemptAt: { $exists: true } },
      },
      {
        key: { accountId: 1, nextAttemptAt: 1, _id: 1 },
        name: 'account_open_due',
        partialFilterExpression: { nextAttemptAt: { $exists: true } },
      },
      // The deliveries of an endpoint newest first (list, open ones, removal with the endpoint).
      { key: { accountId: 1, endpointId: 1, _id: -1 }, name: 'endpoint_newest' },
    ])
  }

  async insertMany(deliveries: readonly Delivery[]): Promise<void> {
    if (deliveries.length === 0) return
    try {
      // Unordered: a delivery already present (same id, or the same fan-out) is skipped, the others go in.
      await this.deliveries.insertMany(deliveries.map(toDocument), { ...WRITE_OPTIONS, ordered: false })
    } catch (error) {
      if (
        error instanceof MongoBulkWriteError &&
        writeErrorsOf(error).every((writeError) => writeError.code === DUPLICATE_KEY)
      )
        return
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<Delivery | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.deliveries.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async listByEndpoint(accountId: string, endpointId: string, page: PageRequest): Promise<Page<Delivery>> {
    if (!isIdShaped(accountId) || !isIdShaped(endpointId)) return { data: [], hasMore: false }
    return pageByIdDescending(this.deliveries, { accountId, endpointId }, page, fromDocument)
  }

  async due(
    accountId: string | null,
    now: Date,
    limit: number,
    excludeEndpoints: readonly string[] = [],
  ): Promise<Delivery[]> {
    // A limit of 0 means "no limit" to MongoDB; to the port it means nothing.
    if (limit <= 0) return []
    if (accountId !== null && !isIdShaped(accountId)) return []
    const excluded = excludeEndpoints.filter((endpointId) => typeof endpointId === 'string')
    const filter: Filter<WebhookDeliveryDocument> = {
      nextAttemptAt: { $lte: now },
      ...(accountId === null ? {} : { accountId }),
      // Busy endpoints are a residual filter: the sort still walks the due-time index in order.
      ...(excluded.length > 0 ? { endpointId: { $nin: excluded } } : {}),
    }
    const documents = await this.deliveries.find(filter).sort({ nextAttemptAt: 1, _id: 1 }).limit(limit).toArray()
    return documents.map(fromDocument)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const filter: Filter<WebhookDeliveryDocument> = {
      nextAttemptAt: { $gt: after },
      ...(accountId === null ? {} : { accountId }),
    }
    const next = await this.deliveries
      .find(filter, { projection: { nextAttemptAt: 1 } })
      .sort({ nextAttemptAt: 1, _id: 1 })
      .limit(1)
      .next()
    return next?.nextAttemptAt ?? null
  }

  async update(delivery: Delivery, expectedVersion: number): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(delivery.accountId) || !isIdShaped(delivery.id)) return 'conflict'
    const written = await this.deliveries.replaceOne(
      { _id: delivery.id, accountId: delivery.accountId, version: expectedVersion },
      toDocument(delivery),
      WRITE_OPTIONS,
    )
    return written.matchedCount === 1 ? 'updated' : 'conflict'
  }

  async openOf(accountId: string, endpointId: string): Promise<Delivery[]> {
    if (!isIdShaped(accountId) || !isIdShaped(endpointId)) return []
    const documents = await this.deliveries
      .find({ accountId, endpointId, status: { $in: ['pending', 'retrying'] } })
      .sort({ _id: 1 })
      .toArray()
    return documents.map(fromDocument)
  }

  async removeByEndpoint(accountId: string, endpointId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(endpointId)) return 0
    const removed = await this.deliveries.deleteMany({ accountId, endpointId })
    return removed.deletedCount
  }
}

const writeErrorsOf = (error: MongoBulkWriteError): readonly WriteError[] => {
  const writeErrors = error.writeErrors
  return Array.isArray(writeErrors) ? writeErrors : [writeErrors as WriteError]
}
