import { MCP_SESSION_AUDIENCE } from '../../contracts/mcp.js'
import type { Authenticated } from '../../core/account/account-service.js'
import type { Permissions } from '../../core/account/permissions.js'
import type { HeldAuthority, SessionAuthorityService, SessionGrant } from '../../core/account/session-authority.js'
import type { Clock } from '../../core/ports/clock.js'
import type { RandomSource } from '../../core/ports/id-generator.js'
import type { TokenSignerPort } from '../../core/ports/token-signer.js'
import type { RequestScope } from '../../core/shared/request-scope.js'
import { err, ok, type Result } from '../../core/shared/result.js'

/** How long an MCP session lasts: a day, after which the client initializes a new one. */
export const MCP_SESSION_LIFETIME_MS = 24 * 3600_000

/**
 * An MCP session: who opened it (the credential's grants then), in which account, and what it may do now.
 *
 * The session's id (`Mcp-Session-Id`) is a token signed with the deployment's key (as Connect access tokens and voice
 * connect tokens are), holding the session's grant: any host verifies it, after a restart as before, with no write
 * per session and nothing to expire in storage. What may end a session before its expiry is read from storage on
 * every request (`SessionAuthorityService`): the credential's revocation or narrowing, the account's deletion. The
 * session's proposals are stored (the voice repository), keyed by the session's reference.
 */
export interface McpSession {
  /** The `Mcp-Session-Id` (the signed token). */
  readonly id: string
  /** The session's short reference (`mcps_...`): its proposals' holder. */
  readonly ref: string
  readonly grant: SessionGrant
  readonly expiresAt: Date
  readonly authority: HeldAuthority
  /**
   * Whether the client declared form elicitation at `initialize`: a change tool then asks the user through an
   * elicitation request. Held in the signed id, as the SDK's server on each request has not seen the `initialize`.
   */
  readonly elicitation: boolean
}

export type SessionRefusal =
  /** Not a session of this surface, expired, forged, or another principal's: the client starts a new one. */
  | { readonly reason: 'unknown' }
  /** The session's authority is gone (`key_revoked`, `permission_removed`, `account_deleted`). */
  | { readonly reason: 'authority_lost'; readonly loss: string }

export interface McpSessionsDeps {
  readonly signer: TokenSignerPort
  readonly authority: SessionAuthorityService
  readonly random: RandomSource
  /** The platform's time (a session's lifetime is not moved by a sandbox clock). */
  readonly clock: Clock
  /** The surface's token issuer (its public base URL): a sandbox session is unknown on production. */
  readonly issuer: () => string
}

/** MCP asks the authority for nothing beyond the key: any key may open a session, its tools follow its grants. */
const MCP_CHANNEL = 'any_key' as const

/** `userId`: the user of a user-scoped agent token (the session acts for that user only), else null. */
const grantOf = (auth: Authenticated, scope: RequestScope, userId: string | null): SessionGrant => ({
  keyId: auth.key.id,
  keyType: auth.key.type,
  permissions: auth.key.type === 'secret' ? null : auth.key.permissions,
  platformAccountId: auth.account.id,
  accountId: scope.accountId,
  livemode: scope.livemode,
  userId,
})

export class McpSessions {
  constructor(private readonly deps: McpSessionsDeps) {}

  /** A new session for the request's credential and account (an `initialize`). */
  async open(
    auth: Authenticated,
    scope: RequestScope,
    client: { readonly elicitation: boolean },
    userId: string | null = null,
  ): Promise<Result<McpSession, SessionRefusal>> {
    const grant = grantOf(auth, scope, userId)
    const held = await this.deps.authority.check(grant, MCP_CHANNEL)
    if (!held.ok) return err({ reason: 'authority_lost', loss: held.error.reason })
    const now = this.deps.clock.now()
    const expiresAt = new Date(now.getTime() + MCP_SESSION_LIFETIME_MS)
    const ref = `mcps_${this.deps.random.token(16)}`
    const id = await this.deps.signer.sign({
      issuer: this.deps.issuer(),
      audience: MCP_SESSION_AUDIENCE,
      subject: ref,
      issuedAt: now,
      expiresAt,
      claims: {
        key: grant.keyId,
        key_type: grant.keyType,
        permissions: grant.permissions === null ? '*' : JSON.stringify(grant.permissions),
        platform: grant.platformAccountId,
        account: grant.accountId,
        surface: grant.livemode ? 'live' : 'test',
        ...(client.elicitation ? { elicitation: 'form' } : {}),
        ...(grant.userId === null ? {} : { user: grant.userId }),
      },
    })
    return ok({ id, ref, grant, expiresAt, authority: held.value, elicitation: client.elicitation })
  }

  /**
   * The session a request names, if it is this surface's, unexpired, opened by the same credential for the same
   * account, and its authority still holds; its grants are then those of the session's opening and of the
   * credential now, whichever is narrower.
   */
  async resume(
    id: string,
    auth: Authenticated,
    scope: RequestScope,
    userId: string | null = null,
  ): Promise<Result<McpSession, SessionRefusal>> {
    const verified = await this.deps.signer.verify(id, {
      issuer: this.deps.issuer(),
      audience: MCP_SESSION_AUDIENCE,
      now: this.deps.clock.now(),
    })
    if (verified === null) return err({ reason: 'unknown' })
    const { claims } = verified
    const current = grantOf(auth, scope, userId)
    if (
      (claims.user ?? null) !== current.userId ||
      claims.key !== current.keyId ||
      claims.platform !== current.platformAccountId ||
      claims.account !== current.accountId ||
      claims.surface !== (scope.livemode ? 'live' : 'test') ||
      (claims.key_type !== 'secret' && claims.key_type !== 'restricted') ||
      typeof claims.permissions !== 'string'
    )
      return err({ reason: 'unknown' })
    const grant: SessionGrant = {
      ...current,
      keyType: claims.key_type,
      permissions: claims.permissions === '*' ? null : (JSON.parse(claims.permissions) as Permissions),
    }
    const held = await this.deps.authority.check(grant, MCP_CHANNEL)
    if (!held.ok) return err({ reason: 'authority_lost', loss: held.error.reason })
    return ok({
      id,
      ref: verified.subject,
      grant,
      expiresAt: verified.expiresAt,
      authority: held.value,
      elicitation: claims.elicitation === 'form',
    })
  }
}
