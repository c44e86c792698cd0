import { describe, expect, it } from 'vitest'
import {
  CONNECTIONS_COLLECTION,
  MongoConnectionRepository,
} from '../../../adapters/storage/mongodb/connection-repository.js'
import { outboxCollection } from '../../../adapters/storage/mongodb/mongo-context.js'
import { connectionRepositoryContract } from '../../contracts/connection-repository.contract.js'
import { FIXTURE_BASE, fixtureNote, makeConnection } from '../../support/connection-fixtures.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

connectionRepositoryContract('MongoConnectionRepository', async () => {
  const context = mongo.freshContext()
  const connections = new MongoConnectionRepository(context)
  await connections.ensureIndexes()
  return { connections, outbox: new MongoOutboxProbe(context.db) }
})

const at = (minutes: number) => new Date(FIXTURE_BASE.getTime() + minutes * 60_000)

describe('MongoConnectionRepository storage', () => {
  const setUp = async () => {
    const context = mongo.freshContext()
    const connections = new MongoConnectionRepository(context)
    await connections.ensureIndexes()
    return { context, connections }
  }

  it('stores the sealed tokens exactly as the cipher sealed them, and the due time only while one is planned', async () => {
    const { context, connections } = await setUp()
    const planned = makeConnection({
      email: 'planned@example.com',
      sealedTokens: 'v1.iv.ciphertext.tag',
      nextSyncAt: at(5),
      pendingDeletes: [{ calendarExternalId: 'primary', externalId: 'ext_1', attempts: 2 }],
    })
    const idle = makeConnection({ email: 'idle@example.com', nextSyncAt: null })
    await connections.insert(planned, [])
    await connections.insert(idle, [])
    const raw = async (id: string) => context.db.collection(CONNECTIONS_COLLECTION).findOne({ _id: id as never })
    expect(await raw(planned.id)).toMatchObject({ sealedTokens: 'v1.iv.ciphertext.tag', nextSyncAt: at(5) })
    expect(await raw(idle.id)).not.toHaveProperty('nextSyncAt')
    expect(await raw(idle.id)).not.toHaveProperty('pendingDeletes')
    expect(await connections.get('acct_a', planned.id)).toEqual(planned)
    expect(await connections.get('acct_a', idle.id)).toEqual(idle)
  })

  it('two consents of one provider account racing: one connection is inserted with its events, the other is a duplicate', async () => {
    const { context, connections } = await setUp()
    const [first, second] = [
      makeConnection({ email: 'race@example.com' }),
      makeConnection({ email: 'race@example.com' }),
    ]
    const [firstEvent, secondEvent] = [fixtureNote('connection.created'), fixtureNote('connection.created')]
    const outcomes = await Promise.all([
      connections.insert(first, [firstEvent]),
      connections.insert(second, [secondEvent]),
    ])
    expect([...outcomes].sort()).toEqual(['duplicate', 'inserted'])
    const winner =
      outcomes[0] === 'inserted' ? { connection: first, event: firstEvent } : { connection: second, event: secondEvent }
    expect(await connections.findByProviderAccount('acct_a', 'usr_a', 'google', 'race@example.com')).toEqual(
      winner.connection,
    )
    expect((await outboxCollection(context.db).find({}).toArray()).map((document) => document._id)).toEqual([
      winner.event.id,
    ])
  })

  it('a stale update writes nothing and appends no event', async () => {
    const { context, connections } = await setUp()
    const connection = makeConnection()
    await connections.insert(connection, [])
    expect(
      await connections.update({ ...connection, status: 'error', version: 3 }, 2, [fixtureNote('connection.updated')]),
    ).toBe('conflict')
    expect(await connections.get('acct_a', connection.id)).toEqual(connection)
    expect(await outboxCollection(context.db).countDocuments()).toBe(0)
  })

  it('a due query with a limit of 0 answers nothing (to MongoDB, 0 would mean no limit)', async () => {
    const { connections } = await setUp()
    await connections.insert(makeConnection({ nextSyncAt: at(0) }), [])
    expect(await connections.due(null, at(0), 0)).toEqual([])
    expect(await connections.due(null, at(0), 1)).toHaveLength(1)
  })

  it('never lets a value become a query operator', async () => {
    const { connections } = await setUp()
    const connection = makeConnection({
      subscriptions: [
        { id: 'chn_1', providerId: 'res_1', calendarExternalId: 'primary', expiresAt: at(60), secret: 's' },
      ],
    })
    await connections.insert(connection, [])
    const operator = { $exists: true } as unknown as string
    expect(await connections.get('acct_a', operator)).toBeNull()
    expect(await connections.findBySubscription(operator)).toBeNull()
    expect(await connections.findByProviderAccount('acct_a', operator, 'google', connection.email)).toBeNull()
    expect(await connections.findByProviderAccount('acct_a', 'usr_a', 'google', operator)).toBeNull()
    expect(await connections.list('acct_a', { userId: operator }, { limit: 10 })).toEqual({ data: [], hasMore: false })
    expect(await connections.list('acct_a', { provider: operator as never }, { limit: 10 })).toEqual({
      data: [],
      hasMore: false,
    })
    expect(await connections.removeByUser('acct_a', operator)).toEqual([])
    expect(await connections.due(operator, at(600), 10)).toEqual([])
    expect(await connections.get('acct_a', connection.id)).toEqual(connection)
  })
})
