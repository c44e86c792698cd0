import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import { InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import type { MaybePromise } from '../shared/maybe-promise.js'
import { type Page, type PageRequest, paginateById, validatePageRequest } from '../shared/pagination.js'
import { err, ok, type Result } from '../shared/result.js'
import { AuthenticationFailed, IpNotAllowed, PermissionDenied } from './account.errors.js'
import { type Account, type ApiKeyRecord, type KeyMode, LEGACY_ACCOUNT_FIELDS } from './account.js'
import { generateSecretKey, hashSecret, modeOfSecret } from './api-key.js'
import { isAllowed, normalizeAllowlist } from './ip-allowlist.js'
import {
  type KeyType,
  normalizePermissions,
  type Permissions,
  permissionName,
  permits,
  type RequiredPermission,
} from './permissions.js'

export interface AccountServiceDeps {
  readonly accounts: AccountRepositoryPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly clock: Clock
  /** The API version new accounts are pinned to. */
  readonly currentVersion: string
  /** Every API version an account may be pinned to (default: the current one only). */
  readonly apiVersions?: readonly string[]
}

/**
 * The account's settings (the dashboard's Settings page): each field given is set, the others are left as they are.
 * `trackingEnabled: null` returns tracking to the surfaces' default (on in the sandbox, off in production).
 */
export interface AccountSettingsChange {
  readonly name?: string | null
  readonly pinnedVersion?: string
  readonly requestBodyLogging?: boolean
  readonly trackingEnabled?: boolean | null
}

/** The longest account name (as a connected account's business name). */
export const MAX_ACCOUNT_NAME_LENGTH = 100

/** Who a request acts for: the key it was made with and that key's account. */
export interface Authenticated {
  readonly account: Account
  readonly key: ApiKeyRecord
}

/** What a new key is: its type, label, grants (restricted keys) and allowlist. */
export interface KeyOptions {
  readonly type?: KeyType
  readonly name?: string | null
  /** Required for a restricted key; a secret key has none. */
  readonly permissions?: Permissions | null
  readonly allowedIps?: readonly string[] | null
}

/** The longest a rolled key keeps working beside its successor (as at Stripe: 7 days). */
export const MAX_ROLL_EXPIRY_SECONDS = 7 * 24 * 3600

const authenticated = (account: Account | null, key: ApiKeyRecord): Result<Authenticated, AuthenticationFailed> =>
  account === null ? err(new AuthenticationFailed({ reason: 'unknown' })) : ok({ account, key })

/** Whether a key no longer works at `now` (revoked, or a rolled key past its expiry). */
export const isRevoked = (key: ApiKeyRecord, now: Date): boolean =>
  key.revokedAt !== null && key.revokedAt.getTime() <= now.getTime()

/**
 * Whether an authenticated key may make this call: from an address on its
 * allowlist (if it has one), to an endpoint its permissions grant. The allowlist
 * is checked first: a key used from elsewhere learns nothing about its grants.
 */
export const authorize = (
  key: ApiKeyRecord,
  clientAddress: string,
  required: RequiredPermission,
): Result<void, IpNotAllowed | PermissionDenied> => {
  if (key.allowedIps !== null && !isAllowed(key.allowedIps, clientAddress))
    return err(new IpNotAllowed({ address: clientAddress }))
  if (!permits(key.type, key.permissions, required))
    return err(new PermissionDenied({ permission: permissionName(required) }))
  return ok(undefined)
}

export interface IssuedKey {
  readonly record: ApiKeyRecord
  /** The clear secret: shown once, never stored. */
  readonly secret: string
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async createAccount(): Promise<Account> {
    const account: Account = {
      id: this.deps.ids.next('acct'),
      createdAt: this.deps.clock.now(),
      pinnedVersion: this.deps.currentVersion,
      rateLimits: null,
      sandboxClockOffsetMs: 0,
      ...LEGACY_ACCOUNT_FIELDS,
    }
    await this.deps.accounts.insertAccount(account)
    return account
  }

  /**
   * Changes the account's settings: its name (trimmed; empty clears it), the API version requests without a
   * `Service-Version` header get, whether production's request logs keep bodies, and the tracking preview. The
   * account before and after, for the audit log.
   */
  async updateSettings(
    accountId: string,
    change: AccountSettingsChange,
  ): Promise<Result<{ readonly before: Account; readonly after: Account }, InvalidParameter | ResourceNotFound>> {
    const before = await this.deps.accounts.getAccount(accountId)
    if (before === null || before.deletedAt !== null)
      return err(new ResourceNotFound({ resource: 'account', id: accountId }))
    const versions = this.deps.apiVersions ?? [this.deps.currentVersion]
    if (change.pinnedVersion !== undefined && !versions.includes(change.pinnedVersion))
      return err(
        new InvalidParameter({
          param: 'pinned_version',
          message: `pinned_version is one of the API versions: ${versions.join(', ')}.`,
        }),
      )
    const name = change.name === undefined ? undefined : (change.name ?? '').trim()
    if (name !== undefined && name.length > MAX_ACCOUNT_NAME_LENGTH)
      return err(
        new InvalidParameter({ param: 'name', message: `name is at most ${MAX_ACCOUNT_NAME_LENGTH} characters.` }),
      )
    const { trackingEnabled: _tracking, ...rest } = before
    const tracking =
      change.trackingEnabled === undefined
        ? before.trackingEnabled === undefined
          ? {}
          : { trackingEnabled: before.trackingEnabled }
        : change.trackingEnabled === null
          ? {}
          : { trackingEnabled: change.trackingEnabled }
    const after: Account = {
      ...rest,
      ...tracking,
      ...(name === undefined ? {} : { name: name === '' ? null : name }),
      ...(change.pinnedVersion === undefined ? {} : { pinnedVersion: change.pinnedVersion }),
      ...(change.requestBodyLogging === undefined ? {} : { requestBodyLogging: change.requestBodyLogging }),
    }
    await this.deps.accounts.updateAccount(after)
    return ok({ before, after })
  }

  /** Issues a fresh random key for a surface: a secret key, or a restricted one with its grants. */
  async issueKey(
    accountId: string,
    mode: KeyMode,
    options: KeyOptions = {},
  ): Promise<Result<IssuedKey, ResourceNotFound | InvalidParameter>> {
    if ((await this.deps.accounts.getAccount(accountId)) === null)
      return err(new ResourceNotFound({ resource: 'account', id: accountId }))
    const type = options.type ?? 'secret'
    if (type === 'restricted' && (options.permissions ?? null) === null)
      return err(new InvalidParameter({ param: 'permissions', message: 'A restricted key needs its permissions.' }))
    if (type === 'secret' && (options.permissions ?? null) !== null)
      return err(
        new InvalidParameter({
          param: 'permissions',
          message: 'A secret key may do everything; permissions are for restricted keys.',
        }),
      )
    let allowedIps: string[] | null = null
    if (options.allowedIps !== undefined && options.allowedIps !== null) {
      // A key no address may use is dead from birth: no call changes a key's allowlist, and a roll copies it.
      if (options.allowedIps.length === 0)
        return err(
          new InvalidParameter({
            param: 'allowed_ips',
            message:
              'An empty allowlist admits no address. Omit allowed_ips (or send null) for a key usable from any address; to stop a key, revoke it.',
          }),
        )
      const normalized = normalizeAllowlist(options.allowedIps)
      if (!normalized.ok) return normalized
      allowedIps = normalized.value
    }
    const secret = generateSecretKey(mode, this.deps.random, type)
    const record = await this.storeKey(accountId, mode, secret, {
      type,
      name: options.name ?? null,
      permissions: type === 'restricted' ? normalizePermissions(options.permissions ?? {}) : null,
      allowedIps,
    })
    return ok({ record, secret })
  }

  /** The keys of an account on one surface, newest first, paged like every list. */
  async listKeys(
    accountId: string,
    mode: KeyMode,
    page: PageRequest,
  ): Promise<Result<Page<ApiKeyRecord>, InvalidParameter>> {
    const valid = validatePageRequest(page)
    if (!valid.ok) return valid
    const keys = (await this.deps.accounts.listKeys(accountId)).filter((key) => key.mode === mode)
    return paginateById(keys, page)
  }

  /** One key of the account on this surface; another account's (or surface's) key is not found. */
  async retrieveKey(accountId: string, mode: KeyMode, id: string): Promise<Result<ApiKeyRecord, ResourceNotFound>> {
    const key = (await this.deps.accounts.listKeys(accountId)).find((candidate) => candidate.id === id)
    return key === undefined || key.mode !== mode ? err(new ResourceNotFound({ resource: 'api_key', id })) : ok(key)
  }

  /** Revokes a key of the account at once (a rolled key's later expiry is brought forward). */
  async revokeAccountKey(
    accountId: string,
    mode: KeyMode,
    id: string,
  ): Promise<Result<ApiKeyRecord, ResourceNotFound>> {
    const found = await this.retrieveKey(accountId, mode, id)
    if (!found.ok) return found
    const revoked = await this.deps.accounts.revokeKey(id, this.deps.clock.now())
    return revoked === null ? err(new ResourceNotFound({ resource: 'api_key', id })) : ok(revoked)
  }

  /**
   * Rolls a key: a new secret with the same type, name, grants and allowlist, and
   * the old key working on for `expiresInSeconds` (0: it stops now), so that a
   * deployment can switch without downtime. A key that no longer works cannot roll.
   */
  async rollKey(
    accountId: string,
    mode: KeyMode,
    id: string,
    expiresInSeconds: number,
  ): Promise<
    Result<{ rolled: ApiKeyRecord; issued: IssuedKey }, ResourceNotFound | InvalidParameter | InvalidTransition>
  > {
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 0 || expiresInSeconds > MAX_ROLL_EXPIRY_SECONDS)
      return err(
        new InvalidParameter({
          param: 'expires_in_seconds',
          message: `expires_in_seconds is a whole number from 0 to ${MAX_ROLL_EXPIRY_SECONDS} (7 days).`,
        }),
      )
    const found = await this.retrieveKey(accountId, mode, id)
    if (!found.ok) return found
    const now = this.deps.clock.now()
    if (isRevoked(found.value, now))
      return err(new InvalidTransition({ resource: 'api_key', from: 'revoked', command: 'roll' }))
    const old = found.value
    const issued = await this.issueKey(accountId, mode, {
      type: old.type,
      name: old.name,
      permissions: old.permissions,
      allowedIps: old.allowedIps,
    })
    if (!issued.ok) return issued
    const rolled = await this.deps.accounts.revokeKey(id, new Date(now.getTime() + expiresInSeconds * 1000))
    if (rolled === null) return err(new ResourceNotFound({ resource: 'api_key', id }))
    return ok({ rolled, issued: issued.value })
  }

  /**
   * Replaces a restricted key's grants (a secret key has none to change). A grant removed takes effect on every
   * request at once on this host (within the lookup cache's second on others), and ends or narrows the voice
   * sessions the key made (`core/account/session-authority.ts`).
   */
  async updateKeyPermissions(
    keyId: string,
    permissions: Permissions,
  ): Promise<Result<ApiKeyRecord, ResourceNotFound | InvalidParameter>> {
    const key = await this.deps.accounts.findKeyById(keyId)
    if (key === null) return err(new ResourceNotFound({ resource: 'api_key', id: keyId }))
    if (key.type !== 'restricted')
      return err(
        new InvalidParameter({
          param: 'permissions',
          message: 'A secret key may do everything; permissions are for restricted keys.',
        }),
      )
    const updated = await this.deps.accounts.updateKeyPermissions(keyId, normalizePermissions(permissions))
    return updated === null ? err(new ResourceNotFound({ resource: 'api_key', id: keyId })) : ok(updated)
  }

  /**
   * Makes given secrets valid for one account (`SERVICE_BOOTSTRAP_KEYS`). Running it
   * again with the same secrets changes nothing, so every start may call it.
   */
  async bootstrap(secrets: readonly string[]): Promise<Result<Account, InvalidParameter>> {
    const keys: { secret: string; mode: KeyMode }[] = []
    for (const secret of secrets) {
      const mode = modeOfSecret(secret)
      if (mode === null)
        return err(
          new InvalidParameter({
            param: 'SERVICE_BOOTSTRAP_KEYS',
            message: 'Each key must start with sk_test_ or sk_live_.',
          }),
        )
      keys.push({ secret, mode })
    }
    const known = await Promise.all(secrets.map((secret) => this.deps.accounts.findKeyByHash(hashSecret(secret))))
    const owners = new Set(known.filter((key) => key !== null).map((key) => key.accountId))
    if (owners.size > 1)
      return err(
        new InvalidParameter({
          param: 'SERVICE_BOOTSTRAP_KEYS',
          message: 'The keys already belong to different accounts.',
        }),
      )
    const [owner] = [...owners]
    const account =
      (owner === undefined ? null : await this.deps.accounts.getAccount(owner)) ?? (await this.createAccount())
    for (const [index, { secret, mode }] of keys.entries()) {
      if (known[index] === null) await this.storeKey(account.id, mode, secret)
    }
    return ok(account)
  }

  async revokeKey(keyId: string): Promise<Result<ApiKeyRecord, ResourceNotFound>> {
    const revoked = await this.deps.accounts.revokeKey(keyId, this.deps.clock.now())
    return revoked === null ? err(new ResourceNotFound({ resource: 'api_key', id: keyId })) : ok(revoked)
  }

  /**
   * Resolves a bearer secret for a surface. The key must be of that surface and not
   * revoked. Every authenticated request calls this, so it answers at once when the
   * repository does (see `MaybePromise`). `hashOf` computes the stored hash of the
   * secret; a caller that saw the same secret a moment ago may pass one that
   * remembers it (`hashSecret` is the only function it may remember).
   */
  authenticate(
    secret: string | undefined,
    surface: KeyMode,
    hashOf: (secret: string) => string = hashSecret,
  ): MaybePromise<Result<Authenticated, AuthenticationFailed>> {
    if (secret === undefined || secret === '') return err(new AuthenticationFailed({ reason: 'missing' }))
    const mode = modeOfSecret(secret)
    if (mode === null) return err(new AuthenticationFailed({ reason: 'malformed' }))
    // Without `whenReady`'s closures: this runs on every request, and at once on the embedded adapters.
    const found = this.deps.accounts.findKeyByHash(hashOf(secret))
    return found instanceof Promise
      ? found.then((key) => this.keyAccount(key, surface))
      : this.keyAccount(found, surface)
  }

  /** The second step of `authenticate`: the key found (or not) by its hash, then its account. */
  private keyAccount(
    key: ApiKeyRecord | null,
    surface: KeyMode,
  ): MaybePromise<Result<Authenticated, AuthenticationFailed>> {
    if (key === null) return err(new AuthenticationFailed({ reason: 'unknown' }))
    if (key.revokedAt !== null && isRevoked(key, this.deps.clock.now()))
      return err(new AuthenticationFailed({ reason: 'revoked' }))
    if (key.mode !== surface) return err(new AuthenticationFailed({ reason: 'wrong_surface' }))
    const account = this.deps.accounts.getAccount(key.accountId)
    return account instanceof Promise
      ? account.then((settled) => authenticated(settled, key))
      : authenticated(account, key)
  }

  private async storeKey(
    accountId: string,
    mode: KeyMode,
    secret: string,
    options: Pick<ApiKeyRecord, 'type' | 'name' | 'permissions' | 'allowedIps'> = {
      type: 'secret',
      name: null,
      permissions: null,
      allowedIps: null,
    },
  ): Promise<ApiKeyRecord> {
    const record: ApiKeyRecord = {
      id: this.deps.ids.next('key'),
      accountId,
      mode,
      hash: hashSecret(secret),
      last4: secret.slice(-4),
      createdAt: this.deps.clock.now(),
      revokedAt: null,
      ...options,
    }
    await this.deps.accounts.insertKey(record)
    return record
  }
}
