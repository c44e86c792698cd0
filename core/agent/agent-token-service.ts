import { AuthenticationFailed, PermissionDenied } from '../account/account.errors.js'
import type { Account } from '../account/account.js'
import { hashSecret } from '../account/api-key.js'
import {
  type AccessLevel,
  type KeyType,
  normalizePermissions,
  type PermissionResource,
  type Permissions,
  permits,
} from '../account/permissions.js'
import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { AgentTokenStorePort } from '../ports/agent-token-store.js'
import type { Clock } from '../ports/clock.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { type Page, type PageRequest, paginateById, validatePageRequest } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import { AccountDeactivated } from '../user/user.errors.js'
import type { User } from '../user/user.js'
import type { ConfirmationPolicy } from '../voice/voice-session.js'
import {
  AGENT_TOKEN_DEFAULT_SECONDS,
  AGENT_TOKEN_FAMILIES,
  AGENT_TOKEN_MAX_SECONDS,
  type AgentToken,
  agentTokenLive,
  agentTokenPrefix,
} from './agent-token.js'

export interface AgentTokenServiceDeps {
  /** The platform's store (tokens of both surfaces). */
  readonly store: AgentTokenStorePort
  /** The surface's users. */
  readonly users: UserRepositoryPort
  /** The platform's accounts: a token of a deleted account (or connected account) does not authenticate. */
  readonly accounts: AccountRepositoryPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  /** The platform's time: a token's expiry is not moved by a sandbox clock (as a key's revocation is not). */
  readonly clock: Clock
  readonly livemode: boolean
}

/** The credential minting a token: a key (or Connect access token) and what it may do. */
export interface TokenMinter {
  readonly keyId: string
  readonly keyType: KeyType
  readonly permissions: Permissions | null
  readonly platformAccountId: string
}

export interface MintInput {
  readonly permissions: Readonly<Record<string, AccessLevel>>
  readonly expiresInSeconds?: number | undefined
  readonly confirmationPolicy?: ConfirmationPolicy | undefined
}

/** A token that authenticated: it, and its user as stored now. */
export interface AgentTokenAuthentication {
  readonly token: AgentToken
  readonly user: User
  /** The account of the credential that minted it (the platform under Connect). */
  readonly platform: Account
  /** The account whose user it acts for: the platform itself, or one of its connected accounts. */
  readonly account: Account
}

/**
 * User-scoped agent tokens: minted for one user with at most the minter's grants, listed without their secrets,
 * revoked at once, and checked on every request (revoked, expired, user deleted: not authenticated; user paused:
 * `account_deactivated`).
 */
export class AgentTokenService {
  constructor(private readonly deps: AgentTokenServiceDeps) {}

