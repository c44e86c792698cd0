import { type Collection, type Db, type Filter, MongoBulkWriteError, ObjectId } from 'mongodb'
import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogBodies, RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const REQUEST_LOGS_COLLECTION = 'request_logs'
export const REQUEST_LOG_BODIES_COLLECTION = 'request_log_bodies'

/** An entry as stored (`_id` its request id), with its written order (read newest first); its bodies apart. */
type RequestLogDocument = MongoDocument<Omit<RequestLogEntry, 'bodies'>, 'requestId'> & { readonly order: ObjectId }

/** An entry's bodies (`_id` its request id), with what pruning and trimming select them by. */
interface RequestLogBodiesDocument extends RequestLogBodies {
  readonly _id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly order: ObjectId
  readonly occurredAt: Date
}

const fromDocument = ({ _id, order: _order, ...fields }: RequestLogDocument): RequestLogEntry => ({
  requestId: _id,
  ...fields,
})

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const DUPLICATE_KEY = 11000

const isOnlyDuplicates = (error: unknown): boolean =>
  error instanceof MongoBulkWriteError && [error.writeErrors].flat().every((e) => e.code === DUPLICATE_KEY)

/**
 * Request logs in the platform database, shared by every host; a batch is one unordered insertMany (and one more for
 * the bodies it carries, in `request_log_bodies`: lists never read them, and they are pruned sooner).
 */
export class MongoRequestLogStore implements RequestLogStorePort {
  private readonly entries: Collection<RequestLogDocument>
  private readonly bodies: Collection<RequestLogBodiesDocument>

  constructor(db: Db) {
    this.entries = db.collection<RequestLogDocument>(REQUEST_LOGS_COLLECTION)
    this.bodies = db.collection<RequestLogBodiesDocument>(REQUEST_LOG_BODIES_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndexes([
      { key: { accountId: 1, livemode: 1, order: -1 }, name: 'account_order' },
      { key: { occurredAt: 1 }, name: 'age' },
    ])
    await this.bodies.createIndexes([
      { key: { accountId: 1, livemode: 1, order: -1 }, name: 'account_order' },
      { key: { occurredAt: 1 }, name: 'age' },
    ])
  }

  async appendMany(entries: readonly RequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return
    const documents = entries.map(({ requestId, bodies, ...fields }) => ({
      _id: requestId,
      ...fields,
      order: new ObjectId(),
    }))
    let duplicates = new Set<string>()
    try {
      await this.entries.insertMany(documents, { ...WRITE_OPTIONS, ordered: false })
    } catch (error) {
      // A request id already stored keeps its first entry; every other entry of the batch was written.
      if (!isOnlyDuplicates(error)) throw error
      duplicates = new Set(
        [(error as MongoBulkWriteError).writeErrors].flat().map((e) => documents[e.index]?._id ?? ''),
      )
    }
    const withBodies = entries.flatMap((entry, index) => {
      const document = documents[index]
      if (entry.bodies === undefined || document === undefined || duplicates.has(entry.requestId)) return []
      return [
        {
          _id: entry.requestId,
          accountId: entry.accountId,
          livemode: entry.livemode,
          order: document.order,
          occurredAt: entry.occurredAt,
          request: entry.bodies.request,
          response: entry.bodies.response,
        },
      ]
    })
    if (withBodies.length === 0) return
    try {
      await this.bodies.insertMany(withBodies, { ...WRITE_OPTIONS, ordered: false })
    } catch (error) {
      if (!isOnlyDuplicates(error)) throw error
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
    if (query.keyId !== undefined) filter.keyId = String(query.keyId)
    if (query.occurredFrom !== undefined || query.occurredBefore !== undefined)
      filter.occurredAt = {
        ...(query.occurredFrom === undefined ? {} : { $gte: new Date(query.occurredFrom.getTime()) }),
        ...(query.occurredBefore === undefined ? {} : { $lt: new Date(query.occurredBefore.getTime()) }),
      }
    const documents = await this.entries
      .find(filter as Filter<RequestLogDocument>)
      .sort({ order: -1 })
      .limit(query.limit + 1)
      .toArray()
    return { data: documents.slice(0, query.limit).map(fromDocument), hasMore: documents.length > query.limit }
  }

  async retrieve(accountId: string, livemode: boolean, requestId: string): Promise<RequestLogEntry | null> {
    const document = await this.entries.findOne({
      _id: String(requestId),
      accountId: String(accountId),
      livemode: livemode === true,
    })
    if (document === null) return null
    const bodies = await this.bodies.findOne({ _id: String(requestId) })
    const entry = fromDocument(document)
    return bodies === null ? entry : { ...entry, bodies: { request: bodies.request, response: bodies.response } }
  }

  async prune(before: Date): Promise<number> {
    await this.bodies.deleteMany({ occurredAt: { $lt: before } }, WRITE_OPTIONS)
    return (await this.entries.deleteMany({ occurredAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }

  async pruneBodies(before: Date): Promise<number> {
    return (await this.bodies.deleteMany({ occurredAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }

  async trim(accountId: string, livemode: boolean, keep: number): Promise<number> {
    const surface = { accountId: String(accountId), livemode: livemode === true }
    const [boundary] = await this.entries
      .find(surface, { projection: { order: 1 } })
      .sort({ order: -1 })
      .skip(keep)
      .limit(1)
      .toArray()
    if (boundary === undefined) return 0
    await this.bodies.deleteMany({ ...surface, order: { $lte: boundary.order } }, WRITE_OPTIONS)
    return (await this.entries.deleteMany({ ...surface, order: { $lte: boundary.order } }, WRITE_OPTIONS)).deletedCount
  }
}
