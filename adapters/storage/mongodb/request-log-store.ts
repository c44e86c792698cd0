import { type Collection, type Db, type Filter, MongoBulkWriteError, ObjectId } from 'mongodb'
import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const REQUEST_LOGS_COLLECTION = 'request_logs'

/** An entry as stored (`_id` its request id), with its written order (read newest first). */
type RequestLogDocument = MongoDocument<RequestLogEntry, 'requestId'> & { readonly order: ObjectId }

const fromDocument = ({ _id, order: _order, ...fields }: RequestLogDocument): RequestLogEntry => ({
  requestId: _id,
  ...fields,
})

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const DUPLICATE_KEY = 11000

/** Request logs in the platform database, shared by every host; a batch is one unordered insertMany. */
export class MongoRequestLogStore implements RequestLogStorePort {
  private readonly entries: Collection<RequestLogDocument>

  constructor(db: Db) {
    this.entries = db.collection<RequestLogDocument>(REQUEST_LOGS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndexes([
      { key: { accountId: 1, livemode: 1, order: -1 }, name: 'account_order' },
      { key: { occurredAt: 1 }, name: 'age' },
    ])
  }

  async appendMany(entries: readonly RequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return
    const documents = entries.map(({ requestId, ...fields }) => ({ _id: requestId, ...fields, order: new ObjectId() }))
    try {
      await this.entries.insertMany(documents, { ...WRITE_OPTIONS, ordered: false })
    } catch (error) {
      // A request id already stored keeps its first entry; every other entry of the batch was written.
      if (!(error instanceof MongoBulkWriteError && [error.writeErrors].flat().every((e) => e.code === DUPLICATE_KEY)))
        throw error
    }
  }

  async list(accountId: string, livemode: boolean, query: RequestLogQuery) {
    const filter: Record<string, unknown> = { accountId: String(accountId), livemode: livemode === true }
    if (query.startingAfter !== undefined) {
      const cursor = await this.entries.findOne({ _id: String(query.startingAfter) }, { projection: { order: 1 } })
      if (cursor === null) return { data: [], hasMore: false }
      filter.order = { $lt: cursor.order }
    }
    if (query.requestId !== undefined) filter._id = String(query.requestId)
    if (query.status !== undefined) filter.status = Number(query.status)
    if (query.statusClass !== undefined)
      filter.status = { $gte: query.statusClass * 100, $lt: query.statusClass * 100 + 100 }
    if (query.pathPrefix !== undefined) filter.path = { $regex: `^${escapeRegExp(String(query.pathPrefix))}` }
    if (query.method !== undefined) filter.method = String(query.method)
    const documents = await this.entries
      .find(filter as Filter<RequestLogDocument>)
      .sort({ order: -1 })
      .limit(query.limit + 1)
      .toArray()
    return { data: documents.slice(0, query.limit).map(fromDocument), hasMore: documents.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    return (await this.entries.deleteMany({ occurredAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }
}
