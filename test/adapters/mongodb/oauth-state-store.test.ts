import { describe, expect, it } from 'vitest'
import { MongoOAuthStateStore, OAUTH_STATES_COLLECTION } from '../../../adapters/storage/mongodb/oauth-state-store.js'
import { oauthStateStoreContract } from '../../contracts/oauth-state-store.contract.js'
import { FIXTURE_BASE, makeOAuthState } from '../../support/connection-fixtures.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

oauthStateStoreContract('MongoOAuthStateStore', async () => {
  const states = new MongoOAuthStateStore(mongo.freshContext())
  await states.ensureIndexes()
  return { states }
})

const at = (minutes: number) => new Date(FIXTURE_BASE.getTime() + minutes * 60_000)

describe('MongoOAuthStateStore storage', () => {
  it('two callbacks racing with one state: exactly one takes it', async () => {
    const states = new MongoOAuthStateStore(mongo.freshContext())
    await states.ensureIndexes()
    const state = makeOAuthState({ expiresAt: at(10) })
    await states.save(state)
    const taken = await Promise.all(Array.from({ length: 5 }, () => states.take(state.state, at(1))))
    expect(taken.filter((found) => found !== null)).toEqual([state])
  })

  it('expires states through a TTL index on expiresAt', async () => {
    const context = mongo.freshContext()
    const states = new MongoOAuthStateStore(context)
    await states.ensureIndexes()
    const indexes = await context.db.collection(OAUTH_STATES_COLLECTION).listIndexes().toArray()
    expect(indexes.find((index) => index.name === 'expire_at_expiry')).toMatchObject({
      key: { expiresAt: 1 },
      expireAfterSeconds: 0,
    })
  })

  it('never lets a value become a query operator', async () => {
    const states = new MongoOAuthStateStore(mongo.freshContext())
    const state = makeOAuthState()
    await states.save(state)
    const operator = { $exists: true } as unknown as string
    expect(await states.peek(operator, at(0))).toBeNull()
    expect(await states.take(operator, at(0))).toBeNull()
    expect(await states.peek(state.state, at(0))).toEqual(state)
  })
})
