export const CALENDAR_PROVIDERS = ['google', 'microsoft', 'icloud'] as const
export type CalendarProviderName = (typeof CALENDAR_PROVIDERS)[number]

export const CONNECTION_STATUSES = ['active', 'disconnected', 'error'] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

/**
 * Why a connection is not `active`. The contract's stray `sync_failed` lives here:
 * it is a reason of the `error` status, not a status of its own (docs/connections.md).
 */
export const CONNECTION_STATUS_REASONS = [
  'sync_failed',
  'token_refresh_failed',
  'revoked_by_provider',
  'disconnected_by_request',
] as const
export type ConnectionStatusReason = (typeof CONNECTION_STATUS_REASONS)[number]

/** `realtime` when the provider pushes changes to us, `polling` when we look on a cadence. */
export const SYNC_MODES = ['realtime', 'polling'] as const
export type SyncMode = (typeof SYNC_MODES)[number]

/** What the caller may ask for at `POST /v1/connections/start`; the default is both. */
export const CONNECTION_SCOPES = ['calendars.read', 'events.read', 'events.write'] as const
export type ConnectionScope = (typeof CONNECTION_SCOPES)[number]

export interface PushSubscription {
  /** Our channel id (what the provider echoes on every push). */
  readonly id: string
  /** The provider's handle on the subscription (Google `resourceId`, Graph subscription id). */
  readonly providerId: string
  readonly calendarExternalId: string
  readonly expiresAt: Date
  /** When the provider started (or last extended) it: renewal falls at half the lifetime. Absent on older records. */
  readonly startedAt?: Date
  /** Shared secret the provider echoes (Google channel token, Graph `clientState`). */
  readonly secret: string
}

/**
 * When a push channel is renewed: at half its lifetime (Google channels live 7 days, Graph subscriptions about 70
 * hours), and never later than `renewBeforeMs` before it lapses (the only rule for records without `startedAt`).
 */
export const pushRenewalDueAt = (subscription: PushSubscription, renewBeforeMs: number): Date => {
  const latest = subscription.expiresAt.getTime() - renewBeforeMs
  if (subscription.startedAt === undefined) return new Date(latest)
  const halfLife =
    subscription.startedAt.getTime() + (subscription.expiresAt.getTime() - subscription.startedAt.getTime()) / 2
  return new Date(Math.min(latest, halfLife))
}

/** A provider copy whose delete failed (its event is gone here): retried at the connection's next syncs. */
export interface PendingProviderDelete {
  readonly calendarExternalId: string
  readonly externalId: string
  readonly attempts: number
}

/**
 * A link from one user to one provider account. Provider tokens are kept sealed
 * (`sealedTokens`, see the token cipher port) and never leave the service.
 */
export interface Connection {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly provider: CalendarProviderName
  readonly status: ConnectionStatus
  readonly statusReason: ConnectionStatusReason | null
  /** The provider account's e-mail. */
  readonly email: string
  readonly scopes: readonly ConnectionScope[]
  readonly syncMode: SyncMode
  readonly lastSyncedAt: Date | null
  readonly consecutiveSyncFailures: number
  readonly lastSyncError: string | null
  readonly subscriptions: readonly PushSubscription[]
  readonly tokenRefresh: { readonly lastAt: Date | null; readonly failuresCount: number }
  readonly sealedTokens: string
  /** Provider copies still to delete (absent: none). */
  readonly pendingDeletes?: readonly PendingProviderDelete[]
  /** When the sync job must next look at this connection (polling cadence, retries, push renewal); null when never again. */
  readonly nextSyncAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly version: number
}

/** One calendar of a connection, with its sync settings. */
export interface Calendar {
  readonly id: string
  readonly accountId: string
  readonly connectionId: string
  readonly userId: string
  readonly externalId: string
  readonly name: string
  readonly colorHex: string | null
  /** Events may be written back (the provider allows it and the caller has not turned it off). */
  readonly writable: boolean
  /** Whether the provider lets us write at all: `writable` cannot be set true beyond this. */
  readonly providerWritable: boolean
  readonly selected: boolean
  readonly isDefault: boolean
  readonly timezone: string
  /** The provider's incremental sync cursor (Google syncToken, Graph deltaLink); null means a full sync is next. */
  readonly syncCursor: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** Provider tokens in the clear: exist only in memory, between the cipher and the provider adapter. */
export interface ProviderTokens {
  readonly accessToken: string
  readonly refreshToken: string | null
  readonly expiresAt: Date | null
}

/** `hosted`: the provider comes back to our callback, which redirects to `return_url`; `server`: it goes to `return_url` with the code, and the caller's server posts it to `/v1/connections/callback`. */
export const CONSENT_CALLBACKS = ['hosted', 'server'] as const
export type ConsentCallback = (typeof CONSENT_CALLBACKS)[number]

/** A pending consent: the `state` of the OAuth round trip, with its PKCE verifier. */
export interface OAuthState {
  /** The opaque `state` parameter (also the key). */
  readonly state: string
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly provider: CalendarProviderName
  readonly scopes: readonly ConnectionScope[]
  readonly returnUrl: string
  readonly callback: ConsentCallback
  readonly redirectUri: string
  readonly codeVerifier: string
  readonly createdAt: Date
  readonly expiresAt: Date
}

export const OAUTH_STATE_TTL_MS = 10 * 60_000
