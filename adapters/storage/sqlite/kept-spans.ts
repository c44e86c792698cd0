import type { EventSpan } from '../../../core/ports/event-repository.js'
import { dataVersion, type SqliteDatabase } from './database.js'

/**
 * Users' event spans kept in memory, in order of start, within a budget of spans (about 300 bytes each): the oldest
 * user read goes first when a new one would pass it. Valid while the file is unchanged by another connection (`PRAGMA
 * data_version`, looked at once a millisecond at most, as `ReadCache`); the owner forgets or updates a user's spans on
 * its own writes. A user with more spans than are kept for one is kept as null (read from the file every time).
 */
export class KeptSpans {
  private readonly users = new Map<string, EventSpan[] | null>()
  private kept = 0
  private seenVersion = -1

  constructor(
    private readonly db: SqliteDatabase,
    private readonly budget: number,
    /** Monotonic milliseconds (tests pass a manual clock). */
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  get(key: string, load: () => EventSpan[] | null): EventSpan[] | null {
    const version = dataVersion(this.db, this.monotonicMs())
    if (version !== this.seenVersion) {
      this.clear()
      this.seenVersion = version
    }
    const cached = this.users.get(key)
    if (cached !== undefined) return cached
    const loaded = load()
    const size = loaded?.length ?? 0
    if (size > this.budget) return loaded
    // Oldest first out: a Map iterates in insertion order.
    while (this.kept + size > this.budget) this.delete(this.users.keys().next().value as string)
    this.users.set(key, loaded)
    this.kept += size
    return loaded
  }

  /** A user's kept spans, if any, without a look at the file (the owner adds one in place after its insert). */
  peek(key: string): EventSpan[] | null | undefined {
    return this.users.get(key)
  }

  /** Counts a span the owner added in place to a user's kept spans (forgetting the oldest users past the budget). */
  added(key: string): void {
    this.kept += 1
    while (this.kept > this.budget && this.users.size > 1) {
      const oldest = this.users.keys().next().value as string
      this.delete(oldest === key ? ([...this.users.keys()][1] as string) : oldest)
    }
  }

  delete(key: string): void {
    const spans = this.users.get(key)
    if (spans === undefined) return
    this.kept -= spans?.length ?? 0
    this.users.delete(key)
  }

  private clear(): void {
    this.users.clear()
    this.kept = 0
  }
}
