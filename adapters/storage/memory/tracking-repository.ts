import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { TrackingRepositoryPort } from '../../../core/ports/tracking-repository.js'
import { type ReportedPosition, type Trip, tripDueAt } from '../../../core/tracking/trip.js'
import type { MemoryOutbox } from './outbox.js'

/** In-memory trips keyed by account and event, with an index per user; reported positions keyed by user. */
export class MemoryTrackingRepository implements TrackingRepositoryPort {
  private readonly trips = new Map<string, Trip>()
  private readonly byUser = new Map<string, Set<string>>()
  private readonly positions = new Map<string, ReportedPosition>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(trip: Trip, events: readonly DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    const key = `${trip.accountId}/${trip.eventId}`
    if (this.trips.has(key)) return 'duplicate'
    this.store(key, trip)
    this.outbox.appendNow(events)
    return 'inserted'
  }

  async get(accountId: string, eventId: string): Promise<Trip | null> {
    return this.trips.get(`${accountId}/${eventId}`) ?? null
  }

  async update(trip: Trip, expectedVersion: number, events: readonly DomainEvent[]): Promise<'updated' | 'conflict'> {
    const key = `${trip.accountId}/${trip.eventId}`
    const stored = this.trips.get(key)
    if (stored === undefined || stored.version !== expectedVersion) return 'conflict'
    this.store(key, trip)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async remove(accountId: string, eventId: string, expectedVersion: number): Promise<'removed' | 'conflict'> {
    const key = `${accountId}/${eventId}`
    const stored = this.trips.get(key)
    if (stored === undefined || stored.version !== expectedVersion) return 'conflict'
    this.trips.delete(key)
    this.byUser.get(`${accountId}/${stored.userId}`)?.delete(key)
    return 'removed'
  }

  async latestLocatedOfUser(accountId: string, userId: string): Promise<Trip | null> {
    let latest: Trip | null = null
    for (const key of this.byUser.get(`${accountId}/${userId}`) ?? []) {
      const trip = this.trips.get(key)
      const at = trip?.currentLocation?.recordedAt
      if (trip === undefined || at === undefined) continue
      if (latest === null || at > (latest.currentLocation?.recordedAt ?? at)) latest = trip
    }
    return latest
  }

  async latestLocatedAndPosition(
    accountId: string,
    userId: string,
  ): Promise<readonly [trip: Trip | null, position: ReportedPosition | null]> {
    return [await this.latestLocatedOfUser(accountId, userId), await this.position(accountId, userId)]
  }

  async due(accountId: string | null, now: Date, limit: number): Promise<Trip[]> {
    const due: { trip: Trip; at: number }[] = []
    for (const trip of this.trips.values()) {
      if (accountId !== null && trip.accountId !== accountId) continue
      const at = tripDueAt(trip).getTime()
      if (at <= now.getTime()) due.push({ trip, at })
    }
    return due
      .sort((a, b) => a.at - b.at)
      .slice(0, Math.max(0, limit))
      .map((entry) => entry.trip)
  }

  async nextDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: number | null = null
    for (const trip of this.trips.values()) {
      if (accountId !== null && trip.accountId !== accountId) continue
      const at = tripDueAt(trip).getTime()
      if (at > after.getTime() && (earliest === null || at < earliest)) earliest = at
    }
    return earliest === null ? null : new Date(earliest)
  }

  async savePosition(position: ReportedPosition): Promise<void> {
    this.positions.set(`${position.accountId}/${position.userId}`, position)
  }

  async position(accountId: string, userId: string): Promise<ReportedPosition | null> {
    return this.positions.get(`${accountId}/${userId}`) ?? null
  }

  async removePositionsRecordedBefore(accountId: string | null, before: Date): Promise<number> {
    let removed = 0
    for (const [key, position] of this.positions) {
      if ((accountId === null || position.accountId === accountId) && position.recordedAt < before) {
        this.positions.delete(key)
        removed += 1
      }
    }
    return removed
  }

  async oldestPositionRecordedAt(accountId: string | null): Promise<Date | null> {
    let oldest: Date | null = null
    for (const position of this.positions.values()) {
      if (accountId !== null && position.accountId !== accountId) continue
      if (oldest === null || position.recordedAt < oldest) oldest = position.recordedAt
    }
    return oldest
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const userKey = `${accountId}/${userId}`
    const keys = [...(this.byUser.get(userKey) ?? [])]
    for (const key of keys) this.trips.delete(key)
    this.byUser.delete(userKey)
    const hadPosition = this.positions.delete(userKey)
    return keys.length + (hadPosition ? 1 : 0)
  }

  private store(key: string, trip: Trip): void {
    this.trips.set(key, trip)
    const userKey = `${trip.accountId}/${trip.userId}`
    const keys = this.byUser.get(userKey) ?? new Set<string>()
    keys.add(key)
    this.byUser.set(userKey, keys)
  }
}
