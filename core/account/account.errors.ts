import { Data } from 'effect'

export type AuthenticationFailure = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'wrong_surface'

/** Missing, invalid, revoked or wrong-surface key: always 401 `authentication_failed`. */
export class AuthenticationFailed extends Data.TaggedError('AuthenticationFailed')<{
  readonly reason: AuthenticationFailure
}> {}
