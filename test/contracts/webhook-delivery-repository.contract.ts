import { beforeEach, describe, expect, it } from 'vitest'
import type { WebhookDeliveryRepositoryPort } from '../../core/ports/webhook-delivery-repository.js'
import { at, makeDelivery, makeEndpoint } from '../support/webhook-fixtures.js'

export interface WebhookDeliveryRepositorySubject {
  readonly deliveries: WebhookDeliveryRepositoryPort
  readonly teardown?: () => Promise<void>
}

/** The behaviour every storage of webhook deliveries must have (run it against your adapter). */
export const webhookDeliveryRepositoryContract = (
  name: string,
  makeSubject: () => WebhookDeliveryRepositorySubject | Promise<WebhookDeliveryRepositorySubject>,
): void => {
  describe(`${name}: webhook delivery repository contract`, () => {
    let subject: WebhookDeliveryRepositorySubject
    const endpoint = makeEndpoint()
    beforeEach(async () => {
      subject = await makeSubject()
      return () => subject.teardown?.()
    })

    it('skips a second fan-out of the same notification to the same endpoint, but keeps replays', async () => {
      const original = makeDelivery(endpoint)
      await subject.deliveries.insertMany([original])
      await subject.deliveries.insertMany([{ ...makeDelivery(endpoint), notification: original.notification }])
      await subject.deliveries.insertMany([
        { ...makeDelivery(endpoint), notification: original.notification, replayOf: original.id },
      ])
      const listed = await subject.deliveries.listByEndpoint('acct_a', endpoint.id, { limit: 10 })
      expect(listed.data).toHaveLength(2)
      expect(listed.data.filter((delivery) => delivery.replayOf === original.id)).toHaveLength(1)
    })

    it('finds due deliveries earliest first, per account, leaving out busy endpoints and finished deliveries', async () => {
      const other = makeEndpoint()
      const late = makeDelivery(endpoint, { nextAttemptAt: at(10) })
      const early = makeDelivery(endpoint, { nextAttemptAt: at(5) })
      const busy = makeDelivery(other, { nextAttemptAt: at(1) })
      const done = makeDelivery(endpoint, { status: 'succeeded', nextAttemptAt: null })
      const foreign = makeDelivery(makeEndpoint({ accountId: 'acct_b' }), { nextAttemptAt: at(0) })
      await subject.deliveries.insertMany([late, early, busy, done, foreign])
      expect((await subject.deliveries.due('acct_a', at(10), 10, [other.id])).map((delivery) => delivery.id)).toEqual([
        early.id,
        late.id,
      ])
      expect((await subject.deliveries.due('acct_a', at(7), 10)).map((delivery) => delivery.id)).toEqual([
        busy.id,
        early.id,
      ])
      expect((await subject.deliveries.due(null, at(10), 2)).map((delivery) => delivery.id)).toEqual([
        foreign.id,
        busy.id,
      ])
      expect(await subject.deliveries.nextDueAt('acct_a', at(5))).toEqual(at(10))
      expect(await subject.deliveries.nextDueAt('acct_a', at(10))).toBeNull()
    })

    it('writes only from the expected version (a lease is won by one worker)', async () => {
      const delivery = makeDelivery(endpoint)
      await subject.deliveries.insertMany([delivery])
      const leased = { ...delivery, nextAttemptAt: at(1), version: 2 }
      expect(await subject.deliveries.update(leased, 1)).toBe('updated')
      expect(await subject.deliveries.update({ ...delivery, nextAttemptAt: at(2), version: 2 }, 1)).toBe('conflict')
      expect((await subject.deliveries.get('acct_a', delivery.id))!.nextAttemptAt).toEqual(at(1))
      expect(await subject.deliveries.get('acct_b', delivery.id)).toBeNull()
      const finished = { ...leased, status: 'succeeded' as const, nextAttemptAt: null, version: 3 }
      expect(await subject.deliveries.update(finished, 2)).toBe('updated')
      expect(await subject.deliveries.due('acct_a', at(100), 10)).toEqual([])
      expect(await subject.deliveries.openOf('acct_a', endpoint.id)).toEqual([])
    })

    it('lets exactly one of two writes from the same version through, and stores that one', async () => {
      const delivery = makeDelivery(endpoint)
      await subject.deliveries.insertMany([delivery])
      const writes = [at(1), at(2)].map((when) => ({ ...delivery, nextAttemptAt: when, version: 2 }))
      const results = await Promise.all(writes.map((write) => subject.deliveries.update(write, 1)))
      expect([...results].sort()).toEqual(['conflict', 'updated'])
      const stored = await subject.deliveries.get('acct_a', delivery.id)
      expect(stored).toEqual(writes[results.indexOf('updated')])
    })

    it('keeps the notification of each delivery through reads and writes, also under a reused notification id', async () => {
      const other = makeEndpoint()
      const first = makeDelivery(endpoint)
      const sameNotification = makeDelivery(other, { notification: first.notification })
      const sameIdOtherText = makeDelivery(makeEndpoint(), {
        notification: { ...first.notification, type: 'user.deleted', object: { id: 'usr_other' } },
      })
      await subject.deliveries.insertMany([first, sameNotification, sameIdOtherText])
      const attempt = {
        number: 1,
        at: at(1),
        durationMs: 3,
        outcome: { kind: 'response' as const, statusCode: 200 },
        error: null,
      }
      for (let round = 0; round < 2; round++) {
        const due = await subject.deliveries.due('acct_a', at(0), 10)
        expect(due).toHaveLength(3 - round * 3)
        for (const delivery of due) {
          const next = {
            ...delivery,
            nextAttemptAt: null,
            status: 'succeeded' as const,
            attempts: [attempt],
            version: 2,
          }
          expect(await subject.deliveries.update(next, 1)).toBe('updated')
        }
      }
      for (const delivery of [first, sameNotification, sameIdOtherText])
        expect(await subject.deliveries.get('acct_a', delivery.id)).toEqual({
          ...delivery,
          nextAttemptAt: null,
          status: 'succeeded',
          attempts: [attempt],
          version: 2,
        })
    })

    it('removes the deliveries of an endpoint', async () => {
      const other = makeEndpoint()
      await subject.deliveries.insertMany([makeDelivery(endpoint), makeDelivery(endpoint), makeDelivery(other)])
      expect(await subject.deliveries.removeByEndpoint('acct_a', endpoint.id)).toBe(2)
      expect((await subject.deliveries.listByEndpoint('acct_a', endpoint.id, { limit: 10 })).data).toEqual([])
      expect((await subject.deliveries.listByEndpoint('acct_a', other.id, { limit: 10 })).data).toHaveLength(1)
    })
  })
}
