import { type Collection, type Db, type Filter, ObjectId } from 'mongodb'
import type { ConsentTicketQuery, ConsentTicketRecord } from '../../../core/oauth/consent-ticket.js'
import type { ConsentTicketLogPort } from '../../../core/ports/consent-ticket-log.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const CONSENT_TICKETS_COLLECTION = 'consent_tickets'

/** A record as stored, with its written order (read newest first). */
type ConsentTicketDocument = MongoDocument<ConsentTicketRecord> & { readonly order: ObjectId }

const fromDocument = ({ _id, order: _order, ...fields }: ConsentTicketDocument): ConsentTicketRecord => ({
  id: _id,
  ...fields,
})

/** Consent tickets' records in the platform database, shared by every host. */
export class MongoConsentTicketLog implements ConsentTicketLogPort {
  private readonly tickets: Collection<ConsentTicketDocument>

  constructor(db: Db) {
    this.tickets = db.collection<ConsentTicketDocument>(CONSENT_TICKETS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.tickets.createIndexes([
      { key: { platformId: 1, livemode: 1, order: -1 }, name: 'platform_order' },
      { key: { ticketHash: 1 }, name: 'ticket_hash', unique: true },
      { key: { createdAt: 1 }, name: 'age' },
    ])
  }

  async record(ticket: ConsentTicketRecord): Promise<void> {
    const { id, ...fields } = ticket
    await this.tickets.insertOne({ _id: id, ...fields, order: new ObjectId() }, WRITE_OPTIONS)
  }

  async markUsed(
    ticketHash: string,
    use: { readonly at: Date; readonly decision: 'allow' | 'deny'; readonly scopes: readonly string[] },
  ): Promise<void> {
    // One conditional update: of two uses, the first stays.
    await this.tickets.updateOne(
      { ticketHash: String(ticketHash), usedAt: null },
      { $set: { usedAt: use.at, decision: use.decision, scopes: [...use.scopes] } },
      WRITE_OPTIONS,
    )
  }

  async list(platformId: string, livemode: boolean, query: ConsentTicketQuery) {
    const filter: Record<string, unknown> = { platformId: String(platformId), livemode: livemode === true }
    if (query.startingAfter !== undefined) {
      const cursor = await this.tickets.findOne({ _id: String(query.startingAfter) }, { projection: { order: 1 } })
      if (cursor === null) return { data: [], hasMore: false }
      filter.order = { $lt: cursor.order }
    }
    const documents = await this.tickets
      .find(filter as Filter<ConsentTicketDocument>)
      .sort({ order: -1 })
      .limit(query.limit + 1)
      .toArray()
    return { data: documents.slice(0, query.limit).map(fromDocument), hasMore: documents.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    return (await this.tickets.deleteMany({ createdAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }
}
