import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MemoryMetrics } from '../../../adapters/metrics/memory/memory-metrics.js'
import {
  COUNTER_SERIES,
  CounterHistory,
  deliveriesByHour,
  OVERVIEW_DELIVERY_CAP,
  OVERVIEW_WINDOW_MS,
  pointsOf,
  quantileOf,
  recentDeliveries,
  recordSnapshot,
  type Snapshot,
  totalsOf,
} from '../../../core/dashboard/overview.js'
import { HISTOGRAM_BUCKETS, type MetricSample } from '../../../core/ports/metrics.js'
import { ok } from '../../../core/shared/result.js'
import type { Delivery } from '../../../core/webhooks/delivery.js'
import type { WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.js'

const MINUTE = 60_000
const totals = (values: Partial<Record<(typeof COUNTER_SERIES)[number], number>>) =>
  Object.fromEntries(COUNTER_SERIES.map((key) => [key, values[key] ?? 0])) as unknown as Snapshot['totals']

describe('the overview folds the counters into its series', () => {
  it('requests by surface and status class, attempts by outcome, departures recomputed', () => {
    const samples: MetricSample[] = [
      {
        name: 'http_requests_total',
        labels: { surface: 'live', route: '/v1/users', method: 'GET', status: '200' },
        value: 5,
      },
      {
        name: 'http_requests_total',
        labels: { surface: 'live', route: '/v1/users', method: 'GET', status: '304' },
        value: 1,
      },
      {
        name: 'http_requests_total',
        labels: { surface: 'test', route: '/v1/users', method: 'POST', status: '422' },
        value: 2,
      },
      {
        name: 'http_requests_total',
        labels: { surface: 'test', route: '/v1/users', method: 'POST', status: '503' },
        value: 3,
      },
      { name: 'webhook_deliveries_total', labels: { outcome: 'acknowledged' }, value: 7 },
      { name: 'webhook_deliveries_total', labels: { outcome: 'rejected' }, value: 1 },
      { name: 'webhook_deliveries_total', labels: { outcome: 'failed' }, value: 2 },
      { name: 'departure_recomputes_total', labels: {}, value: 4 },
      { name: 'idempotency_replays_total', labels: { surface: 'live' }, value: 9 },
      { name: 'departure_thresholds_reached_total', labels: { threshold: 'pre_alert' }, value: 2 },
      { name: 'departure_thresholds_reached_total', labels: { threshold: 'last_call' }, value: 1 },
    ]
    const { histograms: _histograms, ...counters } = totalsOf(samples)
    expect(counters).toEqual(
      totals({
        requests_live_2xx: 6,
        requests_test_4xx: 2,
        requests_test_5xx: 3,
        webhook_attempts_acknowledged: 7,
        webhook_attempts_failed: 3,
        departures_recomputed: 4,
        thresholds_reached: 3,
      }),
    )
  })

  it('request durations by surface (every route together) and the recompute lag, from the metrics port', async () => {
    const metrics = new MemoryMetrics()
    for (const seconds of [0.002, 0.004, 0.02, 0.2])
      metrics.observe('http_request_duration_seconds', seconds, { surface: 'live', route: '/v1/users', method: 'GET' })
    metrics.observe('http_request_duration_seconds', 0.003, { surface: 'live', route: '/v1/events', method: 'POST' })
    metrics.observe('http_request_duration_seconds', 40, { surface: 'test', route: '/v1/users', method: 'GET' })
    metrics.observe('monitoring_lag_seconds', 3, {})
    const { histograms } = totalsOf(await metrics.collect())
    expect(histograms?.latency_live_ms.count).toBe(5)
    // Cumulative per bound of HISTOGRAM_BUCKETS: 0.0025 holds 1, 0.005 holds 3, 0.025 holds 4, 0.25 all 5.
    expect(histograms?.latency_live_ms.buckets.slice(0, 8)).toEqual([0, 1, 3, 3, 4, 4, 4, 5])
    // Above the last bound: counted, in no bucket.
    expect(histograms?.latency_test_ms).toEqual({ count: 1, buckets: HISTOGRAM_BUCKETS.map(() => 0) })
    expect(histograms?.recompute_lag_seconds.buckets.at(-1)).toBe(1)
  })
})

describe('p50 and p99 from histogram buckets, as histogram_quantile estimates them', () => {
  it('the estimate lies in the bucket that holds the true quantile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 29, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.constantFrom(0.5, 0.99),
        async (observations, q) => {
          const metrics = new MemoryMetrics()
          for (const value of observations) metrics.observe('monitoring_lag_seconds', value, {})
          const sorted = [...observations].sort((a, b) => a - b)
          const truth = sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number
          const [sample] = await metrics.collect()
          const estimate = quantileOf(q, sample?.count ?? 0, sample?.buckets ?? []) as number
          const upper = HISTOGRAM_BUCKETS.findIndex((bound) => truth <= bound)
          const lower = upper === 0 ? 0 : (HISTOGRAM_BUCKETS[upper - 1] as number)
          expect(estimate).toBeGreaterThanOrEqual(lower)
          expect(estimate).toBeLessThanOrEqual(HISTOGRAM_BUCKETS[upper] as number)
        },
      ),
    )
  })

  it('no observation, no quantile; above the last bound, the last bound', () => {
    expect(
      quantileOf(
        0.5,
        0,
        HISTOGRAM_BUCKETS.map(() => 0),
      ),
    ).toBeNull()
    expect(
      quantileOf(
        0.99,
        3,
        HISTOGRAM_BUCKETS.map(() => 0),
      ),
    ).toBe(30)
  })

  it('a point holds the quantiles of the minute: milliseconds for requests, seconds for the lag', async () => {
    const metrics = new MemoryMetrics()
    let now = 0
    const history = new CounterHistory(metrics, { now: () => new Date(now) })
    await history.sample()
    for (let index = 0; index < 100; index++)
      metrics.observe('http_request_duration_seconds', 0.004, { surface: 'test', route: '/v1/users', method: 'GET' })
    now += MINUTE
    await history.sample()
    now += MINUTE
    await history.sample()
    const [first, second] = history.points()
    // All 100 in (2.5 ms, 5 ms]: p50 half-way, p99 near the top.
    expect(first?.values.latency_test_ms_p50).toBe(3.75)
    expect(first?.values.latency_test_ms_p99).toBe(4.98)
    expect(first?.values.latency_live_ms_p50).toBeNull()
    // The next minute had no request: no quantile, not the previous one.
    expect(second?.values.latency_test_ms_p50).toBeNull()
  })
})

