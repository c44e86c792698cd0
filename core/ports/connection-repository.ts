import type { CalendarProviderName, Connection } from '../connection/connection.js'
import type { Page, PageRequest } from '../shared/pagination.js'
import type { DomainEvent } from './outbox.js'

export interface ConnectionFilter {
  readonly userId?: string | undefined
  readonly provider?: CalendarProviderName | undefined
}

/**
 * Connections of one surface. Writes carry their domain events (outbox) and
 * compare versions. `nextSyncAt` is the due-time index the sync job reads.
 */
export interface ConnectionRepositoryPort {
  /**
   * `duplicate` when the user already has a connection to this provider account
   * (account, user, provider, e-mail are unique together): nothing is written.
   */
  insert(connection: Connection, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'>
  get(accountId: string, id: string): Promise<Connection | null>
  /** Newest first, cursor pages by id. */
  list(accountId: string, filter: ConnectionFilter, page: PageRequest): Promise<Page<Connection>>
  /** The user's connection to this provider account (a new consent reuses it), or null. */
  findByProviderAccount(
    accountId: string,
    userId: string,
    provider: CalendarProviderName,
    email: string,
  ): Promise<Connection | null>
  /** The connection holding the push subscription `channelId`, or null. */
  findBySubscription(channelId: string): Promise<Connection | null>
  update(
    connection: Connection,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'>
  /** Removes every connection of a user (the user-delete cascade); returns them. */
  removeByUser(accountId: string, userId: string): Promise<Connection[]>
  /** Up to `limit` connections with `nextSyncAt <= now`, earliest first; `accountId` null for every account. */
  due(accountId: string | null, now: Date, limit: number): Promise<Connection[]>
  /** The earliest `nextSyncAt` after `after`, or null. */
  nextDueAt(accountId: string | null, after: Date): Promise<Date | null>
}
