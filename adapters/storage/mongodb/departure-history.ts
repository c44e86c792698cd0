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
 * its `keep` newest are deleted (two appends racing may leave a few extra for a moment; the next append trims them).
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
    await this.appendMany([{ entry, keep }])
  }

  /**
   * One insert for the batch (in order: `order` grows with it), then one count of the batch's events, and a trim of
   * each event over its bound only: a second's recomputes cost three commands, not two per entry.
   */
  async appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void> {
    if (entries.length === 0) return
    await this.entries.insertMany(
      entries.map(({ entry: { id, ...fields } }) => ({ _id: id, ...fields, order: new ObjectId() })),
      { ...WRITE_OPTIONS, ordered: true },
    )
    // An event's bound is the last one given for it (the same constant in practice).
    const bounds = new Map<string, { readonly accountId: string; readonly eventId: string; readonly keep: number }>()
    for (const { entry, keep } of entries) {
      const accountId = String(entry.accountId)
      const eventId = String(entry.eventId)
      bounds.set(`${accountId}/${eventId}`, { accountId, eventId, keep })
    }
    const fewest = Math.min(...[...bounds.values()].map((bound) => bound.keep))
    const counted = await this.entries
      .aggregate<{ _id: { accountId: string; eventId: string }; entries: number }>([
        {
          $match: {
            accountId: { $in: [...new Set([...bounds.values()].map((bound) => bound.accountId))] },
            eventId: { $in: [...bounds.values()].map((bound) => bound.eventId) },
          },
        },
        { $group: { _id: { accountId: '$accountId', eventId: '$eventId' }, entries: { $sum: 1 } } },
        { $match: { entries: { $gt: fewest } } },
      ])
      .toArray()
    for (const { _id, entries: count } of counted) {
      const bound = bounds.get(`${_id.accountId}/${_id.eventId}`)
      if (bound !== undefined && count > bound.keep) await this.trim(bound.accountId, bound.eventId, bound.keep)
    }
  }

  /** Deletes the event's entries older than its `keep` newest (two writers racing may leave one extra for a moment). */
  private async trim(accountId: string, eventId: string, keep: number): Promise<void> {
    const filter = { accountId, eventId }
    const [oldestKept] = await this.entries
      .find(filter, { projection: { order: 1 } })
      .sort({ order: -1 })
      .skip(keep - 1)
      .limit(1)
      .toArray()
    if (oldestKept !== undefined) await this.entries.deleteMany({ ...filter, order: { $lt: oldestKept.order } })
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
