import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PinoLogger } from '../../adapters/logging/pino/pino-logger.js'
import { CapturedLogLines } from '../support/fakes/recording-logger.js'
import { clients, LIVE_KEY, startTestService, TEST_KEY, type TestService } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

let test: TestService
let client: ReturnType<typeof clients>
let receiver: WebhookReceiver
const captured = new CapturedLogLines()
const HOUR = 3_600_000

beforeAll(async () => {
  receiver = await WebhookReceiver.start()
  // A long window, so that the limit is reached by counting requests, not by racing the clock.
  test = await startTestService(
    { METRICS_PORT: '0', RATE_LIMIT_REQUESTS: '60', RATE_LIMIT_WINDOW_MS: '600000' },
    undefined,
    { logger: PinoLogger.create({ level: 'info', destination: captured }) },
  )
  client = clients(test)
})
afterAll(async () => {
  await test.stop()
  await receiver.stop()
})

const scrape = async (): Promise<string> => {
  const url = test.service.metricsUrl
  if (url === null) throw new Error('no metrics listener')
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return response.text()
}

/** The value of one series of the exposition (0 when absent). */
const value = (text: string, series: string): number => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

describe('GET /metrics (Prometheus, on METRICS_PORT)', () => {
  it('is not served on the API surfaces', async () => {
    const response = await client.sandbox('GET', '/metrics')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('route_not_found')
  })

  it('moves with the traffic: requests, 404s, replays, refusals, deliveries, jobs, recomputes, the outbox', async () => {
    const before = await scrape()
    const notFound = 'departure_http_requests_total{surface="test",route="/v1/users/:id",method="GET",status="404"}'
    expect(value(before, notFound)).toBe(0)

    await client.sandbox('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['event.created'] },
    })
    const user = await client.sandbox('POST', '/v1/users', {
      body: { email: 'metrics@example.com', home_location: { lat: 52.52, lng: 13.405 }, timezone: 'Europe/Berlin' },
      headers: { 'Idempotency-Key': 'metrics-user' },
    })
    const replay = await client.sandbox('POST', '/v1/users', {
      body: { email: 'metrics@example.com', home_location: { lat: 52.52, lng: 13.405 }, timezone: 'Europe/Berlin' },
      headers: { 'Idempotency-Key': 'metrics-user' },
    })
    expect(replay.headers.get('service-idempotent-replay')).toBe('true')
    expect((await client.sandbox('GET', '/v1/users/usr_missing')).status).toBe(404)
    await client.sandbox('POST', '/v1/events', {
      body: {
        user_id: user.body.id,
        title: 'Metrics review',
        start_time: new Date(Date.now() + 5 * HOUR).toISOString(),
        end_time: new Date(Date.now() + 6 * HOUR).toISOString(),
        location: { name: 'Office', address: 'Friedrichstrasse 100, Berlin', lat: 52.5208, lng: 13.3874 },
      },
    })
    await receiver.waitFor(1)
    // A sandbox clock walk runs the monitor: the event's departure is recomputed on its cadence.
    await client.sandbox('POST', '/v1/test_helpers/advance_time', { body: { seconds: 3600 } })
    let refused = 0
    for (let sent = 0; sent < 80 && refused === 0; sent += 1)
      if ((await client.sandbox('GET', '/v1/users')).status === 429) refused += 1
    expect(refused).toBe(1)

    const after = await scrape()
    expect(value(after, notFound)).toBe(1)
    expect(
      value(after, 'departure_http_requests_total{surface="test",route="/v1/users",method="POST",status="201"}'),
    ).toBe(2)
    expect(
      value(after, 'departure_http_request_duration_seconds_count{surface="test",route="/v1/users",method="POST"}'),
    ).toBe(2)
    expect(value(after, 'departure_idempotency_replays_total{surface="test"}')).toBe(1)
    expect(value(after, 'departure_rate_limit_refusals_total{surface="test",route="/v1/users"}')).toBe(1)
    expect(value(after, 'departure_webhook_deliveries_total{outcome="acknowledged"}')).toBeGreaterThanOrEqual(1)
    expect(
      value(after, 'departure_webhook_delivery_duration_seconds_count{outcome="acknowledged"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(value(after, 'departure_departure_recomputes_total')).toBeGreaterThanOrEqual(1)
    expect(value(after, 'departure_monitoring_lag_seconds_count')).toBeGreaterThanOrEqual(1)
    expect(after).toMatch(/departure_background_job_runs_total\{job="test:[^"]+",outcome="succeeded"\} [1-9]/)
    expect(after).toMatch(/departure_outbox_backlog\{surface="test"\} \d+/)
    expect(after).toMatch(/departure_process_cpu_seconds_total \d/)
  })

  it('answers 404 on anything but GET /metrics', async () => {
    const url = new URL(test.service.metricsUrl ?? '')
    expect((await fetch(new URL('/v1/users', url))).status).toBe(404)
    expect((await fetch(url, { method: 'POST' })).status).toBe(404)
  })
})

describe('One structured log line per request', () => {
  it('names the request id, account, key id, route, status and duration; never the key, path ids or bodies', async () => {
    // On production: the sandbox key has used up its allowance above.
    const response = await client.live('GET', '/v1/users/usr_secret_lookup')
    const requestId = response.headers.get('request-id')
    const line = captured.lines.find((candidate) => candidate.requestId === requestId)
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/v1/users/:id',
      status: 404,
      livemode: true,
      accountId: expect.stringMatching(/^acct_/),
      keyId: expect.any(String),
    })
    expect(typeof line?.durationMs).toBe('number')
    const all = captured.lines.map((candidate) => JSON.stringify(candidate)).join('\n')
    for (const secret of [TEST_KEY, LIVE_KEY, 'usr_secret_lookup', 'metrics@example.com', 'Friedrichstrasse'])
      expect(all).not.toContain(secret)
  })
})