describe('the counters keep 24 hours of per-minute rates', () => {
  it('a point is the difference from the previous snapshot, per minute; a counter that went down restarted', () => {
    const points = pointsOf([
      { at: 0, totals: totals({ requests_live_2xx: 10 }) },
      { at: 2 * MINUTE, totals: totals({ requests_live_2xx: 30 }) },
      { at: 3 * MINUTE, totals: totals({ requests_live_2xx: 4 }) },
    ])
    expect(points.map((point) => point.values.requests_live_2xx)).toEqual([10, 4])
    expect(points.map((point) => point.at.getTime())).toEqual([2 * MINUTE, 3 * MINUTE])
  })

  it('one snapshot per minute but the baseline, ordered, none older than the window but the one before it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 * 24 * 3600 }), { maxLength: 300 }), (seconds) => {
        let snapshots: Snapshot[] = []
        let latest = -1
        for (const second of [...new Set(seconds)].sort((a, b) => a - b)) {
          snapshots = recordSnapshot(snapshots, { at: second * 1000, totals: totals({}) })
          latest = second * 1000
        }
        const times = snapshots.map((snapshot) => snapshot.at)
        expect([...times].sort((a, b) => a - b)).toEqual(times)
        const minutes = times.slice(1).map((at) => Math.floor(at / MINUTE))
        expect(new Set(minutes).size).toBe(minutes.length)
        expect(times.filter((at) => at < latest - OVERVIEW_WINDOW_MS).length).toBeLessThanOrEqual(1)
        expect(snapshots.length).toBeLessThanOrEqual(24 * 60 + 3)
        if (latest >= 0) expect(times.at(-1)).toBe(latest)
      }),
    )
  })

  it('samples the port on each read, within the minute replacing its own snapshot', async () => {
    let now = 10 * MINUTE
    let served = 0
    const history = new CounterHistory(
      {
        collect: async () => [
          {
            name: 'http_requests_total',
            labels: { surface: 'live', route: '/', method: 'GET', status: '200' },
            value: served,
          },
        ],
      },
      { now: () => new Date(now) },
    )
    await history.sample()
    served = 2
    now += 10_000
    await history.sample()
    // Seconds after the baseline: a point at once.
    expect(history.points().map((point) => point.values.requests_live_2xx)).toEqual([2])
    served = 5
    now += MINUTE
    await history.sample()
    served = 8
    now += 10_000
    await history.sample()
    // The later read of a minute replaced the earlier one: 6 requests in the 70 s since the previous snapshot.
    const rates = history.points().map((point) => point.values.requests_live_2xx)
    expect(rates).toHaveLength(2)
    expect(rates[0]).toBe(2)
    expect(rates[1]).toBeCloseTo(6 / (70 / 60), 6)
  })
})

