import { describe, expect, it } from 'vitest'
import { connectMongo } from '../../../adapters/storage/mongodb/connection.js'
import { MongoIdempotencyStore } from '../../../adapters/storage/mongodb/idempotency-store.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

idempotencyStoreContract('MongoIdempotencyStore', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const store = new MongoIdempotencyStore(db)
  await store.ensureIndexes()
  return { store, teardown }
})

describe('MongoIdempotencyStore across hosts and over time', () => {
  const t0 = new Date('2031-03-04T05:06:07Z')
  const DAY_MS = 24 * 60 * 60 * 1000

  it('of two hosts claiming one key at once, exactly one executes; the other replays once it completes', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const hosts = [new MongoIdempotencyStore(db), new MongoIdempotencyStore(other.db(db.databaseName))]
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          hosts[index % 2]!.claim('key_a|POST /v1/users|k', 'fp', t0, DAY_MS, 60_000),
        ),
      )
      expect(claims.filter((claim) => claim.kind === 'execute')).toHaveLength(1)
      const response = {
        statusCode: 201,
        headers: { 'content-type': 'application/json', 'x.odd': '$value' },
        body: '{}',
      }
      await hosts[0]!.complete('key_a|POST /v1/users|k', response)
      expect(await hosts[1]!.claim('key_a|POST /v1/users|k', 'fp', t0, DAY_MS, 60_000)).toEqual({
        kind: 'replay',
        response,
      })
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('declares a TTL index on the end of the lifetime, and the record is removed past it', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const store = new MongoIdempotencyStore(db)
      await store.ensureIndexes()
      const indexes = await db.collection('idempotency_records').listIndexes().toArray()
      expect(indexes.find((index) => index.name === 'ttl_expires_at')).toMatchObject({
        key: { expiresAt: 1 },
        expireAfterSeconds: 0,
      })
      await store.claim('key_a|POST /v1/users|old', 'fp', new Date('2020-01-01T00:00:00Z'), DAY_MS, 60_000)
      await store.claim('key_a|POST /v1/users|new', 'fp', t0, DAY_MS, 60_000)
      const sweep = mongo.mongo().sweepExpired
      // On a real server the TTL monitor sweeps by itself every minute; the peer sweeps when asked.
      if (sweep !== undefined) {
        sweep()
        expect(await db.collection('idempotency_records').distinct('_id')).toEqual(['key_a|POST /v1/users|new'])
      }
    } finally {
      await teardown()
    }
  })
})
