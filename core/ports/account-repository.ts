import type { Account, ApiKeyRecord } from '../account/account.js'
import type { Permissions } from '../account/permissions.js'
import type { MaybePromise } from '../shared/maybe-promise.js'

/**
 * Accounts and their API keys. Keys are stored hashed (`hash` is the SHA-256 of
 * the secret); the clear secret is shown once at creation and never stored.
 * Lists are oldest first. Ids and key hashes are unique: inserting one already
 * stored is a bug and throws, leaving the stored record as it was. The two
 * lookups every authenticated request makes may answer at once (`MaybePromise`): measured on the authenticated GET,
 * docs/decisions/0001-synchronous-path-for-embedded-ports.md and docs/performance.md, "Hot-path techniques".
 */
export interface AccountRepositoryPort {
  insertAccount(account: Account): Promise<void>
  getAccount(id: string): MaybePromise<Account | null>
  listAccounts(): Promise<Account[]>
  /** A platform's connected accounts on one surface, deleted ones included (`deletedAt`), newest first. */
  listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]>
  /** Replaces a stored account; an unknown id changes nothing. */
  updateAccount(account: Account): Promise<void>
  insertKey(key: ApiKeyRecord): Promise<void>
  /** Revoked keys are found too, so that authentication can tell why a key fails. */
  findKeyByHash(hash: string): MaybePromise<ApiKeyRecord | null>
  /** A key by its id, revoked or not: long-lived sessions made with a key (voice) ask whether it still works and grants. */
  findKeyById(id: string): Promise<ApiKeyRecord | null>
  listKeys(accountId: string): Promise<ApiKeyRecord[]>
  /** Replaces a restricted key's grants (the operator narrowed or widened them); null for an unknown key. */
  updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null>
  /** Revoking again keeps the first `revokedAt`; null for an unknown key. */
  revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null>
}
