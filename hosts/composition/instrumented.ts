import type { MetricsPort } from '../../core/ports/metrics.js'

/**
 * An outside provider's adapter (routing, weather, geocoding, a calendar), measured: every call that returns a
 * promise is timed into `provider_request_duration_seconds`, and a failure (a `Result` that is not ok, or a
 * rejection) counted in `provider_errors_total` by its kind: the port's failure reason when it has one
 * (`timeout`, `rate_limited`...), else the error's tag in snake case (`grant_revoked`), else `exception`.
 * The adapter itself stays unaware of metrics; the embedded, offline adapters are not wrapped.
 */
export const instrumented = <T extends object>(adapter: T, name: string, metrics: MetricsPort): T => {
  const wrapped = new Map<PropertyKey, unknown>()
  const record = (startedMs: number, failure: string | null) => {
    metrics.observe('provider_request_duration_seconds', (performance.now() - startedMs) / 1000, {
      adapter: name,
      outcome: failure === null ? 'ok' : 'error',
    })
    if (failure !== null) metrics.increment('provider_errors_total', { adapter: name, kind: failure })
  }
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const known = wrapped.get(property)
      if (known !== undefined) return known
      const measured = (...args: unknown[]): unknown => {
        const startedMs = performance.now()
        const result: unknown = value.apply(target, args)
        if (!(result instanceof Promise)) return result
        return result.then(
          (settled: unknown) => {
            record(startedMs, failureKind(settled))
            return settled
          },
          (error: unknown) => {
            record(startedMs, 'exception')
            throw error
          },
        )
      }
      wrapped.set(property, measured)
      return measured
    },
  })
}

const failureKind = (settled: unknown): string | null => {
  if (typeof settled !== 'object' || settled === null || !('ok' in settled) || settled.ok !== false) return null
  const error = 'error' in settled ? settled.error : null
  if (typeof error !== 'object' || error === null) return 'error'
  if ('reason' in error && typeof error.reason === 'string') return error.reason
  if ('_tag' in error && typeof error._tag === 'string')
    return error._tag.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  return 'error'
}
