import type { Account, ApiKeyRecord } from '../../../core/account/account.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'

export class MemoryAccountRepository implements AccountRepositoryPort {
  private readonly accounts = new Map<string, Account>()
  private readonly keys = new Map<string, ApiKeyRecord>()

  async insertAccount(account: Account): Promise<void> {
    if (this.accounts.has(account.id)) throw new Error(`duplicate account id ${account.id}`)
    this.accounts.set(account.id, account)
  }

  async getAccount(id: string): Promise<Account | null> {
    return this.accounts.get(id) ?? null
  }

  async listAccounts(): Promise<Account[]> {
    return [...this.accounts.values()]
  }

  async updateAccount(account: Account): Promise<void> {
    if (this.accounts.has(account.id)) this.accounts.set(account.id, account)
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    for (const existing of this.keys.values()) if (existing.hash === key.hash) throw new Error('duplicate key hash')
    this.keys.set(key.id, key)
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    for (const key of this.keys.values()) if (key.hash === hash) return key
    return null
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((key) => key.accountId === accountId)
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id)
    if (key === undefined) return null
    const revoked = { ...key, revokedAt: key.revokedAt ?? revokedAt }
    this.keys.set(id, revoked)
    return revoked
  }
}
