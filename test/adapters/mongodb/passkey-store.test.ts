import { describe, expect, it } from 'vitest'
import { MongoPasskeyStore } from '../../../adapters/storage/mongodb/passkey-store.js'
import { passkeyStoreContract } from '../../contracts/passkey-store.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

passkeyStoreContract('MongoPasskeyStore', async () => {
  const store = new MongoPasskeyStore(mongo.freshContext().db)
  await store.ensureIndexes()
  return { store }
})

describe('MongoPasskeyStore storage', () => {
  it('never lets a value become a query operator', async () => {
    const store = new MongoPasskeyStore(mongo.freshContext().db)
    const operator = { $exists: true } as unknown as string
    expect(await store.findPasskey(operator)).toBeNull()
    expect(await store.listPasskeys(operator)).toEqual([])
    expect(await store.deletePasskey(operator, operator)).toBe(false)
    expect(await store.takeChallenge(operator, new Date())).toBeNull()
  })
})
