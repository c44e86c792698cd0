import type { RequestLogEntry, RequestLogQuery } from '../request-log/request-log-entry.js'

/**
 * The accounts' request logs (platform storage, shared by every host). Written in batches off the request path
 * (the host's writer), read newest first, pruned by age.
 */
export interface RequestLogStorePort {
  /**
   * Stores a batch in one write, each entry's `bodies` (when it has them) apart from the rest; an entry whose request
   * id is already stored is kept as first written.
   */
  appendMany(entries: readonly RequestLogEntry[]): Promise<void>
  /** One surface's entries of an account matching `query`, newest first (without their bodies), and whether more follow. */
  list(
    accountId: string,
    livemode: boolean,
    query: RequestLogQuery,
  ): Promise<{ readonly data: RequestLogEntry[]; readonly hasMore: boolean }>
  /** One entry of an account's surface with its bodies when they are still kept; null when unknown there. */
  retrieve(accountId: string, livemode: boolean, requestId: string): Promise<RequestLogEntry | null>
  /**
   * Removes every entry (and its bodies) that occurred before `before`; how many entries. Entries are appended in
   * the order they occur (one writer per store), so a store may remove the written-first ones up to the first that
   * occurred at or after `before`.
   */
  prune(before: Date): Promise<number>
  /** Removes the bodies of the entries that occurred before `before`, keeping the entries (in written order too); how many. */
  pruneBodies(before: Date): Promise<number>
  /** Keeps only the newest `keep` entries of an account's surface, removing older ones with their bodies; how many went. */
  trim(accountId: string, livemode: boolean, keep: number): Promise<number>
}
