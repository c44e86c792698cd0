import { describe, expect, it } from 'vitest'
import { MongoRouteCorrectionStore } from '../../../adapters/storage/mongodb/route-correction-store.js'
import { routeCorrectionStoreContract } from '../../contracts/route-correction-store.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

routeCorrectionStoreContract('MongoRouteCorrectionStore', async () => {
  const store = new MongoRouteCorrectionStore(mongo.freshContext())
  await store.ensureIndexes()
  return { store }
})

describe('MongoRouteCorrectionStore storage', () => {
  it('never lets a value become a query operator', async () => {
    const store = new MongoRouteCorrectionStore(mongo.freshContext())
    const operator = { $exists: true } as unknown as string
    await expect(store.removeByAccount(operator)).rejects.toThrow(/non-string value for accountId/)
    await expect(store.statsOf([{ accountId: 'acct_a', bucket: operator }])).rejects.toThrow(/bucket/)
  })
})
