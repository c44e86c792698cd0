import { jwtVerify, SignJWT } from 'jose'
import type { TokenClaims, TokenSignerPort } from '../../../core/ports/token-signer.js'

const RESERVED = new Set(['iss', 'aud', 'sub', 'iat', 'exp', 'nbf'])

/**
 * JWTs signed with HS256 (`jose`): the service both issues and verifies its tokens, so one
 * symmetric key is enough. The key comes from `OAUTH_SIGNING_KEY`, else from the data
 * directory (`docs/connect.md`).
 */
export class JoseTokenSigner implements TokenSignerPort {
  constructor(private readonly key: Uint8Array) {
    if (key.length < 32) throw new Error('an HS256 signing key needs at least 32 bytes')
  }

  async sign(token: TokenClaims): Promise<string> {
    return new SignJWT({ ...token.claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(token.issuer)
      .setAudience(token.audience)
      .setSubject(token.subject)
      .setIssuedAt(Math.floor(token.issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(token.expiresAt.getTime() / 1000))
      .sign(this.key)
  }

  async verify(
    token: string,
    expected: { readonly issuer: string; readonly audience: string; readonly now: Date },
  ): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: expected.issuer,
        audience: expected.audience,
        currentDate: expected.now,
        requiredClaims: ['sub', 'iat', 'exp'],
        // No leeway: the lifetimes are short on purpose, and issuer and verifier share one clock.
        clockTolerance: 0,
      })
      const claims: Record<string, string | number | boolean> = {}
      for (const [name, value] of Object.entries(payload)) {
        if (RESERVED.has(name)) continue
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') claims[name] = value
      }
      // `requiredClaims` makes jose refuse a token without them; the check narrows the types.
      const { sub, iat, exp } = payload
      if (sub === undefined || iat === undefined || exp === undefined) return null
      return {
        issuer: expected.issuer,
        audience: expected.audience,
        subject: sub,
        issuedAt: new Date(iat * 1000),
        expiresAt: new Date(exp * 1000),
        claims,
      }
    } catch {
      // Any malformed, forged, expired or foreign token: not ours, nothing more to say.
      return null
    }
  }
}
