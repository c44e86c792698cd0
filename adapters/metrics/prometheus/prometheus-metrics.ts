import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import {
  type CollectOptions,
  type CounterName,
  type GaugeName,
  HISTOGRAM_BUCKETS,
  type HistogramName,
  type LabelsOf,
  METRICS,
  type MetricName,
  type MetricSample,
  type MetricsPort,
} from '../../../core/ports/metrics.js'

const PREFIX = 'departure_'

type Reader = () => Promise<readonly { labels: Readonly<Record<string, string>>; value: number }[]>

/**
 * MetricsPort on prom-client, in a registry of its own (several applications may share a process, as in tests):
 * every metric of the catalogue, prefixed `departure_`, plus prom-client's process metrics (CPU, memory, event loop
 * lag, handles). `exposition()` is the text a Prometheus scrape reads.
 */
export class PrometheusMetrics implements MetricsPort {
  readonly registry = new Registry()
  private readonly counters = new Map<MetricName, Counter>()
  private readonly histograms = new Map<MetricName, Histogram>()
  private readonly readers = new Map<MetricName, Reader[]>()

  constructor(options: { processMetrics?: boolean } = {}) {
    for (const [name, declaration] of Object.entries(METRICS) as [MetricName, (typeof METRICS)[MetricName]][]) {
      const common = {
        name: `${PREFIX}${name}`,
        help: declaration.help,
        labelNames: [...declaration.labels],
        registers: [this.registry],
      }
      if (declaration.kind === 'counter') this.counters.set(name, new Counter(common))
      else if (declaration.kind === 'histogram')
        this.histograms.set(name, new Histogram({ ...common, buckets: [...HISTOGRAM_BUCKETS] }))
      else {
        const readers: Reader[] = []
        this.readers.set(name, readers)
        new Gauge({
          ...common,
          async collect() {
            this.reset()
            for (const read of readers)
              for (const reading of await read()) this.set({ ...reading.labels }, reading.value)
          },
        })
      }
    }
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: PREFIX })
  }

  increment<N extends CounterName>(name: N, labels: LabelsOf<N>, by = 1): void {
    this.counters.get(name)?.inc(labels, by)
  }

  observe<N extends HistogramName>(name: N, value: number, labels: LabelsOf<N>): void {
    this.histograms.get(name)?.observe(labels, value)
  }

  gauge<N extends GaugeName>(name: N, read: () => Promise<readonly { labels: LabelsOf<N>; value: number }[]>): void {
    this.readers.get(name)?.push(read)
  }

  /** The Prometheus text exposition format. */
  exposition(): Promise<string> {
    return this.registry.metrics()
  }

  get contentType(): string {
    return this.registry.contentType
  }

  async collect(options: CollectOptions = {}): Promise<MetricSample[]> {
    const samples: MetricSample[] = []
    for (const [name, counter] of this.counters)
      for (const value of (await counter.get()).values)
        samples.push({ name, labels: stringLabels(value.labels), value: value.value })
    for (const [name, histogram] of this.histograms) {
      const byLabels = new Map<
        string,
        { labels: Record<string, string>; count: number; sum: number; buckets: number[] }
      >()
      for (const value of (await histogram.get()).values) {
        const suffix = (value.metricName ?? '').slice(`${PREFIX}${name}`.length)
        if (suffix !== '_count' && suffix !== '_sum' && suffix !== '_bucket') continue
        const { le, ...rest } = value.labels as Partial<Record<string, string | number>>
        const labels = stringLabels(rest)
        const key = JSON.stringify(labels)
        const entry = byLabels.get(key) ?? { labels, count: 0, sum: 0, buckets: HISTOGRAM_BUCKETS.map(() => 0) }
        if (suffix === '_count') entry.count = value.value
        else if (suffix === '_sum') entry.sum = value.value
        else {
          const index = HISTOGRAM_BUCKETS.indexOf(Number(le))
          if (index >= 0) entry.buckets[index] = value.value
        }
        byLabels.set(key, entry)
      }
      for (const entry of byLabels.values())
        samples.push({
          name,
          labels: entry.labels,
          value: entry.count,
          count: entry.count,
          sum: entry.sum,
          buckets: entry.buckets,
        })
    }
    if (options.gauges === false) return samples
    for (const [name, readers] of this.readers)
      for (const read of readers)
        for (const reading of await read()) samples.push({ name, labels: { ...reading.labels }, value: reading.value })
    return samples
  }
}

const stringLabels = (labels: Partial<Record<string, string | number>>): Record<string, string> =>
  Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, String(value)]))
