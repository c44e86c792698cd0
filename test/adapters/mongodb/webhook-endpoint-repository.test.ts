import { ObjectId } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { outboxCollection } from '../../../adapters/storage/mongodb/mongo-context.js'
import { MongoOutbox } from '../../../adapters/storage/mongodb/outbox.js'
import {
  MongoWebhookEndpointRepository,
  WEBHOOK_ENDPOINTS_COLLECTION,
} from '../../../adapters/storage/mongodb/webhook-endpoint-repository.js'
import { webhookEndpointRepositoryContract } from '../../contracts/webhook-endpoint-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { makeEndpoint, notification, T0 } from '../../support/webhook-fixtures.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

webhookEndpointRepositoryContract('MongoWebhookEndpointRepository', async () => {
  const context = mongo.freshContext()
  const endpoints = new MongoWebhookEndpointRepository(context)
  await endpoints.ensureIndexes()
  return { endpoints, outbox: new MongoOutboxProbe(context.db) }
})

describe('MongoWebhookEndpointRepository storage', () => {
  const setUp = async () => {
    const context = mongo.freshContext()
    const endpoints = new MongoWebhookEndpointRepository(context)
    await endpoints.ensureIndexes()
    return { context, endpoints }
  }

  it('keys a document by our id, keeps dates as BSON dates and secrets as sub-documents', async () => {
    const { context, endpoints } = await setUp()
    const endpoint = makeEndpoint({
      secrets: [
        { secret: 'whsec_new', expiresAt: null },
        { secret: 'whsec_old', expiresAt: T0 },
      ],
    })
    await endpoints.insert(endpoint)
    const stored = await context.db.collection(WEBHOOK_ENDPOINTS_COLLECTION).findOne({ _id: endpoint.id as never })
    expect(stored).not.toBeNull()
    expect(stored).not.toHaveProperty('id')
    expect(stored!.createdAt).toBeInstanceOf(Date)
    expect(stored!.secrets).toEqual([
      { secret: 'whsec_new', expiresAt: null },
      { secret: 'whsec_old', expiresAt: T0 },
    ])
    expect(stored!.secrets[1].expiresAt).toBeInstanceOf(Date)
  })

  it('appends outbox documents in the shared shape, not yet dispatched', async () => {
    const { context, endpoints } = await setUp()
    const endpoint = makeEndpoint()
    await endpoints.insert(endpoint)
    const event = notification()
    expect(await endpoints.update({ ...endpoint, status: 'disabled', version: 2 }, 1, [event])).toBe('updated')
    expect(await outboxCollection(context.db).find({}).toArray()).toEqual([
      {
        _id: event.id,
        type: event.type,
        accountId: event.accountId,
        livemode: event.livemode,
        createdAt: event.createdAt,
        objectType: event.objectType,
        object: event.object,
        order: expect.any(ObjectId),
        dispatched: false,
      },
    ])
    // The surface's outbox adapter hands it to the dispatcher as it was written.
    expect(await new MongoOutbox(context.client, context.db).pending(10)).toEqual([event])
  })

  it('writes the state change and its events in one transaction: an append that fails leaves the endpoint as it was', async () => {
    const { context, endpoints } = await setUp()
    const endpoint = makeEndpoint()
    await endpoints.insert(endpoint)
    const event = notification()
    await new MongoOutboxProbe(context.db).append([event])
    // The same event id again cannot be appended, so the whole write must roll back.
    await expect(endpoints.update({ ...endpoint, status: 'disabled', version: 2 }, 1, [event])).rejects.toThrow(
      /E11000/,
    )
    expect(await endpoints.get('acct_a', endpoint.id)).toEqual(endpoint)
  })

  it('two writers from one version: one wins, the other gets conflict and appends nothing', async () => {
    const { context, endpoints } = await setUp()
    const endpoint = makeEndpoint()
    await endpoints.insert(endpoint)
    const [first, second] = [notification(), notification()]
    const outcomes = await Promise.all([
      endpoints.update({ ...endpoint, url: 'https://first.example.com', version: 2 }, 1, [first]),
      endpoints.update({ ...endpoint, url: 'https://second.example.com', version: 2 }, 1, [second]),
    ])
    expect([...outcomes].sort()).toEqual(['conflict', 'updated'])
    const winner =
      outcomes[0] === 'updated'
        ? { url: 'https://first.example.com', event: first }
        : { url: 'https://second.example.com', event: second }
    expect((await endpoints.get('acct_a', endpoint.id))!.url).toBe(winner.url)
    expect((await outboxCollection(context.db).find({}).toArray()).map((document) => document._id)).toEqual([
      winner.event.id,
    ])
  })

  it('never lets a value become a query operator: ids that are not plain strings find nothing', async () => {
    const { endpoints } = await setUp()
    const endpoint = makeEndpoint()
    await endpoints.insert(endpoint)
    const operator = { $ne: 'nothing' } as unknown as string
    expect(await endpoints.get('acct_a', operator)).toBeNull()
    expect(await endpoints.get(operator, endpoint.id)).toBeNull()
    expect(await endpoints.get('acct_a', '$where')).toBeNull()
    expect(await endpoints.remove('acct_a', operator)).toBe(false)
    expect(await endpoints.enabledOf(operator)).toEqual([])
    expect(await endpoints.list('acct_a', { limit: 10, startingAfter: operator })).toEqual({ data: [], hasMore: false })
    expect(await endpoints.update({ ...endpoint, id: operator, version: 2 }, 1)).toBe('conflict')
    expect(await endpoints.get('acct_a', endpoint.id)).toEqual(endpoint)
  })

  it('pages towards newer endpoints with ending_before', async () => {
    const { endpoints } = await setUp()
    const created = [makeEndpoint(), makeEndpoint(), makeEndpoint(), makeEndpoint()]
    for (const endpoint of created) await endpoints.insert(endpoint)
    const page = await endpoints.list('acct_a', { limit: 2, endingBefore: created[0]!.id })
    expect(page.data.map((endpoint) => endpoint.id)).toEqual([created[2]!.id, created[1]!.id])
    expect(page.hasMore).toBe(true)
    const last = await endpoints.list('acct_a', { limit: 2, endingBefore: created[2]!.id })
    expect(last).toEqual({ data: [created[3]], hasMore: false })
  })
})