  async mint(
    scope: RequestScope,
    minter: TokenMinter,
    userId: string,
    input: MintInput,
  ): Promise<
    Result<
      { token: AgentToken; secret: string },
      ResourceNotFound | AccountDeactivated | InvalidParameter | PermissionDenied
    >
  > {
    const user = await this.deps.users.get(scope.accountId, userId)
    if (user === null) return err(new ResourceNotFound({ resource: 'user', id: userId, param: 'id' }))
    if (user.deactivatedAt !== null) return err(new AccountDeactivated({ userId }))
    const granted: Partial<Record<PermissionResource, AccessLevel>> = {}
    for (const [family, level] of Object.entries(input.permissions)) {
      if (!(AGENT_TOKEN_FAMILIES as readonly string[]).includes(family))
        return err(
          new InvalidParameter({
            param: `permissions.${family}`,
            message: `An agent token grants the families its tools use: ${AGENT_TOKEN_FAMILIES.join(', ')}.`,
          }),
        )
      if (level === 'none') continue
      const required = { resource: family as PermissionResource, access: level }
      // Never more than the minter has: a restricted key mints within its own grants.
      if (!permits(minter.keyType, minter.permissions, required))
        return err(new PermissionDenied({ permission: `${family}:${level}` }))
      granted[family as PermissionResource] = level
    }
    const permissions = normalizePermissions(granted)
    if (Object.keys(permissions).length === 0)
      return err(new InvalidParameter({ param: 'permissions', message: 'Grant at least one permission.' }))
    const seconds = input.expiresInSeconds ?? AGENT_TOKEN_DEFAULT_SECONDS
    if (!Number.isInteger(seconds) || seconds < 60 || seconds > AGENT_TOKEN_MAX_SECONDS)
      return err(
        new InvalidParameter({
          param: 'expires_in',
          message: `expires_in is a whole number of seconds from 60 to ${AGENT_TOKEN_MAX_SECONDS} (30 days).`,
        }),
      )
    const secret = `${agentTokenPrefix(this.deps.livemode)}${this.deps.random.token(24)}`
    const now = this.deps.clock.now()
    const token: AgentToken = {
      id: this.deps.ids.next('agt'),
      accountId: scope.accountId,
      platformAccountId: minter.platformAccountId,
      livemode: this.deps.livemode,
      userId,
      permissions,
      confirmationPolicy: input.confirmationPolicy ?? 'always',
      hash: hashSecret(secret),
      last4: secret.slice(-4),
      createdBy: minter.keyId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + seconds * 1000),
      revokedAt: null,
    }
    await this.deps.store.insert(token)
    return ok({ token, secret })
  }

  /** A user's tokens, newest first, paged like every list; revoked and expired ones included (with their times). */
  async list(
    scope: RequestScope,
    userId: string,
    page: PageRequest,
  ): Promise<Result<Page<AgentToken>, ResourceNotFound | InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    if ((await this.deps.users.get(scope.accountId, userId)) === null)
      return err(new ResourceNotFound({ resource: 'user', id: userId, param: 'id' }))
    return paginateById(await this.deps.store.listByUser(scope.accountId, this.deps.livemode, userId), page)
  }

  /** Revokes one of the user's tokens at once; another user's, account's or surface's is not found. */
  async revoke(scope: RequestScope, userId: string, tokenId: string): Promise<Result<AgentToken, ResourceNotFound>> {
    const found = await this.deps.store.get(tokenId)
    const missing = err(new ResourceNotFound({ resource: 'agent_token', id: tokenId, param: 'token_id' }))
    if (
      found === null ||
      found.accountId !== scope.accountId ||
      found.livemode !== this.deps.livemode ||
      found.userId !== userId
    )
      return missing
    const revoked = await this.deps.store.revoke(tokenId, this.deps.clock.now())
    return revoked === null ? missing : ok(revoked)
  }

  /** The user's deletion: every token of the user on this surface goes (the platform's store holds both). */
  removeAllOf(accountId: string, userId: string): Promise<number> {
    return this.deps.store.removeByUser(accountId, this.deps.livemode, userId)
  }

  /**
   * The token a bearer secret is, on this surface: unknown, revoked, expired, of the other surface, or of a deleted
   * user, it does not authenticate; of a paused user, `account_deactivated`.
   */
  async authenticate(
    secret: string,
  ): Promise<Result<AgentTokenAuthentication, AuthenticationFailed | AccountDeactivated>> {
    const failed = err(new AuthenticationFailed({ reason: 'unknown' }))
    if (!secret.startsWith(agentTokenPrefix(this.deps.livemode))) return failed
    const token = await this.deps.store.findByHash(hashSecret(secret))
    if (token === null || token.livemode !== this.deps.livemode || !agentTokenLive(token, this.deps.clock.now()))
      return failed
    const [platform, connected, user] = await Promise.all([
      this.deps.accounts.getAccount(token.platformAccountId),
      token.accountId === token.platformAccountId ? null : this.deps.accounts.getAccount(token.accountId),
      this.deps.users.get(token.accountId, token.userId),
    ])
    const account = token.accountId === token.platformAccountId ? platform : connected
    if (
      platform === null ||
      platform.deletedAt !== null ||
      account === null ||
      account.deletedAt !== null ||
      (account.id !== platform.id && account.platformId !== platform.id) ||
      user === null
    )
      return failed
    if (user.deactivatedAt !== null) return err(new AccountDeactivated({ userId: token.userId }))
    return ok({ token, user, platform, account })
  }
}
