import { type Account, type ApiKeyRecord, earlierRevocation } from '../../../core/account/account.js'
import type { Permissions } from '../../../core/account/permissions.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'

export class MemoryAccountRepository implements AccountRepositoryPort {
  private readonly accounts = new Map<string, Account>()
  private readonly keys = new Map<string, ApiKeyRecord>()
  /** Every authenticated request looks its key up by hash: an index, not a scan. */
  private readonly keysByHash = new Map<string, ApiKeyRecord>()

  async insertAccount(account: Account): Promise<void> {
    if (this.accounts.has(account.id)) throw new Error(`duplicate account id ${account.id}`)
    this.accounts.set(account.id, account)
  }

  /** The two lookups of authentication answer at once (see `MaybePromise`). */
  getAccount(id: string): Account | null {
    return this.accounts.get(id) ?? null
  }

  async listAccounts(): Promise<Account[]> {
    return [...this.accounts.values()]
  }

  async listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]> {
    return [...this.accounts.values()]
      .filter((account) => account.platformId === platformId && account.livemode === livemode)
      .reverse()
  }

  async updateAccount(account: Account): Promise<void> {
    if (this.accounts.has(account.id)) this.accounts.set(account.id, account)
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    if (this.keysByHash.has(key.hash)) throw new Error('duplicate key hash')
    this.keys.set(key.id, key)
    this.keysByHash.set(key.hash, key)
  }

  findKeyByHash(hash: string): ApiKeyRecord | null {
    return this.keysByHash.get(hash) ?? null
  }

  async findKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.keys.get(id) ?? null
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((key) => key.accountId === accountId)
  }

  async updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id)
    if (key === undefined) return null
    const updated = { ...key, permissions }
    this.keys.set(id, updated)
    this.keysByHash.set(updated.hash, updated)
    return updated
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id)
    if (key === undefined) return null
    const revoked = { ...key, revokedAt: earlierRevocation(key.revokedAt, revokedAt) }
    this.keys.set(id, revoked)
    this.keysByHash.set(revoked.hash, revoked)
    return revoked
  }
}
