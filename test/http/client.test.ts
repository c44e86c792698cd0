import { readFileSync } from 'node:fs'
// As a user imports it: the package by its name, built into dist/ by its `prepare` script on `npm install`.
import { ApiError, constructWebhookEvent, createClient } from 'departure-service-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  generateSchemaSource,
  generateWebhooksSource,
  SCHEMA_FILE,
  WEBHOOKS_FILE,
} from '../../clients/typescript/scripts/generate.js'
import { fixedClock } from '../support/departure-fixtures.js'
import { startTestService, TEST_KEY, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let receiver: WebhookReceiver
/** Every request the client sent, as the service received it (method, path, Idempotency-Key). */
const sent: { method: string; path: string; idempotencyKey: string | null }[] = []
const recordingFetch = (request: Request) => {
  sent.push({
    method: request.method,
    path: new URL(request.url).pathname,
    idempotencyKey: request.headers.get('idempotency-key'),
  })
  return fetch(request)
}

beforeAll(async () => {
  test = await startTestService()
  receiver = await WebhookReceiver.start()
})
afterAll(async () => {
  await receiver?.stop()
  await test?.stop()
})

const client = () => createClient({ apiKey: TEST_KEY, baseUrl: test.sandbox, fetch: recordingFetch })

describe('the typed client against the running service', () => {
  it('calls with the key and answers typed bodies; mutating calls carry an Idempotency-Key, reads none', async () => {
    sent.length = 0
    const api = client()
    const user = await api.post('/v1/users', { body: { email: 'client.one@example.com', timezone: 'Europe/Paris' } })
    expect(user.id).toMatch(/^usr_/)
    expect(user.timezone).toBe('Europe/Paris')
    const again = await api.get('/v1/users/{id}', { params: { path: { id: user.id } } })
    expect(again.email).toBe('client.one@example.com')
    expect(sent.map((request) => request.method)).toEqual(['POST', 'GET'])
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[1]!.idempotencyKey).toBeNull()
  })

  it('throws an ApiError carrying the envelope', async () => {
    const error = await client()
      .get('/v1/users/{id}', { params: { path: { id: 'usr_missing' } } })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect([apiError.status, apiError.code, apiError.type, apiError.param]).toEqual([
      404,
      'resource_missing',
      'invalid_request_error',
      'id',
    ])
    expect(apiError.requestId).toMatch(/^req_/)
    const invalid = await client()
      .post('/v1/users', { body: { email: 'not an address' } })
      .catch((caught: unknown) => caught as ApiError)
    expect([invalid.code, invalid.param]).toEqual(['parameter_invalid', 'email'])
  })

  it('walks every page of a list', async () => {
    const api = client()
    for (let index = 0; index < 7; index++)
      await api.post('/v1/users', { body: { email: `page.${index}@example.com` } })
    sent.length = 0
    const emails: string[] = []
    for await (const user of api.list('/v1/users', { params: { query: { limit: 3 } } })) emails.push(user.email)
    const all = (await api.get('/v1/users', { params: { query: { limit: 100 } } })).data.map((user) => user.email)
    expect(emails).toEqual(all)
    expect(new Set(emails).size).toBe(emails.length)
    expect(emails).toContain('ada.lovelace@sandbox.example')
    expect(sent.filter((request) => request.path === '/v1/users').length).toBeGreaterThan(3)
  })

  it('refuses, at compile time, to page a list whose items have no id, and never stops early at run time', async () => {
    const api = client()
    const user = await api.post('/v1/users', { body: { email: 'upcoming@example.com' } })
    // @ts-expect-error: the upcoming health items have no `id` to page after
    const listing = api.list('/v1/events/health/upcoming', { params: { query: { user_id: user.id } } })
    // Forced past the compiler: an answer with has_more and no ids is an error, not a silent end.
    const paging = createClient({
      apiKey: TEST_KEY,
      baseUrl: test.sandbox,
      fetch: async () =>
        new Response(JSON.stringify({ object: 'list', data: [{ event_id: 'evt_1' }], has_more: true, url: '/x' }), {
          headers: { 'content-type': 'application/json' },
        }),
    })
    const seen: unknown[] = []
    const walk = async () => {
      for await (const item of paging.list('/v1/users')) seen.push(item)
    }
    await expect(walk()).rejects.toThrow(/no id to page after/)
    expect(seen).toHaveLength(1)
    expect(listing).toBeDefined()
  })

  it('verifies a delivery with the webhook helper it ships', async () => {
    const api = client()
    const endpoint = await api.post('/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['webhook_endpoint.test'] },
    })
    await api.post('/v1/webhook_endpoints/{id}/test', { params: { path: { id: endpoint.id } } })
    await receiver.waitFor(1)
    const delivery = receiver.received[0]!
    const notification = constructWebhookEvent(
      delivery.rawBody,
      delivery.headers['service-signature'] as string,
      endpoint.secret!,
    )
    expect(notification.type).toBe('webhook_endpoint.test')
    expect(() =>
      constructWebhookEvent(delivery.rawBody, delivery.headers['service-signature'] as string, 'whsec_x'),
    ).toThrow(/signature/i)
  })
})

describe('retries', () => {
  it('retries a 429 after Retry-After with the same Idempotency-Key, then succeeds', async () => {
    const clock = fixedClock(new Date().toISOString())
    const limited = await startTestService({ RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW_MS: '60000' }, clock)
    try {
      const waits: number[] = []
      const keys: (string | null)[] = []
      const statuses: number[] = []
      const api = createClient({
        apiKey: TEST_KEY,
        baseUrl: limited.sandbox,
        maxRetries: 1,
        fetch: async (request) => {
          keys.push(request.headers.get('idempotency-key'))
          const response = await fetch(request)
          statuses.push(response.status)
          return response
        },
        // Waiting is moving the service's clock on: the window it named has passed.
        sleep: async (milliseconds) => {
          waits.push(milliseconds)
          clock.set(new Date(clock.now().getTime() + milliseconds).toISOString())
        },
      })
      await api.get('/v1/health')
      await api.get('/v1/health')
      const user = await api.post('/v1/users', { body: { email: 'retried@example.com' } })
      expect(user.email).toBe('retried@example.com')
      expect(statuses).toEqual([200, 200, 429, 201])
      expect(waits).toHaveLength(1)
      expect(waits[0]).toBeGreaterThan(0)
      expect(waits[0]! % 1000).toBe(0)
      expect(keys[2]).not.toBeNull()
      expect(keys[3]).toBe(keys[2])
      // Without retries the 429 surfaces as a typed error.
      const once = createClient({ apiKey: TEST_KEY, baseUrl: limited.sandbox, maxRetries: 0 })
      const outcomes = await Promise.all(
        [1, 2, 3].map(() => once.get('/v1/health').catch((caught: unknown) => caught as ApiError)),
      )
      const refused = outcomes.find((outcome) => outcome instanceof ApiError) as ApiError
      expect([refused.status, refused.code]).toEqual([429, 'rate_limit_exceeded'])
      expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    } finally {
      await limited.stop()
    }
  })
})

describe('the generated client', () => {
  it('matches what the contracts generate (npm run client:generate)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8') === (await generateSchemaSource())).toBe(true)
    expect(readFileSync(WEBHOOKS_FILE, 'utf8')).toBe(generateWebhooksSource())
    // openapi-typescript over the whole document is seconds of compute, more on a shared machine.
  }, 120_000)
})
