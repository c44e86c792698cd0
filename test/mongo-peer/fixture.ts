// One peer and one driver client per test file; each test gets its own database.
import { type Db, MongoClient } from 'mongodb'
import { afterAll, beforeAll } from 'vitest'
import { type MongoPeer, type MongoPeerOptions, start } from '../support/mongo-peer/index.js'

export interface PeerFixture {
  peer: MongoPeer
  client: MongoClient
  /** A database no other test uses. */
  freshDb(): Db
}

export function usePeer(options: MongoPeerOptions = {}): PeerFixture {
  let databaseCounter = 0
  const fixture = { freshDb: () => fixture.client.db(`test_${++databaseCounter}`) } as PeerFixture
  beforeAll(async () => {
    fixture.peer = await start({ ttlSweepIntervalMs: 0, ...options })
    fixture.client = await MongoClient.connect(fixture.peer.uri, { serverSelectionTimeoutMS: 5_000 })
  })
  afterAll(async () => {
    await fixture.client?.close()
    await fixture.peer?.stop()
  })
  return fixture
}
