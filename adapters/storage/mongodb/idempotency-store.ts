import type { Collection, Db } from 'mongodb'
import type { IdempotencyClaim, IdempotencyStorePort, StoredResponse } from '../../../core/ports/idempotency-store.js'
import { isDuplicateKey } from './connection.js'
import { literal } from './query-guard.js'

type ResponseDocument = Omit<StoredResponse, 'headers'> & {
  /** Header names are data: kept as pairs, never as document keys. */
  readonly headers: readonly (readonly [string, string])[]
}

interface IdempotencyDocument {
  /** The scope (API key + endpoint + Idempotency-Key). */
  readonly _id: string
  readonly fingerprint: string
  readonly claimedAt: Date
  /** End of the lifetime, on the caller's clock; the TTL index removes the record once the wall clock passes it. */
  readonly expiresAt: Date
  readonly response: ResponseDocument | null
}

const toResponse = (document: ResponseDocument): StoredResponse => ({
  statusCode: document.statusCode,
  headers: Object.fromEntries(document.headers),
  body: document.body,
})

/**
 * Idempotency records of every host, in the platform database. A claim is
 * atomic: it takes over a record that expired or was abandoned with one
 * conditional update, or creates one with an insert that the unique `_id`
 * lets only one host win.
 */
export class MongoIdempotencyStore implements IdempotencyStorePort {
  private readonly collection: Collection<IdempotencyDocument>

  constructor(db: Db) {
    this.collection = db.collection<IdempotencyDocument>('idempotency_records')
  }

  async ensureIndexes(): Promise<void> {
    // Physical clean-up: a record is gone once its lifetime (24 h from the first claim) has passed.
    await this.collection.createIndexes([{ key: { expiresAt: 1 }, name: 'ttl_expires_at', expireAfterSeconds: 0 }])
  }

  async claim(
    scope: string,
    fingerprint: string,
    now: Date,
    lifetimeMs: number,
    inFlightLeaseMs: number,
  ): Promise<IdempotencyClaim> {
    const _id = literal(scope, 'scope')
    const fresh: IdempotencyDocument = {
      _id,
      fingerprint,
      claimedAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      response: null,
    }
    for (;;) {
      // A new key (the usual case) is one insert; only a key already stored needs the take-over and the read.
      try {
        await this.collection.insertOne(fresh)
        return { kind: 'execute' }
      } catch (error) {
        if (!isDuplicateKey(error)) throw error
      }
      // Take over a record past its lifetime, or an in-flight one whose holder let the lease run out.
      const takenOver = await this.collection.findOneAndReplace(
        {
          _id,
          $or: [
            { expiresAt: { $lte: now } },
            { response: null, claimedAt: { $lt: new Date(now.getTime() - inFlightLeaseMs) } },
          ],
        },
        fresh,
      )
      if (takenOver !== null) return { kind: 'execute' }
      const record = await this.collection.findOne({ _id })
      // Gone between the insert and the read (released or swept): claim again.
      if (record === null) continue
      if (record.expiresAt <= now) continue
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (record.response === null) {
        if (now.getTime() - record.claimedAt.getTime() > inFlightLeaseMs) continue
        return { kind: 'in_flight' }
      }
      return { kind: 'replay', response: toResponse(record.response) }
    }
  }

  async complete(scope: string, response: StoredResponse): Promise<void> {
    const stored: ResponseDocument = {
      statusCode: response.statusCode,
      headers: Object.entries(response.headers),
      body: response.body,
    }
    await this.collection.updateOne({ _id: literal(scope, 'scope') }, { $set: { response: stored } })
  }

  async release(scope: string): Promise<void> {
    await this.collection.deleteOne({ _id: literal(scope, 'scope'), response: null })
  }
}
