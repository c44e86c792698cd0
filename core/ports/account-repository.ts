import type { Account, ApiKeyRecord } from '../account/account.js'

/**
 * Accounts and their API keys. Keys are stored hashed (`hash` is the SHA-256 of
 * the secret); the clear secret is shown once at creation and never stored.
 */
export interface AccountRepositoryPort {
  insertAccount(account: Account): Promise<void>
  getAccount(id: string): Promise<Account | null>
  listAccounts(): Promise<Account[]>
  updateAccount(account: Account): Promise<void>
  insertKey(key: ApiKeyRecord): Promise<void>
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>
  listKeys(accountId: string): Promise<ApiKeyRecord[]>
  revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null>
}
