import { describe, expect, it } from 'vitest'
import { MongoOAuthStore, OAUTH_COLLECTIONS } from '../../../adapters/storage/mongodb/oauth-store.js'
import { oauthStoreContract } from '../../contracts/oauth-store.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

oauthStoreContract('MongoOAuthStore', async () => {
  const store = new MongoOAuthStore(mongo.freshContext().db)
  await store.ensureIndexes()
  return { store }
})

describe('MongoOAuthStore storage', () => {
  it('never lets a value become a query operator', async () => {
    const store = new MongoOAuthStore(mongo.freshContext().db)
    const operator = { $exists: true } as unknown as string
    expect(await store.getApplication(operator)).toBeNull()
    expect(await store.useCode(operator, new Date())).toBeNull()
    expect(await store.useRefreshToken(operator, new Date())).toBeNull()
    expect(await store.findConsent(operator)).toBeNull()
    expect(await store.decideConsent(operator, operator, new Date())).toBe(false)
  })

  it('clears expired codes, refresh tokens and consent pages through TTL indexes', async () => {
    const context = mongo.freshContext()
    await new MongoOAuthStore(context.db).ensureIndexes()
    const codes = await context.db.collection(OAUTH_COLLECTIONS.codes).listIndexes().toArray()
    expect(codes.find((index) => index.name === 'expire_codes')).toMatchObject({ key: { expiresAt: 1 } })
    const consents = await context.db.collection(OAUTH_COLLECTIONS.consents).listIndexes().toArray()
    expect(consents.find((index) => index.name === 'expire_consents')).toMatchObject({ key: { expiresAt: 1 } })
  })
})
