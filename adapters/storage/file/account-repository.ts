import { mkdirSync, readFileSync, renameSync, type Stats, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  type Account,
  type ApiKeyRecord,
  earlierRevocation,
  LEGACY_ACCOUNT_FIELDS,
  LEGACY_KEY_FIELDS,
} from '../../../core/account/account.js'
import type { Permissions } from '../../../core/account/permissions.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'

interface Snapshot {
  accounts: Account[]
  keys: ApiKeyRecord[]
}

const revive = (snapshot: Snapshot): Snapshot => ({
  accounts: snapshot.accounts.map((account) => ({
    ...LEGACY_ACCOUNT_FIELDS,
    ...account,
    createdAt: new Date(account.createdAt),
    deletedAt: account.deletedAt === null || account.deletedAt === undefined ? null : new Date(account.deletedAt),
  })),
  keys: snapshot.keys.map((key) => ({
    ...LEGACY_KEY_FIELDS,
    ...key,
    createdAt: new Date(key.createdAt),
    revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt),
  })),
})

/**
 * Tells one written file from the next. Every write renames a new file into place
 * (a new inode), so this holds even when two writes share a modification time
 * (file times advance in coarse ticks of a few milliseconds).
 */
const fileVersion = (stats: Stats): string => `${stats.ino}:${stats.mtimeMs}:${stats.size}`

/** What the lookup indexes hold, by index. */
interface Indexed {
  readonly keysByHash: ApiKeyRecord
  readonly keysById: ApiKeyRecord
  readonly accountsById: Account
}

/**
 * Accounts and hashed keys of the embedded deployment, kept in one JSON file so
 * that keys survive a restart and the `keys` CLI can change them beside a running
 * server (the file is re-read when it changed on disk).
 */
export class FileAccountRepository implements AccountRepositoryPort {
  private snapshot: Snapshot = { accounts: [], keys: [] }
  /** Lookups of every authenticated request go through these indexes of the snapshot, rebuilt when it changes. */
  private accountsById = new Map<string, Account>()
  private keysByHash = new Map<string, ApiKeyRecord>()
  private keysById = new Map<string, ApiKeyRecord>()
  /** Which version of the file the snapshot holds (see `fileVersion`). */
  private loadedVersion = ''
  /** When lookups last looked at the file (monotonic milliseconds). */
  private checkedAt = Number.NEGATIVE_INFINITY
  private readonly path: string

  /**
   * `monotonicMs` is the clock that paces the file checks of lookups (tests drive
   * it); it must never step back, so it is not the wall clock.
   */
  constructor(
    dataDir: string,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {
    this.path = join(dataDir, 'accounts.json')
    this.reloadIfChanged(true)
  }

  async insertAccount(account: Account): Promise<void> {
    this.mutate((snapshot) => {
      if (snapshot.accounts.some((existing) => existing.id === account.id))
        throw new Error(`duplicate account id ${account.id}`)
      snapshot.accounts.push(account)
    })
  }

  /** The two lookups of authentication answer at once (see `MaybePromise`). */
  getAccount(id: string): Account | null {
    return this.find('accountsById', id)
  }

  async listAccounts(): Promise<Account[]> {
    this.reloadIfChanged()
    return [...this.snapshot.accounts]
  }

  async listConnectedAccounts(platformId: string, livemode: boolean): Promise<Account[]> {
    this.reloadIfChanged()
    return [...this.snapshot.accounts]
      .filter((account) => account.platformId === platformId && account.livemode === livemode)
      .reverse()
  }

  async updateAccount(account: Account): Promise<void> {
    this.mutate((snapshot) => {
      snapshot.accounts = snapshot.accounts.map((existing) => (existing.id === account.id ? account : existing))
    })
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    this.mutate((snapshot) => {
      if (this.keysByHash.has(key.hash)) throw new Error('duplicate key hash')
      snapshot.keys.push(key)
    })
  }

  findKeyByHash(hash: string): ApiKeyRecord | null {
    return this.find('keysByHash', hash)
  }

  async findKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.find('keysById', id)
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    this.reloadIfChanged()
    return this.snapshot.keys.filter((key) => key.accountId === accountId)
  }

  async updateKeyPermissions(id: string, permissions: Permissions): Promise<ApiKeyRecord | null> {
    let updated: ApiKeyRecord | null = null
    this.mutate((snapshot) => {
      snapshot.keys = snapshot.keys.map((key) => {
        if (key.id !== id) return key
        updated = { ...key, permissions }
        return updated
      })
    })
    return updated
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    let revoked: ApiKeyRecord | null = null
    this.mutate((snapshot) => {
      snapshot.keys = snapshot.keys.map((key) => {
        if (key.id !== id) return key
        revoked = { ...key, revokedAt: earlierRevocation(key.revokedAt, revokedAt) }
        return revoked
      })
    })
    return revoked
  }

  /**
   * Looks in memory, after looking at the file if the last look is a millisecond
   * old. A miss always looks at the file again (a key created a moment ago by the
   * CLI is found at once). The index is named rather than passed (a reload
   * replaces it) or read by a closure (one per lookup, two per request).
   */
  private find<I extends keyof Indexed>(index: I, key: string): Indexed[I] | null {
    this.reloadIfChanged()
    const found = (this[index] as Map<string, Indexed[I]>).get(key)
    if (found !== undefined) return found
    return this.reloadIfChanged(true) ? ((this[index] as Map<string, Indexed[I]>).get(key) ?? null) : null
  }

  private mutate(change: (snapshot: Snapshot) => void): void {
    this.reloadIfChanged(true)
    change(this.snapshot)
    this.index()
    mkdirSync(dirname(this.path), { recursive: true })
    const temporary = `${this.path}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(this.snapshot, null, 2), { mode: 0o600 })
    renameSync(temporary, this.path)
    this.loadedVersion = fileVersion(statSync(this.path))
  }

  /**
   * Reads the file again when it changed on disk; true when it did. Lookups look
   * at the file at most once a millisecond (a request makes two lookups, and a
   * loaded server tens of requests a millisecond), so a change another process
   * writes (a key revoked with the CLI) applies to every lookup from one
   * millisecond after it was written. Writes, misses and `force` always look.
   */
  private reloadIfChanged(force = false): boolean {
    const now = this.monotonicMs()
    if (!force && now - this.checkedAt < 1) return false
    this.checkedAt = now
    let version: string
    try {
      version = fileVersion(statSync(this.path))
    } catch {
      return false
    }
    if (version === this.loadedVersion) return false
    this.snapshot = revive(JSON.parse(readFileSync(this.path, 'utf8')) as Snapshot)
    this.index()
    this.loadedVersion = version
    return true
  }

  private index(): void {
    this.accountsById = new Map(this.snapshot.accounts.map((account) => [account.id, account]))
    this.keysByHash = new Map(this.snapshot.keys.map((key) => [key.hash, key]))
    this.keysById = new Map(this.snapshot.keys.map((key) => [key.id, key]))
  }
}
