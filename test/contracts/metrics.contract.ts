import { describe, expect, it } from 'vitest'
import { HISTOGRAM_BUCKETS, type MetricSample, type MetricsPort } from '../../core/ports/metrics.js'

export interface MetricsSubject {
  readonly metrics: MetricsPort
}

const find = (samples: readonly MetricSample[], name: string, labels: Record<string, string>) =>
  samples.filter(
    (sample) =>
      sample.name === name &&
      Object.keys(labels).length === Object.keys(sample.labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )

/** What every MetricsPort adapter must do; call it from the adapter's own test file. */
export const metricsContract = (name: string, makeSubject: () => MetricsSubject | Promise<MetricsSubject>): void => {
  describe(`${name} honours the MetricsPort contract`, () => {
    it('adds up a counter per set of labels', async () => {
      const { metrics } = await makeSubject()
      metrics.increment('background_job_runs_total', { job: 'test:monitor', outcome: 'succeeded' })
      metrics.increment('background_job_runs_total', { job: 'test:monitor', outcome: 'succeeded' }, 2)
      metrics.increment('background_job_runs_total', { job: 'test:monitor', outcome: 'failed' })
      const samples = await metrics.collect()
      expect(find(samples, 'background_job_runs_total', { job: 'test:monitor', outcome: 'succeeded' })).toEqual([
        expect.objectContaining({ value: 3 }),
      ])
      expect(find(samples, 'background_job_runs_total', { job: 'test:monitor', outcome: 'failed' })).toEqual([
        expect.objectContaining({ value: 1 }),
      ])
    })

    it('counts and sums the observations of a histogram', async () => {
      const { metrics } = await makeSubject()
      metrics.observe('webhook_delivery_duration_seconds', 0.25, { outcome: 'acknowledged' })
      metrics.observe('webhook_delivery_duration_seconds', 1.5, { outcome: 'acknowledged' })
      const [series, ...rest] = find(await metrics.collect(), 'webhook_delivery_duration_seconds', {
        outcome: 'acknowledged',
      })
      expect(rest).toEqual([])
      expect(series?.count).toBe(2)
      expect(series?.sum).toBeCloseTo(1.75)
    })

    it('gives a histogram’s cumulative counts per bucket bound, an observation on a bound counted in it', async () => {
      const { metrics } = await makeSubject()
      for (const seconds of [0.25, 0.3, 1.5, 60]) metrics.observe('monitoring_lag_seconds', seconds, {})
      const [series] = find(await metrics.collect(), 'monitoring_lag_seconds', {})
      expect(series?.count).toBe(4)
      expect(series?.buckets).toHaveLength(HISTOGRAM_BUCKETS.length)
      const at = (bound: number) => series?.buckets?.[HISTOGRAM_BUCKETS.indexOf(bound)]
      expect([at(0.1), at(0.25), at(0.5), at(1), at(2.5), at(30)]).toEqual([0, 1, 2, 2, 3, 3])
    })

    it('reads a gauge when collected, each reader adding its own series', async () => {
      const { metrics } = await makeSubject()
      let backlog = 3
      metrics.gauge('outbox_backlog', async () => [{ labels: { surface: 'live' }, value: backlog }])
      metrics.gauge('outbox_backlog', async () => [{ labels: { surface: 'test' }, value: 7 }])
      expect(find(await metrics.collect(), 'outbox_backlog', { surface: 'live' })).toEqual([
        expect.objectContaining({ value: 3 }),
      ])
      backlog = 0
      const samples = await metrics.collect()
      expect(find(samples, 'outbox_backlog', { surface: 'live' })).toEqual([expect.objectContaining({ value: 0 })])
      expect(find(samples, 'outbox_backlog', { surface: 'test' })).toEqual([expect.objectContaining({ value: 7 })])
    })

    it('collects without the gauges when asked: their readers are not called, the counters are there', async () => {
      const { metrics } = await makeSubject()
      let reads = 0
      metrics.gauge('outbox_backlog', async () => {
        reads++
        return [{ labels: { surface: 'live' }, value: 3 }]
      })
      metrics.increment('departure_recomputes_total', {}, 2)
      const samples = await metrics.collect({ gauges: false })
      expect(reads).toBe(0)
      expect(find(samples, 'outbox_backlog', { surface: 'live' })).toEqual([])
      expect(find(samples, 'departure_recomputes_total', {})).toEqual([expect.objectContaining({ value: 2 })])
    })

    it('keeps one adapter’s figures to itself', async () => {
      const first = await makeSubject()
      const second = await makeSubject()
      first.metrics.increment('departure_recomputes_total', {}, 5)
      // A label-less counter may read 0 before anything counted it (Prometheus declares it at once).
      const seen = find(await second.metrics.collect(), 'departure_recomputes_total', {})
      expect(seen.reduce((total, sample) => total + sample.value, 0)).toBe(0)
    })
  })
}
