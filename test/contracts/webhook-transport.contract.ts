import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WebhookTransportPort } from '../../core/ports/webhook-transport.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

/** What every webhook transport must do, checked against a real receiver on 127.0.0.1. */
export const webhookTransportContract = (
  name: string,
  makeTransport: () => { transport: WebhookTransportPort; teardown?: () => void },
): void => {
  describe(`${name}: webhook transport contract`, () => {
    let receiver: WebhookReceiver
    let subject: ReturnType<typeof makeTransport>
    beforeEach(async () => {
      receiver = await WebhookReceiver.start()
      subject = makeTransport()
    })
    afterEach(async () => {
      subject.teardown?.()
      await receiver.stop()
    })
    const send = (overrides: { url?: string; timeoutMs?: number } = {}) =>
      subject.transport.send({
        url: new URL(overrides.url ?? receiver.url),
        addresses: ['127.0.0.1'],
        body: '{"id":"ntf_1"}',
        headers: { 'content-type': 'application/json', 'service-signature': 't=1,v1=ab' },
        timeoutMs: overrides.timeoutMs ?? 1000,
      })

    it('POSTs the body and headers unchanged and reports the status', async () => {
      receiver.behave = () => ({ status: 202 })
      const response = await send()
      expect(response.outcome).toEqual({ kind: 'response', statusCode: 202 })
      expect(response.error).toBeNull()
      expect(receiver.received[0]!.rawBody).toBe('{"id":"ntf_1"}')
      expect(receiver.received[0]!.headers['service-signature']).toBe('t=1,v1=ab')
    })

    it('does not follow redirects', async () => {
      const target = await WebhookReceiver.start('/target')
      try {
        receiver.behave = () => ({ status: 301, location: target.url })
        expect((await send()).outcome).toEqual({ kind: 'response', statusCode: 301 })
        expect(target.received).toHaveLength(0)
      } finally {
        await target.stop()
      }
    })

    it('gives up on a receiver that does not answer in time', async () => {
      receiver.behave = () => ({ hang: true })
      const response = await send({ timeoutMs: 150 })
      expect(response.outcome).toEqual({ kind: 'timeout' })
      expect(response.durationMs).toBeGreaterThanOrEqual(100)
    })

    it('reports a refused connection', async () => {
      const closed = await WebhookReceiver.start()
      const url = closed.url
      await closed.stop()
      expect((await send({ url })).outcome).toEqual({ kind: 'connection_error' })
    })

    it('connects to the approved address whatever the host name says', async () => {
      const port = new URL(receiver.url).port
      const response = await send({ url: `http://does-not-resolve.invalid:${port}/webhooks` })
      expect(response.outcome).toEqual({ kind: 'response', statusCode: 200 })
      expect(receiver.received[0]!.headers.host).toBe(`does-not-resolve.invalid:${port}`)
    })
  })
}
