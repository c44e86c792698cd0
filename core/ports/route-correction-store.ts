import type { RouteCorrectionStats } from '../departure/route-correction.js'

/** One account's route bucket (`routeBucketKey`). */
export interface RouteCorrectionKey {
  readonly accountId: string
  readonly bucket: string
}

/** How a key is named in `statsOf`'s answer. */
export const routeCorrectionId = (key: RouteCorrectionKey): string => `${key.accountId}/${key.bucket}`

/**
 * Corrections learned from tracked arrivals, of one surface: per account and route bucket, the sums of the log
 * ratios actual / predicted (never a trip, a position or a user). Docs: departure.md, "Corrections from tracked
 * arrivals".
 */
export interface RouteCorrectionStorePort {
  /** The stats of the keys that have any, by `routeCorrectionId`: one read for a whole recompute batch. */
  statsOf(keys: readonly RouteCorrectionKey[]): Promise<ReadonlyMap<string, RouteCorrectionStats>>
  /** Adds one trip's log ratio to the key's sums, atomically: two arrivals recorded at once both count. */
  record(key: RouteCorrectionKey, logRatio: number, at: Date): Promise<void>
  /** Forgets the buckets no trip has updated since `before` (the retention); returns how many. */
  removeUpdatedBefore(before: Date): Promise<number>
  /** Forgets every bucket of the account; returns how many. */
  removeByAccount(accountId: string): Promise<number>
}
