import { jwtVerify, SignJWT } from 'jose'
import type { TokenClaims, TokenSignerPort } from '../../../core/ports/token-signer.js'

const RESERVED = new Set(['iss', 'aud', 'sub', 'iat', 'exp', 'nbf'])

/** How many verified tokens are remembered (the oldest go first). */
const VERIFIED_CAPACITY = 10_000

/**
 * JWTs signed with HS256 (`jose`): the service both issues and verifies its tokens, so one
 * symmetric key is enough. The key comes from `OAUTH_SIGNING_KEY`, else from the data
 * directory (`docs/connect.md`).
 */
export class JoseTokenSigner implements TokenSignerPort {
  /**
   * Tokens whose signature verified, by token, issuer and audience: an MCP session id or an access token comes back
   * with every request, and an HMAC through WebCrypto (a job on the thread pool) cost about half a millisecond of a
   * `tools/call`. Only good signatures enter, so a caller cannot fill it with forgeries; the lifetime is checked
   * again at every use, as jose does (a token is refused from its `exp` second on).
   */
  private readonly verified = new Map<string, TokenClaims>()

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
    const cacheKey = `${expected.issuer}\n${expected.audience}\n${token}`
    const known = this.verified.get(cacheKey)
    if (known !== undefined) {
      if (Math.floor(expected.now.getTime() / 1000) < known.expiresAt.getTime() / 1000) return known
      this.verified.delete(cacheKey)
      return null
    }
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
      const verified: TokenClaims = {
        issuer: expected.issuer,
        audience: expected.audience,
        subject: sub,
        issuedAt: new Date(iat * 1000),
        expiresAt: new Date(exp * 1000),
        claims,
      }
      // A token valid only from a later instant (`nbf`, which these tokens never carry) is checked by jose each time.
      if (payload.nbf === undefined) {
        if (this.verified.size >= VERIFIED_CAPACITY) {
          const oldest = this.verified.keys().next().value
          if (oldest !== undefined) this.verified.delete(oldest)
        }
        this.verified.set(cacheKey, verified)
      }
      return verified
    } catch {
      // Any malformed, forged, expired or foreign token: not ours, nothing more to say.
      return null
    }
  }
}
