import { Data } from 'effect'
import type { Connection } from './connection.js'

/**
 * What a calendar provider can answer besides success. Adapters map their
 * wire failures (HTTP 401/410, `invalid_grant`...) onto these at their edge;
 * a plain outage is the shared `ProviderUnavailable`.
 */

/** The refresh token (or the whole grant) is no longer valid: the user revoked access or it expired. */
export class GrantRevoked extends Data.TaggedError('GrantRevoked')<{
  readonly provider: string
  readonly detail: string
}> {}

/** The access token was refused; refreshing it may help. */
export class AccessTokenRejected extends Data.TaggedError('AccessTokenRejected')<{ readonly provider: string }> {}

/** The incremental sync cursor is no longer accepted (Google 410 GONE, Graph `syncStateNotFound`): sync again from scratch. */
export class SyncCursorExpired extends Data.TaggedError('SyncCursorExpired')<{
  readonly provider: string
  readonly calendarExternalId: string
}> {}

/** The calendar or event is gone at the provider. */
export class ProviderObjectMissing extends Data.TaggedError('ProviderObjectMissing')<{
  readonly provider: string
  readonly what: string
  readonly id: string
}> {}

/** The authorization code was refused (wrong, used, expired, or the PKCE verifier does not match). */
export class AuthorizationCodeRejected extends Data.TaggedError('AuthorizationCodeRejected')<{
  readonly provider: string
  readonly detail: string
}> {}

/** The provider is not configured on this surface (no client id, or no longer offered). */
export class ProviderNotConfigured extends Data.TaggedError('ProviderNotConfigured')<{ readonly provider: string }> {}

/** The connection is disconnected (or gone): nothing is sent to its provider any more. */
export class ConnectionDisconnected extends Data.TaggedError('ConnectionDisconnected')<{
  readonly connectionId: string
}> {}

/**
 * A provider call for this connection was not made: its per-user write budget is spent, or the provider asked us to
 * back off (`Retry-After`). Not a failure of the call: it is due again at `until`.
 */
export class ProviderCallDeferred extends Data.TaggedError('ProviderCallDeferred')<{
  readonly connectionId: string
  readonly why: 'write_budget' | 'provider_backoff'
  readonly until: Date
}> {}

/** Why no usable access token could be had for a connection. */
export type CredentialsFailure = 'tokens_unreadable' | 'grant_revoked' | 'refresh_failed' | 'refresh_not_saved'

/**
 * No usable access token for the connection. The failure is already recorded on
 * the connection (sync error, token refresh failure, or revoked grant); `after`
 * is the connection as that left it (null when it could not be written).
 */
export class CredentialsUnavailable extends Data.TaggedError('CredentialsUnavailable')<{
  readonly connectionId: string
  readonly reason: CredentialsFailure
  readonly after: Connection | null
}> {}

/** The OAuth `state` is unknown, used, or past its 10 minutes. */
export class ConsentExpired extends Data.TaggedError('ConsentExpired')<{ readonly state: string }> {}

/** A sealed token could not be opened: wrong key, or it was tampered with. */
export class TokenUnreadable extends Data.TaggedError('TokenUnreadable')<{ readonly detail: string }> {}
