/**
 * The SDK servers this host keeps between the requests of a session (docs/mcp.md, "Sessions across hosts"): building
 * an SDK `Server` and its transport was most of a call's CPU. A kept server holds nothing of the session's authority
 * (each request brings its own, checked as before) and nothing another host needs: a session whose server this host
 * does not hold (another host opened it, this one restarted, or it was evicted) gets a new one at its next request.
 *
 * Bounded: at most `max` servers, least recently used first out; a server idle for `idleMs` goes at the next use of
 * the cache. A server with a request in flight is never evicted (its answer would be lost): when every held server is
 * busy, the request is served by a server of its own, closed after it.
 */
export interface KeptServer {
  /** The requests in flight on this server (their JSON-RPC ids); it may be evicted only when none is. */
  readonly inFlight: number
  close(): Promise<void>
}

export interface KeptServersOptions {
  readonly max: number
  readonly idleMs: number
  /** Milliseconds, for the idle test (the platform's clock). */
  readonly now: () => number
}

export class KeptServers<T extends KeptServer> {
  /** In order of last use, oldest first (a `Map` keeps insertion order; a use re-inserts). */
  private readonly entries = new Map<string, { readonly server: T; lastUsed: number }>()

  constructor(private readonly options: KeptServersOptions) {}

  get size(): number {
    return this.entries.size
  }

  /** The server kept for a session, now its most recently used; undefined when none is. */
  take(sessionId: string): T | undefined {
    this.evictIdle()
    const entry = this.entries.get(sessionId)
    if (entry === undefined) return undefined
    this.entries.delete(sessionId)
    entry.lastUsed = this.options.now()
    this.entries.set(sessionId, entry)
    return entry.server
  }

  /**
   * Keeps a new server for a session, evicting the least recently used idle one when full; false when every kept
   * server is busy (the caller serves its request on this server once and closes it).
   */
  keep(sessionId: string, server: T): boolean {
    this.evictIdle()
    if (this.entries.size >= this.options.max) {
      let evicted = false
      for (const [id, entry] of this.entries)
        if (entry.server.inFlight === 0) {
          this.evict(id, entry.server)
          evicted = true
          break
        }
      if (!evicted) return false
    }
    this.entries.set(sessionId, { server, lastUsed: this.options.now() })
    return true
  }

  /** Drops a session's server (its session ended); its requests in flight finish on it. */
  drop(sessionId: string): void {
    const entry = this.entries.get(sessionId)
    if (entry !== undefined && entry.server.inFlight === 0) this.evict(sessionId, entry.server)
    else this.entries.delete(sessionId)
  }

  /** Closes every kept server (the host stops). */
  async closeAll(): Promise<void> {
    const servers = [...this.entries.values()].map((entry) => entry.server)
    this.entries.clear()
    await Promise.all(servers.map((server) => server.close()))
  }

  private evictIdle(): void {
    const before = this.options.now() - this.options.idleMs
    for (const [id, entry] of this.entries) {
      if (entry.lastUsed > before) return
      if (entry.server.inFlight === 0) this.evict(id, entry.server)
    }
  }

  private evict(id: string, server: T): void {
    this.entries.delete(id)
    void server.close()
  }
}
