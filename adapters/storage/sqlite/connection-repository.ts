import type { CalendarProviderName, Connection } from '../../../core/connection/connection.js'
import type { ConnectionFilter, ConnectionRepositoryPort } from '../../../core/ports/connection-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { inTransaction, isUniqueViolation, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, dueRecords, insertRow, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (connection: Connection): Columns => ({
  id: connection.id,
  account_id: connection.accountId,
  user_id: connection.userId,
  provider: connection.provider,
  email: connection.email,
  next_sync_at: epochMs(connection.nextSyncAt),
  doc: encodeJson(connection),
})

/**
 * Connections of one surface. A user's connection to one provider account is unique (an index); the push
 * subscriptions a connection holds are indexed in `connection_subscriptions` (its rows go with the connection).
 */
export class SqliteConnectionRepository implements ConnectionRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(connection: Connection, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    if (statement(this.db, 'SELECT 1 FROM connections WHERE id = ?').get(connection.id) !== undefined)
      throw new Error(`duplicate connection id ${connection.id}`)
    try {
      inTransaction(this.db, () => {
        insertRow(this.db, 'connections', columnsOf(connection))
        this.indexSubscriptions(connection)
        this.outbox.appendIn(events)
      })
      return 'inserted'
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<Connection | null> {
    return oneRecord(this.db, 'SELECT doc FROM connections WHERE id = ? AND account_id = ?', id, accountId)
  }

  async list(accountId: string, filter: ConnectionFilter, page: PageRequest): Promise<Page<Connection>> {
    const conditions = ['account_id = @accountId']
    if (filter.userId !== undefined) conditions.push('user_id = @userId')
    if (filter.provider !== undefined) conditions.push('provider = @provider')
    return pageByIdDescending(
      this.db,
      'connections',
      conditions.join(' AND '),
      {
        accountId,
        ...(filter.userId === undefined ? {} : { userId: filter.userId }),
        ...(filter.provider === undefined ? {} : { provider: filter.provider }),
      },
      page,
    )
  }

  async findByProviderAccount(
    accountId: string,
    userId: string,
    provider: CalendarProviderName,
    email: string,
  ): Promise<Connection | null> {
    return oneRecord(
      this.db,
      'SELECT doc FROM connections WHERE account_id = ? AND user_id = ? AND provider = ? AND email = ?',
      accountId,
      userId,
      provider,
      email,
    )
  }

  async findBySubscription(channelId: string): Promise<Connection | null> {
    return oneRecord(
      this.db,
      `SELECT connections.doc FROM connection_subscriptions
       JOIN connections ON connections.id = connection_subscriptions.connection_id
       WHERE connection_subscriptions.channel_id = ?`,
      channelId,
    )
  }

  async update(
    connection: Connection,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    try {
      return inTransaction(this.db, () => {
        if (!replaceIfVersion(this.db, 'connections', connection, expectedVersion, columnsOf(connection)))
          return 'conflict'
        this.indexSubscriptions(connection)
        this.outbox.appendIn(events)
        return 'updated'
      })
    } catch (error) {
      // The new provider account is another connection of the user's.
      if (isUniqueViolation(error)) return 'conflict'
      throw error
    }
  }

  async removeByUser(accountId: string, userId: string): Promise<Connection[]> {
    return inTransaction(this.db, () => {
      const removed = allRecords<Connection>(
        this.db,
        'SELECT doc FROM connections WHERE account_id = ? AND user_id = ? ORDER BY id',
        accountId,
        userId,
      )
      // The foreign key takes their subscriptions along.
      statement(this.db, 'DELETE FROM connections WHERE account_id = ? AND user_id = ?').run(accountId, userId)
      return removed
    })
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Connection[]> {
    return dueRecords(this.db, 'connections', 'next_sync_at', accountId, now, limit)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'connections', 'next_sync_at', accountId, after)
  }

  private indexSubscriptions(connection: Connection): void {
    statement(this.db, 'DELETE FROM connection_subscriptions WHERE connection_id = ?').run(connection.id)
    const add = statement(
      this.db,
      'INSERT OR REPLACE INTO connection_subscriptions (channel_id, connection_id) VALUES (?, ?)',
    )
    for (const subscription of connection.subscriptions) add.run(subscription.id, connection.id)
  }
}
