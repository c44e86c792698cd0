import type { ConsentTicketQuery, ConsentTicketRecord } from '../../../core/oauth/consent-ticket.js'
import type { ConsentTicketLogPort } from '../../../core/ports/consent-ticket-log.js'
import { type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { logDocPage, newestFirst } from './paging.js'
import { oneRecord } from './records.js'

/** Consent tickets' records in the platform database (`consent_tickets`); `seq` is the order issued. */
export class SqliteConsentTicketLog implements ConsentTicketLogPort {
  constructor(private readonly db: SqliteDatabase) {}

  async record(ticket: ConsentTicketRecord): Promise<void> {
    statement(
      this.db,
      'INSERT INTO consent_tickets (id, platform_id, livemode, ticket_hash, created_at, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      ticket.id,
      ticket.platformId,
      ticket.livemode ? 1 : 0,
      ticket.ticketHash,
      ticket.createdAt.getTime(),
      encodeJson(ticket),
    )
  }

  async markUsed(
    ticketHash: string,
    use: { readonly at: Date; readonly decision: 'allow' | 'deny'; readonly scopes: readonly string[] },
  ): Promise<void> {
    const ticket = oneRecord<ConsentTicketRecord>(
      this.db,
      'SELECT doc FROM consent_tickets WHERE ticket_hash = ?',
      ticketHash,
    )
    if (ticket === null || ticket.usedAt !== null) return
    const used: ConsentTicketRecord = { ...ticket, usedAt: use.at, decision: use.decision, scopes: [...use.scopes] }
    // The guard keeps a first use that another process wrote meanwhile.
    statement(
      this.db,
      "UPDATE consent_tickets SET doc = ? WHERE ticket_hash = ? AND json_extract(doc, '$.usedAt') IS NULL",
    ).run(encodeJson(used), ticketHash)
  }

  async list(platformId: string, livemode: boolean, query: ConsentTicketQuery) {
    const scope = { platform_id: platformId, livemode: livemode ? 1 : 0 }
    const { where, params } = newestFirst('consent_tickets', 'id', scope, query.startingAfter)
    return logDocPage<ConsentTicketRecord>(this.db, 'consent_tickets', { where, params }, query.limit)
  }

  async prune(before: Date): Promise<number> {
    return statement(this.db, 'DELETE FROM consent_tickets WHERE created_at < ?').run(before.getTime()).changes
  }
}
