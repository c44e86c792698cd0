import { Data } from 'effect'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { AgentTokenStorePort } from '../ports/agent-token-store.js'
import type { Clock } from '../ports/clock.js'
import type { OAuthStorePort } from '../ports/oauth-store.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { err, ok, type Result } from '../shared/result.js'
import type { User } from '../user/user.js'
import type { Account } from './account.js'
import { type KeyType, type Permissions, permits, type RequiredPermission } from './permissions.js'

/**
 * Who a long-lived session acts for, as it was granted when the session was made: a voice session today, an MCP
 * session (a user-scoped agent token's names its user). The session acts with these grants for as long as they still hold, and never
 * with more than the credential has now.
 */
export interface SessionGrant {
  /** The API key (`key_...`) that made the session, or `oauth_<family>` for a Connect access token. */
  readonly keyId: string
  readonly keyType: KeyType
  /** The credential's grants when the session was made; null for a secret key. */
  readonly permissions: Permissions | null
  /** The account the credential belongs to (the platform under Connect). */
  readonly platformAccountId: string
  /** The account whose data the session reaches (a connected account `cpa_...` under Connect). */
  readonly accountId: string
  readonly livemode: boolean
  /** The one user the session acts for; null for a session that names its user on each call (an MCP session). */
  readonly userId: string | null
}

/** Why a session's authority is gone: also the session's end reason and what its client is told. */
export const AUTHORITY_LOSSES = [
  'key_revoked',
  'permission_removed',
  'account_deleted',
  'user_deleted',
  'user_deactivated',
] as const
export type AuthorityLoss = (typeof AUTHORITY_LOSSES)[number]

export class SessionAuthorityLost extends Data.TaggedError('SessionAuthorityLost')<{
  readonly reason: AuthorityLoss
}> {}

/** The credential as stored now: an API key, or the token family of a Connect access token. */
export interface CurrentCredential {
  readonly keyType: KeyType
  readonly permissions: Permissions | null
  /** When it stops (stopped) working: a revocation, or the end of a rolled key's overlap. */
  readonly revokedAt: Date | null
}

/** What the authority of a session rests on, read from storage now (null: no longer stored). */
export interface AuthorityFacts {
  readonly credential: CurrentCredential | null
  readonly platform: Account | null
  readonly account: Account | null
  readonly user: User | null
}

/** The authority a session still holds: what it may do now. */
export interface HeldAuthority {
  /** Whether a call needing `required` is allowed: granted when the session was made, and by the credential now. */
  permits(required: RequiredPermission): boolean
}

/**
 * The rule, pure: a session holds its authority while its credential works and still grants what the session's
 * channel needs (`voice:write` for a voice session), the accounts it acts in exist, and its user exists and is
 * not paused, at `now` (the platform's time: a key's revocation is not moved by a sandbox clock). The first failing
 * condition names the loss; its calls are then limited to what both the original
 * grants and the credential's current grants allow.
 */
export const sessionAuthority = (
  grant: SessionGrant,
  facts: AuthorityFacts,
  channel: RequiredPermission,
  now: Date,
): Result<HeldAuthority, SessionAuthorityLost> => {
  const lost = (reason: AuthorityLoss) => err(new SessionAuthorityLost({ reason }))
  const { credential, platform, account, user } = facts
  if (platform === null || platform.deletedAt !== null) return lost('account_deleted')
  if (
    account === null ||
    account.deletedAt !== null ||
    (account.id !== platform.id && account.platformId !== platform.id)
  )
    return lost('account_deleted')
  if (credential === null || (credential.revokedAt !== null && credential.revokedAt.getTime() <= now.getTime()))
    return lost('key_revoked')
  const allowed = (required: RequiredPermission) =>
    permits(grant.keyType, grant.permissions, required) && permits(credential.keyType, credential.permissions, required)
  if (!allowed(channel)) return lost('permission_removed')
  if (grant.userId !== null) {
    if (user === null) return lost('user_deleted')
    if (user.deactivatedAt !== null) return lost('user_deactivated')
  }
  return ok({ permits: allowed })
}

/** The prefix of a session made with a Connect access token: its key id names the token family. */
const OAUTH_KEY_PREFIX = 'oauth_'
/** The prefix of a session made with a user-scoped agent token: its key id names the token (`agent_agt_...`). */
export const AGENT_TOKEN_KEY_PREFIX = 'agent_'

export interface SessionAuthorityDeps {
  /** The platform's time, which key revocations and rolls are written in (never a sandbox account's clock). */
  readonly clock: Clock
  /** Read through the host's lookup cache on MongoDB: a change on another host is seen within its lifetime (1 s). */
  readonly accounts: AccountRepositoryPort
  readonly oauth: OAuthStorePort
  /** The surface's users. */
  readonly users: UserRepositoryPort
  /** User-scoped agent tokens (the platform's). */
  readonly agentTokens?: AgentTokenStorePort
}

/**
 * Reads what a session's authority rests on and applies the rule. Every channel that holds sessions longer than a
 * request (voice, MCP, and the MCP sessions of agent tokens) asks this at connect, on every call, and
 * periodically for its open connections.
 */
export class SessionAuthorityService {
  constructor(private readonly deps: SessionAuthorityDeps) {}

  async check(grant: SessionGrant, channel: RequiredPermission): Promise<Result<HeldAuthority, SessionAuthorityLost>> {
    const [credential, platform, account, user] = await Promise.all([
      this.credential(grant),
      this.deps.accounts.getAccount(grant.platformAccountId),
      grant.accountId === grant.platformAccountId ? null : this.deps.accounts.getAccount(grant.accountId),
      grant.userId === null ? null : this.deps.users.get(grant.accountId, grant.userId),
    ])
    return sessionAuthority(
      grant,
      { credential, platform, account: grant.accountId === grant.platformAccountId ? platform : account, user },
      channel,
      this.deps.clock.now(),
    )
  }

  private async credential(grant: SessionGrant): Promise<CurrentCredential | null> {
    if (grant.keyId.startsWith(OAUTH_KEY_PREFIX)) {
      // A token family's grants never change; only its revocation (or its account's deletion) ends it.
      const family = await this.deps.oauth.getFamily(grant.keyId.slice(OAUTH_KEY_PREFIX.length))
      return family === null || family.connectedAccountId !== grant.accountId
        ? null
        : { keyType: grant.keyType, permissions: grant.permissions, revokedAt: family.revokedAt }
    }
    if (grant.keyId.startsWith(AGENT_TOKEN_KEY_PREFIX)) {
      // An agent token's grants never change; its revocation or expiry ends it, whichever comes first.
      const token = await this.deps.agentTokens?.get(grant.keyId.slice(AGENT_TOKEN_KEY_PREFIX.length))
      if (token === undefined || token === null || token.accountId !== grant.accountId) return null
      const ends =
        token.revokedAt === null || token.revokedAt.getTime() > token.expiresAt.getTime()
          ? token.expiresAt
          : token.revokedAt
      return { keyType: 'restricted', permissions: token.permissions, revokedAt: ends }
    }
    const key = await this.deps.accounts.findKeyById(grant.keyId)
    return key === null || key.accountId !== grant.platformAccountId
      ? null
      : { keyType: key.type, permissions: key.permissions, revokedAt: key.revokedAt }
  }
}
