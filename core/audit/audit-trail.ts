import type { AuditLogPort } from '../ports/audit-log.js'
import type { Clock } from '../ports/clock.js'
import type { IdGenerator } from '../ports/id-generator.js'
import {
  AUDIT_RETENTION_MS,
  type AuditActor,
  type AuditEntry,
  type AuditQuery,
  type AuditTarget,
} from './audit-entry.js'

export interface AuditRecord {
  readonly accountId: string
  readonly livemode: boolean | null
  readonly actor: AuditActor
  readonly action: string
  readonly target: AuditTarget | null
  readonly address: string | null
}

/** Writes and reads the audit log; entries get their id and time here. */
export class AuditTrail {
  constructor(
    private readonly deps: { readonly log: AuditLogPort; readonly ids: IdGenerator; readonly clock: Clock },
  ) {}

  async record(record: AuditRecord): Promise<AuditEntry> {
    const entry: AuditEntry = { id: this.deps.ids.next('aud'), ...record, occurredAt: this.deps.clock.now() }
    await this.deps.log.append(entry)
    return entry
  }

  list(accountId: string, query: AuditQuery) {
    return this.deps.log.list(accountId, query)
  }

  /** Drops what is older than the retention (one year); how many entries went. */
  prune(): Promise<number> {
    return this.deps.log.prune(new Date(this.deps.clock.now().getTime() - AUDIT_RETENTION_MS))
  }
}
