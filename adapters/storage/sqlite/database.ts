import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

/** One open SQLite database (better-sqlite3: synchronous, so a read or a transaction runs to its end in one step). */
export type SqliteDatabase = Database.Database

/**
 * One schema change: SQL run in a transaction with the `user_version` bump, never edited once released
 * (a database at an older version replays the steps after it).
 */
export interface Migration {
  readonly version: number
  readonly description: string
  readonly up: (db: SqliteDatabase) => void
}

/** What one kind of database file holds (`platform`, or one surface's records), and how it came to be. */
export interface SqliteSchema {
  readonly name: string
  readonly migrations: readonly Migration[]
}

export interface OpenOptions {
  /**
   * `normal` (the default): a commit is in the write-ahead log before it returns, so it survives a crash of the
   * process; a power loss may roll back the last commits, never corrupt the file. `full` syncs every commit to the
   * disk (several times slower: see docs/operations.md).
   */
  readonly synchronous?: 'normal' | 'full'
  /** Migrate only up to this version (tests build an older file). */
  readonly upToVersion?: number
}

/** The version a database file is at (`PRAGMA user_version`; 0 for a new file). */
export const schemaVersion = (db: SqliteDatabase): number => db.pragma('user_version', { simple: true }) as number

/**
 * Opens (creating it and its directory if needed) a database file, or `:memory:`, in WAL mode with foreign keys
 * on, and brings its schema up to date: each pending migration and its version bump in one transaction, so a
 * crash mid-migration leaves the file at the previous version. A file newer than this code refuses to open.
 */
export const openSqlite = (file: string, schema: SqliteSchema, options: OpenOptions = {}): SqliteDatabase => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  try {
    // Readers never wait for the writer, and a commit appends to the log instead of rewriting pages.
    db.pragma('journal_mode = WAL')
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`)
    db.pragma('foreign_keys = ON')
    // 64 MiB of page cache per file (the default is 2 MiB): the working set of a busy surface stays in memory.
    db.pragma('cache_size = -65536')
    // A checkpoint (copying the log back into the file, two fsyncs) every 10,000 pages (about 40 MiB of log) instead
    // of every 1,000: nine in ten of those fsyncs go, and a page written many times between two checkpoints is
    // copied once. The log is reset after each one.
    db.pragma('wal_autocheckpoint = 10000')
    // Another process on the same file (the keys CLI beside a running server) waits for the lock instead of failing.
    db.pragma('busy_timeout = 5000')
    migrate(db, schema, options.upToVersion)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

const migrate = (db: SqliteDatabase, schema: SqliteSchema, upToVersion?: number): void => {
  const latest = schema.migrations.at(-1)?.version ?? 0
  const target = upToVersion ?? latest
  // The check and the steps under one write lock: two processes opening a new file at once migrate it once.
  db.transaction(() => {
    const current = schemaVersion(db)
    if (current > latest)
      throw new Error(
        `${schema.name} database is at schema version ${current}, newer than this build knows (${latest}): run a newer build, or restore a backup`,
      )
    for (const migration of schema.migrations) {
      if (migration.version <= current || migration.version > target) continue
      migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
    }
  }).immediate()
}

/**
 * Runs `work` as one transaction (nested calls become savepoints): a repository write and the domain events it
 * appends to the outbox commit together or not at all.
 */
export const inTransaction = <T>(db: SqliteDatabase, work: () => T): T => db.transaction(work).immediate()

/** Whether `error` is SQLite refusing a row that breaks a UNIQUE or PRIMARY KEY constraint. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Database.SqliteError &&
  (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')

const statements = new WeakMap<SqliteDatabase, Map<string, Database.Statement>>()

/** The prepared statement of `sql` on `db`, prepared once (preparing costs more than a point read). */
export const statement = (db: SqliteDatabase, sql: string): Database.Statement => {
  let cache = statements.get(db)
  if (cache === undefined) {
    cache = new Map()
    statements.set(db, cache)
  }
  let prepared = cache.get(sql)
  if (prepared === undefined) {
    prepared = db.prepare(sql)
    cache.set(sql, prepared)
  }
  return prepared
}

/** The SQL of every statement prepared on `db` so far (the query-plan test checks that each one uses an index). */
export const preparedSql = (db: SqliteDatabase): string[] => [...(statements.get(db)?.keys() ?? [])]

/**
 * A cache of decoded records for the reads every request makes, valid while the file is unchanged by anyone else:
 * `PRAGMA data_version` moves when another connection (the keys CLI, another process) commits, and the owner clears
 * it on its own writes. Looking costs one tiny statement instead of a read and a JSON parse.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, T | null>()
  private seenVersion = -1

  constructor(
    private readonly db: SqliteDatabase,
    private readonly capacity = 10_000,
  ) {}

  get(key: string, load: () => T | null): T | null {
    const version = statement(this.db, 'PRAGMA data_version').pluck().get() as number
    if (version !== this.seenVersion) {
      this.entries.clear()
      this.seenVersion = version
    }
    if (this.entries.has(key)) return this.entries.get(key) ?? null
    const loaded = load()
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, loaded)
    return loaded
  }

  /** Forgets one key (the owner wrote its record). */
  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}
