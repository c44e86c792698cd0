import { type Collection, type Db, ObjectId } from 'mongodb'
import type { DepartureHistoryEntry } from '../../../core/departure/departure-history.js'
import type { DepartureHistoryAppend, DepartureHistoryPort } from '../../../core/ports/departure-history.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const DEPARTURE_HISTORY_COLLECTION = 'departure_history'

type HistoryDocument = MongoDocument<DepartureHistoryEntry> & { readonly order: ObjectId }

const fromDocument = ({ _id, order: _order, ...fields }: HistoryDocument): DepartureHistoryEntry => ({
  id: _id,
  ...fields,
})

/**
 * Departure histories in the surface database. The bound is kept after each append: the event's entries older than
 * its `keep` newest are deleted (two appends racing may leave one extra for a moment; the next append trims it).
 */
export class MongoDepartureHistory implements DepartureHistoryPort {
  private readonly entries: Collection<HistoryDocument>

  constructor(db: Db) {
    this.entries = db.collection<HistoryDocument>(DEPARTURE_HISTORY_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndexes([{ key: { accountId: 1, eventId: 1, order: -1 }, name: 'event_order' }])
  }

  async append(entry: DepartureHistoryEntry, keep: number): Promise<void> {
    const { id, ...fields } = entry
    await this.entries.insertOne({ _id: id, ...fields, order: new ObjectId() }, WRITE_OPTIONS)
    const filter = { accountId: String(entry.accountId), eventId: String(entry.eventId) }
    const [oldestKept] = await this.entries
      .find(filter, { projection: { order: 1 } })
      .sort({ order: -1 })
      .skip(keep - 1)
      .limit(1)
      .toArray()
    if (oldestKept !== undefined) await this.entries.deleteMany({ ...filter, order: { $lt: oldestKept.order } })
  }

  /** One append after another: the bound is kept per event, in order. */
  async appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void> {
    for (const { entry, keep } of entries) await this.append(entry, keep)
  }

  async list(accountId: string, eventId: string, page: { readonly limit: number; readonly startingAfter?: string }) {
    const filter: Record<string, unknown> = { accountId: String(accountId), eventId: String(eventId) }
    if (page.startingAfter !== undefined) {
      const cursor = await this.entries.findOne({ _id: String(page.startingAfter), ...filter })
      if (cursor === null) return { data: [], hasMore: false }
      filter.order = { $lt: cursor.order }
    }
    const documents = await this.entries
      .find(filter)
      .sort({ order: -1 })
      .limit(page.limit + 1)
      .toArray()
    return { data: documents.slice(0, page.limit).map(fromDocument), hasMore: documents.length > page.limit }
  }

  async deleteOfEvent(accountId: string, eventId: string): Promise<number> {
    return (await this.entries.deleteMany({ accountId: String(accountId), eventId: String(eventId) }, WRITE_OPTIONS))
      .deletedCount
  }
}
