/**
 * One change made to an account, through the dashboard or by a key-management call of the API: who (a member or
 * an API key), what (`api_key.created`, `member.invited`, ...), on which record, when, and from which address. Kept
 * `AUDIT_RETENTION_MS` (one year), then pruned.
 */
export interface AuditEntry {
  /** `aud_...`, sorting in the order the entries were written. */
  readonly id: string
  readonly accountId: string
  /** The surface acted on; null for what is account-wide (members, sign-in). */
  readonly livemode: boolean | null
  readonly actor: AuditActor
  readonly action: string
  readonly target: AuditTarget | null
  /** The client address as `TRUST_PROXY` decides it; null when there was none (the CLI). */
  readonly address: string | null
  readonly occurredAt: Date
}

export interface AuditActor {
  readonly type: 'member' | 'api_key' | 'cli'
  /** `mem_...`, `key_...`, or `cli`. */
  readonly id: string
  /** A member's address, for reading the log after the member is gone; null for a key. */
  readonly email: string | null
}

export interface AuditTarget {
  /** `api_key`, `webhook_endpoint`, `webhook_delivery`, `member`, `passkey`. */
  readonly type: string
  readonly id: string
}

/** What a page asks for: entries of one account, newest first, optionally of one action, one actor or one target. */
export interface AuditQuery {
  readonly action?: string
  readonly actorId?: string
  readonly targetId?: string
  /** Entries written before this one (`id` descending paging). */
  readonly startingAfter?: string
  readonly limit: number
}

export const AUDIT_RETENTION_MS = 365 * 24 * 3_600_000
