import type { MaybePromise } from '../shared/maybe-promise.js'
import type { AuthorizationCode, OAuthApplication, RefreshTokenRecord, TokenFamily } from '../oauth/oauth.js'

/**
 * Connect's OAuth records: the applications platforms register, the authorization codes
 * and the refresh-token families. Secrets (client secrets, codes, refresh tokens) are
 * stored as SHA-256 hashes only. The single-use rules are the store's: of two requests
 * presenting one code or one refresh token, exactly one is the first.
 */
export interface OAuthStorePort {
  insertApplication(application: OAuthApplication): Promise<void>
  getApplication(id: string): Promise<OAuthApplication | null>
  /** One platform's applications on one surface. */
  listApplications(platformId: string, livemode: boolean): Promise<OAuthApplication[]>

  saveCode(code: AuthorizationCode): Promise<void>
  /**
   * Marks the code used at `at` and returns it as it was before: `usedAt` null for the
   * first use, the earlier time for a reuse. Null for an unknown code.
   */
  useCode(hash: string, at: Date): Promise<AuthorizationCode | null>

  insertFamily(family: TokenFamily): Promise<void>
  /** Every request made with an access token asks: answers at once when the store does. */
  getFamily(id: string): MaybePromise<TokenFamily | null>
  /** Revokes the family at `at` (an earlier revocation stays). */
  revokeFamily(id: string, at: Date): Promise<void>

  saveRefreshToken(token: RefreshTokenRecord): Promise<void>
  findRefreshToken(hash: string): Promise<RefreshTokenRecord | null>
  /** Like `useCode`: marks the token used and returns it as it was before; null when unknown. */
  useRefreshToken(hash: string, at: Date): Promise<RefreshTokenRecord | null>
}
