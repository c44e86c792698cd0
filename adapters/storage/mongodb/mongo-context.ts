import { type ClientSession, type Collection, type Db, type MongoClient, MongoServerError, ObjectId } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import { inTransaction as inClientTransaction } from './connection.js'
import type { MongoDocument } from './document.js'

/**
 * What a MongoDB repository of one surface needs: the client (for sessions and
 * transactions) and the surface's database (sandbox and production use separate ones).
 */
export interface MongoContext {
  readonly client: MongoClient
  readonly db: Db
}

/** The outbox collection every repository of a surface appends its domain events to. */
export const OUTBOX_COLLECTION = 'outbox'

/** An outbox record as stored: the event with its id as `_id`, not yet dispatched. */
export type OutboxDocument = MongoDocument<DomainEvent> & {
  /** Written order: ObjectIds made by one process increase, and across hosts they follow the wall clock. */
  readonly order: ObjectId
  readonly dispatched: boolean
}

export const outboxCollection = (db: Db): Collection<OutboxDocument> => db.collection<OutboxDocument>(OUTBOX_COLLECTION)

export const toOutboxDocument = (event: DomainEvent): OutboxDocument => ({
  _id: event.id,
  type: event.type,
  accountId: event.accountId,
  livemode: event.livemode,
  createdAt: event.createdAt,
  objectType: event.objectType,
  object: event.object,
  order: new ObjectId(),
  dispatched: false,
})

/**
 * Options of every write: an `undefined` inside a domain snapshot is left out, as
 * JSON would, instead of coming back as `null`.
 */
export const WRITE_OPTIONS = { ignoreUndefined: true } as const

/** Runs `work` in one transaction (retried by the driver on transient errors); its result is the transaction's. */
export const inTransaction = <T>(context: MongoContext, work: (session: ClientSession) => Promise<T>): Promise<T> =>
  inClientTransaction(context.client, work)

/** Appends domain events inside the caller's transaction. */
export const appendEvents = async (db: Db, events: readonly DomainEvent[], session: ClientSession): Promise<void> => {
  if (events.length === 0) return
  await outboxCollection(db).insertMany(events.map(toOutboxDocument), { ...WRITE_OPTIONS, session })
}

/** A duplicate-key error (E11000) of the unique index named `indexName`. */
export const isDuplicateKeyOf = (error: unknown, indexName: string): boolean =>
  error instanceof MongoServerError && error.code === 11000 && error.errmsg?.includes(` index: ${indexName} `) === true
