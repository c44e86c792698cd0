import type { ReportedPosition, Trip } from '../tracking/trip.js'
import type { DomainEvent } from './outbox.js'

/**
 * Where users are, of one surface: tracked trips (one per event, keyed by the event's id) and the positions the
 * app reports outside a trip (one per user, the latest). Trip writes carry their domain events (outbox) and
 * compare versions. `tripDueAt` of each trip is indexed: the tracking job reads the due ones.
 */
export interface TrackingRepositoryPort {
  /** `duplicate` when the event already has a trip (stopped or not). */
  insert(trip: Trip, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'>
  get(accountId: string, eventId: string): Promise<Trip | null>
  update(trip: Trip, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'>
  /** Deletes a trip (the end of its retention) if still at that version. */
  remove(accountId: string, eventId: string, expectedVersion: number): Promise<'removed' | 'conflict'>
  /** The user's trip with the most recent `currentLocation`, if any has one. */
  latestLocatedOfUser(accountId: string, userId: string): Promise<Trip | null>
  /**
   * `latestLocatedOfUser` and `position` of the user together, in one read where the storage allows it (the origin
   * rule reads both). Optional: without it the two are read one by one.
   */
  latestLocatedAndPosition?(
    accountId: string,
    userId: string,
  ): Promise<readonly [trip: Trip | null, position: ReportedPosition | null]>
  /** Up to `limit` trips with `tripDueAt <= now`, earliest first; `accountId` null for every account. */
  due(accountId: string | null, now: Date, limit: number): Promise<Trip[]>
  /** The earliest `tripDueAt` after `after`, or null. */
  nextDueAt(accountId: string | null, after: Date): Promise<Date | null>
  /** Replaces the user's reported position. */
  savePosition(position: ReportedPosition): Promise<void>
  position(accountId: string, userId: string): Promise<ReportedPosition | null>
  /** Deletes the reported positions recorded before `before`; returns how many. */
  removePositionsRecordedBefore(accountId: string | null, before: Date): Promise<number>
  /** The `recordedAt` of the oldest reported position, or null (the retention job's next due time). */
  oldestPositionRecordedAt(accountId: string | null): Promise<Date | null>
  /** Removes every trip and the reported position of a user (the user-delete cascade); returns how many records. */
  removeByUser(accountId: string, userId: string): Promise<number>
}
