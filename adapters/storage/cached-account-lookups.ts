import { LRUCache } from 'lru-cache'
import type { Account, ApiKeyRecord } from '../../core/account/account.js'
import type { Permissions } from '../../core/account/permissions.js'
import type { AccountRepositoryPort } from '../../core/ports/account-repository.js'
import type { MaybePromise } from '../../core/shared/maybe-promise.js'

/**
 * How long a key or an account read from the shared store is reused by this host: a key revoked, or an account
 * changed (plan limits, sandbox clock, deletion), on another host is seen here at most this long later. On this
 * host every write through the repository takes effect at once.
 */
export const ACCOUNT_LOOKUP_TTL_MS = 1_000

export interface AccountLookupCacheOptions {
  readonly ttlMs?: number
  /** Keys and accounts kept (least recently used go first). */
  readonly max?: number
  /** The clock of the expiry (tests); `performance` by default. */
  readonly perf?: { now(): number }
}

/**
 * The two lookups of every authenticated request (the key by its hash, then its
 * account), answered from memory for `ACCOUNT_LOOKUP_TTL_MS` after a read of the
 * store, so that a key used all the time costs the store one read of each a
 * second instead of two per request. Only found records are kept (an unknown
 * key is asked for again: no caller fills the cache with guesses, and a key
 * created on another host works at once). Any write through this repository
 * empties both caches, and a read that was in flight during a write is not
 * kept: on this host a revocation or a change applies to the next request.
 * Records are shared between requests and never changed in place.
 */
export class CachedAccountLookups implements AccountRepositoryPort {
  private readonly keys: LRUCache<string, ApiKeyRecord>
  private readonly keysById: LRUCache<string, ApiKeyRecord>
  private readonly accounts: LRUCache<string, Account>
  /** Bumped by every write: a read that started before it is not cached. */
  private generation = 0

  constructor(
    private readonly inner: AccountRepositoryPort,
    options: AccountLookupCacheOptions = {},
  ) {
    const common = {
      max: options.max ?? 10_000,
      ttl: options.ttlMs ?? ACCOUNT_LOOKUP_TTL_MS,
      // Reading does not extend an entry's life: the bound runs from the read of the store.
      updateAgeOnGet: false,
      // Each get reads the clock (rather than a value refreshed by a timer): the bound holds to the millisecond.
      ttlResolution: 0,
      ...(options.perf === undefined ? {} : { perf: options.perf }),
    }
    this.keys = new LRUCache<string, ApiKeyRecord>(common)
    this.keysById = new LRUCache<string, ApiKeyRecord>(common)
    this.accounts = new LRUCache<string, Account>(common)
  }

  findKeyByHash(hash: string): MaybePromise<ApiKeyRecord | null> {
    return this.cached(this.keys, hash, () => this.inner.findKeyByHash(hash))
  }

  /** The same bound for a key looked up by id (the voice sessions' checks): a revocation elsewhere within the TTL. */
  async findKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.cached(this.keysById, id, () => this.inner.findKeyById(id))
  }

  getAccount(id: string): MaybePromise<Account | null> {
    return this.cached(this.accounts, id, () => this.inner.getAccount(id))
  }

  listAccounts(): Promise<Account[]> {
    return this.inner.listAccounts()
  }

  listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]> {
    return this.inner.listConnectedAccounts(platformId, livemode)
  }

  listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.inner.listKeys(accountId)
  }

  insertAccount(account: Account): Promise<void> {
    return this.written(() => this.inner.insertAccount(account))
  }

  updateAccount(account: Account): Promise<void> {
    return this.written(() => this.inner.updateAccount(account))
  }

  insertKey(key: ApiKeyRecord): Promise<void> {
    return this.written(() => this.inner.insertKey(key))
  }

  updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null> {
    return this.written(() => this.inner.updateKeyPermissions(id, permissions))
  }

  revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    return this.written(() => this.inner.revokeKey(id, revokedAt))
  }

  private cached<V extends {}>(
    cache: LRUCache<string, V>,
    id: string,
    read: () => MaybePromise<V | null>,
  ): MaybePromise<V | null> {
    const hit = cache.get(id)
    if (hit !== undefined) return hit
    const generation = this.generation
    const found = read()
    const keep = (value: V | null): V | null => {
      if (value !== null && generation === this.generation) cache.set(id, value)
      return value
    }
    return found instanceof Promise ? found.then(keep) : keep(found)
  }

  /** Empties the caches before and after the write: a read overlapping it is neither served nor kept. */
  private async written<T>(write: () => Promise<T>): Promise<T> {
    this.invalidate()
    try {
      return await write()
    } finally {
      this.invalidate()
    }
  }

  private invalidate(): void {
    this.generation++
    this.keys.clear()
    this.keysById.clear()
    this.accounts.clear()
  }
}
