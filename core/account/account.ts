export interface RateLimitSettings {
  /** Requests allowed per API key in the rolling window. */
  readonly requestsPerWindow: number
  readonly windowMs: number
  /** Requests of one API key in flight at once. */
  readonly concurrency: number
}

/** The platform that embeds the service. Owns API keys and, per surface, end-users. */
export interface Account {
  readonly id: string
  readonly createdAt: Date
  /** API version applied when a request carries no `Service-Version` header. */
  readonly pinnedVersion: string
  /** Per-account rate limits (larger plans); null means the deployment's defaults. */
  readonly rateLimits: RateLimitSettings | null
  /** How far this account's sandbox clock runs ahead of real time (advance_time). */
  readonly sandboxClockOffsetMs: number
}

export type KeyMode = 'live' | 'test'

export interface ApiKeyRecord {
  readonly id: string
  readonly accountId: string
  readonly mode: KeyMode
  /** SHA-256 of the secret, hex. */
  readonly hash: string
  /** The last four characters, for display (`sk_test_...abcd`). */
  readonly last4: string
  readonly createdAt: Date
  readonly revokedAt: Date | null
}
