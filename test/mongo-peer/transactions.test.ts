import { MongoClient, MongoServerError } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()

describe('transactions', () => {
  it('withTransaction commits every write of the callback together', async () => {
    const db = mongo.freshDb()
    const accounts = db.collection('accounts')
    await accounts.insertMany([
      { _id: 'a', balance: 100 },
      { _id: 'b', balance: 0 },
    ] as never)
    await mongo.client.withSession((session) =>
      session.withTransaction(async () => {
        await accounts.updateOne({ _id: 'a' } as never, { $inc: { balance: -30 } }, { session })
        await accounts.updateOne({ _id: 'b' } as never, { $inc: { balance: 30 } }, { session })
        await db.collection('ledger').insertOne({ from: 'a', to: 'b', amount: 30 }, { session })
      }),
    )
    expect(await accounts.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', balance: 70 },
      { _id: 'b', balance: 30 },
    ])
    expect(await db.collection('ledger').countDocuments()).toBe(1)
  })

  it('a callback that throws aborts the transaction and none of its writes remain', async () => {
    const db = mongo.freshDb()
    const accounts = db.collection('accounts')
    await accounts.insertOne({ _id: 'a', balance: 100 } as never)
    const failure = new Error('business rule says no')
    await expect(
      mongo.client.withSession((session) =>
        session.withTransaction(async () => {
          await accounts.updateOne({ _id: 'a' } as never, { $inc: { balance: -30 } }, { session })
          await db.collection('ledger').insertOne({ amount: 30 }, { session })
          throw failure
        }),
      ),
    ).rejects.toBe(failure)
    expect(await accounts.findOne({ _id: 'a' } as never)).toEqual({ _id: 'a', balance: 100 })
    expect(await db.collection('ledger').countDocuments()).toBe(0)
  })

  it('reads inside the transaction see its own writes; reads outside do not until commit', async () => {
    const items = mongo.freshDb().collection('items')
    const session = mongo.client.startSession()
    try {
      session.startTransaction()
      await items.insertOne({ name: 'draft' }, { session })
      expect(await items.countDocuments({}, { session })).toBe(1)
      expect(await items.countDocuments({})).toBe(0)
      await session.commitTransaction()
      expect(await items.countDocuments({})).toBe(1)
    } finally {
      await session.endSession()
    }
  })

  it('abortTransaction discards the writes', async () => {
    const items = mongo.freshDb().collection('items')
    await items.insertOne({ _id: 1, state: 'before' } as never)
    const session = mongo.client.startSession()
    try {
      session.startTransaction()
      await items.updateOne({ _id: 1 } as never, { $set: { state: 'during' } }, { session })
      await items.deleteOne({ _id: 1 } as never, { session })
      await session.abortTransaction()
    } finally {
      await session.endSession()
    }
    expect(await items.findOne({ _id: 1 } as never)).toEqual({ _id: 1, state: 'before' })
  })

  it('a duplicate key inside a transaction fails it and nothing is committed', async () => {
    const users = mongo.freshDb().collection('users')
    await users.createIndex({ email: 1 }, { unique: true })
    await users.insertOne({ email: 'taken@example.com' })
    const failure = await mongo.client
      .withSession((session) =>
        session.withTransaction(async () => {
          await users.insertOne({ email: 'new@example.com' }, { session })
          await users.insertOne({ email: 'taken@example.com' }, { session })
        }),
      )
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MongoServerError)
    expect((failure as MongoServerError).code).toBe(11000)
    expect(await users.countDocuments()).toBe(1)
  })

  it('a document changed outside since the transaction read it is a write conflict, and withTransaction retries', async () => {
    const counters = mongo.freshDb().collection('counters')
    await counters.insertOne({ _id: 'c', n: 0 } as never)
    let attempts = 0
    await mongo.client.withSession((session) =>
      session.withTransaction(async () => {
        attempts += 1
        const current = await counters.findOne({ _id: 'c' } as never, { session })
        if (attempts === 1) await counters.updateOne({ _id: 'c' } as never, { $inc: { n: 100 } }) // outside the transaction
        await counters.updateOne({ _id: 'c' } as never, { $set: { n: (current?.n as number) + 1 } }, { session })
      }),
    )
    expect(attempts).toBe(2)
    expect(await counters.findOne({ _id: 'c' } as never)).toEqual({ _id: 'c', n: 101 })
  })

  it('commitTransaction on a session that never started a transaction is NoSuchTransaction', async () => {
    // A new client, so that the server session is new (pooled sessions remember their last transaction).
    const client = await MongoClient.connect(mongo.peer.uri)
    const session = client.startSession()
    try {
      await expect(client.db('admin').command({ commitTransaction: 1 }, { session })).rejects.toMatchObject({
        code: 251,
        codeName: 'NoSuchTransaction',
        errorLabelSet: new Set(['TransientTransactionError']),
      })
    } finally {
      await session.endSession()
      await client.close()
    }
  })

  it('a committed transaction can be committed again (retry) but not aborted', async () => {
    const items = mongo.freshDb().collection('items')
    const session = mongo.client.startSession()
    try {
      session.startTransaction()
      await items.insertOne({ once: true }, { session })
      await session.commitTransaction()
      const admin = mongo.client.db('admin')
      expect(await admin.command({ commitTransaction: 1 }, { session })).toMatchObject({ ok: 1 })
      await expect(admin.command({ abortTransaction: 1 }, { session })).rejects.toMatchObject({
        code: 256,
        codeName: 'TransactionCommitted',
      })
      expect(await items.countDocuments()).toBe(1)
    } finally {
      await session.endSession()
    }
  })
})
