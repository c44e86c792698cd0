import { type Collection, type Db, type Filter, ObjectId } from 'mongodb'
import type { AuditEntry, AuditQuery } from '../../../core/audit/audit-entry.js'
import type { AuditLogPort } from '../../../core/ports/audit-log.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const AUDIT_LOG_COLLECTION = 'audit_log'

/** An entry as stored, with its written order (read newest first). */
type AuditDocument = MongoDocument<AuditEntry> & { readonly order: ObjectId }

const fromDocument = ({ _id, order: _order, ...fields }: AuditDocument): AuditEntry => ({ id: _id, ...fields })

// Every filter value is compared as a string: an object from a crafted query is never read as an operator.
const text = (value: string): string => String(value)

/** The audit log in the platform database, shared by every host. */
export class MongoAuditLog implements AuditLogPort {
  private readonly entries: Collection<AuditDocument>

  constructor(db: Db) {
    this.entries = db.collection<AuditDocument>(AUDIT_LOG_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndexes([
      { key: { accountId: 1, order: -1 }, name: 'account_order' },
      { key: { occurredAt: 1 }, name: 'age' },
    ])
  }

  async append(entry: AuditEntry): Promise<void> {
    const { id, ...fields } = entry
    await this.entries.insertOne({ _id: id, ...fields, order: new ObjectId() }, WRITE_OPTIONS)
  }

  async list(accountId: string, query: AuditQuery) {
    const filter: Record<string, unknown> = { accountId: text(accountId) }
    if (query.startingAfter !== undefined) {
      const cursor = await this.entries.findOne({ _id: text(query.startingAfter) }, { projection: { order: 1 } })
      if (cursor === null) return { data: [], hasMore: false }
      filter.order = { $lt: cursor.order }
    }
    if (query.action !== undefined) filter.action = text(query.action)
    if (query.actorId !== undefined) filter['actor.id'] = text(query.actorId)
    if (query.targetId !== undefined) filter['target.id'] = text(query.targetId)
    const documents = await this.entries
      .find(filter as Filter<AuditDocument>)
      .sort({ order: -1 })
      .limit(query.limit + 1)
      .toArray()
    return { data: documents.slice(0, query.limit).map(fromDocument), hasMore: documents.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    return (await this.entries.deleteMany({ occurredAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }
}
