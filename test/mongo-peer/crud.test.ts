import { Binary, Decimal128, Long, MongoClient, ObjectId } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()

describe('connecting', () => {
  it('is seen by the driver as the primary of a one-member replica set', async () => {
    const hello = await mongo.client.db('admin').command({ hello: 1 })
    expect(hello).toMatchObject({ isWritablePrimary: true, setName: 'rs0', logicalSessionTimeoutMinutes: 30 })
    expect(hello.hosts).toEqual([`127.0.0.1:${mongo.peer.port}`])
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9)
  })

  it('accepts a replicaSet connection string, not only directConnection', async () => {
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${mongo.peer.port}/?replicaSet=rs0`, {
      serverSelectionTimeoutMS: 5_000,
    })
    try {
      expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 })
    } finally {
      await client.close()
    }
  })

  it('answers an unknown command with ok:0, code 59 and CommandNotFound', async () => {
    await expect(mongo.client.db('admin').command({ noSuchThing: 1 })).rejects.toMatchObject({
      name: 'MongoServerError',
      code: 59,
      codeName: 'CommandNotFound',
      message: "no such command: 'noSuchThing'",
    })
  })

  it('answers ping and buildInfo', async () => {
    const admin = mongo.client.db('admin').admin()
    expect(await admin.ping()).toMatchObject({ ok: 1 })
    expect((await admin.buildInfo()).version).toMatch(/^\d+\.\d+\.\d+$/)
  })
})

describe('documents keep their BSON types through a round trip', () => {
  it('returns Dates, ObjectIds, nested documents and arrays as inserted', async () => {
    const collection = mongo.freshDb().collection('things')
    const ownerId = new ObjectId()
    const at = new Date('2026-01-02T03:04:05.678Z')
    const { insertedId } = await collection.insertOne({
      ownerId,
      at,
      tags: ['a', 'b'],
      nested: { n: 1.5, flag: true, none: null },
    })
    const found = await collection.findOne({ _id: insertedId })
    expect(found).toEqual({
      _id: insertedId,
      ownerId,
      at,
      tags: ['a', 'b'],
      nested: { n: 1.5, flag: true, none: null },
    })
    expect(found?._id).toBeInstanceOf(ObjectId)
    expect(found?.at).toBeInstanceOf(Date)
  })

  it('stores _id as the first field, as the server does', async () => {
    const collection = mongo.freshDb().collection('things')
    await collection.insertOne({ name: 'x', _id: 'late' } as never)
    const raw = await collection.findOne({ _id: 'late' } as never)
    expect(Object.keys(raw!)).toEqual(['_id', 'name'])
  })

  it('keeps Long, Decimal128 and Binary values typed, and compares Longs numerically', async () => {
    const collection = mongo.freshDb().collection('typed')
    await collection.insertMany([
      {
        n: Long.fromString('9007199254740993'),
        price: Decimal128.fromString('10.25'),
        blob: new Binary(Buffer.from([1, 2, 3])),
      },
      { n: Long.fromNumber(5), price: Decimal128.fromString('2.5'), blob: new Binary(Buffer.from([4])) },
    ])
    const docs = await collection.find({ n: { $gt: 6 } }, { promoteLongs: false }).toArray()
    expect(docs).toHaveLength(1)
    expect(docs[0]!.n).toBeInstanceOf(Long)
    expect(docs[0]!.n.toString()).toBe('9007199254740993')
    expect(docs[0]!.price).toBeInstanceOf(Decimal128)
    expect(docs[0]!.price.toString()).toBe('10.25')
    expect(Buffer.from(docs[0]!.blob.buffer)).toEqual(Buffer.from([1, 2, 3]))
    const sorted = await collection.find({}, { sort: { price: 1 }, projection: { _id: 0, price: 1 } }).toArray()
    expect(sorted.map((doc) => doc.price.toString())).toEqual(['2.5', '10.25'])
  })

  it('tells apart Binary values (UUIDs) that are not valid UTF-8, in queries, updates and aggregation', async () => {
    const collection = mongo.freshDb().collection('binary')
    const first = new Binary(Buffer.from([0xff, 0x01]), 4)
    const second = new Binary(Buffer.from([0xfe, 0x01]), 4)
    await collection.insertMany([
      { _id: first, n: 1 },
      { _id: second, n: 2 },
    ] as never)
    expect((await collection.findOne({ _id: second } as never))?.n).toBe(2)
    await collection.updateOne({ _id: first } as never, { $inc: { n: 10 } })
    const stored = await collection.findOne({ _id: first } as never)
    expect(stored?.n).toBe(11)
    expect(stored?._id).toBeInstanceOf(Binary)
    const grouped = await collection
      .aggregate([{ $group: { _id: '$_id', n: { $sum: '$n' } } }, { $sort: { n: 1 } }])
      .toArray()
    expect(grouped.map((doc) => Buffer.from(doc._id.buffer).toString('hex'))).toEqual(['fe01', 'ff01'])
  })

  it('matches documents by ObjectId and by Date ranges', async () => {
    const collection = mongo.freshDb().collection('events')
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()]
    await collection.insertMany(ids.map((_id, index) => ({ _id, at: new Date(Date.UTC(2026, 0, index + 1)) })))
    expect((await collection.findOne({ _id: new ObjectId(ids[1]!.toHexString()) }))?._id).toEqual(ids[1])
    const inRange = await collection.find({ at: { $gte: new Date(Date.UTC(2026, 0, 2)) } }).toArray()
    expect(inRange.map((doc) => doc._id)).toEqual([ids[1], ids[2]])
  })
})

describe('find', () => {
  it('applies filter, sort, projection, skip and limit', async () => {
    const collection = mongo.freshDb().collection('numbers')
    await collection.insertMany(
      Array.from({ length: 20 }, (_, i) => ({ i, parity: i % 2 === 0 ? 'even' : 'odd', secret: 's' })),
    )
    const page = await collection
      .find({ parity: 'even' }, { projection: { _id: 0, i: 1 } })
      .sort({ i: -1 })
      .skip(2)
      .limit(3)
      .toArray()
    expect(page).toEqual([{ i: 14 }, { i: 12 }, { i: 10 }])
    const excluded = await collection.findOne({ i: 3 }, { projection: { secret: 0, _id: 0 } })
    expect(excluded).toEqual({ i: 3, parity: 'odd' })
  })

  it('serves a result larger than one batch through getMore', async () => {
    const collection = mongo.freshDb().collection('many')
    await collection.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })))
    const seen: number[] = []
    const cursor = collection.find({}, { batchSize: 40 }).sort({ i: 1 })
    for await (const doc of cursor) seen.push(doc.i)
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i))
    // The default first batch is 101 documents; the rest comes with getMore.
    expect(await collection.find({}).toArray()).toHaveLength(250)
  })

  it('kills a cursor closed before it is exhausted, so getMore on it fails', async () => {
    const db = mongo.freshDb()
    const collection = db.collection('many')
    await collection.insertMany(Array.from({ length: 10 }, (_, i) => ({ i })))
    const reply = await db.command({ find: 'many', batchSize: 2 })
    const id = reply.cursor.id
    expect(reply.cursor.firstBatch).toHaveLength(2)
    const killed = await db.command({ killCursors: 'many', cursors: [id] })
    expect(killed.cursorsKilled).toHaveLength(1)
    await expect(db.command({ getMore: id, collection: 'many' })).rejects.toMatchObject({
      code: 43,
      codeName: 'CursorNotFound',
    })
  })

  it('finds nothing in a collection that does not exist', async () => {
    expect(await mongo.freshDb().collection('missing').find({}).toArray()).toEqual([])
  })
})

describe('writes', () => {
  it('reports inserted, matched, modified and deleted counts like the server', async () => {
    const collection = mongo.freshDb().collection('counts')
    const inserted = await collection.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }])
    expect(inserted.insertedCount).toBe(3)
    const updated = await collection.updateMany({ k: 1 }, { $set: { seen: true } })
    expect(updated).toMatchObject({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 })
    const unchanged = await collection.updateOne({ k: 2 }, { $set: { k: 2 } })
    expect(unchanged).toMatchObject({ matchedCount: 1, modifiedCount: 0 })
    expect((await collection.deleteOne({ k: 1 })).deletedCount).toBe(1)
    expect((await collection.deleteMany({})).deletedCount).toBe(2)
    expect(await collection.countDocuments()).toBe(0)
  })

  it('replaces a whole document, keeping its _id', async () => {
    const collection = mongo.freshDb().collection('replace')
    const { insertedId } = await collection.insertOne({ a: 1, b: 2 })
    await collection.replaceOne({ _id: insertedId }, { c: 3 })
    expect(await collection.findOne({ _id: insertedId })).toEqual({ _id: insertedId, c: 3 })
  })

  it('runs a mixed bulkWrite', async () => {
    const collection = mongo.freshDb().collection('bulk')
    const result = await collection.bulkWrite([
      { insertOne: { document: { _id: 1, v: 1 } } },
      { insertOne: { document: { _id: 2, v: 2 } } },
      { updateOne: { filter: { _id: 1 }, update: { $inc: { v: 10 } } } },
      { updateOne: { filter: { _id: 3 }, update: { $set: { v: 3 } }, upsert: true } },
      { deleteOne: { filter: { _id: 2 } } },
    ] as never)
    expect(result).toMatchObject({
      insertedCount: 2,
      matchedCount: 1,
      modifiedCount: 1,
      deletedCount: 1,
      upsertedCount: 1,
    })
    expect(await collection.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, v: 11 },
      { _id: 3, v: 3 },
    ])
  })

  it('accepts unacknowledged (w: 0) writes without replying', async () => {
    const collection = mongo.freshDb().collection('fire-and-forget')
    await collection.insertOne({ quiet: true }, { writeConcern: { w: 0 } })
    expect(await collection.countDocuments({ quiet: true })).toBe(1)
  })
})

describe('equality on a top-level field (the peer checks it before the full query)', () => {
  it('matches the value itself or an array holding it, never a value of another type or a missing field', async () => {
    const collection = mongo.client
      .db('equality_prefilter')
      .collection<{ _id: number; tag?: unknown; open?: unknown }>('items')
    await collection.insertMany([
      { _id: 1, tag: 'a', open: true },
      { _id: 2, tag: ['b', 'a'], open: [false, true] },
      { _id: 3, tag: 'b', open: false },
      { _id: 4 },
      { _id: 5, tag: { a: 1 }, open: 1 },
    ])
    const ids = async (filter: object) =>
      (await collection.find(filter).sort({ _id: 1 }).toArray()).map((document) => document._id)
    expect(await ids({ tag: 'a' })).toEqual([1, 2])
    expect(await ids({ open: true })).toEqual([1, 2])
    expect(await ids({ open: false })).toEqual([2, 3])
    expect(await ids({ tag: 'a', open: false })).toEqual([2])
    expect(await ids({ tag: 'a', $or: [{ open: true }, { _id: 3 }] })).toEqual([1, 2])
  })
})
