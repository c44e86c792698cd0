import type { CalendarProviderName, Connection } from '../../../core/connection/connection.js'
import type { ConnectionFilter, ConnectionRepositoryPort } from '../../../core/ports/connection-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import { type Page, type PageRequest, paginateById } from '../../../core/shared/pagination.js'
import { expectOk } from '../../../core/shared/result.js'
import { dueEarliestFirst } from './due-order.js'
import type { MemoryOutbox } from './outbox.js'

export class MemoryConnectionRepository implements ConnectionRepositoryPort {
  private readonly connections = new Map<string, Connection>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(connection: Connection, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    if (this.connections.has(connection.id)) throw new Error(`duplicate connection id ${connection.id}`)
    if (
      (await this.findByProviderAccount(
        connection.accountId,
        connection.userId,
        connection.provider,
        connection.email,
      )) !== null
    )
      return 'duplicate'
    this.connections.set(connection.id, connection)
    this.outbox.appendNow(events)
    return 'inserted'
  }

  async get(accountId: string, id: string): Promise<Connection | null> {
    const found = this.connections.get(id)
    return found !== undefined && found.accountId === accountId ? found : null
  }

  async list(accountId: string, filter: ConnectionFilter, page: PageRequest): Promise<Page<Connection>> {
    const matching = [...this.connections.values()].filter(
      (connection) =>
        connection.accountId === accountId &&
        (filter.userId === undefined || connection.userId === filter.userId) &&
        (filter.provider === undefined || connection.provider === filter.provider),
    )
    return expectOk(paginateById(matching, page))
  }

  async findByProviderAccount(
    accountId: string,
    userId: string,
    provider: CalendarProviderName,
    email: string,
  ): Promise<Connection | null> {
    for (const connection of this.connections.values()) {
      if (
        connection.accountId === accountId &&
        connection.userId === userId &&
        connection.provider === provider &&
        connection.email === email
      )
        return connection
    }
    return null
  }

  async findBySubscription(channelId: string): Promise<Connection | null> {
    for (const connection of this.connections.values()) {
      if (connection.subscriptions.some((subscription) => subscription.id === channelId)) return connection
    }
    return null
  }

  async update(
    connection: Connection,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    const stored = this.connections.get(connection.id)
    if (stored === undefined || stored.accountId !== connection.accountId || stored.version !== expectedVersion)
      return 'conflict'
    this.connections.set(connection.id, connection)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async removeByUser(accountId: string, userId: string): Promise<Connection[]> {
    const removed = [...this.connections.values()].filter(
      (connection) => connection.accountId === accountId && connection.userId === userId,
    )
    for (const connection of removed) this.connections.delete(connection.id)
    return removed
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Connection[]> {
    return dueEarliestFirst(this.connections.values(), accountId, (connection) => connection.nextSyncAt, now, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const connection of this.connections.values()) {
      if (
        connection.nextSyncAt === null ||
        connection.nextSyncAt <= after ||
        (accountId !== null && connection.accountId !== accountId)
      )
        continue
      if (earliest === null || connection.nextSyncAt < earliest) earliest = connection.nextSyncAt
    }
    return earliest
  }
}
