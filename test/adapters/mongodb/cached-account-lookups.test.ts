import { describe, expect, it } from 'vitest'
import { ACCOUNT_LOOKUP_TTL_MS, CachedAccountLookups } from '../../../adapters/storage/cached-account-lookups.js'
import { MongoAccountRepository } from '../../../adapters/storage/mongodb/account-repository.js'
import { connectMongo } from '../../../adapters/storage/mongodb/connection.js'
import { type Account, type ApiKeyRecord, LEGACY_ACCOUNT_FIELDS } from '../../../core/account/account.js'
import { AccountService, type AccountServiceDeps } from '../../../core/account/account-service.js'
import { hashSecret } from '../../../core/account/api-key.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

accountRepositoryContract('CachedAccountLookups over MongoAccountRepository', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const inner = new MongoAccountRepository(db)
  await inner.ensureIndexes()
  return { accounts: new CachedAccountLookups(inner), teardown }
})

const SECRET = 'sk_live_0123456789abcdef0123456789abcdefCACHE'
const account: Account = {
  id: 'acct_cachebound01',
  createdAt: new Date('2026-06-01T08:00:00Z'),
  pinnedVersion: '2026-05-20',
  rateLimits: null,
  sandboxClockOffsetMs: 0,
  ...LEGACY_ACCOUNT_FIELDS,
}
const key: ApiKeyRecord = {
  id: 'key_cachebound01',
  accountId: account.id,
  mode: 'live',
  hash: hashSecret(SECRET),
  last4: SECRET.slice(-4),
  createdAt: account.createdAt,
  revokedAt: null,
  type: 'secret',
  name: null,
  permissions: null,
  allowedIps: null,
}

/** A clock for the caches' expiry that moves only when told. */
const manualPerf = () => {
  let now = 1_000_000
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const serviceOn = (accounts: CachedAccountLookups) =>
  new AccountService({
    accounts,
    clock: { now: () => new Date('2026-06-02T08:00:00Z') },
    ids: { next: (prefix: string) => `${prefix}_unused` },
    random: { bytes: (size: number) => new Uint8Array(size) },
    currentVersion: '2026-05-20',
  } as unknown as AccountServiceDeps)

describe('Cached key and account lookups: a revocation reaches every host within ACCOUNT_LOOKUP_TTL_MS', () => {
  it('a key revoked on one host is refused there at once and on a second host once the bound has passed, not before', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const perf = manualPerf()
      const hostOne = new CachedAccountLookups(new MongoAccountRepository(db), { perf })
      const hostTwo = new CachedAccountLookups(new MongoAccountRepository(other.db(db.databaseName)), { perf })
      await hostOne.insertAccount(account)
      await hostOne.insertKey(key)
      const [one, two] = [serviceOn(hostOne), serviceOn(hostTwo)]
      expect((await one.authenticate(SECRET, 'live')).ok).toBe(true)
      expect((await two.authenticate(SECRET, 'live')).ok).toBe(true)

      perf.advance(10)
      expect((await one.revokeKey(key.id)).ok).toBe(true)
      const refusedHere = await one.authenticate(SECRET, 'live')
      expect(refusedHere.ok ? null : refusedHere.error.reason).toBe('revoked')
      // The second host still answers from what it read, for as long as the bound allows...
      perf.advance(ACCOUNT_LOOKUP_TTL_MS - 20)
      expect((await two.authenticate(SECRET, 'live')).ok).toBe(true)
      // ...and no longer: past ACCOUNT_LOOKUP_TTL_MS after its read, it reads the store again and refuses.
      perf.advance(11)
      const refusedThere = await two.authenticate(SECRET, 'live')
      expect(refusedThere.ok ? null : refusedThere.error.reason).toBe('revoked')
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('an account changed on one host is seen there at once and on the other within the bound; unknown keys are not kept', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const perf = manualPerf()
      const hostOne = new CachedAccountLookups(new MongoAccountRepository(db), { perf })
      const hostTwo = new CachedAccountLookups(new MongoAccountRepository(other.db(db.databaseName)), { perf })
      // Asked for before it exists: found as soon as it is stored, on either host.
      expect(await hostTwo.findKeyByHash(key.hash)).toBeNull()
      await hostOne.insertAccount(account)
      await hostOne.insertKey(key)
      expect((await hostTwo.findKeyByHash(key.hash))?.id).toBe(key.id)
      expect((await hostTwo.getAccount(account.id))?.sandboxClockOffsetMs).toBe(0)
      expect((await hostOne.getAccount(account.id))?.sandboxClockOffsetMs).toBe(0)

      await hostOne.updateAccount({ ...account, sandboxClockOffsetMs: 3_600_000 })
      expect((await hostOne.getAccount(account.id))?.sandboxClockOffsetMs).toBe(3_600_000)
      expect((await hostTwo.getAccount(account.id))?.sandboxClockOffsetMs).toBe(0)
      perf.advance(ACCOUNT_LOOKUP_TTL_MS + 1)
      expect((await hostTwo.getAccount(account.id))?.sandboxClockOffsetMs).toBe(3_600_000)
    } finally {
      await other.close()
      await teardown()
    }
  })

  it('a read in flight while this host writes is not kept: the next lookup reads the store again', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const inner = new MongoAccountRepository(db)
      const cached = new CachedAccountLookups(inner, { perf: manualPerf() })
      await cached.insertAccount(account)
      await cached.insertKey(key)
      const reading = cached.findKeyByHash(key.hash)
      await cached.revokeKey(key.id, new Date('2026-06-02T08:00:00Z'))
      await reading
      expect((await cached.findKeyByHash(key.hash))?.revokedAt).toEqual(new Date('2026-06-02T08:00:00Z'))
    } finally {
      await teardown()
    }
  })
})
