import { MongoBulkWriteError, MongoServerError, ObjectId } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

let clock = new Date('2026-03-01T12:00:00Z')
const mongo = usePeer({ now: () => clock })

describe('unique indexes', () => {
  it('insertOne of a duplicate fails with code 11000 and the server message', async () => {
    const db = mongo.freshDb()
    const users = db.collection('users')
    await users.createIndex({ email: 1 }, { unique: true })
    await users.insertOne({ email: 'a@example.com' })
    const failure = await users.insertOne({ email: 'a@example.com' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MongoServerError)
    expect(failure).toMatchObject({
      code: 11000,
      message: `E11000 duplicate key error collection: ${db.databaseName}.users index: email_1 dup key: { email: "a@example.com" }`,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@example.com' },
    })
    expect(await users.countDocuments()).toBe(1)
  })

  it('a duplicate _id fails on the _id_ index', async () => {
    const db = mongo.freshDb()
    const id = new ObjectId()
    await db.collection('c').insertOne({ _id: id })
    await expect(db.collection('c').insertOne({ _id: id })).rejects.toMatchObject({
      code: 11000,
      message: `E11000 duplicate key error collection: ${db.databaseName}.c index: _id_ dup key: { _id: ObjectId('${id.toHexString()}') }`,
    })
  })

  it('updateOne that would duplicate a key fails with 11000 and leaves the document unchanged', async () => {
    const users = mongo.freshDb().collection('users')
    await users.createIndex({ tenant: 1, handle: 1 }, { unique: true, name: 'tenant_handle' })
    await users.insertMany([
      { tenant: 't', handle: 'x' },
      { tenant: 't', handle: 'y' },
    ])
    await expect(users.updateOne({ handle: 'y' }, { $set: { handle: 'x' } })).rejects.toMatchObject({
      code: 11000,
      message: expect.stringContaining('index: tenant_handle dup key: { tenant: "t", handle: "x" }'),
    })
    expect(await users.countDocuments({ handle: 'y' })).toBe(1)
  })

  it('an upsert that would duplicate a key fails with 11000', async () => {
    const jobs = mongo.freshDb().collection('jobs')
    await jobs.createIndex({ key: 1 }, { unique: true })
    await jobs.insertOne({ key: 'k', state: 'a' })
    await expect(jobs.updateOne({ key: 'k', state: 'b' }, { $set: { n: 1 } }, { upsert: true })).rejects.toMatchObject({
      code: 11000,
    })
  })

  it('findOneAndUpdate reports the duplicate as a command error', async () => {
    const jobs = mongo.freshDb().collection('jobs')
    await jobs.createIndex({ key: 1 }, { unique: true })
    await jobs.insertMany([{ key: 'a' }, { key: 'b' }])
    const failure = await jobs.findOneAndUpdate({ key: 'b' }, { $set: { key: 'a' } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MongoServerError)
    expect(failure).toMatchObject({ code: 11000, codeName: 'DuplicateKey' })
  })

  it('bulkWrite reports the failing operation in writeErrors; ordered stops there, unordered goes on', async () => {
    const items = mongo.freshDb().collection('items')
    await items.createIndex({ sku: 1 }, { unique: true })
    const ordered = await items
      .bulkWrite([
        { insertOne: { document: { sku: 1 } } },
        { insertOne: { document: { sku: 1 } } },
        { insertOne: { document: { sku: 2 } } },
      ])
      .catch((error: unknown) => error)
    expect(ordered).toBeInstanceOf(MongoBulkWriteError)
    const orderedError = ordered as MongoBulkWriteError
    expect(orderedError.code).toBe(11000)
    expect(orderedError.writeErrors).toMatchObject([{ index: 1, code: 11000 }])
    expect(await items.countDocuments()).toBe(1)

    const unordered = (await items
      .bulkWrite(
        [
          { insertOne: { document: { sku: 3 } } },
          { insertOne: { document: { sku: 1 } } },
          { insertOne: { document: { sku: 4 } } },
        ],
        {
          ordered: false,
        },
      )
      .catch((error: unknown) => error)) as MongoBulkWriteError
    expect(unordered.writeErrors).toMatchObject([{ index: 1, code: 11000 }])
    expect(await items.countDocuments()).toBe(3)
  })

  it('treats missing fields as null, unless the index is sparse or partial', async () => {
    const db = mongo.freshDb()
    await db.collection('plain').createIndex({ code: 1 }, { unique: true })
    await db.collection('plain').insertOne({})
    await expect(db.collection('plain').insertOne({})).rejects.toMatchObject({
      code: 11000,
      message: expect.stringContaining('dup key: { code: null }'),
    })

    await db.collection('sparse').createIndex({ code: 1 }, { unique: true, sparse: true })
    await db.collection('sparse').insertMany([{}, {}])
    await db.collection('partial').createIndex({ code: 1 }, { unique: true, partialFilterExpression: { active: true } })
    await db.collection('partial').insertMany([
      { code: 1, active: false },
      { code: 1, active: true },
    ])
    await expect(db.collection('partial').insertOne({ code: 1, active: true })).rejects.toMatchObject({ code: 11000 })
  })

  it('a unique index on an array field holds each element as a key (multikey)', async () => {
    const accounts = mongo.freshDb().collection('accounts')
    await accounts.createIndex({ emails: 1 }, { unique: true })
    await accounts.insertOne({ emails: ['a@example.com', 'b@example.com'] })
    await accounts.insertOne({ emails: ['c@example.com', 'c@example.com'] }) // repeats within one document are fine
    await expect(accounts.insertOne({ emails: ['z@example.com', 'b@example.com'] })).rejects.toMatchObject({
      code: 11000,
      keyValue: { emails: 'b@example.com' },
      message: expect.stringContaining('dup key: { emails: "b@example.com" }'),
    })
    await expect(accounts.insertOne({ emails: 'a@example.com' })).rejects.toMatchObject({ code: 11000 })
    const members = mongo.freshDb().collection('members')
    await members.createIndex({ 'people.id': 1 }, { unique: true })
    await members.insertOne({ people: [{ id: 1 }, { id: 2 }] })
    await expect(members.insertOne({ people: [{ id: 2 }] })).rejects.toMatchObject({
      code: 11000,
      keyValue: { 'people.id': 2 },
    })
  })

  it('refuses to build a unique index over existing duplicates', async () => {
    const things = mongo.freshDb().collection('things')
    await things.insertMany([{ k: 1 }, { k: 1 }])
    await expect(things.createIndex({ k: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 })
  })
})

describe('createIndexes / listIndexes / dropIndexes', () => {
  it('lists the _id index and created indexes with their options', async () => {
    const collection = mongo.freshDb().collection('indexed')
    expect(await collection.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1')
    expect(await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 60, name: 'ttl' })).toBe('ttl')
    expect(await collection.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1') // idempotent
    const indexes = await collection.listIndexes().toArray()
    expect(indexes).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
      { v: 2, key: { expiresAt: 1 }, name: 'ttl', expireAfterSeconds: 60 },
    ])
    expect(await collection.indexExists('ttl')).toBe(true)
  })

  it('rejects the same key under another name with different options', async () => {
    const collection = mongo.freshDb().collection('conflict')
    await collection.createIndex({ a: 1 })
    await expect(collection.createIndex({ a: 1 }, { unique: true, name: 'other' })).rejects.toMatchObject({ code: 85 })
  })

  it('drops one index by name, or all but _id', async () => {
    const collection = mongo.freshDb().collection('drop')
    await collection.createIndexes([{ key: { a: 1 } }, { key: { b: 1 }, unique: true }])
    await collection.dropIndex('b_1')
    await collection.insertMany([{ b: 1 }, { b: 1 }]) // no longer unique
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 'a_1'])
    await collection.dropIndexes()
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_'])
    await expect(collection.dropIndex('nope')).rejects.toMatchObject({ code: 27, codeName: 'IndexNotFound' })
  })

  it('listIndexes on a missing collection fails with NamespaceNotFound', async () => {
    await expect(mongo.freshDb().collection('missing').listIndexes().toArray()).rejects.toMatchObject({ code: 26 })
  })
})

