import { LRUCache } from 'lru-cache'

export interface TtlCacheOptions {
  readonly ttlMs: number
  readonly maxEntries: number
  /** Milliseconds clock, injectable so tests need no waiting. */
  readonly now?: () => number
}

export const defaultTtlCacheOptions: TtlCacheOptions = { ttlMs: 60_000, maxEntries: 5_000 }

/**
 * Caches identical lookups for a while and shares the ones in flight, so a
 * burst of equal queries costs one provider call. Bounded (least recently used
 * entries go first) so memory stays flat.
 */
export class TtlCache<V extends {}> {
  private readonly entries: LRUCache<string, V>
  private readonly inFlight = new Map<string, Promise<V>>()

  constructor(options: TtlCacheOptions) {
    const now = options.now
    this.entries = new LRUCache<string, V>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      ttlAutopurge: false,
      // An injected clock must be read on every check, not cached for a millisecond.
      ...(now === undefined ? {} : { perf: { now }, ttlResolution: 0 }),
    })
  }

  get(key: string): V | undefined {
    return this.entries.get(key)
  }

  /** The cached value, or the one `load` produces (stored only when `shouldCache` says so). */
  async getOrLoad(key: string, load: () => Promise<V>, shouldCache: (value: V) => boolean): Promise<V> {
    const cached = this.entries.get(key)
    if (cached !== undefined) return cached
    const pending = this.inFlight.get(key)
    if (pending !== undefined) return pending
    const loading = load()
      .then((value) => {
        if (shouldCache(value)) this.entries.set(key, value)
        return value
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, loading)
    return loading
  }
}
