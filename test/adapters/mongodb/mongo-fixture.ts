// One MongoDB (the test peer, or MONGODB_URI_TEST) and one driver client per test file; each test gets its own database.
import { randomBytes } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll } from 'vitest'
import type { MongoContext } from '../../../adapters/storage/mongodb/mongo-context.js'
import { startMongoForTests, type TestMongo } from '../../support/mongo-peer/index.js'

export interface MongoFixture {
  /** A context on a database no other test (nor an earlier run against a real server) uses. */
  freshContext(): MongoContext
}

export function useMongo(): MongoFixture {
  let mongo: TestMongo | undefined
  let client: MongoClient | undefined
  // A real server outlives the run: a random run tag keeps database names apart between runs.
  const run = randomBytes(4).toString('hex')
  let counter = 0
  beforeAll(async () => {
    mongo = await startMongoForTests()
    client = await MongoClient.connect(mongo.uri, { serverSelectionTimeoutMS: 5_000 })
  })
  afterAll(async () => {
    await client?.close()
    await mongo?.stop()
  })
  return {
    freshContext: () => {
      if (client === undefined)
        throw new Error('useMongo: the client is not connected yet (call freshContext inside a test or hook)')
      return { client, db: client.db(`test_${run}_${++counter}`) }
    },
  }
}
