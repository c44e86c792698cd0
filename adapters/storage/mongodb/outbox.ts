import type { ClientSession, Collection, Db, MongoClient } from 'mongodb'
import type { DomainEvent, OutboxPort } from '../../../core/ports/outbox.js'
import { inTransaction } from './connection.js'
import { OUTBOX_COLLECTION, type OutboxDocument, toOutboxDocument } from './mongo-context.js'
import { isIdShaped, literal } from './query-guard.js'

const toDomain = (document: OutboxDocument): DomainEvent => ({
  id: document._id,
  type: document.type,
  accountId: document.accountId,
  livemode: document.livemode,
  createdAt: document.createdAt,
  objectType: document.objectType,
  object: document.object,
})

/**
 * The outbox of one surface, the `outbox` collection of its database.
 * Repositories of the same surface append inside their own transaction
 * (`appendIn`), so an event exists exactly when its state change does.
 */
export class MongoOutbox implements OutboxPort {
  private readonly collection: Collection<OutboxDocument>

  constructor(
    private readonly client: MongoClient,
    db: Db,
  ) {
    this.collection = db.collection<OutboxDocument>(OUTBOX_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      // The dispatcher's scan: undispatched events in written order (dispatched ones leave the index).
      { key: { order: 1 }, name: 'pending_by_order', partialFilterExpression: { dispatched: false } },
      // pending(accountId) and list(accountId): one account's events in written order, either way.
      { key: { accountId: 1, order: 1 }, name: 'account_by_order' },
    ])
  }

  async append(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return
    await inTransaction(this.client, (session) => this.appendIn(session, events))
  }

  /** Appends inside the caller's transaction. */
  async appendIn(session: ClientSession, events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return
    await this.collection.insertMany(events.map(toOutboxDocument), { session, ordered: true })
  }

  async pending(limit: number, accountId: string | null = null): Promise<DomainEvent[]> {
    const filter =
      accountId === null ? { dispatched: false } : { dispatched: false, accountId: literal(accountId, 'accountId') }
    const documents = await this.collection.find(filter).sort({ order: 1 }).limit(limit).toArray()
    return documents.map(toDomain)
  }

  async markDispatched(ids: readonly string[]): Promise<void> {
    const known = ids.filter(isIdShaped)
    if (known.length === 0) return
    await this.collection.updateMany({ _id: { $in: known }, dispatched: false }, { $set: { dispatched: true } })
  }

  async list(accountId: string, limit: number): Promise<DomainEvent[]> {
    const documents = await this.collection
      .find({ accountId: literal(accountId, 'accountId') })
      .sort({ order: -1 })
      .limit(limit)
      .toArray()
    return documents.map(toDomain)
  }
}
