import { describe, expect, it } from 'vitest'
import { connectMongo, MongoDeploymentUnsupported } from '../../../adapters/storage/mongodb/connection.js'
import { start } from '../../support/mongo-peer/index.js'

describe('connectMongo: the service runs on a replica set (the outbox needs transactions)', () => {
  it('connects to a replica-set member', async () => {
    const peer = await start({ ttlSweepIntervalMs: 0 })
    try {
      const client = await connectMongo(peer.uri)
      await client.close()
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
