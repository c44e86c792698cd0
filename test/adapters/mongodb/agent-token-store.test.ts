import { describe, expect, it } from 'vitest'
import { MongoAgentTokenStore } from '../../../adapters/storage/mongodb/agent-token-store.js'
import { agentTokenStoreContract } from '../../contracts/agent-token-store.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

agentTokenStoreContract('MongoAgentTokenStore', async () => {
  const store = new MongoAgentTokenStore(mongo.freshContext().db)
  await store.ensureIndexes()
  return { store }
})

describe('MongoAgentTokenStore storage', () => {
  it('never lets a value become a query operator', async () => {
    const store = new MongoAgentTokenStore(mongo.freshContext().db)
    const operator = { $exists: true } as unknown as string
    expect(await store.findByHash(operator)).toBeNull()
    expect(await store.get(operator)).toBeNull()
    expect(await store.listByUser(operator, false, operator)).toEqual([])
    expect(await store.revoke(operator, new Date())).toBeNull()
  })
})
