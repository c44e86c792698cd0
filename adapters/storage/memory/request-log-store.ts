import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import { matchesRequestLogQuery } from '../../../core/request-log/request-log-query.js'

/** Request logs in this process only (the memory storage: gone on restart). */
export class MemoryRequestLogStore implements RequestLogStorePort {
  /** In written order. */
  private entries: RequestLogEntry[] = []
  private readonly ids = new Set<string>()

  async appendMany(entries: readonly RequestLogEntry[]): Promise<void> {
    for (const entry of entries) {
      if (this.ids.has(entry.requestId)) continue
      this.ids.add(entry.requestId)
      this.entries.push(entry)
    }
  }

  async list(accountId: string, livemode: boolean, query: RequestLogQuery) {
    const newestFirst = this.entries
      .filter((entry) => entry.accountId === accountId && entry.livemode === livemode)
      .reverse()
    const from =
      query.startingAfter === undefined
        ? 0
        : newestFirst.findIndex((entry) => entry.requestId === query.startingAfter) + 1
    const matching = newestFirst.slice(from).filter((entry) => matchesRequestLogQuery(entry, query))
    return { data: matching.slice(0, query.limit), hasMore: matching.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    const kept = this.entries.filter((entry) => entry.occurredAt.getTime() >= before.getTime())
    for (const entry of this.entries)
      if (entry.occurredAt.getTime() < before.getTime()) this.ids.delete(entry.requestId)
    const pruned = this.entries.length - kept.length
    this.entries = kept
    return pruned
  }
}
