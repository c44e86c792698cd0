import { describe, expect, it } from 'vitest'
import { MemoryMetrics } from '../../adapters/metrics/memory/memory-metrics.js'
import { GrantRevoked } from '../../core/connection/connection.errors.js'
import { ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err, ok } from '../../core/shared/result.js'
import { instrumented } from '../../hosts/composition/instrumented.js'

class FakeProvider {
  calls = 0
  async lookup(answer: 'ok' | 'timeout' | 'revoked' | 'throw') {
    this.calls += 1
    if (answer === 'throw') throw new Error('bug')
    if (answer === 'timeout')
      return err(new ProviderUnavailable({ provider: 'fake', reason: 'timeout', detail: 'slow' }))
    if (answer === 'revoked') return err(new GrantRevoked({ provider: 'fake', detail: 'revoked' }))
    return ok(42)
  }
  describe(): string {
    return `fake after ${this.calls} calls`
  }
}

describe('instrumented: an outside provider measured without knowing it', () => {
  it('times every call and counts failures by the port reason, the error tag, or exception', async () => {
    const metrics = new MemoryMetrics()
    const provider = instrumented(new FakeProvider(), 'fake', metrics)
    expect(await provider.lookup('ok')).toEqual(ok(42))
    await provider.lookup('timeout')
    await provider.lookup('revoked')
    await expect(provider.lookup('throw')).rejects.toThrow('bug')
    const samples = await metrics.collect()
    const durations = samples.filter((sample) => sample.name === 'provider_request_duration_seconds')
    expect(durations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labels: { adapter: 'fake', outcome: 'ok' }, count: 1 }),
        expect.objectContaining({ labels: { adapter: 'fake', outcome: 'error' }, count: 3 }),
      ]),
    )
    const errors = samples.filter((sample) => sample.name === 'provider_errors_total')
    expect(errors.map((sample) => [sample.labels.kind, sample.value]).sort()).toEqual([
      ['exception', 1],
      ['grant_revoked', 1],
      ['timeout', 1],
    ])
  })

  it('keeps the adapter itself: its class, its state, its synchronous methods', () => {
    const target = new FakeProvider()
    const provider = instrumented(target, 'fake', new MemoryMetrics())
    expect(provider).toBeInstanceOf(FakeProvider)
    void provider.lookup('ok')
    expect(target.calls).toBe(1)
    expect(provider.describe()).toBe('fake after 1 calls')
  })
})
