import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()

async function orders() {
  const db = mongo.freshDb()
  const collection = db.collection('orders')
  await collection.insertMany([
    { customer: 'ann', total: 10, tags: ['a', 'b'], at: new Date('2026-01-01T00:00:00Z') },
    { customer: 'bob', total: 5, tags: ['b'], at: new Date('2026-01-02T00:00:00Z') },
    { customer: 'ann', total: 7, tags: [], at: new Date('2026-01-03T00:00:00Z') },
  ])
  await db.collection('customers').insertMany([
    { _id: 'ann', name: 'Ann' },
    { _id: 'bob', name: 'Bob' },
  ] as never)
  return { db, collection }
}

describe('aggregate', () => {
  it('runs $match, $group, $sort and $project', async () => {
    const { collection } = await orders()
    const totals = await collection
      .aggregate([
        { $match: { at: { $gte: new Date('2026-01-01T00:00:00Z') } } },
        { $group: { _id: '$customer', sum: { $sum: '$total' }, count: { $sum: 1 } } },
        { $sort: { sum: -1 } },
        { $project: { _id: 0, customer: '$_id', sum: 1, count: 1 } },
      ])
      .toArray()
    expect(totals).toEqual([
      { sum: 17, count: 2, customer: 'ann' },
      { sum: 5, count: 1, customer: 'bob' },
    ])
  })

  it('joins another collection of the same database with $lookup', async () => {
    const { collection } = await orders()
    const joined = await collection
      .aggregate([
        { $match: { customer: 'bob' } },
        { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
        { $project: { _id: 0, name: { $first: '$who.name' } } },
      ])
      .toArray()
    expect(joined).toEqual([{ name: 'Bob' }])
  })

  it('returns results larger than a batch through getMore', async () => {
    const collection = mongo.freshDb().collection('bulk')
    await collection.insertMany(Array.from({ length: 150 }, (_, i) => ({ i })))
    const all = await collection.aggregate([{ $sort: { i: -1 } }], { batchSize: 50 }).toArray()
    expect(all).toHaveLength(150)
    expect(all[0]?.i).toBe(149)
  })

  it('refuses $out rather than silently not writing', async () => {
    const { collection } = await orders()
    await expect(collection.aggregate([{ $out: 'copy' }]).toArray()).rejects.toMatchObject({ code: 2 })
  })
})

describe('counting and distinct values', () => {
  it('countDocuments counts matching documents, with skip and limit', async () => {
    const { collection } = await orders()
    expect(await collection.countDocuments({ customer: 'ann' })).toBe(2)
    expect(await collection.countDocuments({}, { skip: 1, limit: 1 })).toBe(1)
    expect(await collection.countDocuments({ customer: 'nobody' })).toBe(0)
  })

  it('estimatedDocumentCount uses the count command', async () => {
    const { collection } = await orders()
    expect(await collection.estimatedDocumentCount()).toBe(3)
  })

  it('distinct returns each value once, unwinding arrays', async () => {
    const { collection } = await orders()
    expect(await collection.distinct('customer')).toEqual(['ann', 'bob'])
    expect(await collection.distinct('tags', { customer: 'ann' })).toEqual(['a', 'b'])
  })
})
