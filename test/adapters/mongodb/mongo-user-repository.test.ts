import { describe, expect, it } from 'vitest'
import { connectMongo } from '../../../adapters/storage/mongodb/connection.js'
import { MongoOutbox } from '../../../adapters/storage/mongodb/outbox.js'
import { UnsafeQueryValue } from '../../../adapters/storage/mongodb/query-guard.js'
import { MongoUserRepository } from '../../../adapters/storage/mongodb/user-repository.js'
import { DEFAULT_PREFERENCES, type User } from '../../../core/user/user.js'
import { userRepositoryContract } from '../../contracts/user-repository.contract.js'
import { mongoForFile } from '../../support/mongo-databases.js'

const mongo = mongoForFile()

userRepositoryContract('MongoUserRepository', async () => {
  const { db, teardown } = mongo.freshDatabase()
  const outbox = new MongoOutbox(mongo.client(), db)
  const users = new MongoUserRepository(mongo.client(), db, outbox)
  await Promise.all([outbox.ensureIndexes(), users.ensureIndexes()])
  return { users, outbox, teardown }
})

describe('MongoUserRepository maps users to documents at its edge', () => {
  const user: User = {
    ...DEFAULT_PREFERENCES,
    id: 'usr_01JMONGOEDGE0000000000000',
    accountId: 'acct_edge',
    livemode: true,
    email: 'edge@example.com',
    deactivatedAt: null,
    createdAt: new Date('2026-06-01T08:00:00Z'),
    version: 1,
  }

  it('stores the id as _id and dates as BSON dates, and declares the unique e-mail index', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const outbox = new MongoOutbox(mongo.client(), db)
      const users = new MongoUserRepository(mongo.client(), db, outbox)
      await users.ensureIndexes()
      await users.ensureIndexes() // idempotent: every start runs it
      await users.insert(user, [])
      const stored = await db.collection('users').findOne({ _id: user.id as never })
      expect(stored).not.toBeNull()
      expect(stored!.id).toBeUndefined()
      expect(stored!.createdAt).toBeInstanceOf(Date)
      expect(stored!.version).toBe(1)
      const indexes = await db.collection('users').listIndexes().toArray()
      expect(indexes.find((index) => index.name === 'unique_email_per_account')).toMatchObject({
        key: { accountId: 1, email: 1 },
        unique: true,
      })
    } finally {
      await teardown()
    }
  })

  it('answers not found for ids that are no ids of ours, and refuses an object where a string belongs', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const users = new MongoUserRepository(mongo.client(), db, new MongoOutbox(mongo.client(), db))
      await users.insert(user, [])
      for (const id of ['$ne', '$where', 'usr_a.b', '']) expect(await users.get(user.accountId, id)).toBeNull()
      await expect(users.findByEmail(user.accountId, { $ne: null } as unknown as string)).rejects.toBeInstanceOf(
        UnsafeQueryValue,
      )
      await expect(users.get({ $ne: null } as unknown as string, user.id)).rejects.toBeInstanceOf(UnsafeQueryValue)
      // A `$` string is only ever a literal value: it matches nothing rather than everything.
      expect(await users.findByEmail(user.accountId, '$ne')).toBeNull()
      expect((await users.list(user.accountId, { email: '$exists' }, { limit: 10 })).data).toEqual([])
    } finally {
      await teardown()
    }
  })

  it('of concurrent creates with one e-mail, one is inserted with its event and the others are duplicates', async () => {
    const { db, teardown } = mongo.freshDatabase()
    try {
      const outbox = new MongoOutbox(mongo.client(), db)
      const users = new MongoUserRepository(mongo.client(), db, outbox)
      await users.ensureIndexes()
      const created = (n: number) => ({
        id: `ntf_${n}`,
        type: 'user.created',
        accountId: user.accountId,
        livemode: true,
        createdAt: user.createdAt,
        objectType: 'user',
        object: {},
      })
      const outcomes = await Promise.all(
        [1, 2, 3].map((n) => users.insert({ ...user, id: `usr_concurrent${n}` }, [created(n)])),
      )
      expect([...outcomes].sort()).toEqual(['duplicate', 'duplicate', 'inserted'])
      const winner = outcomes.indexOf('inserted') + 1
      expect((await outbox.list(user.accountId, 10)).map((written) => written.id)).toEqual([`ntf_${winner}`])
      expect((await users.findByEmail(user.accountId, user.email))?.id).toBe(`usr_concurrent${winner}`)
    } finally {
      await teardown()
    }
  })

  it('of two hosts updating one user with the same version, exactly one wins and only its event is written', async () => {
    const { db, teardown } = mongo.freshDatabase()
    const other = await connectMongo(mongo.mongo().uri)
    try {
      const hostA = new MongoUserRepository(mongo.client(), db, new MongoOutbox(mongo.client(), db))
      const otherDb = other.db(db.databaseName)
      const outboxB = new MongoOutbox(other, otherDb)
      const hostB = new MongoUserRepository(other, otherDb, outboxB)
      await hostA.insert(user, [])
      const event = (id: string) => ({
        id,
        type: 'user.updated',
        accountId: user.accountId,
        livemode: true,
        createdAt: user.createdAt,
        objectType: 'user',
        object: {},
      })
      const outcomes = await Promise.all([
        hostA.update({ ...user, displayName: 'A', version: 2 }, 1, [event('ntf_a')]),
        hostB.update({ ...user, displayName: 'B', version: 2 }, 1, [event('ntf_b')]),
      ])
      expect([...outcomes].sort()).toEqual(['conflict', 'updated'])
      const winner = outcomes[0] === 'updated' ? 'A' : 'B'
      expect((await hostA.get(user.accountId, user.id))?.displayName).toBe(winner)
      expect((await outboxB.list(user.accountId, 10)).map((written) => written.id)).toEqual([
        winner === 'A' ? 'ntf_a' : 'ntf_b',
      ])
    } finally {
      await other.close()
      await teardown()
    }
  })
})
