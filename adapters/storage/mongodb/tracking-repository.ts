import type { Collection, Filter } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { TrackingRepositoryPort } from '../../../core/ports/tracking-repository.js'
import { type Fix, type ReportedPosition, type Trip, tripDueAt } from '../../../core/tracking/trip.js'
import { appendEvents, inTransaction, isDuplicateKeyOf, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const TRIPS_COLLECTION = 'tracking_trips'
export const POSITIONS_COLLECTION = 'reported_positions'

type TripDocument = Omit<Trip, 'eventId'> & {
  /** `<accountId>/<eventId>`: one trip per event of an account. */
  readonly _id: string
  readonly eventId: string
  /** `tripDueAt`: what the due-time indexes hold. */
  readonly dueAt: Date
  /** `currentLocation.recordedAt`, absent without a location: the user's latest located trip. */
  readonly locatedAt?: Date
}

type PositionDocument = ReportedPosition & { readonly _id: string }

const fixOf = (fix: Fix): Fix => ({
  lat: fix.lat,
  lng: fix.lng,
  accuracyM: fix.accuracyM,
  speedMps: fix.speedMps,
  recordedAt: fix.recordedAt,
})

const toDocument = (trip: Trip): TripDocument => ({
  ...trip,
  _id: `${trip.accountId}/${trip.eventId}`,
  currentLocation: trip.currentLocation === null ? null : fixOf(trip.currentLocation),
  trail: trip.trail.map(fixOf),
  dueAt: tripDueAt(trip),
  ...(trip.currentLocation === null ? {} : { locatedAt: trip.currentLocation.recordedAt }),
})

const fromDocument = ({ _id, dueAt: _dueAt, locatedAt: _locatedAt, ...trip }: TripDocument): Trip => trip

const positionFromDocument = ({ _id, ...position }: PositionDocument): ReportedPosition => position

const ONE_TRIP_PER_EVENT = '_id_'

/**
 * Trips of one surface in `tracking_trips` (a write and its domain events are one transaction) and the reported
 * positions in `reported_positions`, one document per user.
 */
export class MongoTrackingRepository implements TrackingRepositoryPort {
  private readonly trips: Collection<TripDocument>
  private readonly positions: Collection<PositionDocument>

  constructor(private readonly context: MongoContext) {
    this.trips = context.db.collection<TripDocument>(TRIPS_COLLECTION)
    this.positions = context.db.collection<PositionDocument>(POSITIONS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.trips.createIndexes([
      // The tracking job: trips by due time, for all accounts or one.
      { key: { dueAt: 1, _id: 1 }, name: 'due' },
      { key: { accountId: 1, dueAt: 1, _id: 1 }, name: 'account_due' },
      // The user's latest located trip (the origin rule) and the user-delete cascade.
      { key: { accountId: 1, userId: 1, locatedAt: -1 }, name: 'user_located' },
    ])
    await this.positions.createIndexes([
      { key: { recordedAt: 1 }, name: 'recorded' },
      { key: { accountId: 1, recordedAt: 1 }, name: 'account_recorded' },
    ])
  }

  async insert(trip: Trip, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    try {
      await inTransaction(this.context, async (session) => {
        await this.trips.insertOne(toDocument(trip), { ...WRITE_OPTIONS, session })
        await appendEvents(this.context.db, events, session)
      })
      return 'inserted'
    } catch (error) {
      if (isDuplicateKeyOf(error, ONE_TRIP_PER_EVENT)) return 'duplicate'
      throw error
    }
  }

  async get(accountId: string, eventId: string): Promise<Trip | null> {
    if (!isIdShaped(accountId) || !isIdShaped(eventId)) return null
    const document = await this.trips.findOne({ _id: `${accountId}/${eventId}` })
    return document === null ? null : fromDocument(document)
  }

  async update(trip: Trip, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(trip.accountId) || !isIdShaped(trip.eventId)) return 'conflict'
    const write = async (session?: Parameters<typeof appendEvents>[2]) => {
      const written = await this.trips.replaceOne(
        { _id: `${trip.accountId}/${trip.eventId}`, version: expectedVersion },
        toDocument(trip),
        { ...WRITE_OPTIONS, ...(session === undefined ? {} : { session }) },
      )
      if (written.matchedCount === 0) return 'conflict' as const
      if (session !== undefined) await appendEvents(this.context.db, events, session)
      return 'updated' as const
    }
    // Most location updates carry no event: one write, no transaction.
    if (events.length === 0) return write()
    return inTransaction(this.context, (session) => write(session))
  }

  async remove(accountId: string, eventId: string, expectedVersion: number): Promise<'removed' | 'conflict'> {
    if (!isIdShaped(accountId) || !isIdShaped(eventId)) return 'conflict'
    const removed = await this.trips.deleteOne({ _id: `${accountId}/${eventId}`, version: expectedVersion })
    return removed.deletedCount === 1 ? 'removed' : 'conflict'
  }

  async latestLocatedOfUser(accountId: string, userId: string): Promise<Trip | null> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return null
    const document = await this.trips
      .find({ accountId, userId, locatedAt: { $exists: true } })
      .sort({ locatedAt: -1 })
      .limit(1)
      .next()
    return document === null ? null : fromDocument(document)
  }

  /** One aggregation: the user's position document, then (`$unionWith`) the latest located trip. */
  async latestLocatedAndPosition(
    accountId: string,
    userId: string,
  ): Promise<readonly [trip: Trip | null, position: ReportedPosition | null]> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return [null, null]
    const documents = await this.positions
      .aggregate<PositionDocument | TripDocument>([
        { $match: { _id: `${accountId}/${userId}` } },
        {
          $unionWith: {
            coll: TRIPS_COLLECTION,
            pipeline: [
              { $match: { accountId, userId, locatedAt: { $exists: true } } },
              { $sort: { locatedAt: -1 } },
              { $limit: 1 },
            ],
          },
        },
      ])
      .toArray()
    // A trip document names its event; a position document does not.
    const trip = documents.find((document): document is TripDocument => 'eventId' in document)
    const position = documents.find((document): document is PositionDocument => !('eventId' in document))
    return [
      trip === undefined ? null : fromDocument(trip),
      position === undefined ? null : positionFromDocument(position),
    ]
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Trip[]> {
    // A limit of 0 means "no limit" to MongoDB; to the port it means nothing.
    if (limit <= 0) return []
    if (accountId !== null && !isIdShaped(accountId)) return []
    const filter: Filter<TripDocument> = { dueAt: { $lte: now }, ...(accountId === null ? {} : { accountId }) }
    return (await this.trips.find(filter).sort({ dueAt: 1, _id: 1 }).limit(limit).toArray()).map(fromDocument)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const filter: Filter<TripDocument> = { dueAt: { $gt: after }, ...(accountId === null ? {} : { accountId }) }
    const next = await this.trips
      .find(filter, { projection: { dueAt: 1 } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(1)
      .next()
    return next?.dueAt ?? null
  }

  async savePosition(position: ReportedPosition): Promise<void> {
    if (!isIdShaped(position.accountId) || !isIdShaped(position.userId)) return
    const _id = `${position.accountId}/${position.userId}`
    await this.positions.replaceOne({ _id }, position, { ...WRITE_OPTIONS, upsert: true })
  }

  async position(accountId: string, userId: string): Promise<ReportedPosition | null> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return null
    const document = await this.positions.findOne({ _id: `${accountId}/${userId}` })
    return document === null ? null : positionFromDocument(document)
  }

  async removePositionsRecordedBefore(accountId: string | null, before: Date): Promise<number> {
    if (accountId !== null && !isIdShaped(accountId)) return 0
    const filter: Filter<PositionDocument> = {
      recordedAt: { $lt: before },
      ...(accountId === null ? {} : { accountId }),
    }
    return (await this.positions.deleteMany(filter)).deletedCount
  }

  async oldestPositionRecordedAt(accountId: string | null): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const oldest = await this.positions
      .find(accountId === null ? {} : { accountId }, { projection: { recordedAt: 1 } })
      .sort({ recordedAt: 1 })
      .limit(1)
      .next()
    return oldest?.recordedAt ?? null
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    const trips = await this.trips.deleteMany({ accountId, userId })
    const positions = await this.positions.deleteMany({ _id: `${accountId}/${userId}` })
    return trips.deletedCount + positions.deletedCount
  }
}
