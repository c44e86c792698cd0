import { beforeEach, describe, expect, it } from 'vitest'
import type { OutboxPort } from '../../core/ports/outbox.js'
import type { WebhookEndpointRepositoryPort } from '../../core/ports/webhook-endpoint-repository.js'
import { makeEndpoint, notification } from '../support/webhook-fixtures.js'

export interface WebhookEndpointRepositorySubject {
  readonly endpoints: WebhookEndpointRepositoryPort
  /** The outbox endpoint writes append their domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

/** The behaviour every storage of webhook endpoints must have (run it against your adapter). */
export const webhookEndpointRepositoryContract = (
  name: string,
  makeSubject: () => WebhookEndpointRepositorySubject | Promise<WebhookEndpointRepositorySubject>,
): void => {
  describe(`${name}: webhook endpoint repository contract`, () => {
    let subject: WebhookEndpointRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
      return () => subject.teardown?.()
    })

    it('round-trips an endpoint and keeps accounts apart', async () => {
      const endpoint = makeEndpoint()
      await subject.endpoints.insert(endpoint)
      expect(await subject.endpoints.get('acct_a', endpoint.id)).toEqual(endpoint)
      expect(await subject.endpoints.get('acct_b', endpoint.id)).toBeNull()
      expect((await subject.endpoints.list('acct_b', { limit: 10 })).data).toEqual([])
    })

    it('keeps a Connect endpoint as one, among the enabled endpoints of its account', async () => {
      const endpoint = makeEndpoint({ connect: true })
      await subject.endpoints.insert(endpoint)
      expect((await subject.endpoints.get('acct_a', endpoint.id))?.connect).toBe(true)
      expect((await subject.endpoints.enabledOf('acct_a')).map((found) => [found.id, found.connect])).toContainEqual([
        endpoint.id,
        true,
      ])
    })

    it('lists newest first with cursors', async () => {
      const created = [makeEndpoint(), makeEndpoint(), makeEndpoint()]
      for (const endpoint of created) await subject.endpoints.insert(endpoint)
      const first = await subject.endpoints.list('acct_a', { limit: 2 })
      expect(first.data.map((endpoint) => endpoint.id)).toEqual([created[2]!.id, created[1]!.id])
      expect(first.hasMore).toBe(true)
      const next = await subject.endpoints.list('acct_a', { limit: 2, startingAfter: created[1]!.id })
      expect(next.data.map((endpoint) => endpoint.id)).toEqual([created[0]!.id])
      expect(next.hasMore).toBe(false)
    })

    it('updates only from the expected version, appending its domain events in the same write', async () => {
      const endpoint = makeEndpoint()
      await subject.endpoints.insert(endpoint)
      const event = notification()
      expect(await subject.endpoints.update({ ...endpoint, status: 'disabled', version: 2 }, 1, [event])).toBe(
        'updated',
      )
      expect(await subject.endpoints.update({ ...endpoint, url: 'https://lost.example.com', version: 2 }, 1)).toBe(
        'conflict',
      )
      expect((await subject.endpoints.get('acct_a', endpoint.id))!.status).toBe('disabled')
      expect((await subject.outbox.pending(10)).map((pending) => pending.id)).toContain(event.id)
    })

    it('lists the enabled endpoints of an account only', async () => {
      const enabled = makeEndpoint()
      await subject.endpoints.insert(enabled)
      await subject.endpoints.insert(makeEndpoint({ status: 'disabled', disabledReason: 'manual' }))
      await subject.endpoints.insert(makeEndpoint({ accountId: 'acct_b' }))
      expect((await subject.endpoints.enabledOf('acct_a')).map((endpoint) => endpoint.id)).toEqual([enabled.id])
    })

    it('removes an endpoint of its account only', async () => {
      const endpoint = makeEndpoint()
      await subject.endpoints.insert(endpoint)
      expect(await subject.endpoints.remove('acct_b', endpoint.id)).toBe(false)
      expect(await subject.endpoints.remove('acct_a', endpoint.id)).toBe(true)
      expect(await subject.endpoints.get('acct_a', endpoint.id)).toBeNull()
      expect(await subject.endpoints.remove('acct_a', endpoint.id)).toBe(false)
    })
  })
}
