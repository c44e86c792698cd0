import type { IdempotencyClaim, IdempotencyStorePort, StoredResponse } from '../../../core/ports/idempotency-store.js'
import { inGroupCommit, type SqliteDatabase, statement } from './database.js'

interface RecordRow {
  readonly fingerprint: string
  readonly claimed_at: number
  readonly expires_at: number
  readonly response: string | null
}

/** Expired records are swept every this many claims (a claim that executes), a batch at a time. */
const SWEEP_EVERY = 1024
const SWEEP_BATCH = 1000

/**
 * Idempotency records in the platform database. A claim reads and writes in one immediate transaction (the write
 * lock first), so two claims of one key, from this process or another on the same file, never both execute. Claims,
 * completions and releases are group commits (`inGroupCommit`): each is a savepoint of a transaction shared with the
 * other writes of the same turn, and is answered once that is committed.
 */
export class SqliteIdempotencyStore implements IdempotencyStorePort {
  private claims = 0

  constructor(private readonly db: SqliteDatabase) {}

  async claim(
    scope: string,
    fingerprint: string,
    now: Date,
    lifetimeMs: number,
    inFlightLeaseMs: number,
  ): Promise<IdempotencyClaim> {
    const at = now.getTime()
    const claim = await inGroupCommit(this.db, (): IdempotencyClaim => {
      const record = statement(
        this.db,
        'SELECT fingerprint, claimed_at, expires_at, response FROM idempotency_records WHERE scope = ?',
      ).get(scope) as RecordRow | undefined
      const abandoned = record !== undefined && record.response === null && at - record.claimed_at > inFlightLeaseMs
      if (record === undefined || record.expires_at <= at || abandoned) {
        statement(
          this.db,
          `INSERT OR REPLACE INTO idempotency_records (scope, fingerprint, claimed_at, expires_at, response)
           VALUES (?, ?, ?, ?, NULL)`,
        ).run(scope, fingerprint, at, at + lifetimeMs)
        return { kind: 'execute' }
      }
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (record.response === null) return { kind: 'in_flight' }
      return { kind: 'replay', response: JSON.parse(record.response) as StoredResponse }
    })
    if (claim.kind === 'execute' && ++this.claims % SWEEP_EVERY === 0) this.sweep(at)
    return claim
  }

  async complete(scope: string, response: StoredResponse): Promise<void> {
    const stored = JSON.stringify(response)
    await inGroupCommit(this.db, () => {
      statement(this.db, 'UPDATE idempotency_records SET response = ? WHERE scope = ?').run(stored, scope)
    })
  }

  async release(scope: string): Promise<void> {
    await inGroupCommit(this.db, () => {
      statement(this.db, 'DELETE FROM idempotency_records WHERE scope = ? AND response IS NULL').run(scope)
    })
  }

  private sweep(at: number): void {
    statement(
      this.db,
      `DELETE FROM idempotency_records WHERE scope IN
         (SELECT scope FROM idempotency_records WHERE expires_at <= ? ORDER BY expires_at LIMIT ${SWEEP_BATCH})`,
    ).run(at)
  }
}
