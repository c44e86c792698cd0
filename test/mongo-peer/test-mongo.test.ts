import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { startMongoForTests } from '../support/mongo-peer/index.js'

describe('startMongoForTests', () => {
  it('uses MONGODB_URI_TEST as given when it is set, starting nothing', async () => {
    const mongo = await startMongoForTests({ MONGODB_URI_TEST: 'mongodb://db.example:27017/?replicaSet=rs' })
    expect(mongo).toMatchObject({ uri: 'mongodb://db.example:27017/?replicaSet=rs', isPeer: false })
    expect(mongo.sweepExpired).toBeUndefined()
    await mongo.stop()
  })

  it('starts a test peer on 127.0.0.1 when MONGODB_URI_TEST is unset', async () => {
    const mongo = await startMongoForTests({})
    try {
      expect(mongo.isPeer).toBe(true)
      expect(mongo.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\//)
      const client = await MongoClient.connect(mongo.uri)
      try {
        expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 })
      } finally {
        await client.close()
      }
    } finally {
      await mongo.stop()
    }
  })
})
