import type { ConsentTicketQuery, ConsentTicketRecord } from '../../../core/oauth/consent-ticket.js'
import type { ConsentTicketLogPort } from '../../../core/ports/consent-ticket-log.js'

/** Consent tickets' records in this process only (the memory storage: gone on restart). */
export class MemoryConsentTicketLog implements ConsentTicketLogPort {
  /** In written order. */
  private tickets: ConsentTicketRecord[] = []

  async record(ticket: ConsentTicketRecord): Promise<void> {
    this.tickets.push(ticket)
  }

  async markUsed(
    ticketHash: string,
    use: { readonly at: Date; readonly decision: 'allow' | 'deny'; readonly scopes: readonly string[] },
  ): Promise<void> {
    this.tickets = this.tickets.map((ticket) =>
      ticket.ticketHash === ticketHash && ticket.usedAt === null
        ? { ...ticket, usedAt: use.at, decision: use.decision, scopes: [...use.scopes] }
        : ticket,
    )
  }

  async list(platformId: string, livemode: boolean, query: ConsentTicketQuery) {
    const newestFirst = this.tickets.filter((t) => t.platformId === platformId && t.livemode === livemode).reverse()
    const from = query.startingAfter === undefined ? 0 : newestFirst.findIndex((t) => t.id === query.startingAfter) + 1
    const rest = newestFirst.slice(from)
    return { data: rest.slice(0, query.limit), hasMore: rest.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    const kept = this.tickets.filter((ticket) => ticket.createdAt.getTime() >= before.getTime())
    const pruned = this.tickets.length - kept.length
    this.tickets = kept
    return pruned
  }
}
