import { ObjectId } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()

async function updated(
  document: Record<string, unknown>,
  update: Record<string, unknown>,
  options: Record<string, unknown> = {},
) {
  const collection = mongo.freshDb().collection('doc')
  await collection.insertOne({ _id: 'd', ...document } as never)
  await collection.updateOne({ _id: 'd' } as never, update, options)
  const { _id, ...rest } = (await collection.findOne({ _id: 'd' } as never))!
  return rest
}

describe('update operators', () => {
  it('$set sets top-level and dotted paths, creating parents', async () => {
    expect(await updated({ a: 1 }, { $set: { a: 2, 'b.c': 3 } })).toEqual({ a: 2, b: { c: 3 } })
  })

  it('$unset removes fields', async () => {
    expect(await updated({ a: 1, b: 2 }, { $unset: { a: '' } })).toEqual({ b: 2 })
  })

  it('$inc adds to numbers and creates missing fields', async () => {
    expect(await updated({ n: 1 }, { $inc: { n: 2, m: -1 } })).toEqual({ n: 3, m: -1 })
  })

  it('$push appends, with $each', async () => {
    expect(await updated({ list: [1] }, { $push: { list: { $each: [2, 3] } } })).toEqual({ list: [1, 2, 3] })
  })

  it('$pull removes matching elements, by value or by condition', async () => {
    expect(await updated({ list: [1, 2, 3, 2] }, { $pull: { list: 2 } })).toEqual({ list: [1, 3] })
    expect(await updated({ list: [1, 5, 9] }, { $pull: { list: { $gte: 5 } } })).toEqual({ list: [1] })
  })

  it('$addToSet adds only values not already present', async () => {
    expect(await updated({ tags: ['a'] }, { $addToSet: { tags: { $each: ['a', 'b'] } } })).toEqual({ tags: ['a', 'b'] })
  })

  it('$min and $max keep the smaller or larger value, including Dates', async () => {
    const early = new Date('2026-01-01T00:00:00Z')
    const late = new Date('2026-06-01T00:00:00Z')
    expect(
      await updated({ low: 5, high: 5, first: late }, { $min: { low: 3, first: early }, $max: { high: 9 } }),
    ).toEqual({
      low: 3,
      high: 9,
      first: early,
    })
    expect(await updated({ low: 5 }, { $min: { low: 7 } })).toEqual({ low: 5 })
  })

  it('$setOnInsert is ignored when the update matches an existing document', async () => {
    expect(await updated({ a: 1 }, { $set: { a: 2 }, $setOnInsert: { created: true } }, { upsert: true })).toEqual({
      a: 2,
    })
  })

  it('$rename and $mul', async () => {
    expect(await updated({ old: 2, price: 3 }, { $rename: { old: 'new' }, $mul: { price: 2 } })).toEqual({
      new: 2,
      price: 6,
    })
  })

  it('arrayFilters pick which array elements $[name] updates', async () => {
    const result = await updated(
      {
        items: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: 1 },
        ],
      },
      { $set: { 'items.$[it].qty': 5 } },
      { arrayFilters: [{ 'it.sku': 'b' }] },
    )
    expect(result).toEqual({
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 5 },
      ],
    })
  })

  it('the positional $ updates the element the filter matched', async () => {
    const collection = mongo.freshDb().collection('positional')
    await collection.insertOne({
      _id: 'p',
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 1 },
      ],
    } as never)
    await collection.updateOne({ _id: 'p', 'items.sku': 'b' } as never, { $inc: { 'items.$.qty': 1 } })
    expect((await collection.findOne({ _id: 'p' } as never))?.items).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 2 },
    ])
  })

  it('an aggregation-pipeline update computes fields from the document', async () => {
    expect(await updated({ a: 2, b: 3 }, [{ $set: { sum: { $add: ['$a', '$b'] } } }] as never)).toEqual({
      a: 2,
      b: 3,
      sum: 5,
    })
  })

  it('rejects an unknown operator with FailedToParse (code 9)', async () => {
    const collection = mongo.freshDb().collection('bad')
    await collection.insertOne({ _id: 1 } as never)
    await expect(collection.updateOne({ _id: 1 } as never, { $frobnicate: { a: 1 } } as never)).rejects.toMatchObject({
      code: 9,
      message: expect.stringContaining('Unknown modifier: $frobnicate'),
    })
  })

  it('$inc on a non-numeric field, or with a non-numeric amount, is a TypeMismatch (code 14)', async () => {
    const collection = mongo.freshDb().collection('mismatch')
    await collection.insertOne({ _id: 1, name: 'x', n: 1 } as never)
    await expect(collection.updateOne({ _id: 1 } as never, { $inc: { name: 1 } })).rejects.toMatchObject({
      code: 14,
      message:
        "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'name' of non-numeric type string",
    })
    await expect(collection.updateOne({ _id: 1 } as never, { $inc: { n: 'one' } } as never)).rejects.toMatchObject({
      code: 14,
    })
    expect(await collection.findOne({ _id: 1 } as never)).toEqual({ _id: 1, name: 'x', n: 1 })
  })

  it('refuses to change _id', async () => {
    const collection = mongo.freshDb().collection('immutable')
    await collection.insertOne({ _id: 1, a: 1 } as never)
    await expect(collection.replaceOne({ _id: 1 } as never, { _id: 2, a: 2 } as never)).rejects.toMatchObject({
      code: 66,
    })
  })

  it('reports conflicting operators on one path', async () => {
    const collection = mongo.freshDb().collection('conflict')
    await collection.insertOne({ _id: 1, a: 1 } as never)
    await expect(collection.updateOne({ _id: 1 } as never, { $set: { a: 2 }, $inc: { a: 1 } })).rejects.toMatchObject({
      code: 40,
    })
  })
})

