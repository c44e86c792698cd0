import type { Clock } from '../ports/clock.js'
import { HISTOGRAM_BUCKETS, type MetricSample, type MetricsPort } from '../ports/metrics.js'
import { MAX_PAGE_LIMIT } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import type { Delivery } from '../webhooks/delivery.js'
import type { WebhookEndpointService } from '../webhooks/webhook-endpoint-service.js'

/**
 * The overview's figures. Two sources, each named on the page:
 *
 * - **Counters of this host** (`/metrics`): requests by surface and status class, webhook delivery attempts by
 *   outcome, departure windows recomputed, thresholds reached; and two histograms, request durations by surface and
 *   the monitor's recompute lag, whose per-minute p50 and p99 are estimated from their buckets as Prometheus's
 *   `histogram_quantile` does. `CounterHistory` samples them once a minute (and when the overview is read) and
 *   keeps 24 hours of per-minute differences in memory: what this process answered since it started, for every
 *   account it serves.
 * - **The account's own records** (storage, every host): its webhook deliveries of the last 24 hours by hour and
 *   final status (`deliveriesByHour`), and how many of its events the monitor watches now.
 */

export const OVERVIEW_WINDOW_MS = 24 * 3_600_000
const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000

/** What is charted from the counters: one series per key. */
export const COUNTER_SERIES = [
  'requests_live_2xx',
  'requests_live_4xx',
  'requests_live_5xx',
  'requests_test_2xx',
  'requests_test_4xx',
  'requests_test_5xx',
  'webhook_attempts_acknowledged',
  'webhook_attempts_failed',
  'departures_recomputed',
  'thresholds_reached',
] as const
export type CounterSeries = (typeof COUNTER_SERIES)[number]

/** The histograms charted as p50 and p99 per minute: request durations (milliseconds) and recompute lag (seconds). */
export const HISTOGRAM_SERIES = ['latency_live_ms', 'latency_test_ms', 'recompute_lag_seconds'] as const
export type HistogramSeries = (typeof HISTOGRAM_SERIES)[number]

/** A histogram's totals: its count and cumulative bucket counts (one per bound of `HISTOGRAM_BUCKETS`). */
export interface HistogramTotals {
  readonly count: number
  readonly buckets: readonly number[]
}

type Totals = Readonly<Record<CounterSeries, number>> & {
  readonly histograms?: Readonly<Record<HistogramSeries, HistogramTotals>>
}

/** The names of the quantile series of each histogram: `latency_live_ms_p50`, `latency_live_ms_p99`, ... */
export const QUANTILE_SERIES = HISTOGRAM_SERIES.flatMap((key) => [`${key}_p50`, `${key}_p99`] as const)

const zero = (): Record<CounterSeries, number> =>
  Object.fromEntries(COUNTER_SERIES.map((key) => [key, 0])) as Record<CounterSeries, number>

const emptyHistogram = (): { count: number; buckets: number[] } => ({
  count: 0,
  buckets: HISTOGRAM_BUCKETS.map(() => 0),
})

/**
 * The `q` quantile of the observations a histogram's buckets hold (cumulative counts per bound, `count` in all),
 * interpolated linearly inside the bucket it falls in, as Prometheus's `histogram_quantile`; above the last bound it
 * is the last bound. Null when there is no observation.
 */
export const quantileOf = (
  q: number,
  count: number,
  buckets: readonly number[],
  bounds = HISTOGRAM_BUCKETS,
): number | null => {
  if (count <= 0) return null
  const rank = q * count
  let below = 0
  for (const [index, bound] of bounds.entries()) {
    const upTo = buckets[index] ?? below
    if (upTo >= rank && upTo > below) {
      const lower = index === 0 ? 0 : (bounds[index - 1] as number)
      return lower + ((bound - lower) * (rank - below)) / (upTo - below)
    }
    below = upTo
  }
  return bounds.at(-1) ?? null
}

