export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  readonly failureThreshold: number
  /** How long the circuit stays open before one trial call is let through. */
  readonly resetTimeoutMs: number
  /** Milliseconds clock, injectable so tests need no waiting. */
  readonly now?: () => number
}

export const defaultCircuitBreakerOptions: CircuitBreakerOptions = { failureThreshold: 5, resetTimeoutMs: 30_000 }

export type CircuitState = 'closed' | 'open' | 'half_open'

/**
 * Stops calling a provider that keeps failing, so that a dead dependency costs
 * an immediate "unavailable" instead of timeouts and retries on every lookup.
 */
export class CircuitBreaker {
  private failures = 0
  private openedAt: number | null = null
  private trialInFlight = false
  private readonly now: () => number

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now
  }

  get state(): CircuitState {
    if (this.openedAt === null) return 'closed'
    return this.now() - this.openedAt >= this.options.resetTimeoutMs ? 'half_open' : 'open'
  }

  /** Whether a call may go out now; in `half_open` only one trial call at a time. */
  tryAcquire(): boolean {
    const state = this.state
    if (state === 'closed') return true
    if (state === 'open' || this.trialInFlight) return false
    this.trialInFlight = true
    return true
  }

  recordSuccess(): void {
    this.failures = 0
    this.openedAt = null
    this.trialInFlight = false
  }

  recordFailure(): void {
    this.failures += 1
    // A failed trial re-opens at once; otherwise open after enough consecutive failures.
    if (this.trialInFlight || this.failures >= this.options.failureThreshold) this.openedAt = this.now()
    this.trialInFlight = false
  }
}
