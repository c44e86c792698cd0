import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { backupDatabases } from '../../../adapters/storage/sqlite/backup.js'
import { openSqlite, schemaVersion } from '../../../adapters/storage/sqlite/database.js'
import { SqliteOutbox } from '../../../adapters/storage/sqlite/outbox.js'
import { SURFACE_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-backup-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const event = (n: number) => ({
  id: `ntf_${String(n).padStart(6, '0')}`,
  type: 'user.created',
  accountId: 'acct_a',
  livemode: true,
  createdAt: new Date('2026-06-01T08:00:00Z'),
  objectType: 'user',
  object: { n },
})

describe('Online backup of the SQLite databases (the backup API, not a file copy)', () => {
  it('copies every commit, including those still in the write-ahead log, while the database stays open', async () => {
    const live = openSqlite(join(dir, 'data', 'live.db'), SURFACE_SCHEMA)
    const outbox = new SqliteOutbox(live)
    for (let n = 0; n < 500; n++) await outbox.append([event(n)])
    // The latest commits are still in live.db-wal (WAL mode), which a copy of live.db alone would miss.
    const written = await backupDatabases(join(dir, 'data'), join(dir, 'backup'), ['platform.db', 'live.db'])
    expect(written).toEqual([join(dir, 'backup', 'live.db')])
    await outbox.append([event(500)])
    live.close()

    const restored = openSqlite(join(dir, 'backup', 'live.db'), SURFACE_SCHEMA)
    expect(schemaVersion(restored)).toBe(SURFACE_SCHEMA.migrations.at(-1)!.version)
    const copy = new SqliteOutbox(restored)
    expect((await copy.pending(1000)).map((written) => written.id)).toEqual(
      Array.from({ length: 500 }, (_, n) => event(n).id),
    )
    restored.close()
  })
})
