// Reads the `outbox` collection that MongoDB repositories append to, for the storage contract suites.
import type { Db } from 'mongodb'
import {
  type OutboxDocument,
  outboxCollection,
  toOutboxDocument,
} from '../../adapters/storage/mongodb/mongo-context.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'

const toEvent = (document: OutboxDocument): DomainEvent => ({
  id: document._id,
  type: document.type,
  accountId: document.accountId,
  livemode: document.livemode,
  createdAt: document.createdAt,
  objectType: document.objectType,
  object: document.object,
})

/**
 * A test-only OutboxPort over the collection, so the suites can check what a
 * repository's write appended. Written order is the `_id` order of our
 * time-ordered ids, which is enough for these suites.
 */
export class MongoOutboxProbe implements OutboxPort {
  constructor(private readonly db: Db) {}

  async append(events: readonly DomainEvent[]): Promise<void> {
    if (events.length > 0) await outboxCollection(this.db).insertMany(events.map(toOutboxDocument))
  }

  async pending(limit: number, accountId: string | null = null): Promise<DomainEvent[]> {
    const filter = accountId === null ? { dispatched: false } : { dispatched: false, accountId }
    return (await outboxCollection(this.db).find(filter).sort({ _id: 1 }).limit(limit).toArray()).map(toEvent)
  }

  async markDispatched(ids: readonly string[]): Promise<void> {
    await outboxCollection(this.db).updateMany({ _id: { $in: [...ids] } }, { $set: { dispatched: true } })
  }

  async list(accountId: string, limit: number): Promise<DomainEvent[]> {
    return (await outboxCollection(this.db).find({ accountId }).sort({ _id: -1 }).limit(limit).toArray()).map(toEvent)
  }
}
