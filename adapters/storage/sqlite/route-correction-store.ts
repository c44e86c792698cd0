import type { RouteCorrectionStats } from '../../../core/departure/route-correction.js'
import {
  type RouteCorrectionKey,
  type RouteCorrectionStorePort,
  routeCorrectionId,
} from '../../../core/ports/route-correction-store.js'
import { type SqliteDatabase, statement } from './database.js'

interface CorrectionRow {
  readonly account_id: string
  readonly bucket: string
  readonly samples: number
  readonly sum_log_ratio: number
  readonly sum_squared_log_ratio: number
  readonly updated_at: number
}

/** SQLite binds at most 32,766 parameters; a batch asks two per key. */
const KEYS_PER_QUERY = 500

/** Route corrections of one surface in `route_corrections`, one row per account and bucket, updated in place. */
export class SqliteRouteCorrectionStore implements RouteCorrectionStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async statsOf(keys: readonly RouteCorrectionKey[]): Promise<ReadonlyMap<string, RouteCorrectionStats>> {
    const found = new Map<string, RouteCorrectionStats>()
    for (let offset = 0; offset < keys.length; offset += KEYS_PER_QUERY) {
      const chunk = keys.slice(offset, offset + KEYS_PER_QUERY)
      const rows = this.db
        .prepare(
          `SELECT * FROM route_corrections WHERE (account_id, bucket) IN (VALUES ${chunk.map(() => '(?, ?)').join(', ')})`,
        )
        .all(...chunk.flatMap((key) => [key.accountId, key.bucket])) as CorrectionRow[]
      for (const row of rows) {
        found.set(routeCorrectionId({ accountId: row.account_id, bucket: row.bucket }), {
          samples: row.samples,
          sumLogRatio: row.sum_log_ratio,
          sumSquaredLogRatio: row.sum_squared_log_ratio,
          updatedAt: new Date(row.updated_at),
        })
      }
    }
    return found
  }

  async record(key: RouteCorrectionKey, logRatio: number, at: Date): Promise<void> {
    statement(
      this.db,
      `INSERT INTO route_corrections (account_id, bucket, samples, sum_log_ratio, sum_squared_log_ratio, updated_at)
       VALUES (@account_id, @bucket, 1, @log_ratio, @log_ratio * @log_ratio, @at)
       ON CONFLICT (account_id, bucket) DO UPDATE SET
         samples = samples + 1,
         sum_log_ratio = sum_log_ratio + excluded.sum_log_ratio,
         sum_squared_log_ratio = sum_squared_log_ratio + excluded.sum_squared_log_ratio,
         updated_at = max(updated_at, excluded.updated_at)`,
    ).run({ account_id: key.accountId, bucket: key.bucket, log_ratio: logRatio, at: at.getTime() })
  }

  async removeUpdatedBefore(before: Date): Promise<number> {
    return statement(this.db, 'DELETE FROM route_corrections WHERE updated_at < ?').run(before.getTime()).changes
  }

  async removeByAccount(accountId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM route_corrections WHERE account_id = ?').run(accountId).changes
  }
}
