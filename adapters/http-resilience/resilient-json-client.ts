import { type ProviderFailureReason, ProviderUnavailable } from '../../core/shared/provider.errors.js'
import { err, ok, type Result } from '../../core/shared/result.js'
import { CircuitBreaker, type CircuitBreakerOptions, defaultCircuitBreakerOptions } from './circuit-breaker.js'
import { type HttpResponse, sendHttp } from './http-exchange.js'
import {
  defaultRetryPolicy,
  type RetryEnvironment,
  type RetryPolicy,
  realRetryEnvironment,
  retryWithBackoff,
} from './retry.js'
import { defaultTtlCacheOptions, TtlCache, type TtlCacheOptions } from './ttl-cache.js'

export interface ResilientJsonClientOptions {
  /** Name used in errors (`osrm`, `open-meteo`, `nominatim`). */
  readonly provider: string
  /** Per attempt. */
  readonly timeoutMs: number
  readonly userAgent: string
  /** Further request headers (an `accept` the provider asks for); `user-agent` is always `userAgent`. */
  readonly headers?: Readonly<Record<string, string>>
  readonly retry?: RetryPolicy
  readonly circuitBreaker?: Omit<CircuitBreakerOptions, 'now'>
  readonly cache?: Omit<TtlCacheOptions, 'now'>
  /** Milliseconds clock for the breaker and the cache (tests). */
  readonly now?: () => number
  /** Sleep and jitter of the retry loop (tests). */
  readonly retryEnvironment?: RetryEnvironment
  /** Wraps every network attempt (not cache hits), e.g. to space requests out. */
  readonly requestGate?: <T>(call: () => Promise<T>) => Promise<T>
}

type Failure = { readonly reason: ProviderFailureReason; readonly detail: string }

const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500

/** Definitive answers are cached; throttling and server failures never are. */
const isCacheable = (response: HttpResponse): boolean =>
  response.status < 500 && response.status !== 429 && response.status !== 408

/**
 * GETs JSON from one provider with the shared resilience policy: a timeout per
 * attempt, retries with exponential backoff on 5xx, 429, timeouts and network
 * errors, a circuit breaker, and a TTL cache of identical lookups (by URL).
 * Any other status is an answer the adapter maps itself.
 */
export class ResilientJsonClient {
  private readonly breaker: CircuitBreaker
  private readonly cache: TtlCache<Result<HttpResponse, ProviderUnavailable>>

  constructor(private readonly options: ResilientJsonClientOptions) {
    const now = options.now === undefined ? {} : { now: options.now }
    this.breaker = new CircuitBreaker({ ...(options.circuitBreaker ?? defaultCircuitBreakerOptions), ...now })
    this.cache = new TtlCache({ ...(options.cache ?? defaultTtlCacheOptions), ...now })
  }

  get circuitState() {
    return this.breaker.state
  }

  get(url: URL): Promise<Result<HttpResponse, ProviderUnavailable>> {
    return this.cache.getOrLoad(
      url.toString(),
      () => this.fetchThroughBreaker(url),
      (result) => result.ok && isCacheable(result.value),
    )
  }

  /** A POST of a JSON body that only reads (a GraphQL query): retried and cached like a GET, by URL and body. */
  postQuery(url: URL, jsonBody: unknown): Promise<Result<HttpResponse, ProviderUnavailable>> {
    return this.cache.getOrLoad(
      `${url.toString()} ${JSON.stringify(jsonBody)}`,
      () => this.fetchThroughBreaker(url, jsonBody),
      (result) => result.ok && isCacheable(result.value),
    )
  }

  private async fetchThroughBreaker(url: URL, jsonBody?: unknown): Promise<Result<HttpResponse, ProviderUnavailable>> {
    if (!this.breaker.tryAcquire()) {
      return err(this.unavailable({ reason: 'circuit_open', detail: 'too many recent failures; not calling' }))
    }
    const outcome = await retryWithBackoff<HttpResponse, Failure>(
      async () => {
        const send = () =>
          sendHttp(
            {
              url,
              headers: { ...this.options.headers, 'user-agent': this.options.userAgent },
              ...(jsonBody === undefined ? {} : { json: jsonBody }),
            },
            { timeoutMs: this.options.timeoutMs },
          )
        const attempt = await (this.options.requestGate ?? ((call) => call()))(send)
        if (attempt.kind === 'transport_failure') {
          return { kind: 'retryable', failure: { reason: attempt.reason, detail: attempt.detail } }
        }
        const { response } = attempt
        if (!isRetryableStatus(response.status)) return { kind: 'done', value: response }
        const failure: Failure = {
          reason: response.status === 429 ? 'rate_limited' : 'server_error',
          detail: `HTTP ${response.status}`,
        }
        return response.retryAfterMs === null
          ? { kind: 'retryable', failure }
          : { kind: 'retryable', failure, retryAfterMs: response.retryAfterMs }
      },
      this.options.retry ?? defaultRetryPolicy,
      this.options.retryEnvironment ?? realRetryEnvironment,
    )
    if (!outcome.ok) {
      this.breaker.recordFailure()
      return err(this.unavailable(outcome.failure))
    }
    this.breaker.recordSuccess()
    return ok(outcome.value)
  }

  private unavailable(failure: Failure): ProviderUnavailable {
    return new ProviderUnavailable({ provider: this.options.provider, ...failure })
  }
}