/** The counters' totals, folded into the charted series (a 3xx counts with 2xx: the request was answered). */
export const totalsOf = (samples: readonly MetricSample[]): Totals => {
  const totals = zero()
  const histograms = {
    latency_live_ms: emptyHistogram(),
    latency_test_ms: emptyHistogram(),
    recompute_lag_seconds: emptyHistogram(),
  }
  const add = (into: { count: number; buckets: number[] }, sample: MetricSample) => {
    into.count += sample.count ?? sample.value
    sample.buckets?.forEach((value, index) => {
      into.buckets[index] = (into.buckets[index] ?? 0) + value
    })
  }
  for (const sample of samples) {
    if (sample.name === 'http_request_duration_seconds')
      add(histograms[sample.labels.surface === 'test' ? 'latency_test_ms' : 'latency_live_ms'], sample)
    else if (sample.name === 'monitoring_lag_seconds') add(histograms.recompute_lag_seconds, sample)
    else if (sample.name === 'departure_thresholds_reached_total') totals.thresholds_reached += sample.value
    if (sample.name === 'http_requests_total') {
      const surface = sample.labels.surface === 'test' ? 'test' : 'live'
      const status = Number(sample.labels.status)
      const klass = status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx'
      totals[`requests_${surface}_${klass}`] += sample.value
    } else if (sample.name === 'webhook_deliveries_total')
      totals[sample.labels.outcome === 'acknowledged' ? 'webhook_attempts_acknowledged' : 'webhook_attempts_failed'] +=
        sample.value
    else if (sample.name === 'departure_recomputes_total') totals.departures_recomputed += sample.value
  }
  return { ...totals, histograms }
}

export interface Snapshot {
  /** When the totals were read (milliseconds since the epoch). */
  readonly at: number
  readonly totals: Totals
}

export interface CounterPoint {
  readonly at: Date
  /**
   * The counters per minute, averaged over the time since the previous snapshot; the quantiles of the observations
   * made meanwhile (null when there was none): durations in milliseconds, lag in seconds.
   */
  readonly values: Readonly<Record<CounterSeries, number>> &
    Readonly<Record<(typeof QUANTILE_SERIES)[number], number | null>>
}

const minuteOf = (at: number) => Math.floor(at / MINUTE_MS)

/**
 * Keeps one snapshot per minute (a later read in the same minute replaces it), except the first, the baseline, which
 * stays so that a point shows from the first read on; none older than the window but one before it, so that the
 * oldest point still has a predecessor.
 */
export const recordSnapshot = (snapshots: readonly Snapshot[], next: Snapshot): Snapshot[] => {
  const kept = snapshots.filter((snapshot) => snapshot.at < next.at)
  const last = kept.at(-1)
  if (kept.length >= 2 && last !== undefined && minuteOf(last.at) === minuteOf(next.at)) kept.pop()
  kept.push(next)
  const firstInWindow = kept.findIndex((snapshot) => snapshot.at >= next.at - OVERVIEW_WINDOW_MS)
  return kept.slice(Math.max(0, firstInWindow - 1))
}

/**
 * The rate of each series between consecutive snapshots, per minute (over at least a minute: a first point taken
 * seconds after the baseline is a count, not a projection); a counter that went down (a restart) counts from zero.
 */
export const pointsOf = (snapshots: readonly Snapshot[]): CounterPoint[] => {
  const points: CounterPoint[] = []
  for (let index = 1; index < snapshots.length; index++) {
    const previous = snapshots[index - 1] as Snapshot
    const current = snapshots[index] as Snapshot
    const minutes = Math.max(1, (current.at - previous.at) / MINUTE_MS)
    const values: Record<string, number | null> = zero()
    for (const key of COUNTER_SERIES) {
      const delta = current.totals[key] - previous.totals[key]
      values[key] = (delta >= 0 ? delta : current.totals[key]) / minutes
    }
    for (const key of HISTOGRAM_SERIES) {
      const now = current.totals.histograms?.[key] ?? emptyHistogram()
      const before = previous.totals.histograms?.[key] ?? emptyHistogram()
      // A histogram that went down (a restart) counts from zero.
      const restarted = now.count < before.count
      const count = restarted ? now.count : now.count - before.count
      const buckets = now.buckets.map((value, index) => (restarted ? value : value - (before.buckets[index] ?? 0)))
      const scale = key === 'recompute_lag_seconds' ? 1 : 1000
      for (const [suffix, q] of [
        ['p50', 0.5],
        ['p99', 0.99],
      ] as const) {
        const quantile = quantileOf(q, count, buckets)
        values[`${key}_${suffix}`] = quantile === null ? null : Math.round(quantile * scale * 100) / 100
      }
    }
    points.push({ at: new Date(current.at), values: values as CounterPoint['values'] })
  }
  return points
}

