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
  /**
   * Connect: the platform this account is a connected account of (`cpa_` id), or
   * null for a platform (an account with its own keys). A connected account's data
   * (users, events, connections, webhooks) is keyed by its own id, so it is
   * invisible to every other account, its platform's own data included.
   */
  readonly platformId: string | null
  /** A connected account lives on one surface: true on production, false on the sandbox; null for a platform. */
  readonly livemode: boolean | null
  /** A connected account's business name and contact, for the platform's own use. */
  readonly name: string | null
  readonly email: string | null
  /** When a connected account was deleted (its data erased); it is then unknown to every request. */
  readonly deletedAt: Date | null
  /**
   * ETA tracking (private preview): true or false once set for the account (`npm run keys -- tracking`); absent:
   * the surface's default (on in the sandbox, off in production). See docs/tracking.md.
   */
  readonly trackingEnabled?: boolean
  /**
   * Whether production's request logs keep request and response bodies (redacted; the sandbox's always do). Absent:
   * off. Set on the dashboard's Settings page. See docs/dashboard.md.
   */
  readonly requestBodyLogging?: boolean
}

/** The fields an account stored before Connect existed lacks: it was a platform. */
export const LEGACY_ACCOUNT_FIELDS = {
  platformId: null,
  livemode: null,
  name: null,
  email: null,
  deletedAt: null,
} as const

import type { KeyType, Permissions } from './permissions.js'

export type KeyMode = 'live' | 'test'

/** The fields a key stored before restricted keys existed lacks: it was a secret key. */
export const LEGACY_KEY_FIELDS = { type: 'secret', name: null, permissions: null, allowedIps: null } as const

/** The earlier of a stored revocation time and a new one (revoking never postpones; see `revokedAt`). */
export const earlierRevocation = (stored: Date | null, requested: Date): Date =>
  stored !== null && stored.getTime() <= requested.getTime() ? stored : requested

export interface ApiKeyRecord {
  readonly id: string
  readonly accountId: string
  readonly mode: KeyMode
  /** SHA-256 of the secret, hex. */
  readonly hash: string
  /** The last four characters, for display (`sk_test_...abcd`). */
  readonly last4: string
  readonly createdAt: Date
  /**
   * When the key stops working: null while it works with no end. A rolled key
   * carries a time in the future (it keeps working until then); revoking takes
   * the earlier of the two times.
   */
  readonly revokedAt: Date | null
  /** `secret` (`sk_`, may do everything) or `restricted` (`rk_`, only what `permissions` grant). */
  readonly type: KeyType
  /** A label for people (`"CRM sync"`); null when none was given. */
  readonly name: string | null
  /** A restricted key's grants; null for a secret key. */
  readonly permissions: Permissions | null
  /** Addresses and CIDR ranges (normalized) the key may be used from; null for anywhere. */
  readonly allowedIps: readonly string[] | null
}