describe('upserts', () => {
  it('inserts the filter equalities plus the update, and reports the upserted _id', async () => {
    const collection = mongo.freshDb().collection('upsert')
    const result = await collection.updateOne(
      { name: 'job', type: 'single', count: { $gt: 0 } },
      { $set: { nextRunAt: new Date(0) }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    )
    expect(result.upsertedCount).toBe(1)
    expect(result.upsertedId).toBeInstanceOf(ObjectId)
    const stored = await collection.findOne({ _id: result.upsertedId! })
    expect(stored).toEqual({
      _id: result.upsertedId,
      name: 'job',
      type: 'single',
      nextRunAt: new Date(0),
      createdBy: 'upsert',
    })
    expect(Object.keys(stored!)[0]).toBe('_id')
  })

  it('uses the filter _id for the inserted document', async () => {
    const collection = mongo.freshDb().collection('upsert-id')
    const result = await collection.updateOne({ _id: 'fixed' } as never, { $inc: { n: 1 } }, { upsert: true })
    expect(result.upsertedId).toBe('fixed')
    expect(await collection.findOne({ _id: 'fixed' } as never)).toEqual({ _id: 'fixed', n: 1 })
  })

  it('upserts a replacement document', async () => {
    const collection = mongo.freshDb().collection('upsert-replace')
    await collection.replaceOne({ key: 'k' }, { key: 'k', value: 1 }, { upsert: true })
    await collection.replaceOne({ key: 'k' }, { key: 'k', value: 2 }, { upsert: true })
    expect(await collection.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ key: 'k', value: 2 }])
  })
})

describe('findOneAndUpdate / findOneAndReplace / findOneAndDelete', () => {
  it('returns the document before the update by default, after with returnDocument: after', async () => {
    const collection = mongo.freshDb().collection('fam')
    await collection.insertOne({ _id: 1, n: 1 } as never)
    expect(await collection.findOneAndUpdate({ _id: 1 } as never, { $inc: { n: 1 } })).toEqual({ _id: 1, n: 1 })
    expect(
      await collection.findOneAndUpdate({ _id: 1 } as never, { $inc: { n: 1 } }, { returnDocument: 'after' }),
    ).toEqual({
      _id: 1,
      n: 3,
    })
  })

  it('updates the first document in sort order', async () => {
    const collection = mongo.freshDb().collection('fam-sort')
    await collection.insertMany([
      { name: 'a', priority: 1, at: new Date(3) },
      { name: 'b', priority: 5, at: new Date(2) },
      { name: 'c', priority: 5, at: new Date(1) },
    ])
    const locked = await collection.findOneAndUpdate(
      { priority: { $gte: 1 } },
      { $set: { lockedAt: new Date(10) } },
      { sort: { priority: -1, at: 1 }, returnDocument: 'after', projection: { _id: 0, name: 1, lockedAt: 1 } },
    )
    expect(locked).toEqual({ name: 'c', lockedAt: new Date(10) })
  })

  it('upserts and returns the new document, or null before it', async () => {
    const collection = mongo.freshDb().collection('fam-upsert')
    expect(await collection.findOneAndUpdate({ k: 1 }, { $set: { v: 1 } }, { upsert: true })).toBeNull()
    const after = await collection.findOneAndUpdate(
      { k: 2 },
      { $set: { v: 2 } },
      { upsert: true, returnDocument: 'after' },
    )
    expect(after).toMatchObject({ k: 2, v: 2 })
    expect(await collection.countDocuments()).toBe(2)
  })

  it('returns null when nothing matches and upsert is off', async () => {
    const collection = mongo.freshDb().collection('fam-none')
    expect(await collection.findOneAndUpdate({ k: 1 }, { $set: { v: 1 } })).toBeNull()
    expect(await collection.countDocuments()).toBe(0)
  })

  it('includeResultMetadata exposes lastErrorObject', async () => {
    const collection = mongo.freshDb().collection('fam-meta')
    const result = await collection.findOneAndUpdate(
      { k: 1 },
      { $set: { v: 1 } },
      { upsert: true, includeResultMetadata: true },
    )
    expect(result.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false })
    expect(result.lastErrorObject?.upserted).toBeInstanceOf(ObjectId)
  })

  it('replaces and deletes', async () => {
    const collection = mongo.freshDb().collection('fam-replace')
    await collection.insertOne({ _id: 1, a: 1 } as never)
    expect(await collection.findOneAndReplace({ _id: 1 } as never, { b: 2 }, { returnDocument: 'after' })).toEqual({
      _id: 1,
      b: 2,
    })
    expect(await collection.findOneAndDelete({ _id: 1 } as never)).toEqual({ _id: 1, b: 2 })
    expect(await collection.countDocuments()).toBe(0)
  })
})
