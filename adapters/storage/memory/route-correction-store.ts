import { type RouteCorrectionStats, withObservation } from '../../../core/departure/route-correction.js'
import {
  type RouteCorrectionKey,
  type RouteCorrectionStorePort,
  routeCorrectionId,
} from '../../../core/ports/route-correction-store.js'

/** Route corrections in a map by account and bucket. */
export class MemoryRouteCorrectionStore implements RouteCorrectionStorePort {
  private readonly buckets = new Map<string, RouteCorrectionStats & { readonly accountId: string }>()

  async statsOf(keys: readonly RouteCorrectionKey[]): Promise<ReadonlyMap<string, RouteCorrectionStats>> {
    const found = new Map<string, RouteCorrectionStats>()
    for (const key of keys) {
      const stored = this.buckets.get(routeCorrectionId(key))
      if (stored !== undefined) {
        const { accountId: _accountId, ...stats } = stored
        found.set(routeCorrectionId(key), stats)
      }
    }
    return found
  }

  async record(key: RouteCorrectionKey, logRatio: number, at: Date): Promise<void> {
    const id = routeCorrectionId(key)
    const before = this.buckets.get(id) ?? null
    const next = withObservation(before, logRatio, at)
    const updatedAt = before !== null && before.updatedAt > at ? before.updatedAt : at
    this.buckets.set(id, { ...next, updatedAt, accountId: key.accountId })
  }

  async removeUpdatedBefore(before: Date): Promise<number> {
    return this.removeWhere((stats) => stats.updatedAt.getTime() < before.getTime())
  }

  async removeByAccount(accountId: string): Promise<number> {
    return this.removeWhere((stats) => stats.accountId === accountId)
  }

  private removeWhere(doomed: (stats: RouteCorrectionStats & { readonly accountId: string }) => boolean): number {
    let removed = 0
    for (const [id, stats] of this.buckets) {
      if (doomed(stats)) {
        this.buckets.delete(id)
        removed += 1
      }
    }
    return removed
  }
}
