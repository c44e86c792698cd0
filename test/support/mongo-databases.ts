import { randomUUID } from 'node:crypto'
import type { Db, MongoClient } from 'mongodb'
import { afterAll, beforeAll } from 'vitest'
import { connectMongo } from '../../adapters/storage/mongodb/connection.js'
import { startMongoForTests, type TestMongo } from './mongo-peer/index.js'

export interface MongoForFile {
  /** The MongoDB of this file (a test peer unless MONGODB_URI_TEST is set). */
  readonly mongo: () => TestMongo
  readonly client: () => MongoClient
  /** A database no other test uses, and how to drop it afterwards. */
  readonly freshDatabase: () => { readonly db: Db; readonly teardown: () => Promise<void> }
}

/** One MongoDB per test file (started in beforeAll, stopped in afterAll), one database per test. */
export const mongoForFile = (): MongoForFile => {
  let mongo: TestMongo | undefined
  let client: MongoClient | undefined
  beforeAll(async () => {
    mongo = await startMongoForTests()
    client = await connectMongo(mongo.uri)
  })
  afterAll(async () => {
    await client?.close()
    await mongo?.stop()
  })
  return {
    mongo: () => mongo!,
    client: () => client!,
    freshDatabase: () => {
      const db = client!.db(`test_${randomUUID().replaceAll('-', '').slice(0, 16)}`)
      return { db, teardown: async () => void (await db.dropDatabase()) }
    },
  }
}
