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
    // Savepoints (a nested transaction, each part of a group commit) keep their undo pages in memory: in a temporary
    // file each one cost several system calls, more than the insert it protects. Sorts without an index, which the
    // query-plan test refuses on the request path, would be held in memory too.
    db.pragma('temp_store = MEMORY')
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
export const inTransaction = <T>(db: SqliteDatabase, work: () => T): T => {
  let run = runners.get(db)
  if (run === undefined) {
    run = db.transaction((inside: () => unknown) => inside())
    runners.set(db, run)
  }
  return run.immediate(work) as T
}

/** A write waiting for its database's group commit. */
interface GroupedWrite {
  readonly work: () => unknown
  readonly committed: ((result: unknown) => void) | undefined
  readonly resolve: (result: unknown) => void
  readonly reject: (error: unknown) => void
}

const groups = new WeakMap<SqliteDatabase, GroupedWrite[]>()

/**
 * Runs `work` (SQL only, safe to run again) in a transaction shared with the other writes asked for on the same
 * database before the event loop's next turn, and answers once that transaction is committed: a commit writes each
 * page it changed to the log, and writes of the same tables share the pages at their indexes' ends, so a group of
 * five costs each write about 40 % less than a commit of its own (docs/performance.md, "Writes"). Each write is a
 * savepoint of its own: one that fails is undone alone and rejected with its error, the others commit. Should the
 * commit itself fail, each write is run again in a transaction of its own and answered by that. `committed` runs
 * right after the commit, before anything else can read or write the file (for in-memory state that must follow
 * the stored rows exactly). Inside a caller's transaction the work runs at once, as part of it.
 */
export const inGroupCommit = <T>(db: SqliteDatabase, work: () => T, committed?: (result: T) => void): Promise<T> => {
  if (db.inTransaction) {
    try {
      const result = inTransaction(db, work)
      committed?.(result)
      return Promise.resolve(result)
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return new Promise<T>((resolve, reject) => {
    let waiting = groups.get(db)
    if (waiting === undefined || waiting.length === 0) {
      waiting = []
      groups.set(db, waiting)
      setImmediate(commitGroup, db)
    }
    waiting.push({
      work,
      committed: committed as ((result: unknown) => void) | undefined,
      resolve: resolve as (result: unknown) => void,
      reject,
    })
  })
}

type Outcome = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: unknown }

const attempt = (db: SqliteDatabase, write: GroupedWrite): Outcome => {
  try {
    return { ok: true, result: inTransaction(db, write.work) }
  } catch (error) {
    return { ok: false, error }
  }
}

const answer = (write: GroupedWrite, outcome: Outcome): void => {
  if (!outcome.ok) {
    write.reject(outcome.error)
    return
  }
  try {
    write.committed?.(outcome.result)
    write.resolve(outcome.result)
  } catch (error) {
    write.reject(error)
  }
}

const commitGroup = (db: SqliteDatabase): void => {
  const group = groups.get(db) ?? []
  groups.set(db, [])
  if (group.length === 0) return
  if (db.inTransaction) {
    // Something left a transaction open across turns (it never should): wait for the next turn rather than join it.
    groups.set(db, [...group, ...(groups.get(db) ?? [])])
    setImmediate(commitGroup, db)
    return
  }
  let outcomes: Outcome[]
  try {
    // One write alone needs no savepoint: its transaction is its own.
    outcomes =
      group.length === 1
        ? [attempt(db, group[0] as GroupedWrite)]
        : inTransaction(db, () => group.map((write) => attempt(db, write)))
  } catch {
    outcomes = group.map((write) => attempt(db, write))
  }
  group.forEach((write, index) => {
    answer(write, outcomes[index] as Outcome)
  })
}

/**
 * One transaction function per database, handed each piece of work: better-sqlite3 builds a transaction function's
 * four variants and their wrappers anew on every `db.transaction(...)` (about 10 µs, against 3 µs for the whole
 * transaction of one small insert through a kept one). A call inside another transaction is a savepoint either way.
 */
const runners = new WeakMap<SqliteDatabase, Database.Transaction<(inside: () => unknown) => unknown>>()

/** Whether `error` is SQLite refusing a row that breaks a UNIQUE or PRIMARY KEY constraint. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Database.SqliteError &&
  (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')

/**
 * The `LIMIT` clause for a limit bound as a parameter (`?` or a named one such as `@take`). A bare `LIMIT ?` lets
 * SQLite's planner read the bound value, which marks the statement to be prepared again on every new binding: that
 * cost 3.4 µs per execution here, and about 30 µs inside a loaded server. Behind a cast, the value is read only
 * when the statement runs, and the prepared statement is reused.
 */
export const boundLimit = (parameter = '?'): string => `LIMIT CAST(${parameter} AS INTEGER)`

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

/** When each database's `PRAGMA data_version` was last read, and what it said: shared by every cache on that file. */
interface VersionLook {
  at: number
  version: number
}

const versionLooks = new WeakMap<SqliteDatabase, VersionLook>()

/**
 * The file's `data_version`, read at most once a millisecond per database: the read starts a read transaction (two
 * `fcntl` lock calls), which cost more than the rest of a cached lookup together. Every cache on the file shares one
 * look, so a request's key, account and user lookups together cost at most one look per file per millisecond.
 */
export const dataVersion = (db: SqliteDatabase, now: number): number => {
  let look = versionLooks.get(db)
  if (look === undefined) {
    look = { at: Number.NEGATIVE_INFINITY, version: -1 }
    versionLooks.set(db, look)
  }
  if (!(now - look.at < 1)) {
    look.at = now
    look.version = statement(db, 'PRAGMA data_version').pluck().get() as number
  }
  return look.version
}

/**
 * A cache of decoded records for the reads every request makes, valid while the file is unchanged by anyone else:
 * `PRAGMA data_version` moves when another connection (the keys CLI, another process) commits, and the owner clears
 * it on its own writes. It is looked at once a millisecond at most (the same bound as the account file of the
 * in-memory family): a commit by another process applies from one millisecond after the last look at the latest,
 * and a miss reads the file at once, so a key the CLI just created works in the same millisecond.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, T>()
  private seenVersion = -1

  constructor(
    private readonly db: SqliteDatabase,
    private readonly capacity = 10_000,
    /** Monotonic milliseconds (tests pass a manual clock). */
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  get(key: string, load: () => T | null): T | null {
    const version = dataVersion(this.db, this.monotonicMs())
    if (version !== this.seenVersion) {
      this.entries.clear()
      this.seenVersion = version
    }
    const cached = this.entries.get(key)
    if (cached !== undefined) return cached
    const loaded = load()
    // A miss is not kept: a record another process writes next is found at once. Oldest first out: a Map iterates
    // in insertion order.
    if (loaded === null) return null
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
