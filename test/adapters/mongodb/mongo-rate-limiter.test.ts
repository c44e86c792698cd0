import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { MongoRateLimiter, RELEASE_FLUSH_MS } from '../../../adapters/rate-limit/mongodb/rate-limiter.js'
import { connectMongo } from '../../../adapters/storage/mongodb/connection.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

// Each call is a round trip to the test peer in this process, whose bucket document holds the window's requests:
// milliseconds alone, tens of them on a busy machine (load 10 and more on 2 cores).
rateLimiterContract(
  'MongoRateLimiter',
  async () => {
    const { db, teardown } = mongo.freshDatabase()
    const limiter = new MongoRateLimiter(db)
    await limiter.ensureIndexes()
    return { limiter, teardown }
  },
  { callBudgetMs: 100 },
)

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

  it("a pool's request is counted and takes its slot in one update, and its slot given back rides on the next", async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await MongoClient.connect(mongo.mongo().uri, { monitorCommands: true })
    const commands: string[] = []
    other.on('commandStarted', (event) => commands.push(event.commandName))
    try {
      const [one, two] = [new MongoRateLimiter(other.db(db.databaseName)), new MongoRateLimiter(db)]
      // As the gate asks: the window of `key:k`, then a slot of `concurrency:key:k` (cap 1), then gives it back.
      const request = async (limiter: MongoRateLimiter) => {
        const decision = await limiter.consume('key:k', 100, 60_000, at)
        return decision.allowed ? await limiter.acquireSlot('concurrency:key:k', 1, at, 30_000) : null
      }
      const first = await request(one)
      expect(first).not.toBeNull()
      // The cap holds across hosts: the other host finds the slot held.
      expect(await request(two)).toBeNull()
      commands.length = 0
      one.releaseSlot('concurrency:key:k', first!)
      const second = await request(one)
      expect(second).not.toBeNull()
      // Counted, slot taken and the previous slot given back: one round trip.
      expect(commands.filter((name) => name !== 'hello' && name !== 'isMaster')).toEqual(['findAndModify'])
      expect((await new MongoRateLimiter(db).consume('key:k', 100, 60_000, at)).remaining).toBe(100 - 4)
      // Given back and no request follows on that host: the release is sent by itself after RELEASE_FLUSH_MS.
      one.releaseSlot('concurrency:key:k', second!)
      const slotsHeld = async () =>
        ((await db.collection('rate_limit_windows').findOne({ _id: 'key:k' as never }))?.slots ?? []).length
      expect(await slotsHeld()).toBe(1)
      await expect.poll(slotsHeld, { timeout: 100 * RELEASE_FLUSH_MS, interval: RELEASE_FLUSH_MS }).toBe(0)
      expect(await two.acquireSlot('concurrency:key:k', 1, at, 30_000)).not.toBeNull()
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('a slot taken ahead for one cap is not handed out under another: the plan changed between two requests', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const limiter = new MongoRateLimiter(db)
      const held: string[] = []
      for (let i = 0; i < 2; i++) {
        await limiter.consume('key:plan', 100, 60_000, at)
        held.push((await limiter.acquireSlot('concurrency:key:plan', 3, at, 30_000))!)
      }
      // Taken ahead under cap 3 (two held, a third free); the request now comes with cap 2: refused.
      await limiter.consume('key:plan', 100, 60_000, at)
      expect(await limiter.acquireSlot('concurrency:key:plan', 2, at, 30_000)).toBeNull()
      limiter.releaseSlot('concurrency:key:plan', held[0]!)
      await limiter.consume('key:plan', 100, 60_000, at)
      expect(await limiter.acquireSlot('concurrency:key:plan', 2, at, 30_000)).not.toBeNull()
      await limiter.flushReleases()
    } finally {
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
