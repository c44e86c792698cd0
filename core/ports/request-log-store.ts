import type { RequestLogEntry, RequestLogQuery } from '../request-log/request-log-entry.js'

/**
 * The accounts' request logs (platform storage, shared by every host). Written in batches off the request path
 * (the host's writer), read newest first, pruned by age.
 */
export interface RequestLogStorePort {
  /** Stores a batch in one write; an entry whose request id is already stored is kept as first written. */
  appendMany(entries: readonly RequestLogEntry[]): Promise<void>
  /** One surface's entries of an account matching `query`, newest first, and whether more follow. */
  list(
    accountId: string,
    livemode: boolean,
    query: RequestLogQuery,
  ): Promise<{ readonly data: RequestLogEntry[]; readonly hasMore: boolean }>
  /** Removes every entry that occurred before `before`; how many. */
  prune(before: Date): Promise<number>
}
