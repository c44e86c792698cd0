import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import type { RequestLogBodies, RequestLogEntry, RequestLogQuery } from '../../../core/request-log/request-log-entry.js'
import { matchesRequestLogQuery } from '../../../core/request-log/request-log-query.js'

const withoutBodies = ({ bodies: _bodies, ...entry }: RequestLogEntry): RequestLogEntry => entry

/** Request logs in this process only (the memory storage: gone on restart). */
export class MemoryRequestLogStore implements RequestLogStorePort {
  /** In written order, without their bodies. */
  private entries: RequestLogEntry[] = []
  private readonly ids = new Set<string>()
  private readonly bodies = new Map<string, RequestLogBodies>()

  async appendMany(entries: readonly RequestLogEntry[]): Promise<void> {
    for (const entry of entries) {
      if (this.ids.has(entry.requestId)) continue
      this.ids.add(entry.requestId)
      this.entries.push(withoutBodies(entry))
      if (entry.bodies !== undefined) this.bodies.set(entry.requestId, entry.bodies)
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

  async retrieve(accountId: string, livemode: boolean, requestId: string): Promise<RequestLogEntry | null> {
    const entry = this.entries.find(
      (each) => each.requestId === requestId && each.accountId === accountId && each.livemode === livemode,
    )
    if (entry === undefined) return null
    const bodies = this.bodies.get(requestId)
    return bodies === undefined ? entry : { ...entry, bodies }
  }

  async prune(before: Date): Promise<number> {
    return this.remove((entry) => entry.occurredAt.getTime() < before.getTime())
  }

  async pruneBodies(before: Date): Promise<number> {
    let pruned = 0
    for (const entry of this.entries)
      if (entry.occurredAt.getTime() < before.getTime() && this.bodies.delete(entry.requestId)) pruned++
    return pruned
  }

  async trim(accountId: string, livemode: boolean, keep: number): Promise<number> {
    const ofSurface = this.entries.filter((entry) => entry.accountId === accountId && entry.livemode === livemode)
    const going = new Set(ofSurface.slice(0, Math.max(0, ofSurface.length - keep)))
    return this.remove((entry) => going.has(entry))
  }

  private remove(going: (entry: RequestLogEntry) => boolean): number {
    const kept: RequestLogEntry[] = []
    for (const entry of this.entries) {
      if (!going(entry)) {
        kept.push(entry)
        continue
      }
      this.ids.delete(entry.requestId)
      this.bodies.delete(entry.requestId)
    }
    const removed = this.entries.length - kept.length
    this.entries = kept
    return removed
  }
}
