import { describe, expect, it } from 'vitest'
import {
  DASHBOARD_COLLECTIONS,
  MongoDashboardSessionStore,
} from '../../../adapters/storage/mongodb/dashboard-session-store.js'
import { MongoMemberRepository } from '../../../adapters/storage/mongodb/member-repository.js'
import { dashboardSessionStoreContract } from '../../contracts/dashboard-session-store.contract.js'
import { memberRepositoryContract } from '../../contracts/member-repository.contract.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

memberRepositoryContract('MongoMemberRepository', async () => {
  const members = new MongoMemberRepository(mongo.freshContext().db)
  await members.ensureIndexes()
  return { members }
})

dashboardSessionStoreContract('MongoDashboardSessionStore', async () => {
  const store = new MongoDashboardSessionStore(mongo.freshContext().db)
  await store.ensureIndexes()
  return { store }
})

describe('MongoDashboardSessionStore storage', () => {
  it('never lets a value become a query operator', async () => {
    const store = new MongoDashboardSessionStore(mongo.freshContext().db)
    const operator = { $exists: true } as unknown as string
    expect(await store.takeSignInLink(operator, new Date())).toBeNull()
    expect(await store.findSession(operator)).toBeNull()
    expect(await store.deleteSessionsOfMember(operator)).toBe(0)
  })

  it('clears expired links and sessions through TTL indexes', async () => {
    const { db } = mongo.freshContext()
    await new MongoDashboardSessionStore(db).ensureIndexes()
    const sessions = await db.collection(DASHBOARD_COLLECTIONS.sessions).listIndexes().toArray()
    expect(sessions.find((index) => index.name === 'expire_sessions')).toMatchObject({ key: { expiresAt: 1 } })
  })
})
