import type { AccountRepositoryPort } from '../ports/account-repository.js'
import type { Clock } from '../ports/clock.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import { InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { whenReady, type MaybePromise } from '../shared/maybe-promise.js'
import type { Account, ApiKeyRecord, KeyMode } from './account.js'
import { AuthenticationFailed } from './account.errors.js'
import { generateSecretKey, hashSecret, modeOfSecret } from './api-key.js'

export interface AccountServiceDeps {
  readonly accounts: AccountRepositoryPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly clock: Clock
  /** The API version new accounts are pinned to. */
  readonly currentVersion: string
}

/** Who a request acts for: the key it was made with and that key's account. */
export interface Authenticated {
  readonly account: Account
  readonly key: ApiKeyRecord
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
    }
    await this.deps.accounts.insertAccount(account)
    return account
  }

  /** Issues a fresh random key for a surface. */
  async issueKey(accountId: string, mode: KeyMode): Promise<Result<IssuedKey, ResourceNotFound>> {
    if ((await this.deps.accounts.getAccount(accountId)) === null)
      return err(new ResourceNotFound({ resource: 'account', id: accountId }))
    const secret = generateSecretKey(mode, this.deps.random)
    return ok({ record: await this.storeKey(accountId, mode, secret), secret })
  }

  /**
   * Makes given secrets valid for one account (`SERVICE_BOOTSTRAP_KEYS`). Running it
   * again with the same secrets changes nothing, so every start may call it.
   */
  async bootstrap(secrets: readonly string[]): Promise<Result<Account, InvalidParameter>> {
    for (const secret of secrets) {
      if (modeOfSecret(secret) === null)
        return err(
          new InvalidParameter({
            param: 'SERVICE_BOOTSTRAP_KEYS',
            message: 'Each key must start with sk_test_ or sk_live_.',
          }),
        )
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
    for (const [index, secret] of secrets.entries()) {
      if (known[index] === null) await this.storeKey(account.id, modeOfSecret(secret)!, secret)
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
    return whenReady(
      this.deps.accounts.findKeyByHash(hashOf(secret)),
      (key): MaybePromise<Result<Authenticated, AuthenticationFailed>> => {
        if (key === null) return err(new AuthenticationFailed({ reason: 'unknown' }))
        if (key.revokedAt !== null) return err(new AuthenticationFailed({ reason: 'revoked' }))
        if (key.mode !== surface) return err(new AuthenticationFailed({ reason: 'wrong_surface' }))
        return whenReady(this.deps.accounts.getAccount(key.accountId), (account) =>
          account === null ? err(new AuthenticationFailed({ reason: 'unknown' })) : ok({ account, key }),
        )
      },
    )
  }

  private async storeKey(accountId: string, mode: KeyMode, secret: string): Promise<ApiKeyRecord> {
    const record: ApiKeyRecord = {
      id: this.deps.ids.next('key'),
      accountId,
      mode,
      hash: hashSecret(secret),
      last4: secret.slice(-4),
      createdAt: this.deps.clock.now(),
      revokedAt: null,
    }
    await this.deps.accounts.insertKey(record)
    return record
  }
}
