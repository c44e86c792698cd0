import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'
import type { TrackingRepositoryPort } from '../../core/ports/tracking-repository.js'
import { lastKnownPosition } from '../../core/tracking/last-known-position.js'
import { type ReportedPosition, type Trip, tripDueAt } from '../../core/tracking/trip.js'

export interface TrackingRepositorySubject {
  readonly trips: TrackingRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const MINUTE = 60_000
const base = new Date('2026-06-01T08:00:00Z')
const ids = new UlidIdGenerator()
const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE)

/** A trip of the suite's fixed account and user, in transit (adapter-specific tests reuse it). */
export const makeTrip = (overrides: Partial<Trip> = {}): Trip => ({
  accountId: 'acct_a',
  livemode: false,
  eventId: ids.next('evt'),
  userId: 'usr_a',
  destination: { lat: 48.8566, lng: 2.3522 },
  mode: 'drive',
  timezone: 'Europe/Paris',
  startedAt: base,
  updatedAt: base,
  version: 1,
  status: 'in_transit',
  idleTimeoutSeconds: 120,
  currentLocation: { lat: 48.85, lng: 2.3, accuracyM: 10, speedMps: 12.5, recordedAt: base },
  trail: [{ lat: 48.85, lng: 2.3, accuracyM: 10, speedMps: 12.5, recordedAt: base }],
  lastSignalAt: base,
  lastUpdateAt: base,
  predictedArrival: at(20),
  minutesLate: -10,
  confidence: 'medium',
  startTime: at(30),
  late: false,
  ignoredJumps: 0,
  arrivedAt: null,
  stoppedAt: null,
  stopReason: null,
  expiresAt: at(24 * 60),
  ...overrides,
})

const position = (overrides: Partial<ReportedPosition> = {}): ReportedPosition => ({
  accountId: 'acct_a',
  userId: 'usr_a',
  lat: 48.86,
  lng: 2.34,
  accuracyM: 15,
  recordedAt: base,
  ...overrides,
})

const note = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: base,
  objectType: 'tracking',
  object: { type },
})

