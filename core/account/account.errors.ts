import { Data } from 'effect'

export type AuthenticationFailure = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'wrong_surface'

/** A restricted key called an endpoint its permissions do not grant: 403 `insufficient_permissions`. */
export class PermissionDenied extends Data.TaggedError('PermissionDenied')<{
  /** The permission the endpoint needs (`events:write`, `secret_key`). */
  readonly permission: string
}> {}

/** A key with an IP allowlist was used from another address: 403 `ip_not_allowed`. */
export class IpNotAllowed extends Data.TaggedError('IpNotAllowed')<{
  readonly address: string
}> {}

/** Missing, invalid, revoked or wrong-surface key: always 401 `authentication_failed`. */
export class AuthenticationFailed extends Data.TaggedError('AuthenticationFailed')<{
  readonly reason: AuthenticationFailure
}> {}
