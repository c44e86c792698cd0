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

interface Series {
  readonly name: MetricName
  readonly labels: Readonly<Record<string, string>>
  value: number
  count: number
  sum: number
  /** A histogram's observations per bucket (not cumulative): the last one is above every bound. */
  readonly perBucket: number[] | null
}

/** MetricsPort in memory: for tests, and for a host that exposes no metrics (nothing is scraped; it stays small). */
export class MemoryMetrics implements MetricsPort {
  private readonly series = new Map<string, Series>()
  private readonly gauges: { name: GaugeName; read: () => Promise<readonly { labels: object; value: number }[]> }[] = []

  /**
   * The series of a frozen label object seen before, by the object itself: a caller that keeps its label objects
   * (the request observer) is counted without serialising them. Only frozen ones: they cannot change meanwhile, and
   * the label objects made afresh for each call (most callers) are not remembered.
   */
  private readonly seen = new WeakMap<object, Map<MetricName, Series>>()

  private at(name: MetricName, labels: Readonly<Record<string, string>>): Series {
    let byName = this.seen.get(labels)
    const known = byName?.get(name)
    if (known !== undefined) return known
    const key = `${name}${JSON.stringify(labels)}`
    let series = this.series.get(key)
    if (series === undefined) {
      series = {
        name,
        labels: { ...labels },
        value: 0,
        count: 0,
        sum: 0,
        perBucket: METRICS[name].kind === 'histogram' ? new Array(HISTOGRAM_BUCKETS.length + 1).fill(0) : null,
      }
      this.series.set(key, series)
    }
    if (!Object.isFrozen(labels)) return series
    if (byName === undefined) {
      byName = new Map()
      this.seen.set(labels, byName)
    }
    byName.set(name, series)
    return series
  }

  increment<N extends CounterName>(name: N, labels: LabelsOf<N>, by = 1): void {
    this.at(name, labels).value += by
  }

  observe<N extends HistogramName>(name: N, value: number, labels: LabelsOf<N>): void {
    const series = this.at(name, labels)
    series.count += 1
    series.sum += value
    if (series.perBucket !== null) {
      let index = 0
      while (index < HISTOGRAM_BUCKETS.length && value > (HISTOGRAM_BUCKETS[index] as number)) index++
      series.perBucket[index] = (series.perBucket[index] ?? 0) + 1
    }
  }

  gauge<N extends GaugeName>(name: N, read: () => Promise<readonly { labels: LabelsOf<N>; value: number }[]>): void {
    this.gauges.push({ name, read })
  }

  async collect(options: CollectOptions = {}): Promise<MetricSample[]> {
    const samples: MetricSample[] = [...this.series.values()].map((series) =>
      METRICS[series.name].kind === 'histogram'
        ? {
            name: series.name,
            labels: series.labels,
            value: series.count,
            count: series.count,
            sum: series.sum,
            buckets: cumulative(series.perBucket ?? []),
          }
        : { name: series.name, labels: series.labels, value: series.value },
    )
    if (options.gauges === false) return samples
    for (const gauge of this.gauges)
      for (const reading of await gauge.read())
        samples.push({ name: gauge.name, labels: { ...reading.labels }, value: reading.value })
    return samples
  }
}

/** Cumulative counts for each bound of `HISTOGRAM_BUCKETS` (the count above the last bound left out). */
const cumulative = (perBucket: readonly number[]): number[] => {
  let total = 0
  return HISTOGRAM_BUCKETS.map((_, index) => {
    total += perBucket[index] ?? 0
    return total
  })
}