/** The counters' history of this process, sampled by the host once a minute and on each read. */
export class CounterHistory {
  private snapshots: Snapshot[] = []

  constructor(
    private readonly metrics: Pick<MetricsPort, 'collect'>,
    private readonly clock: Clock,
  ) {}

  async sample(): Promise<void> {
    // The counters and histograms only: the gauges (which may read storage) are not charted.
    const totals = totalsOf(await this.metrics.collect({ gauges: false }))
    this.snapshots = recordSnapshot(this.snapshots, { at: this.clock.now().getTime(), totals })
  }

  points(): CounterPoint[] {
    return pointsOf(this.snapshots)
  }
}

export interface DeliveryHour {
  /** The start of the hour. */
  readonly at: Date
  readonly succeeded: number
  readonly failed: number
  /** Pending or retrying. */
  readonly open: number
}

/** The deliveries made in the 24 hours before `now`, by the hour they were made in and their status. */
export const deliveriesByHour = (deliveries: readonly Delivery[], now: Date): DeliveryHour[] => {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS
  const start = end - OVERVIEW_WINDOW_MS
  const hours = Array.from({ length: 24 }, (_, index) => ({
    at: new Date(start + index * HOUR_MS),
    succeeded: 0,
    failed: 0,
    open: 0,
  }))
  for (const delivery of deliveries) {
    const at = delivery.createdAt.getTime()
    if (at < start || at >= end) continue
    const hour = hours[Math.floor((at - start) / HOUR_MS)]
    if (hour === undefined) continue
    if (delivery.status === 'succeeded') hour.succeeded++
    else if (delivery.status === 'failed') hour.failed++
    else hour.open++
  }
  return hours
}

/** At most this many deliveries are read for the overview; the page says when the cap was reached. */
export const OVERVIEW_DELIVERY_CAP = 5_000

type DeliveryReader = Pick<WebhookEndpointService, 'list' | 'listDeliveries'>

/** The account's deliveries made since `since` on every endpoint of the surface, newest first per endpoint. */
export const recentDeliveries = async (
  webhooks: DeliveryReader,
  scope: RequestScope,
  since: Date,
): Promise<{ readonly deliveries: Delivery[]; readonly capped: boolean }> => {
  const deliveries: Delivery[] = []
  let endpointsAfter: string | undefined
  for (;;) {
    const endpoints = await webhooks.list(scope, { limit: MAX_PAGE_LIMIT, startingAfter: endpointsAfter })
    if (!endpoints.ok) break
    for (const endpoint of endpoints.value.data) {
      let after: string | undefined
      for (;;) {
        const page = await webhooks.listDeliveries(scope, endpoint.id, { limit: MAX_PAGE_LIMIT, startingAfter: after })
        if (!page.ok) break
        const recent = page.value.data.filter((delivery) => delivery.createdAt >= since)
        deliveries.push(...recent)
        if (deliveries.length >= OVERVIEW_DELIVERY_CAP)
          return { deliveries: deliveries.slice(0, OVERVIEW_DELIVERY_CAP), capped: true }
        if (!page.value.hasMore || recent.length < page.value.data.length) break
        after = page.value.data.at(-1)?.id
      }
    }
    if (!endpoints.value.hasMore) break
    endpointsAfter = endpoints.value.data.at(-1)?.id
  }
  return { deliveries, capped: false }
}

/** The most events counted as monitored: the page says "10,000 or more" above it. */
export const MONITORED_EVENTS_CAP = 10_000