/** What every TrackingRepositoryPort adapter must do; call it from the adapter's own test file. */
export const trackingRepositoryContract = (
  name: string,
  makeSubject: () => TrackingRepositorySubject | Promise<TrackingRepositorySubject>,
): void => {
  describe(`${name} honours the TrackingRepositoryPort contract`, () => {
    let subject: TrackingRepositorySubject
    let trips: TrackingRepositoryPort

    beforeEach(async () => {
      subject = await makeSubject()
      trips = subject.trips
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const outboxTypes = async () => (await subject.outbox.pending(100, 'acct_a')).map((event) => event.type)

    it('stores a trip with its events in one write and hands it back as stored, dates included', async () => {
      const trip = makeTrip()
      expect(await trips.insert(trip, [note('user.arrived')])).toBe('inserted')
      expect(await trips.get('acct_a', trip.eventId)).toEqual(trip)
      expect(await outboxTypes()).toEqual(['user.arrived'])
    })

    it('one trip per event: a second insert is a duplicate and appends nothing', async () => {
      const trip = makeTrip()
      await trips.insert(trip, [])
      expect(await trips.insert({ ...trip, status: 'not_started' }, [note('user.arrived')])).toBe('duplicate')
      expect(await trips.get('acct_a', trip.eventId)).toEqual(trip)
      expect(await outboxTypes()).toEqual([])
    })

    it('is scoped by account: another account sees nothing', async () => {
      const trip = makeTrip()
      await trips.insert(trip, [])
      expect(await trips.get('acct_b', trip.eventId)).toBeNull()
    })

    it('update compares versions: the stale writer gets a conflict and writes no events', async () => {
      const trip = makeTrip()
      await trips.insert(trip, [])
      const moved = { ...trip, status: 'stalled' as const, version: 2 }
      expect(await trips.update(moved, 1, [note('event.late_predicted')])).toBe('updated')
      expect(await trips.update({ ...trip, version: 2 }, 1, [note('user.arrived')])).toBe('conflict')
      expect(await trips.get('acct_a', trip.eventId)).toEqual(moved)
      expect(await outboxTypes()).toEqual(['event.late_predicted'])
    })

    it('update without events writes the trip alone', async () => {
      const trip = makeTrip()
      await trips.insert(trip, [])
      const next = { ...trip, lastUpdateAt: at(1), version: 2 }
      expect(await trips.update(next, 1, [])).toBe('updated')
      expect(await trips.get('acct_a', trip.eventId)).toEqual(next)
    })

    it('remove compares versions', async () => {
      const trip = makeTrip()
      await trips.insert(trip, [])
      expect(await trips.remove('acct_a', trip.eventId, 2)).toBe('conflict')
      expect(await trips.remove('acct_a', trip.eventId, 1)).toBe('removed')
      expect(await trips.get('acct_a', trip.eventId)).toBeNull()
      expect(await trips.remove('acct_a', trip.eventId, 1)).toBe('conflict')
    })

    it("latestLocatedOfUser: the user's trip with the newest fix; trips without a location do not count", async () => {
      const older = makeTrip({
        currentLocation: { lat: 1, lng: 1, accuracyM: null, speedMps: null, recordedAt: at(1) },
      })
      const newer = makeTrip({
        currentLocation: { lat: 2, lng: 2, accuracyM: null, speedMps: null, recordedAt: at(5) },
      })
      const none = makeTrip({ currentLocation: null, trail: [], status: 'stopped', stoppedAt: at(9) })
      const otherUser = makeTrip({
        userId: 'usr_b',
        currentLocation: { lat: 3, lng: 3, accuracyM: null, speedMps: null, recordedAt: at(9) },
      })
      for (const trip of [older, newer, none, otherUser]) await trips.insert(trip, [])
      expect((await trips.latestLocatedOfUser('acct_a', 'usr_a'))?.eventId).toBe(newer.eventId)
      expect(await trips.latestLocatedOfUser('acct_a', 'usr_c')).toBeNull()
    })

    it('due: trips whose tripDueAt has come, earliest first, limited, per account or all; nextDueAt after a time', async () => {
      const idle = makeTrip({ lastSignalAt: at(0), idleTimeoutSeconds: 120 }) // due at 2 min
      const later = makeTrip({ lastSignalAt: at(10), idleTimeoutSeconds: 120 }) // due at 12 min
      const stopped = makeTrip({ status: 'stopped', stoppedAt: at(0), currentLocation: null, trail: [] }) // +24 h
      const foreign = makeTrip({ accountId: 'acct_b', lastSignalAt: at(0), idleTimeoutSeconds: 60 }) // 1 min
      for (const trip of [idle, later, stopped, foreign]) await trips.insert(trip, [])
      expect((await trips.due('acct_a', at(2), 10)).map((trip) => trip.eventId)).toEqual([idle.eventId])
      expect((await trips.due(null, at(12), 10)).map((trip) => trip.eventId)).toEqual([
        foreign.eventId,
        idle.eventId,
        later.eventId,
      ])
      expect(await trips.due(null, at(12), 1)).toHaveLength(1)
      expect(await trips.due(null, at(12), 0)).toEqual([])
      expect(await trips.nextDueAt('acct_a', at(0))).toEqual(tripDueAt(idle))
      expect(await trips.nextDueAt('acct_a', at(2))).toEqual(tripDueAt(later))
      expect(await trips.nextDueAt('acct_a', at(12))).toEqual(tripDueAt(stopped))
      expect(await trips.nextDueAt('acct_b', at(1))).toBeNull()
    })

    it('keeps one reported position per user, the last saved', async () => {
      await trips.savePosition(position({ recordedAt: at(1) }))
      await trips.savePosition(position({ lat: 10, recordedAt: at(2) }))
      expect(await trips.position('acct_a', 'usr_a')).toEqual(position({ lat: 10, recordedAt: at(2) }))
      expect(await trips.position('acct_b', 'usr_a')).toBeNull()
    })

    it('the last known position: the newer of the latest located trip and the reported position, as read one by one', async () => {
      // Read one by one, and together where the adapter reads both at once.
      const both = async (userId: string) => [
        await trips.latestLocatedOfUser('acct_a', userId),
        await trips.position('acct_a', userId),
      ]
      const together = async (userId: string) =>
        trips.latestLocatedAndPosition === undefined ? both(userId) : trips.latestLocatedAndPosition('acct_a', userId)
      expect(await together('usr_a')).toEqual([null, null])
      expect(await lastKnownPosition(trips, 'acct_a', 'usr_a')).toBeNull()
      const older = makeTrip({
        currentLocation: { lat: 1, lng: 1, accuracyM: null, speedMps: null, recordedAt: at(1) },
      })
      const newer = makeTrip({
        currentLocation: { lat: 2, lng: 2, accuracyM: null, speedMps: null, recordedAt: at(5) },
      })
      const theirs = makeTrip({
        userId: 'usr_b',
        currentLocation: { lat: 3, lng: 3, accuracyM: null, speedMps: null, recordedAt: at(9) },
      })
      for (const trip of [older, newer, theirs]) await trips.insert(trip, [])
      expect(await together('usr_a')).toEqual([newer, null])
      expect(await lastKnownPosition(trips, 'acct_a', 'usr_a')).toEqual({
        coordinates: { lat: 2, lng: 2 },
        recordedAt: at(5),
      })
      await trips.savePosition(position({ lat: 10, lng: 11, recordedAt: at(3) }))
      expect(await together('usr_a')).toEqual(await both('usr_a'))
      expect((await together('usr_a'))[1]).toEqual(position({ lat: 10, lng: 11, recordedAt: at(3) }))
      expect(await lastKnownPosition(trips, 'acct_a', 'usr_a')).toEqual({
        coordinates: { lat: 2, lng: 2 },
        recordedAt: at(5),
      })
      await trips.savePosition(position({ lat: 12, lng: 13, recordedAt: at(7) }))
      expect(await lastKnownPosition(trips, 'acct_a', 'usr_a')).toEqual({
        coordinates: { lat: 12, lng: 13 },
        recordedAt: at(7),
      })
      // Another user of the account, another account, and a user id not shaped like an id.
      expect(await together('usr_b')).toEqual([theirs, null])
      expect(await lastKnownPosition(trips, 'acct_b', 'usr_a')).toBeNull()
      expect(await lastKnownPosition(trips, 'acct_a', '{"$gt":""}')).toBeNull()
    })

    it('removes the positions recorded before a time, and tells the oldest one left', async () => {
      await trips.savePosition(position({ userId: 'usr_a', recordedAt: at(1) }))
      await trips.savePosition(position({ userId: 'usr_b', recordedAt: at(5) }))
      await trips.savePosition(position({ accountId: 'acct_b', userId: 'usr_c', recordedAt: at(0) }))
      expect(await trips.oldestPositionRecordedAt('acct_a')).toEqual(at(1))
      expect(await trips.oldestPositionRecordedAt(null)).toEqual(at(0))
      expect(await trips.removePositionsRecordedBefore('acct_a', at(5))).toBe(1)
      expect(await trips.position('acct_a', 'usr_a')).toBeNull()
      expect(await trips.position('acct_a', 'usr_b')).not.toBeNull()
      expect(await trips.position('acct_b', 'usr_c')).not.toBeNull()
      expect(await trips.removePositionsRecordedBefore(null, at(60))).toBe(2)
      expect(await trips.oldestPositionRecordedAt(null)).toBeNull()
    })

    it("removeByUser removes the user's trips and position, nobody else's", async () => {
      const mine = [makeTrip(), makeTrip({ status: 'stopped', currentLocation: null, trail: [], stoppedAt: base })]
      const theirs = makeTrip({ userId: 'usr_b' })
      for (const trip of [...mine, theirs]) await trips.insert(trip, [])
      await trips.savePosition(position())
      await trips.savePosition(position({ userId: 'usr_b' }))
      expect(await trips.removeByUser('acct_a', 'usr_a')).toBe(3)
      for (const trip of mine) expect(await trips.get('acct_a', trip.eventId)).toBeNull()
      expect(await trips.position('acct_a', 'usr_a')).toBeNull()
      expect(await trips.get('acct_a', theirs.eventId)).toEqual(theirs)
      expect(await trips.position('acct_a', 'usr_b')).not.toBeNull()
      expect(await trips.removeByUser('acct_a', 'usr_a')).toBe(0)
    })
  })
}
