import type { ProviderHttpOptions } from '../../adapters/http-resilience/provider-http-options.js'

/**
 * Resilience settings for tests against local fakes: real timeouts kept short,
 * backoff sleeps recorded instead of waited, a clock the test moves by hand.
 */
export const fastResilience = (baseUrl: string, overrides: Partial<ProviderHttpOptions> = {}) => {
  const clock = { ms: Date.parse('2026-06-02T08:00:00Z') }
  const sleeps: number[] = []
  const options: ProviderHttpOptions = {
    baseUrl,
    userAgent: 'departure-service-tests/1.0 (tests@example.com)',
    timeoutMs: 500,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    circuitBreaker: { failureThreshold: 3, resetTimeoutMs: 30_000 },
    cache: { ttlMs: 60_000, maxEntries: 100 },
    now: () => clock.ms,
    retryEnvironment: {
      sleep: async (ms) => {
        sleeps.push(ms)
      },
      random: () => 0.5,
    },
    ...overrides,
  }
  return { options, clock, sleeps }
}
