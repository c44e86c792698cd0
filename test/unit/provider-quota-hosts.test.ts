import { afterEach, describe, expect, it } from 'vitest'
import { MongoRateLimiter } from '../../adapters/rate-limit/mongodb/rate-limiter.js'
import { connectMongo } from '../../adapters/storage/mongodb/connection.js'
import { DEFAULT_PROVIDER_QUOTA, ProviderQuota } from '../../core/connection/provider-quota.js'
import { mongoForFile } from '../support/mongo-databases.js'

const mongo = mongoForFile()
const NOW = new Date('2026-06-01T08:00:00Z')
/** A small budget, so that the test reaches it in a few calls; the default is 500 a minute. */
const SETTINGS = { ...DEFAULT_PROVIDER_QUOTA, writesPerWindow: 5 }
const { writesPerWindow, windowMs } = SETTINGS

describe('Provider quota: the write budget of a connection holds across hosts sharing one rate limiter', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  /** Two hosts: each its own client to the deployment's MongoDB, its own ProviderQuota over its own MongoRateLimiter. */
  const twoHosts = async () => {
    const { db, teardown } = mongo.freshDatabase()
    cleanups.push(teardown)
    return Promise.all(
      [0, 1].map(async () => {
        const client = await connectMongo(mongo.mongo().uri)
        cleanups.push(() => client.close())
        return new ProviderQuota(SETTINGS, new MongoRateLimiter(client.db(db.databaseName)))
      }),
    )
  }

  it('two hosts writing for the same connection share its write budget; the rest wait for the window', async () => {
    const [first, second] = await twoHosts()
    const reserve = (host: ProviderQuota, count: number) =>
      Promise.all(Array.from({ length: count }, () => host.reserveWrite('con_shared', NOW)))
    const answers = [...(await reserve(first!, 4)), ...(await reserve(second!, 4))]
    expect(answers.filter((answer) => answer.ok)).toHaveLength(writesPerWindow)
    const refused = answers.filter((answer) => !answer.ok)
    expect(refused).toHaveLength(8 - writesPerWindow)
    // Refused on the second host, which had made none of the first 4: the budget is the connection's, not the host's.
    expect(answers.slice(4).some((answer) => !answer.ok)).toBe(true)
    for (const answer of refused)
      expect(answer).toEqual({ ok: false, why: 'write_budget', until: new Date(NOW.getTime() + windowMs) })
    // Once the window has passed, either host may write again.
    expect(await second!.reserveWrite('con_shared', new Date(NOW.getTime() + windowMs))).toEqual({ ok: true })
  })

  it('another connection keeps its own budget', async () => {
    const [first, second] = await twoHosts()
    await Promise.all(Array.from({ length: writesPerWindow }, () => first!.reserveWrite('con_busy', NOW)))
    expect(await second!.reserveWrite('con_busy', NOW)).toMatchObject({ ok: false, why: 'write_budget' })
    expect(await second!.reserveWrite('con_quiet', NOW)).toEqual({ ok: true })
  })
})
