import { describe, expect, it } from 'vitest'
import {
  MongoWebhookDeliveryRepository,
  WEBHOOK_DELIVERIES_COLLECTION,
} from '../../../adapters/storage/mongodb/webhook-delivery-repository.js'
import { webhookDeliveryRepositoryContract } from '../../contracts/webhook-delivery-repository.contract.js'
import { at, makeDelivery, makeEndpoint } from '../../support/webhook-fixtures.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

webhookDeliveryRepositoryContract('MongoWebhookDeliveryRepository', async () => {
  const deliveries = new MongoWebhookDeliveryRepository(mongo.freshContext().db)
  await deliveries.ensureIndexes()
  return { deliveries }
})

describe('MongoWebhookDeliveryRepository storage', () => {
  const setUp = async () => {
    const { db } = mongo.freshContext()
    const deliveries = new MongoWebhookDeliveryRepository(db)
    await deliveries.ensureIndexes()
    return { db, deliveries }
  }
  const endpoint = makeEndpoint()

  it('a fan-out batch holding an already delivered pair still stores the rest', async () => {
    const { deliveries } = await setUp()
    const original = makeDelivery(endpoint)
    await deliveries.insertMany([original])
    const fresh = makeDelivery(endpoint)
    await deliveries.insertMany([{ ...makeDelivery(endpoint), notification: original.notification }, original, fresh])
    const listed = await deliveries.listByEndpoint('acct_a', endpoint.id, { limit: 10 })
    expect(listed.data.map((delivery) => delivery.id)).toEqual([fresh.id, original.id])
  })

  it('keeps nextAttemptAt only on open deliveries, and round-trips attempts and the notification', async () => {
    const { db, deliveries } = await setUp()
    const finished = makeDelivery(endpoint, {
      status: 'succeeded',
      nextAttemptAt: null,
      firstAttemptAt: at(1),
      attempts: [
        { number: 1, at: at(1), durationMs: 120, outcome: { kind: 'response', statusCode: 204 }, error: null },
      ],
      notification: {
        ...makeDelivery(endpoint).notification,
        object: { id: 'usr_1', nested: { when: at(2), note: undefined } },
      },
    })
    const open = makeDelivery(endpoint, { nextAttemptAt: at(3) })
    await deliveries.insertMany([finished, open])
    const stored = await db.collection(WEBHOOK_DELIVERIES_COLLECTION).findOne({ _id: finished.id as never })
    expect(stored).not.toHaveProperty('nextAttemptAt')
    expect(stored!.notification.object.nested).toEqual({ when: at(2) })
    expect(stored!.notification.object.nested.when).toBeInstanceOf(Date)
    expect(await deliveries.get('acct_a', finished.id)).toEqual(finished)
    expect(await deliveries.get('acct_a', open.id)).toEqual(open)
  })

  it('due deliveries come earliest first across a busy endpoint list, ties by id, up to the limit', async () => {
    const { deliveries } = await setUp()
    const busy = [makeEndpoint(), makeEndpoint()]
    const free = makeEndpoint()
    const blocked = busy.map((busyEndpoint, index) => makeDelivery(busyEndpoint, { nextAttemptAt: at(index) }))
    const tiedA = makeDelivery(free, { nextAttemptAt: at(5) })
    const tiedB = makeDelivery(free, { nextAttemptAt: at(5) })
    const earlier = makeDelivery(free, { nextAttemptAt: at(4) })
    await deliveries.insertMany([tiedB, ...blocked, tiedA, earlier])
    const due = await deliveries.due(
      'acct_a',
      at(10),
      3,
      busy.map((busyEndpoint) => busyEndpoint.id),
    )
    expect(due.map((delivery) => delivery.id)).toEqual([earlier.id, tiedA.id, tiedB.id])
    expect((await deliveries.due('acct_a', at(10), 2)).map((delivery) => delivery.id)).toEqual(
      blocked.map((delivery) => delivery.id),
    )
    expect(await deliveries.nextDueAt(null, at(4))).toEqual(at(5))
    // MongoDB reads a limit of 0 as "no limit"; the port reads it as "none".
    expect(await deliveries.due('acct_a', at(10), 0)).toEqual([])
  })

  it('one lease per delivery: two workers pushing it out from one version, only one wins', async () => {
    const { deliveries } = await setUp()
    const delivery = makeDelivery(endpoint)
    await deliveries.insertMany([delivery])
    const outcomes = await Promise.all([
      deliveries.update({ ...delivery, nextAttemptAt: at(1), version: 2 }, 1),
      deliveries.update({ ...delivery, nextAttemptAt: at(2), version: 2 }, 1),
    ])
    expect([...outcomes].sort()).toEqual(['conflict', 'updated'])
    expect((await deliveries.get('acct_a', delivery.id))!.nextAttemptAt).toEqual(
      outcomes[0] === 'updated' ? at(1) : at(2),
    )
  })

  it('never lets a value become a query operator', async () => {
    const { deliveries } = await setUp()
    const delivery = makeDelivery(endpoint)
    await deliveries.insertMany([delivery])
    const operator = { $exists: true } as unknown as string
    expect(await deliveries.get('acct_a', operator)).toBeNull()
    expect(await deliveries.due(operator, at(10), 10)).toEqual([])
    expect(await deliveries.openOf('acct_a', operator)).toEqual([])
    expect(await deliveries.removeByEndpoint('acct_a', operator)).toBe(0)
    expect(await deliveries.listByEndpoint('acct_a', '$gt', { limit: 10 })).toEqual({ data: [], hasMore: false })
    expect(await deliveries.get('acct_a', delivery.id)).toEqual(delivery)
  })
})
