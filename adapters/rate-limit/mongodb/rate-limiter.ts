import { randomUUID } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import type { Admission, RateDecision, RateLimiterPort } from '../../../core/ports/rate-limiter.js'
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
  /** The concurrency slots taken by `admit` (leases of the bucket's requests in flight), in the window's document. */
  readonly slots?: Slot[]
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
 * How long a slot given back by `release` may still be counted by the other hosts: the next `admit` of the bucket on
 * this host takes the release with it, and a release no `admit` took within this time is sent on its own.
 */
export const RELEASE_FLUSH_MS = 20

/** The window part of `admit`'s decision, from the document after the update (the same rule as `consume`). */
const decisionOf = (document: WindowDocument, limit: number, windowMs: number, at: number): RateDecision => {
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

  /** Slots given back by `release` and not yet sent, by bucket, with when they were given back (performance.now()). */
  private readonly released = new Map<string, { ids: string[]; since: number }>()
  private flushTimer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()

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
    return decisionOf(document, limit, windowMs, at)
  }

  /**
   * `consume` and `acquireSlot` in one atomic update of the bucket's window document, which also drops the slots this
   * host gave back since (see `release`): one round trip per request instead of three.
   */
  async admit(
    bucket: string,
    limit: number,
    windowMs: number,
    max: number,
    now: Date,
    leaseMs: number,
  ): Promise<Admission> {
    const at = now.getTime()
    const slot: Slot = { id: `slot_${randomUUID()}`, expiresAt: new Date(at + leaseMs) }
    const given = this.released.get(bucket)
    this.released.delete(bucket)
    const givenBack = given?.ids ?? []
    let document: WindowDocument
    try {
      document = await this.upsertAtomically(() =>
        this.windows.findOneAndUpdate(
          { _id: literal(bucket, 'bucket') },
          [
            // Requests older than the window leave it; leases of crashed holders run out; given-back slots go.
            {
              $set: {
                stamps: {
                  $filter: {
                    input: { $ifNull: ['$stamps', []] },
                    as: 'stamp',
                    cond: { $gt: ['$$stamp', new Date(at - windowMs)] },
                  },
                },
                slots: {
                  $filter: {
                    input: { $ifNull: ['$slots', []] },
                    as: 'held',
                    cond: {
                      $and: [
                        { $gt: ['$$held.expiresAt', now] },
                        { $not: [{ $in: ['$$held.id', { $literal: givenBack }] }] },
                      ],
                    },
                  },
                },
              },
            },
            // This request is counted only if there is room (a refused request is not counted)...
            { $set: { allowed: { $lt: [{ $size: '$stamps' }, limit] } } },
            {
              $set: {
                stamps: { $cond: ['$allowed', { $concatArrays: ['$stamps', { $literal: [now] }] }, '$stamps'] },
                // ...and, once counted, takes a slot only while fewer than `max` are held.
                slots: {
                  $cond: [
                    { $and: ['$allowed', { $lt: [{ $size: '$slots' }, max] }] },
                    { $concatArrays: ['$slots', { $literal: [slot] }] },
                    '$slots',
                  ],
                },
              },
            },
            // The document stays while its window or a lease runs.
            { $set: { expiresAt: { $max: [{ $literal: new Date(at + windowMs) }, { $max: '$slots.expiresAt' }] } } },
          ],
          { upsert: true, returnDocument: 'after' },
        ),
      )
    } catch (error) {
      // Whether the update applied is unknown: the given-back slots are dropped again with the next one.
      if (given !== undefined) this.requeue(bucket, given)
      throw error
    }
    return {
      decision: decisionOf(document, limit, windowMs, at),
      slot: (document.slots ?? []).some((held) => held.id === slot.id) ? slot.id : null,
    }
  }

  /**
   * Gives back a slot taken by `admit`, without a round trip of its own while requests keep coming: the next `admit`
   * of the bucket on this host drops it in the same update; one that no `admit` took within `RELEASE_FLUSH_MS` is
   * sent then. Another host counts a given-back slot for at most that long (plus the round trip); this host not at all.
   */
  release(bucket: string, slot: string): void {
    const pending = this.released.get(bucket)
    if (pending === undefined) this.released.set(bucket, { ids: [slot], since: performance.now() })
    else pending.ids.push(slot)
    this.scheduleFlush()
  }

  /** Sends every given-back slot not yet sent (on shutdown; tests). */
  async flushReleases(): Promise<void> {
    clearTimeout(this.flushTimer)
    this.flushTimer = undefined
    await this.send([...this.released.keys()])
    await this.flushing
  }

  private requeue(bucket: string, given: { ids: string[]; since: number }): void {
    const pending = this.released.get(bucket)
    if (pending === undefined) this.released.set(bucket, given)
    else pending.ids.push(...given.ids)
    this.scheduleFlush()
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined
      const due = performance.now() - RELEASE_FLUSH_MS
      const buckets = [...this.released].filter(([, pending]) => pending.since <= due).map(([bucket]) => bucket)
      void this.send(buckets)
      if (this.released.size > 0) this.scheduleFlush()
    }, RELEASE_FLUSH_MS)
    this.flushTimer.unref()
  }

  private send(buckets: readonly string[]): Promise<void> {
    const batch = buckets.flatMap((bucket) => {
      const pending = this.released.get(bucket)
      this.released.delete(bucket)
      return pending === undefined ? [] : [{ bucket, ids: pending.ids }]
    })
    if (batch.length === 0) return this.flushing
    const sent = Promise.all(
      batch.map(({ bucket, ids }) =>
        this.windows.updateOne(
          { _id: literal(bucket, 'bucket') },
          { $pull: { slots: { id: { $in: ids.map((id) => literal(id, 'slot')) } } } },
        ),
      ),
    ).then(
      () => undefined,
      // A lost release is a slot counted until its lease ends: the bound of a crashed holder.
      () => undefined,
    )
    this.flushing = this.flushing.then(() => sent)
    return this.flushing
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
