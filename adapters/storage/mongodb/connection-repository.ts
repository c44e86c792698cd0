import type { Collection, Filter } from 'mongodb'
import {
  CALENDAR_PROVIDERS,
  type CalendarProviderName,
  type Connection,
  type PendingProviderDelete,
  type PushSubscription,
} from '../../../core/connection/connection.js'
import type { ConnectionFilter, ConnectionRepositoryPort } from '../../../core/ports/connection-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { MongoDocument } from './document.js'
import { appendEvents, inTransaction, isDuplicateKeyOf, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { pageByIdDescending } from './pagination.js'
import { isIdShaped } from './query-guard.js'

export const CONNECTIONS_COLLECTION = 'connections'

/** `sealedTokens` as the token cipher sealed it: this adapter never opens it. */
type ConnectionDocument = Omit<MongoDocument<Connection>, 'nextSyncAt'> & {
  /** Present only while a sync is planned (the domain's null is its absence): what the due-time indexes hold. */
  readonly nextSyncAt?: Date
}

const toSubscription = (subscription: PushSubscription): PushSubscription => ({
  id: subscription.id,
  providerId: subscription.providerId,
  calendarExternalId: subscription.calendarExternalId,
  expiresAt: subscription.expiresAt,
  ...(subscription.startedAt === undefined ? {} : { startedAt: subscription.startedAt }),
  secret: subscription.secret,
})

const toPendingDelete = (pending: PendingProviderDelete): PendingProviderDelete => ({
  calendarExternalId: pending.calendarExternalId,
  externalId: pending.externalId,
  attempts: pending.attempts,
})

// Field by field both ways: nothing the domain object happens to carry reaches the database, and nothing stored beyond the domain's fields comes back.
const toDocument = (connection: Connection): ConnectionDocument => ({
  _id: connection.id,
  accountId: connection.accountId,
  livemode: connection.livemode,
  userId: connection.userId,
  provider: connection.provider,
  status: connection.status,
  statusReason: connection.statusReason,
  email: connection.email,
  scopes: [...connection.scopes],
  syncMode: connection.syncMode,
  lastSyncedAt: connection.lastSyncedAt,
  consecutiveSyncFailures: connection.consecutiveSyncFailures,
  lastSyncError: connection.lastSyncError,
  subscriptions: connection.subscriptions.map(toSubscription),
  tokenRefresh: { lastAt: connection.tokenRefresh.lastAt, failuresCount: connection.tokenRefresh.failuresCount },
  sealedTokens: connection.sealedTokens,
  ...(connection.pendingDeletes === undefined
    ? {}
    : { pendingDeletes: connection.pendingDeletes.map(toPendingDelete) }),
  ...(connection.nextSyncAt === null ? {} : { nextSyncAt: connection.nextSyncAt }),
  createdAt: connection.createdAt,
  updatedAt: connection.updatedAt,
  version: connection.version,
})

const fromDocument = (document: ConnectionDocument): Connection => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  userId: document.userId,
  provider: document.provider,
  status: document.status,
  statusReason: document.statusReason,
  email: document.email,
  scopes: document.scopes,
  syncMode: document.syncMode,
  lastSyncedAt: document.lastSyncedAt,
  consecutiveSyncFailures: document.consecutiveSyncFailures,
  lastSyncError: document.lastSyncError,
  subscriptions: document.subscriptions.map(toSubscription),
  tokenRefresh: { lastAt: document.tokenRefresh.lastAt, failuresCount: document.tokenRefresh.failuresCount },
  sealedTokens: document.sealedTokens,
  ...(document.pendingDeletes === undefined ? {} : { pendingDeletes: document.pendingDeletes.map(toPendingDelete) }),
  nextSyncAt: document.nextSyncAt ?? null,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
  version: document.version,
})

const ONE_PER_PROVIDER_ACCOUNT = 'one_connection_per_provider_account'

const isProvider = (value: unknown): value is CalendarProviderName =>
  typeof value === 'string' && (CALENDAR_PROVIDERS as readonly string[]).includes(value)

/**
 * Connections of one surface in `connections`. A write and its domain events are
 * one transaction; updates compare versions; a user has one connection per
 * provider account (a unique index). Provider tokens are stored as the token
 * cipher sealed them and never opened here.
 */
export class MongoConnectionRepository implements ConnectionRepositoryPort {
  private readonly connections: Collection<ConnectionDocument>

