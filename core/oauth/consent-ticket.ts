/**
 * A consent ticket a platform issued (`POST /v1/oauth_consent_tickets`), as its record keeps it: who it was for and
 * what became of it, never the ticket itself (a signed token that lets its holder ask for consent). The consent page
 * finds its record by the ticket's SHA-256, which is never shown.
 */
export interface ConsentTicketRecord {
  /** The ticket's `jti` (`octk_...`). */
  readonly id: string
  /** The platform (account) that issued it, and on which surface. */
  readonly platformId: string
  readonly livemode: boolean
  /** The application (OAuth client) it is bound to. */
  readonly applicationId: string
  /** The connected account whose administrator it vouches for. */
  readonly connectedAccountId: string
  /** SHA-256 of the ticket: what the consent page knows it by. */
  readonly ticketHash: string
  readonly createdAt: Date
  readonly expiresAt: Date
  /** When the consent page's decision used it (once); null until then. */
  readonly usedAt: Date | null
  /** The decision that used it. */
  readonly decision: 'allow' | 'deny' | null
  /** The scopes the consent page showed, once used (granted on `allow`). */
  readonly scopes: readonly string[] | null
}

export type ConsentTicketStatus = 'issued' | 'used' | 'expired'

/** Used once decided; expired once past its time unused; issued until then. */
export const consentTicketStatus = (ticket: ConsentTicketRecord, now: Date): ConsentTicketStatus =>
  ticket.usedAt !== null ? 'used' : ticket.expiresAt.getTime() <= now.getTime() ? 'expired' : 'issued'

/** How long the records of issued tickets are kept (the tickets themselves are valid 10 minutes). */
export const CONSENT_TICKET_RETENTION_MS = 30 * 24 * 3_600_000

export interface ConsentTicketQuery {
  /** Records issued before the one with this id (newest-first paging). */
  readonly startingAfter?: string
  readonly limit: number
}
