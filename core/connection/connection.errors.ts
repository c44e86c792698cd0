import { Data } from 'effect'

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

/** The provider is not configured on this surface (no client id). */
export class ProviderNotConfigured extends Data.TaggedError('ProviderNotConfigured')<{ readonly provider: string }> {}

/** The OAuth `state` is unknown, used, or past its 10 minutes. */
export class ConsentExpired extends Data.TaggedError('ConsentExpired')<{ readonly state: string }> {}

/** The user refused consent at the provider. */
export class ConsentDenied extends Data.TaggedError('ConsentDenied')<{
  readonly state: string
  readonly returnUrl: string
}> {}

/** A sealed token could not be opened: wrong key, or it was tampered with. */
export class TokenUnreadable extends Data.TaggedError('TokenUnreadable')<{ readonly detail: string }> {}
