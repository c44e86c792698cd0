import type { AuditEntry, AuditQuery } from '../audit/audit-entry.js'

/**
 * The account's audit log (platform storage, shared by every host): append-only, read newest first, pruned by age.
 */
export interface AuditLogPort {
  append(entry: AuditEntry): Promise<void>
  /** The account's entries matching `query`, newest first, and whether more follow. */
  list(accountId: string, query: AuditQuery): Promise<{ readonly data: AuditEntry[]; readonly hasMore: boolean }>
  /** Removes every entry (of every account) that occurred before `before`; how many. */
  prune(before: Date): Promise<number>
}
