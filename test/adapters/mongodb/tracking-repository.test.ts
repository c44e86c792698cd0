import { describe, expect, it } from 'vitest'
import { MongoTrackingRepository, TRIPS_COLLECTION } from '../../../adapters/storage/mongodb/tracking-repository.js'
import { tripDueAt } from '../../../core/tracking/trip.js'
import { makeTrip, trackingRepositoryContract } from '../../contracts/tracking-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

trackingRepositoryContract('MongoTrackingRepository', async () => {
  const context = mongo.freshContext()
  const trips = new MongoTrackingRepository(context)
  await trips.ensureIndexes()
  return { trips, outbox: new MongoOutboxProbe(context.db) }
})

describe('MongoTrackingRepository storage', () => {
  const setUp = async () => {
    const context = mongo.freshContext()
    const trips = new MongoTrackingRepository(context)
    await trips.ensureIndexes()
    return { context, trips }
  }

  it('stores the due time and the located time beside the trip, and never hands them back', async () => {
    const { context, trips } = await setUp()
    const trip = makeTrip()
    await trips.insert(trip, [])
    const raw = await context.db.collection(TRIPS_COLLECTION).findOne({ _id: `acct_a/${trip.eventId}` as never })
    expect(raw).toMatchObject({ dueAt: tripDueAt(trip), locatedAt: trip.currentLocation?.recordedAt })
    expect(await trips.get('acct_a', trip.eventId)).toEqual(trip)
  })

  it('never lets a value become a query operator', async () => {
    const { trips } = await setUp()
    const trip = makeTrip()
    await trips.insert(trip, [])
    const operator = { $exists: true } as unknown as string
    expect(await trips.get('acct_a', operator)).toBeNull()
    expect(await trips.latestLocatedOfUser('acct_a', operator)).toBeNull()
    expect(await trips.position(operator, 'usr_a')).toBeNull()
    expect(await trips.removeByUser('acct_a', operator)).toBe(0)
    expect(await trips.due(operator, new Date('2030-01-01T00:00:00Z'), 10)).toEqual([])
    expect(await trips.get('acct_a', trip.eventId)).toEqual(trip)
  })
})
