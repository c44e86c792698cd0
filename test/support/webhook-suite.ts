import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { clients, startTestService, type TestService } from './service.js'
import { WebhookReceiver } from './webhook-receiver.js'

/** What a webhook suite's tests reach: set before its tests run (the receiver anew before each). */
export interface WebhookSuite {
  test: TestService
  client: ReturnType<typeof clients>
  receiver: WebhookReceiver
  /** `POST /v1/test_helpers/advance_time`: the walk delivers the outbox (the suite's service has no worker). */
  advance(seconds: number): ReturnType<ReturnType<typeof clients>['sandbox']>
}

/**
 * A suite of webhook notices: its service without background timers (the sandbox clock's walks deliver), a quick
 * delivery timeout, no rate limit in the way; a receiver of its own for each test, and the test's endpoints removed
 * after it, so each test reads only the notices it caused.
 */
export const webhookSuite = (): WebhookSuite => {
  const suite = {
    advance: (seconds: number) => suite.client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds } }),
  } as WebhookSuite
  beforeAll(async () => {
    suite.test = await startTestService({ WORKER: 'false', WEBHOOK_TIMEOUT_MS: '300', RATE_LIMIT_REQUESTS: '100000' })
    suite.client = clients(suite.test)
  })
  afterAll(() => suite.test.stop())
  beforeEach(async () => {
    suite.receiver = await WebhookReceiver.start()
  })
  afterEach(async () => {
    await suite.receiver.stop()
    for (const endpoint of (await suite.client.sandbox('GET', '/v1/webhook_endpoints?limit=100')).body.data)
      await suite.client.sandbox('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)
  })
  return suite
}
