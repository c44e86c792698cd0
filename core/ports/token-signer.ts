/**
 * Signs and verifies the service's own JSON Web Tokens (Connect access tokens,
 * consent tickets). `audience` tells the kinds apart: a token of one kind never
 * verifies as the other.
 */
export interface TokenClaims {
  readonly issuer: string
  readonly audience: string
  readonly subject: string
  readonly issuedAt: Date
  readonly expiresAt: Date
  /** Further claims, of JSON values. */
  readonly claims: Readonly<Record<string, string | number | boolean>>
}

export interface TokenSignerPort {
  sign(token: TokenClaims): Promise<string>
  /** The token's claims when its signature, issuer, audience and lifetime hold at `now`; else null. */
  verify(
    token: string,
    expected: { readonly issuer: string; readonly audience: string; readonly now: Date },
  ): Promise<TokenClaims | null>
}