describe('TTL indexes', () => {
  it('the TTL monitor removes documents whose date is older than expireAfterSeconds', async () => {
    const sessions = mongo.freshDb().collection('sessions')
    await sessions.createIndex({ lastSeen: 1 }, { expireAfterSeconds: 3600 })
    clock = new Date('2026-03-01T12:00:00Z')
    await sessions.insertMany([
      { name: 'old', lastSeen: new Date('2026-03-01T10:00:00Z') },
      { name: 'recent', lastSeen: new Date('2026-03-01T11:30:00Z') },
      { name: 'no-date', lastSeen: 'yesterday' },
      { name: 'missing' },
    ])
    expect(mongo.peer.sweepExpired()).toBe(1)
    expect((await sessions.find({}).toArray()).map((doc) => doc.name)).toEqual(['recent', 'no-date', 'missing'])
    clock = new Date('2026-03-01T12:30:00Z')
    mongo.peer.sweepExpired()
    expect((await sessions.find({}).toArray()).map((doc) => doc.name)).toEqual(['no-date', 'missing'])
  })

  it('expireAfterSeconds: 0 expires at the date itself (expire-at-a-time documents)', async () => {
    const tokens = mongo.freshDb().collection('tokens')
    await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 })
    clock = new Date('2026-03-01T12:00:00Z')
    await tokens.insertMany([
      { expiresAt: new Date('2026-03-01T11:59:59Z') },
      { expiresAt: new Date('2026-03-01T12:00:01Z') },
    ])
    mongo.peer.sweepExpired()
    expect(await tokens.countDocuments()).toBe(1)
  })
})

describe('the background TTL monitor', () => {
  it('sweeps on its own interval without being asked', async () => {
    const { start } = await import('../support/mongo-peer/index.js')
    const { MongoClient } = await import('mongodb')
    const peer = await start({ ttlSweepIntervalMs: 20 })
    const client = await MongoClient.connect(peer.uri)
    try {
      const cache = client.db('ttl').collection('cache')
      await cache.createIndex({ at: 1 }, { expireAfterSeconds: 0 })
      await cache.insertMany([{ at: new Date(Date.now() - 1000) }, { at: new Date(Date.now() + 3_600_000) }])
      await expect.poll(() => cache.countDocuments(), { timeout: 5_000, interval: 20 }).toBe(1)
    } finally {
      await client.close()
      await peer.stop()
    }
  })
})
