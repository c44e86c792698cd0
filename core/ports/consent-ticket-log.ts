import type { ConsentTicketQuery, ConsentTicketRecord } from '../oauth/consent-ticket.js'

/**
 * The records of the consent tickets platforms issue (platform storage, shared by every host): what a dashboard
 * lists, never the tickets themselves.
 */
export interface ConsentTicketLogPort {
  record(ticket: ConsentTicketRecord): Promise<void>
  /**
   * Marks the ticket with this hash used at `at` by `decision`, with the scopes its consent page showed. A ticket
   * already marked keeps its first use; an unknown hash changes nothing.
   */
  markUsed(
    ticketHash: string,
    use: { readonly at: Date; readonly decision: 'allow' | 'deny'; readonly scopes: readonly string[] },
  ): Promise<void>
  /** One platform's records on one surface, newest first, and whether more follow. */
  list(
    platformId: string,
    livemode: boolean,
    query: ConsentTicketQuery,
  ): Promise<{ readonly data: ConsentTicketRecord[]; readonly hasMore: boolean }>
  /** Removes the records of tickets issued before `before`; how many. */
  prune(before: Date): Promise<number>
}
