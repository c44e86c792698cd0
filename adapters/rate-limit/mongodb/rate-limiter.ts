import { randomUUID } from 'node:crypto'
import type { Collection, Db, Document } from 'mongodb'
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
  /** The slots of `concurrency:<this bucket>` (leases of the pool's requests in flight), in the window's document. */
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
 * How long a request's slot given back (`releaseSlot` of `concurrency:<pool>`) may still be counted by the other
 * hosts: the next update of the pool on this host takes the release with it, and a release no update took within
 * this time is sent on its own.
 */
export const RELEASE_FLUSH_MS = 20

/** `concurrency:<pool>`: a slot bucket kept in the pool's window document; null for any other bucket. */
const poolOf = (bucket: string): string | null =>
  bucket.startsWith(CONCURRENCY_PREFIX) ? bucket.slice(CONCURRENCY_PREFIX.length) : null
const CONCURRENCY_PREFIX = 'concurrency:'

/** The decision, from the document after the update (the same rule as `consume`). */
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
 * idle buckets. A request's own slots (`concurrency:<pool>`, the gate's) are
 * kept in the pool's window document instead, so that counting the request and
 * taking its slot is one update and giving the slot back rides on the next one:
 * one round trip per request where there were three.
 */
export class MongoRateLimiter implements RateLimiterPort {
  private readonly windows: Collection<WindowDocument>
  private readonly slots: Collection<SlotsDocument>

  /**
   * The cap and lease of each pool's concurrency slots (`concurrency:<pool>`), as last asked for: a request counted
   * in the pool's window (`consume`) takes its slot in the same update, and the `acquireSlot` that follows answers
   * with it (`taken`) without a round trip. The slots of `concurrency:<pool>` live in the pool's window document.
   */
  private readonly slotHints = new Map<string, { readonly max: number; readonly leaseMs: number }>()
  /** Slots taken ahead by `consume` (null: none was free), by pool, for the `acquireSlot` calls that follow. */
  private readonly taken = new Map<
    string,
    { readonly slot: string | null; readonly max: number; readonly at: number }[]
  >()
  /** Slots given back and not yet sent, by pool, with when the first was given back (performance.now()). */
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
    const hint = this.slotHints.get(bucket)
    const { document, slot } = await this.update(bucket, now, { limit, windowMs }, hint)
    const decision = decisionOf(document, limit, windowMs, now.getTime())
    // Taken ahead for the acquireSlot that follows a counted request (see `slotHints`).
    if (hint !== undefined && decision.allowed) {
      const queue = this.taken.get(bucket)
      const ahead = { slot, max: hint.max, at: now.getTime() }
      if (queue === undefined) this.taken.set(bucket, [ahead])
      else queue.push(ahead)
    }
    return decision
  }

  async acquireSlot(bucket: string, max: number, now: Date, leaseMs: number): Promise<string | null> {
    const pool = poolOf(bucket)
    if (pool !== null) {
      this.slotHints.set(pool, { max, leaseMs })
      const queue = this.taken.get(pool)
      const ahead = queue?.shift()
      if (queue?.length === 0) this.taken.delete(pool)
      if (ahead !== undefined) {
        // The gate asks with the `now` and cap of the consume just before.
        if (ahead.max === max && ahead.at === now.getTime()) return ahead.slot
        // Taken for another cap (the plan changed meanwhile) or another request: given back, and asked for again.
        if (ahead.slot !== null) this.releaseSlot(bucket, ahead.slot)
      }
      return (await this.update(pool, now, undefined, { max, leaseMs })).slot
    }
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

  /**
   * A request's concurrency slot (`concurrency:<pool>`) is given back without a round trip of its own while
   * requests keep coming: the next update of the pool's document on this host drops it; one that no update took
   * within `RELEASE_FLUSH_MS` is sent then. Another host counts a given-back slot for at most that long (plus the
   * round trip); this host not at all. Other buckets' slots are given back at once.
   */
  releaseSlot(bucket: string, slot: string): Promise<void> | undefined {
    const pool = poolOf(bucket)
    if (pool === null)
      return this.slots
        .updateOne({ _id: literal(bucket, 'bucket') }, { $pull: { slots: { id: literal(slot, 'slot') } } })
        .then(() => undefined)
    const pending = this.released.get(pool)
    if (pending === undefined) this.released.set(pool, { ids: [slot], since: performance.now() })
    else pending.ids.push(slot)
    this.scheduleFlush()
    return undefined
  }

  /**
   * One atomic update of a pool's window document: counts a request in the window (`window`), takes a slot
   * (`slot`: only for a counted request when both are given), and drops the slots this host gave back since.
   */
  private async update(
    bucket: string,
    now: Date,
    window: { readonly limit: number; readonly windowMs: number } | undefined,
    slotRule: { readonly max: number; readonly leaseMs: number } | undefined,
  ): Promise<{ document: WindowDocument; slot: string | null }> {
    const at = now.getTime()
    const slot: Slot | undefined =
      slotRule === undefined ? undefined : { id: `slot_${randomUUID()}`, expiresAt: new Date(at + slotRule.leaseMs) }
    const given = this.released.get(bucket)
    this.released.delete(bucket)
    const givenBack = given?.ids ?? []
    const pipeline: Document[] = [
      // Requests older than the window leave it; leases of crashed holders run out; given-back slots go.
      {
        $set: {
          ...(window === undefined
            ? {}
            : {
                stamps: {
                  $filter: {
                    input: { $ifNull: ['$stamps', []] },
                    as: 'stamp',
                    cond: { $gt: ['$$stamp', new Date(at - window.windowMs)] },
                  },
                },
              }),
          slots: {
            $filter: {
              input: { $ifNull: ['$slots', []] },
              as: 'held',
              cond: {
                $and: [{ $gt: ['$$held.expiresAt', now] }, { $not: [{ $in: ['$$held.id', { $literal: givenBack }] }] }],
              },
            },
          },
        },
      },
    ]
    if (window !== undefined)
      pipeline.push(
        // ...and this one is counted only if there is room (a refused request is not counted)...
        { $set: { allowed: { $lt: [{ $size: '$stamps' }, window.limit] } } },
        { $set: { stamps: { $cond: ['$allowed', { $concatArrays: ['$stamps', { $literal: [now] }] }, '$stamps'] } } },
      )
    if (slot !== undefined && slotRule !== undefined) {
      // ...and, once counted, takes a slot only while fewer than `max` are held.
      const room = { $lt: [{ $size: '$slots' }, slotRule.max] }
      pipeline.push({
        $set: {
          slots: {
            $cond: [
              window === undefined ? room : { $and: ['$allowed', room] },
              { $concatArrays: ['$slots', { $literal: [slot] }] },
              '$slots',
            ],
          },
        },
      })
    }
    // The document stays while its window or a lease runs.
    pipeline.push({
      $set: {
        expiresAt: {
          $max: [
            window === undefined ? '$expiresAt' : { $literal: new Date(at + window.windowMs) },
            { $max: '$slots.expiresAt' },
          ],
        },
      },
    })
    try {
      const document = await this.upsertAtomically(() =>
        this.windows.findOneAndUpdate({ _id: literal(bucket, 'bucket') }, pipeline, {
          upsert: true,
          returnDocument: 'after',
        }),
      )
      const held = slot !== undefined && (document.slots ?? []).some((one) => one.id === slot.id)
      return { document, slot: held ? slot.id : null }
    } catch (error) {
      // Whether the update applied is unknown: the given-back slots are dropped again with the next one.
      if (given !== undefined) this.requeue(bucket, given)
      throw error
    }
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
