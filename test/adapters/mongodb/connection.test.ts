import { describe, expect, it } from 'vitest'
import { connectMongo, MongoDeploymentUnsupported } from '../../../adapters/storage/mongodb/connection.js'
import { start } from '../../support/mongo-peer/index.js'

describe('connectMongo: the service runs on a replica set (the outbox needs transactions)', () => {
  it('connects to a replica-set member, ready for the transactions the outbox writes in', async () => {
    const peer = await start({ ttlSweepIntervalMs: 0 })
    try {
      const client = await connectMongo(peer.uri)
      try {
        // The client it hands over is open, and undefined fields are left out rather than stored as null.
        const items = client.db('connect_check').collection<{ _id: string; kept?: string; dropped?: string }>('items')
        await client.withSession((session) =>
          session.withTransaction(() => items.insertOne({ _id: 'a', kept: 'x', dropped: undefined }, { session })),
        )
        expect(await items.findOne({ _id: 'a' })).toEqual({ _id: 'a', kept: 'x' })
      } finally {
        await client.close()
      }
    } finally {
      await peer.stop()
    }
  })

  it('refuses a server that belongs to no replica set, saying why', async () => {
    // The peer reports no replica set name: to the driver, a standalone server.
    const peer = await start({ replicaSetName: '', ttlSweepIntervalMs: 0 })
    try {
      const refusal = connectMongo(peer.uri)
      await expect(refusal).rejects.toBeInstanceOf(MongoDeploymentUnsupported)
      await expect(refusal).rejects.toThrow(/replica set/)
    } finally {
      await peer.stop()
    }
  })
})
