/**
 * What the service measures about itself, for an operator's monitoring (Prometheus at `/metrics`, see
 * docs/operations.md). Every metric is declared here once: its kind, its help text and its labels, so that an
 * adapter creates them all up front and a call site cannot invent a name or a label. Label values are bounded
 * sets (route templates, never paths with ids; outcomes; job and adapter names), never ids, addresses or secrets.
 */
export const METRICS = {
  http_requests_total: {
    kind: 'counter',
    help: 'HTTP requests answered, by route template, method and status.',
    labels: ['surface', 'route', 'method', 'status'],
  },
  http_request_duration_seconds: {
    kind: 'histogram',
    help: 'Time from the request to its answer being handed to the socket, by route template and method.',
    labels: ['surface', 'route', 'method'],
  },
  rate_limit_refusals_total: {
    kind: 'counter',
    help: 'Requests refused with 429 (the general limit, a pool or a sub-limit), by route template.',
    labels: ['surface', 'route'],
  },
  idempotency_replays_total: {
    kind: 'counter',
    help: 'Mutating requests answered from a stored Idempotency-Key answer.',
    labels: ['surface'],
  },
  webhook_deliveries_total: {
    kind: 'counter',
    help: 'Webhook delivery attempts, by outcome (acknowledged, rejected, failed, blocked).',
    labels: ['outcome'],
  },
  webhook_delivery_duration_seconds: {
    kind: 'histogram',
    help: 'Duration of webhook delivery attempts, by outcome.',
    labels: ['outcome'],
  },
  outbox_backlog: {
    kind: 'gauge',
    help: 'Domain events written but not yet fanned out into deliveries (counted up to 10,000), by surface.',
    labels: ['surface'],
  },
  webhook_backlog_age_seconds: {
    kind: 'gauge',
    help: 'How long the oldest notification waiting for delivery has waited (not yet fanned out, or due and not yet attempted), by surface; 0 when none waits.',
    labels: ['surface'],
  },
  departure_recomputes_total: {
    kind: 'counter',
    help: 'Departure windows recomputed by the background monitor.',
    labels: [],
  },
  departure_thresholds_reached_total: {
    kind: 'counter',
    help: 'Departure thresholds reached by the background monitor (pre_alert, leave_now, last_call), by threshold.',
    labels: ['threshold'],
  },
  monitoring_lag_seconds: {
    kind: 'histogram',
    help: 'How late a due departure recompute ran after its next_recalc_at.',
    labels: [],
  },
  background_job_runs_total: {
    kind: 'counter',
    help: 'Background job runs, by job and outcome (succeeded, failed).',
    labels: ['job', 'outcome'],
  },
  background_job_duration_seconds: {
    kind: 'histogram',
    help: 'Duration of background job runs, by job.',
    labels: ['job'],
  },
  provider_request_duration_seconds: {
    kind: 'histogram',
    help: 'Calls to outside providers (calendars, routing, weather, geocoding), by adapter and outcome (ok, error).',
    labels: ['adapter', 'outcome'],
  },
  provider_errors_total: {
    kind: 'counter',
    help: 'Failed calls to outside providers, by adapter and kind (the port failure: timeout, rate_limited, server_error, network, circuit_open, bad_request, bad_response, or the error, such as grant_revoked).',
    labels: ['adapter', 'kind'],
  },
  routing_lookups_total: {
    kind: 'counter',
    help: 'Routing lookups through the chain and OTP, by source (tomtom, here, osrm, otp, offline) and outcome (cache_hit, answered, over_budget, failed, deadline, late).',
    labels: ['source', 'outcome'],
  },
} as const satisfies Record<string, MetricDeclaration>

export interface MetricDeclaration {
  readonly kind: 'counter' | 'histogram' | 'gauge'
  readonly help: string
  readonly labels: readonly string[]
}

export type MetricName = keyof typeof METRICS
type OfKind<K> = { [N in MetricName]: (typeof METRICS)[N]['kind'] extends K ? N : never }[MetricName]
export type CounterName = OfKind<'counter'>
export type HistogramName = OfKind<'histogram'>
export type GaugeName = OfKind<'gauge'>
/** The labels a metric declares, each a string. */
export type LabelsOf<N extends MetricName> = { readonly [L in (typeof METRICS)[N]['labels'][number]]: string }

/**
 * The upper bounds (seconds) of every histogram's buckets: from a fast cached read (1 ms) to a slow provider call or
 * webhook attempt (30 s). Above the last, only the count knows.
 */
export const HISTOGRAM_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
]

/** One value as it would be scraped: a counter's or gauge's value; a histogram's `count`, `sum` and `buckets`. */
export interface MetricSample {
  readonly name: MetricName
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
  readonly count?: number
  readonly sum?: number
  /** A histogram's cumulative counts, one per bound of `HISTOGRAM_BUCKETS` (observations at or below it). */
  readonly buckets?: readonly number[]
}

export interface CollectOptions {
  /** Whether the gauges are read too (the default). */
  readonly gauges?: boolean
}

export interface MetricsPort {
  /** Adds `by` (default 1) to a counter. */
  increment<N extends CounterName>(name: N, labels: LabelsOf<N>, by?: number): void
  /** Records one observation (seconds for durations) in a histogram. */
  observe<N extends HistogramName>(name: N, value: number, labels: LabelsOf<N>): void
  /**
   * A gauge read when the metrics are collected (a scrape), not kept up to date by the call sites. A second
   * reader of the same gauge adds its own series (one surface each).
   */
  gauge<N extends GaugeName>(name: N, read: () => Promise<readonly { labels: LabelsOf<N>; value: number }[]>): void
  /**
   * Every series now: what a scrape would see (readers of gauges are called). With `gauges: false`, the counters
   * and histograms only: a gauge's reader may query storage (the outbox backlog reads up to 10,000 records), which
   * a reader of counters alone (the dashboard's overview) should not pay for.
   */
  collect(options?: CollectOptions): Promise<MetricSample[]>
}

/** Seconds since `startMs`, for a duration histogram. */
export const secondsSince = (startMs: number, nowMs: number): number => Math.max(0, (nowMs - startMs) / 1000)
