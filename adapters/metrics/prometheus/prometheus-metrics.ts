import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import {
  type CounterName,
  type GaugeName,
  type HistogramName,
  type LabelsOf,
  METRICS,
  type MetricName,
  type MetricSample,
  type MetricsPort,
} from '../../../core/ports/metrics.js'

/** Seconds: from a fast cached read (1 ms) to a slow provider call or webhook attempt (30 s). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
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
        this.histograms.set(name, new Histogram({ ...common, buckets: BUCKETS }))
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

  async collect(): Promise<MetricSample[]> {
    const samples: MetricSample[] = []
    for (const [name, counter] of this.counters)
      for (const value of (await counter.get()).values)
        samples.push({ name, labels: stringLabels(value.labels), value: value.value })
    for (const [name, histogram] of this.histograms) {
      const byLabels = new Map<string, { labels: Record<string, string>; count: number; sum: number }>()
      for (const value of (await histogram.get()).values) {
        const suffix = (value.metricName ?? '').slice(`${PREFIX}${name}`.length)
        if (suffix !== '_count' && suffix !== '_sum') continue
        const labels = stringLabels(value.labels)
        const key = JSON.stringify(labels)
        const entry = byLabels.get(key) ?? { labels, count: 0, sum: 0 }
        if (suffix === '_count') entry.count = value.value
        else entry.sum = value.value
        byLabels.set(key, entry)
      }
      for (const entry of byLabels.values())
        samples.push({ name, labels: entry.labels, value: entry.count, count: entry.count, sum: entry.sum })
    }
    for (const [name, readers] of this.readers)
      for (const read of readers)
        for (const reading of await read()) samples.push({ name, labels: { ...reading.labels }, value: reading.value })
    return samples
  }
}

const stringLabels = (labels: Partial<Record<string, string | number>>): Record<string, string> =>
  Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, String(value)]))
