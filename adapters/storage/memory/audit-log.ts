import type { AuditEntry, AuditQuery } from '../../../core/audit/audit-entry.js'
import { matchesAuditQuery } from '../../../core/audit/audit-query.js'
import type { AuditLogPort } from '../../../core/ports/audit-log.js'

/** The audit log in this process only (the memory storage: gone on restart). */
export class MemoryAuditLog implements AuditLogPort {
  /** In written order. */
  private entries: AuditEntry[] = []

  async append(entry: AuditEntry): Promise<void> {
    this.entries.push(entry)
  }

  async list(accountId: string, query: AuditQuery) {
    const newestFirst = this.entries.filter((entry) => entry.accountId === accountId).reverse()
    const from = query.startingAfter === undefined ? 0 : newestFirst.findIndex((e) => e.id === query.startingAfter) + 1
    const matching = newestFirst.slice(from).filter((entry) => matchesAuditQuery(entry, query))
    return { data: matching.slice(0, query.limit), hasMore: matching.length > query.limit }
  }

  async prune(before: Date): Promise<number> {
    const kept = this.entries.filter((entry) => entry.occurredAt.getTime() >= before.getTime())
    const pruned = this.entries.length - kept.length
    this.entries = kept
    return pruned
  }
}
