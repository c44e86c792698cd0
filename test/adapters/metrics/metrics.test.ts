import { describe, expect, it } from 'vitest'
import { MemoryMetrics } from '../../../adapters/metrics/memory/memory-metrics.js'
import { PrometheusMetrics } from '../../../adapters/metrics/prometheus/prometheus-metrics.js'
import { METRICS } from '../../../core/ports/metrics.js'
import { metricsContract } from '../../contracts/metrics.contract.js'

metricsContract('MemoryMetrics', () => ({ metrics: new MemoryMetrics() }))
metricsContract('PrometheusMetrics', () => ({ metrics: new PrometheusMetrics({ processMetrics: false }) }))

describe('PrometheusMetrics exposition', () => {
  it('declares every metric of the catalogue with its help and type, and the process metrics', async () => {
    const metrics = new PrometheusMetrics()
    const text = await metrics.exposition()
    for (const [name, declaration] of Object.entries(METRICS)) {
      expect(text).toContain(`# HELP departure_${name} ${declaration.help}`)
      expect(text).toContain(`# TYPE departure_${name} ${declaration.kind}`)
    }
    expect(text).toContain('departure_process_cpu_seconds_total')
    expect(metrics.contentType).toContain('text/plain')
  })

  it('writes labelled series and histogram buckets in the text format', async () => {
    const metrics = new PrometheusMetrics({ processMetrics: false })
    metrics.increment('http_requests_total', { surface: 'test', route: '/v1/users/:id', method: 'GET', status: '404' })
    metrics.observe('http_request_duration_seconds', 0.003, { surface: 'test', route: '/v1/users/:id', method: 'GET' })
    const text = await metrics.exposition()
    expect(text).toContain(
      'departure_http_requests_total{surface="test",route="/v1/users/:id",method="GET",status="404"} 1',
    )
    expect(text).toContain(
      'departure_http_request_duration_seconds_bucket{le="0.005",surface="test",route="/v1/users/:id",method="GET"} 1',
    )
    expect(text).toContain(
      'departure_http_request_duration_seconds_bucket{le="0.0025",surface="test",route="/v1/users/:id",method="GET"} 0',
    )
  })
})
