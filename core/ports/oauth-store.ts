import type {
  AuthorizationCode,
  ConsentRecord,
  OAuthApplication,
  RefreshTokenRecord,
  TokenFamily,
} from '../oauth/oauth.js'

/**
 * Connect's OAuth records: the applications platforms register, the authorization codes
 * and the refresh-token families, and the consent pages shown. Secrets (client secrets,
 * codes, refresh tokens, consent tickets and tokens) are stored as SHA-256 hashes only.
 * The single-use rules are the store's: of two requests presenting one code, one refresh
 * token or one consent ticket, exactly one is the first.
 */
export interface OAuthStorePort {
  insertApplication(application: OAuthApplication): Promise<void>
  getApplication(id: string): Promise<OAuthApplication | null>
  /** One platform's applications on one surface. */
  listApplications(platformId: string, livemode: boolean): Promise<OAuthApplication[]>

  /**
   * Records the consent page shown for a ticket, replacing an earlier page of the same ticket. False, and
   * nothing written, when the ticket was already decided.
   */
  showConsent(consent: ConsentRecord): Promise<boolean>
  findConsent(ticketHash: string): Promise<ConsentRecord | null>
  /**
   * Marks the ticket decided at `at` when `tokenHash` is the token of its last page and it is not decided yet:
   * true for that one decision, false otherwise (unknown ticket, another page's token, decided before).
   */
  decideConsent(ticketHash: string, tokenHash: string, at: Date): Promise<boolean>

  saveCode(code: AuthorizationCode): Promise<void>
  /**
   * Marks the code used at `at` and returns it as it was before: `usedAt` null for the
   * first use, the earlier time for a reuse. Null for an unknown code.
   */
  useCode(hash: string, at: Date): Promise<AuthorizationCode | null>

  insertFamily(family: TokenFamily): Promise<void>
  /** Every request made with an access token asks whether its family still stands. */
  getFamily(id: string): Promise<TokenFamily | null>
  /** Revokes the family at `at` (an earlier revocation stays). */
  revokeFamily(id: string, at: Date): Promise<void>

  /**
   * A connected account is deleted: every token family of it is revoked at `at` (an earlier revocation stays),
   * and its unused codes are marked used at `at`, so that exchanging one afterwards is refused as a reuse.
   */
  revokeConnectedAccount(connectedAccountId: string, at: Date): Promise<void>

  saveRefreshToken(token: RefreshTokenRecord): Promise<void>
  findRefreshToken(hash: string): Promise<RefreshTokenRecord | null>
  /** Like `useCode`: marks the token used and returns it as it was before; null when unknown. */
  useRefreshToken(hash: string, at: Date): Promise<RefreshTokenRecord | null>
}
