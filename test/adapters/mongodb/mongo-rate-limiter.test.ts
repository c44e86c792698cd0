import { describe, expect, it } from 'vitest'
import { connectMongo } from '../../../adapters/storage/mongodb/connection.js'
import { MongoRateLimiter, RELEASE_FLUSH_MS } from '../../../adapters/rate-limit/mongodb/rate-limiter.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

rateLimiterContract('MongoRateLimiter', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const limiter = new MongoRateLimiter(db)
  await limiter.ensureIndexes()
  return { limiter, teardown }
})

describe('MongoRateLimiter shares its limits between hosts', () => {
  const at = new Date('2031-03-04T05:06:07Z')

  it('two hosts on one database never let more than the limit through, nor hand out more than `max` slots', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const hosts = [new MongoRateLimiter(db), new MongoRateLimiter(other.db(db.databaseName))]
      await hosts[0]!.ensureIndexes()
      const decisions = await Promise.all(
        Array.from({ length: 12 }, (_, index) => hosts[index % 2]!.consume('key:shared', 5, 60_000, at)),
      )
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
      expect((await hosts[1]!.consume('key:shared', 5, 60_000, at)).retryAfterMs).toBe(60_000)
      const slots = await Promise.all(
        Array.from({ length: 6 }, (_, index) => hosts[index % 2]!.acquireSlot('key:shared', 3, at, 30_000)),
      )
      expect(slots.filter((slot) => slot !== null)).toHaveLength(3)
      await hosts[1]!.releaseSlot('key:shared', slots.find((slot) => slot !== null)!)
      expect(await hosts[0]!.acquireSlot('key:shared', 3, at, 30_000)).not.toBeNull()
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('a slot given back with release is free at once on its own host, and sent to the others by itself without another admit', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const [one, two] = [new MongoRateLimiter(db), new MongoRateLimiter(other.db(db.databaseName))]
      const first = await one.admit('key:released', 100, 60_000, 1, at, 30_000)
      expect(first.slot).not.toBeNull()
      expect((await two.admit('key:released', 100, 60_000, 1, at, 30_000)).slot).toBeNull()
      // On its own host, the next admit takes the release with it: no round trip of its own.
      one.release('key:released', first.slot!)
      const second = await one.admit('key:released', 100, 60_000, 1, at, 30_000)
      expect(second.slot).not.toBeNull()
      // Given back and no admit follows on that host: the release is sent by itself (after RELEASE_FLUSH_MS).
      one.release('key:released', second.slot!)
      const slotsHeld = async () =>
        ((await db.collection('rate_limit_windows').findOne({ _id: 'key:released' as never }))?.slots ?? []).length
      expect(await slotsHeld()).toBe(1)
      await expect.poll(slotsHeld, { timeout: 100 * RELEASE_FLUSH_MS, interval: RELEASE_FLUSH_MS }).toBe(0)
      expect((await two.admit('key:released', 100, 60_000, 1, at, 30_000)).slot).not.toBeNull()
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('declares TTL indexes, so idle buckets are removed once their window has passed', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const limiter = new MongoRateLimiter(db)
      await limiter.ensureIndexes()
      for (const name of ['rate_limit_windows', 'rate_limit_slots']) {
        const indexes = await db.collection(name).listIndexes().toArray()
        expect(indexes.find((index) => index.name === 'ttl_expires_at')).toMatchObject({
          key: { expiresAt: 1 },
          expireAfterSeconds: 0,
        })
      }
      const longAgo = new Date('2020-01-01T00:00:00Z')
      await limiter.consume('key:idle', 5, 1_000, longAgo)
      await limiter.acquireSlot('key:idle', 1, longAgo, 1_000)
      const sweep = mongo.mongo().sweepExpired
      // On a real server the TTL monitor sweeps by itself every minute; the peer sweeps when asked.
      if (sweep !== undefined) {
        sweep()
        expect(await db.collection('rate_limit_windows').countDocuments()).toBe(0)
        expect(await db.collection('rate_limit_slots').countDocuments()).toBe(0)
      }
    } finally {
      await teardown()
    }
  })
})