describe('the account’s deliveries of the last 24 hours, by hour and status', () => {
  const delivery = (createdAt: string, status: Delivery['status']) =>
    ({ createdAt: new Date(createdAt), status }) as Delivery
  it('counts each delivery in the hour it was made; older ones are left out', () => {
    const hours = deliveriesByHour(
      [
        delivery('2026-06-01T09:10:00Z', 'succeeded'),
        delivery('2026-06-01T09:50:00Z', 'failed'),
        delivery('2026-06-01T08:00:00Z', 'retrying'),
        delivery('2026-05-31T09:00:00Z', 'succeeded'),
      ],
      new Date('2026-06-01T09:30:00Z'),
    )
    expect(hours).toHaveLength(24)
    expect(hours.at(-1)).toEqual({ at: new Date('2026-06-01T09:00:00Z'), succeeded: 1, failed: 1, open: 0 })
    expect(hours.at(-2)).toMatchObject({ succeeded: 0, failed: 0, open: 1 })
    expect(hours.reduce((sum, hour) => sum + hour.succeeded, 0)).toBe(1)
  })
})

describe('the overview reads the deliveries of the last 24 hours page by page, newest first', () => {
  /** `endpoints` endpoints, each with `perEndpoint` deliveries one minute apart, newest first, paged as the service pages. */
  const reader = (endpoints: number, perEndpoint: number, now: number) => {
    const pages: string[] = []
    const deliveriesOf = (endpointId: string) =>
      Array.from({ length: perEndpoint }, (_, index) => ({
        id: `${endpointId}_${String(index).padStart(6, '0')}`,
        endpointId,
        status: 'succeeded',
        createdAt: new Date(now - index * MINUTE),
      })) as unknown as Delivery[]
    const page = <T extends { id: string }>(rows: readonly T[], request: { limit: number; startingAfter?: string }) => {
      const start =
        request.startingAfter === undefined ? 0 : rows.findIndex((row) => row.id === request.startingAfter) + 1
      const data = rows.slice(start, start + request.limit)
      return ok({ data, hasMore: start + request.limit < rows.length })
    }
    const ids = Array.from({ length: endpoints }, (_, index) => ({ id: `we_${index}` })) as WebhookEndpoint[]
    return {
      pages,
      webhooks: {
        list: async (_scope: unknown, request: { limit: number; startingAfter?: string }) => page(ids, request),
        listDeliveries: async (
          _scope: unknown,
          endpointId: string,
          request: { limit: number; startingAfter?: string },
        ) => {
          pages.push(endpointId)
          return page(deliveriesOf(endpointId), request)
        },
      },
    }
  }
  const scope = { accountId: 'acct_1', livemode: false, clock: { now: () => new Date(0) } }

  it('stops at the first delivery older than the window, on every endpoint', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z')
    const { webhooks, pages } = reader(3, 2 * 24 * 60, now)
    const since = new Date(now - OVERVIEW_WINDOW_MS)
    const read = await recentDeliveries(webhooks as never, scope, since)
    expect(read.capped).toBe(false)
    expect(read.deliveries).toHaveLength(3 * (24 * 60 + 1))
    expect(read.deliveries.every((delivery) => delivery.createdAt >= since)).toBe(true)
    // 1,441 recent deliveries an endpoint: 15 pages of 100 each, never the rest of the 2,880.
    expect(pages.filter((endpoint) => endpoint === 'we_0')).toHaveLength(15)
  })

  it('reads no more than the cap, and says so', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z')
    const { webhooks } = reader(5, 24 * 60, now)
    const read = await recentDeliveries(webhooks as never, scope, new Date(now - OVERVIEW_WINDOW_MS))
    expect(read.capped).toBe(true)
    expect(read.deliveries).toHaveLength(OVERVIEW_DELIVERY_CAP)
  })
})
