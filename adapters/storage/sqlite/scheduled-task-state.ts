import type { TaskStateStore } from '../../scheduler/in-process/task-state.js'
import { type SqliteDatabase, statement } from './database.js'

/** The in-process scheduler's task state in the platform database (`scheduled_tasks`, one row per task). */
export class SqliteTaskStateStore implements TaskStateStore {
  constructor(private readonly db: SqliteDatabase) {}

  lastStartedAt(name: string): number | null {
    const row = statement(this.db, 'SELECT last_started_at FROM scheduled_tasks WHERE name = ?').get(name) as
      | { last_started_at: number | null }
      | undefined
    return row?.last_started_at ?? null
  }

  tryLease(name: string, intervalMs: number, owner: string, now: number, leaseUntil: number): boolean {
    // One statement: the row is created, or taken over when free, expired or ours; another owner's live lease stays.
    const { changes } = statement(
      this.db,
      `INSERT INTO scheduled_tasks (name, interval_ms, last_started_at, runs, lease_owner, lease_until)
       VALUES (@name, @intervalMs, @now, 1, @owner, @leaseUntil)
       ON CONFLICT (name) DO UPDATE SET
         interval_ms = excluded.interval_ms,
         last_started_at = CASE WHEN lease_owner IS @owner THEN last_started_at ELSE excluded.last_started_at END,
         runs = CASE WHEN lease_owner IS @owner THEN runs ELSE runs + 1 END,
         lease_owner = excluded.lease_owner,
         lease_until = excluded.lease_until
       WHERE lease_owner IS NULL OR lease_owner = @owner OR lease_until <= @now`,
    ).run({ name, intervalMs, owner, now, leaseUntil })
    return changes === 1
  }

  finish(name: string, owner: string, now: number, error: string | null): void {
    statement(
      this.db,
      `UPDATE scheduled_tasks SET last_finished_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL
       WHERE name = ? AND lease_owner = ?`,
    ).run(now, error, name, owner)
  }
}
