import { type Account, type ApiKeyRecord, earlierRevocation } from '../../../core/account/account.js'
import type { Permissions } from '../../../core/account/permissions.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'
import { inTransaction, ReadCache, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

/**
 * Accounts and hashed keys in the platform database. `seq` keeps the insertion order the lists answer in. The
 * keys CLI may change keys from another process beside a running server (WAL readers see each commit). The two
 * lookups of every request go through a cache that our own writes empty at once and another process's commit empties
 * from one millisecond after the last look at the file at the latest (see `ReadCache`); a key the CLI just created is
 * found at once (misses are not cached).
 */
export class SqliteAccountRepository implements AccountRepositoryPort {
  private readonly accounts: ReadCache<Account>
  private readonly keys: ReadCache<ApiKeyRecord>
  private readonly keysById: ReadCache<ApiKeyRecord>

  constructor(
    private readonly db: SqliteDatabase,
    /** Monotonic milliseconds, which pace the looks at the file (tests pass a manual clock). */
    monotonicMs?: () => number,
  ) {
    this.accounts = new ReadCache(db, undefined, monotonicMs)
    this.keys = new ReadCache(db, undefined, monotonicMs)
    this.keysById = new ReadCache(db, undefined, monotonicMs)
  }

  async insertAccount(account: Account): Promise<void> {
    this.forget()
    statement(this.db, 'INSERT INTO accounts (id, platform_id, livemode, doc) VALUES (?, ?, ?, ?)').run(
      account.id,
      account.platformId,
      account.livemode === null ? null : account.livemode ? 1 : 0,
      encodeJson(account),
    )
  }

  /** The two lookups of authentication answer at once (see `MaybePromise`). */
  getAccount(id: string): Account | null {
    return this.accounts.get(id, () => oneRecord(this.db, 'SELECT doc FROM accounts WHERE id = ?', id))
  }

  async listAccounts(): Promise<Account[]> {
    return allRecords(this.db, 'SELECT doc FROM accounts ORDER BY seq')
  }

  async listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM accounts WHERE platform_id = ? AND livemode = ? ORDER BY seq DESC',
      platformId,
      livemode ? 1 : 0,
    )
  }

  async updateAccount(account: Account): Promise<void> {
    this.forget()
    statement(this.db, 'UPDATE accounts SET platform_id = ?, livemode = ?, doc = ? WHERE id = ?').run(
      account.platformId,
      account.livemode === null ? null : account.livemode ? 1 : 0,
      encodeJson(account),
      account.id,
    )
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    this.forget()
    statement(this.db, 'INSERT INTO api_keys (id, hash, account_id, doc) VALUES (?, ?, ?, ?)').run(
      key.id,
      key.hash,
      key.accountId,
      encodeJson(key),
    )
  }

  findKeyByHash(hash: string): ApiKeyRecord | null {
    return this.keys.get(hash, () => oneRecord(this.db, 'SELECT doc FROM api_keys WHERE hash = ?', hash))
  }

  async findKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.keysById.get(id, () => oneRecord(this.db, 'SELECT doc FROM api_keys WHERE id = ?', id))
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return allRecords(this.db, 'SELECT doc FROM api_keys WHERE account_id = ? ORDER BY seq', accountId)
  }

  async updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null> {
    this.forget()
    return inTransaction(this.db, () => {
      const key = oneRecord<ApiKeyRecord>(this.db, 'SELECT doc FROM api_keys WHERE id = ?', id)
      if (key === null) return null
      const updated = { ...key, permissions }
      statement(this.db, 'UPDATE api_keys SET doc = ? WHERE id = ?').run(encodeJson(updated), id)
      return updated
    })
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    this.forget()
    return inTransaction(this.db, () => {
      const key = oneRecord<ApiKeyRecord>(this.db, 'SELECT doc FROM api_keys WHERE id = ?', id)
      if (key === null) return null
      const revoked = { ...key, revokedAt: earlierRevocation(key.revokedAt, revokedAt) }
      statement(this.db, 'UPDATE api_keys SET doc = ? WHERE id = ?').run(encodeJson(revoked), id)
      return revoked
    })
  }

  /** Our own commits do not move `data_version` for our connection: a write empties the caches itself. */
  private forget(): void {
    this.accounts.clear()
    this.keys.clear()
    this.keysById.clear()
  }
}