  constructor(private readonly context: MongoContext) {
    this.connections = context.db.collection<ConnectionDocument>(CONNECTIONS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.connections.createIndexes([
      // A new consent for a provider account the user already connected revives that connection; also findByProviderAccount and the user-delete cascade.
      { key: { accountId: 1, userId: 1, provider: 1, email: 1 }, name: ONE_PER_PROVIDER_ACCOUNT, unique: true },
      // The list, newest first (the user and provider filters narrow it).
      { key: { accountId: 1, _id: -1 }, name: 'account_newest' },
      // A provider's push names our channel id only.
      { key: { 'subscriptions.id': 1 }, name: 'push_channel' },
      // The sync job (polling cadence, retries, push renewal): due connections by time, for all accounts or one.
      { key: { nextSyncAt: 1, _id: 1 }, name: 'sync_due', partialFilterExpression: { nextSyncAt: { $exists: true } } },
      {
        key: { accountId: 1, nextSyncAt: 1, _id: 1 },
        name: 'account_sync_due',
        partialFilterExpression: { nextSyncAt: { $exists: true } },
      },
    ])
  }

  async insert(connection: Connection, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      await inTransaction(this.context, async (session) => {
        await this.connections.insertOne(toDocument(connection), { ...WRITE_OPTIONS, session })
        await appendEvents(this.context.db, events, session)
      })
      return 'inserted'
    } catch (error) {
      if (isDuplicateKeyOf(error, ONE_PER_PROVIDER_ACCOUNT)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, id: string): Promise<Connection | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.connections.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async list(accountId: string, filter: ConnectionFilter, page: PageRequest): Promise<Page<Connection>> {
    if (!isIdShaped(accountId)) return { data: [], hasMore: false }
    if (filter.userId !== undefined && !isIdShaped(filter.userId)) return { data: [], hasMore: false }
    if (filter.provider !== undefined && !isProvider(filter.provider)) return { data: [], hasMore: false }
    const query: Filter<ConnectionDocument> = {
      accountId,
      ...(filter.userId === undefined ? {} : { userId: filter.userId }),
      ...(filter.provider === undefined ? {} : { provider: filter.provider }),
    }
    return pageByIdDescending(this.connections, query, page, fromDocument)
  }

  async findByProviderAccount(
    accountId: string,
    userId: string,
    provider: CalendarProviderName,
    email: string,
  ): Promise<Connection | null> {
    // An e-mail has dots, so it is not id-shaped; a plain string is all it must be.
    if (!isIdShaped(accountId) || !isIdShaped(userId) || !isProvider(provider) || typeof email !== 'string') return null
    const document = await this.connections.findOne({ accountId, userId, provider, email })
    return document === null ? null : fromDocument(document)
  }

  async findBySubscription(channelId: string): Promise<Connection | null> {
    if (!isIdShaped(channelId)) return null
    const document = await this.connections.findOne({ 'subscriptions.id': channelId })
    return document === null ? null : fromDocument(document)
  }

  async update(
    connection: Connection,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(connection.accountId) || !isIdShaped(connection.id)) return 'conflict'
    const filter = { _id: connection.id, accountId: connection.accountId, version: expectedVersion }
    try {
      // Without events a single replace is atomic by itself: the sync job's bookkeeping writes skip the transaction's round trips.
      if (events.length === 0)
        return (await this.connections.replaceOne(filter, toDocument(connection), WRITE_OPTIONS)).matchedCount === 0
          ? 'conflict'
          : 'updated'
      return await inTransaction(this.context, async (session) => {
        const written = await this.connections.replaceOne(filter, toDocument(connection), { ...WRITE_OPTIONS, session })
        if (written.matchedCount === 0) return 'conflict'
        await appendEvents(this.context.db, events, session)
        return 'updated'
      })
    } catch (error) {
      // Moved onto a provider account the user already has a connection to: refused like a lost race.
      if (isDuplicateKeyOf(error, ONE_PER_PROVIDER_ACCOUNT)) return 'conflict'
      throw error
    }
  }

  async removeByUser(accountId: string, userId: string): Promise<Connection[]> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return []
    return inTransaction(this.context, async (session) => {
      const found = await this.connections.find({ accountId, userId }, { session }).sort({ _id: 1 }).toArray()
      if (found.length > 0)
        await this.connections.deleteMany(
          { accountId, userId, _id: { $in: found.map((document) => document._id) } },
          { session },
        )
      return found.map(fromDocument)
    })
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Connection[]> {
    // A limit of 0 means "no limit" to MongoDB; to the port it means nothing.
    if (limit <= 0) return []
    if (accountId !== null && !isIdShaped(accountId)) return []
    const filter: Filter<ConnectionDocument> = {
      nextSyncAt: { $lte: now },
      ...(accountId === null ? {} : { accountId }),
    }
    return (await this.connections.find(filter).sort({ nextSyncAt: 1, _id: 1 }).limit(limit).toArray()).map(
      fromDocument,
    )
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const filter: Filter<ConnectionDocument> = {
      nextSyncAt: { $gt: after },
      ...(accountId === null ? {} : { accountId }),
    }
    const next = await this.connections
      .find(filter, { projection: { nextSyncAt: 1 } })
      .sort({ nextSyncAt: 1, _id: 1 })
      .limit(1)
      .next()
    return next?.nextSyncAt ?? null
  }
}
