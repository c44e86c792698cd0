import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Account, ApiKeyRecord } from '../../../core/account/account.js'
import type { AccountRepositoryPort } from '../../../core/ports/account-repository.js'

interface Snapshot {
  accounts: Account[]
  keys: ApiKeyRecord[]
}

const revive = (snapshot: Snapshot): Snapshot => ({
  accounts: snapshot.accounts.map((account) => ({ ...account, createdAt: new Date(account.createdAt) })),
  keys: snapshot.keys.map((key) => ({ ...key, createdAt: new Date(key.createdAt), revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt) })),
})

/**
 * Tells one written file from the next. Every write renames a new file into place
 * (a new inode), so this holds even when two writes share a modification time
 * (file times advance in coarse ticks of a few milliseconds).
 */
const fileVersion = (stats: Stats): string => `${stats.ino}:${stats.mtimeMs}:${stats.size}`

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
  /** Which version of the file the snapshot holds (see `fileVersion`). */
  private loadedVersion = ''
  /** Set once the file was looked at in this turn of the event loop; cleared at its end. */
  private checkedThisTurn = false
  private readonly path: string

  constructor(dataDir: string) {
    this.path = join(dataDir, 'accounts.json')
    this.reloadIfChanged()
  }

  async insertAccount(account: Account): Promise<void> {
    this.mutate((snapshot) => {
      if (snapshot.accounts.some((existing) => existing.id === account.id)) throw new Error(`duplicate account id ${account.id}`)
      snapshot.accounts.push(account)
    })
  }

  /** The two lookups of authentication answer at once (see `MaybePromise`). */
  getAccount(id: string): Account | null {
    return this.find(() => this.accountsById.get(id))
  }

  async listAccounts(): Promise<Account[]> {
    this.reloadIfChanged()
    return [...this.snapshot.accounts]
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
    return this.find(() => this.keysByHash.get(hash))
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    this.reloadIfChanged()
    return this.snapshot.keys.filter((key) => key.accountId === accountId)
  }

  async revokeKey(id: string, revokedAt: Date): Promise<ApiKeyRecord | null> {
    let revoked: ApiKeyRecord | null = null
    this.mutate((snapshot) => {
      snapshot.keys = snapshot.keys.map((key) => {
        if (key.id !== id) return key
        revoked = { ...key, revokedAt: key.revokedAt ?? revokedAt }
        return revoked
      })
    })
    return revoked
  }

  /** Looks in memory first; on a miss, or when the file changed, reads the file again. */
  private find<T>(lookup: () => T | undefined): T | null {
    this.reloadIfChanged()
    return lookup() ?? null
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
   * Reads the file again when it changed on disk. Lookups look at it once per turn
   * of the event loop, not once each (a request makes two, and every request of a
   * turn the same): another process's change is never ordered against requests
   * already being parsed, and the next turn sees it. Writes always look.
   */
  private reloadIfChanged(force = false): void {
    if (this.checkedThisTurn && !force) return
    if (!this.checkedThisTurn) {
      this.checkedThisTurn = true
      setImmediate(() => {
        this.checkedThisTurn = false
      }).unref()
    }
    let version: string
    try {
      version = fileVersion(statSync(this.path))
    } catch {
      return
    }
    if (version === this.loadedVersion) return
    this.snapshot = revive(JSON.parse(readFileSync(this.path, 'utf8')) as Snapshot)
    this.index()
    this.loadedVersion = version
  }

  private index(): void {
    this.accountsById = new Map(this.snapshot.accounts.map((account) => [account.id, account]))
    this.keysByHash = new Map(this.snapshot.keys.map((key) => [key.hash, key]))
  }
}
