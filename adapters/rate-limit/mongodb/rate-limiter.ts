import { randomUUID } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import type { RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'
import { isDuplicateKey } from '../../storage/mongodb/connection.js'
import { literal } from '../../storage/mongodb/query-guard.js'

interface WindowDocument {
  /** The bucket (`key:<id>`, `ip:<address>`...). */
  readonly _id: string
  /** When each counted request came, on the callers' clocks: the rolling window's log. */
  readonly stamps: Date[]
  /** Whether the last request was counted (set by the same atomic update). */
  readonly allowed: boolean
  /** Past this (wall clock), the window is empty and the TTL index removes the document. */
  readonly expiresAt: Date
}

interface Slot {
  readonly id: string
  readonly expiresAt: Date
}

interface SlotsDocument {
  readonly _id: string
  readonly slots: Slot[]
  readonly expiresAt: Date
}

/**
 * Rate limits shared by every host: an exact rolling window per bucket (the
 * log of counted requests in one document, trimmed and appended by one atomic
 * pipeline update) and concurrency slots with leases (one document per bucket,
 * holding the live leases). Both in the platform database; TTL indexes remove
 * idle buckets.
 */
export class MongoRateLimiter implements RateLimiterPort {
  private readonly windows: Collection<WindowDocument>
  private readonly slots: Collection<SlotsDocument>

  constructor(db: Db) {
    this.windows = db.collection<WindowDocument>('rate_limit_windows')
    this.slots = db.collection<SlotsDocument>('rate_limit_slots')
  }

  async ensureIndexes(): Promise<void> {
    await this.windows.createIndexes([{ key: { expiresAt: 1 }, name: 'ttl_expires_at', expireAfterSeconds: 0 }])
    await this.slots.createIndexes([{ key: { expiresAt: 1 }, name: 'ttl_expires_at', expireAfterSeconds: 0 }])
  }

  async consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateDecision> {
    const at = now.getTime()
    const document = await this.upsertAtomically(() =>
      this.windows.findOneAndUpdate(
        { _id: literal(bucket, 'bucket') },
        [
          // Requests older than the window leave it...
          {
            $set: {
              stamps: {
                $filter: {
                  input: { $ifNull: ['$stamps', []] },
                  as: 'stamp',
                  cond: { $gt: ['$$stamp', new Date(at - windowMs)] },
                },
              },
            },
          },
          // ...and this one is counted only if there is room (a refused request is not counted).
          { $set: { allowed: { $lt: [{ $size: '$stamps' }, limit] } } },
          {
            $set: {
              stamps: { $cond: ['$allowed', { $concatArrays: ['$stamps', { $literal: [now] }] }, '$stamps'] },
              expiresAt: { $literal: new Date(at + windowMs) },
            },
          },
        ],
        { upsert: true, returnDocument: 'after' },
      ),
    )
    const stamps = document.stamps.map((stamp) => stamp.getTime()).sort((a, b) => a - b)
    const oldest = stamps[0] ?? at
    // When refused, the earliest retry is when enough requests leave the window to make room.
    const retryAfterMs = document.allowed ? 0 : Math.max(1, (stamps[stamps.length - limit] ?? oldest) + windowMs - at)
    return {
      allowed: document.allowed,
      limit,
      remaining: Math.max(0, limit - stamps.length),
      resetAt: new Date(oldest + windowMs),
      retryAfterMs,
    }
  }

  async acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): Promise<string | null> {
    const slot: Slot = { id: `slot_${randomUUID()}`, expiresAt: new Date(now.getTime() + leaseMs) }
    const document = await this.upsertAtomically(() =>
      this.slots.findOneAndUpdate(
        { _id: literal(bucket, 'bucket') },
        [
          // Leases of crashed holders run out...
          {
            $set: {
              slots: {
                $filter: { input: { $ifNull: ['$slots', []] }, as: 'held', cond: { $gt: ['$$held.expiresAt', now] } },
              },
            },
          },
          // ...and a new one is taken only while fewer than `max` are held.
          {
            $set: {
              slots: {
                $cond: [
                  { $lt: [{ $size: '$slots' }, max] },
                  { $concatArrays: ['$slots', { $literal: [slot] }] },
                  '$slots',
                ],
              },
              expiresAt: { $max: [{ $ifNull: ['$expiresAt', slot.expiresAt] }, { $literal: slot.expiresAt }] },
            },
          },
        ],
        { upsert: true, returnDocument: 'after' },
      ),
    )
    return document.slots.some((held) => held.id === slot.id) ? slot.id : null
  }

  async releaseSlot(bucket: string, slot: string): Promise<void> {
    await this.slots.updateOne({ _id: literal(bucket, 'bucket') }, { $pull: { slots: { id: literal(slot, 'slot') } } })
  }

  /** Two hosts creating one bucket at once: one insert wins, the other retries as an update. */
  private async upsertAtomically<D>(update: () => Promise<D | null>): Promise<D> {
    for (let attempt = 0; ; attempt++) {
      try {
        const document = await update()
        if (document === null) throw new Error('an upsert returning the document after the update returned nothing')
        return document
      } catch (error) {
        if (!isDuplicateKey(error, '_id') || attempt >= 3) throw error
      }
    }
  }
}
