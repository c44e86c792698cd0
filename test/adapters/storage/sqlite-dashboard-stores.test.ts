import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteDashboardSessionStore } from '../../../adapters/storage/sqlite/dashboard-session-store.js'
import { openSqlite, schemaVersion } from '../../../adapters/storage/sqlite/database.js'
import { SqliteMemberRepository } from '../../../adapters/storage/sqlite/member-repository.js'
import { PLATFORM_MIGRATIONS, PLATFORM_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'
import { dashboardSessionStoreContract } from '../../contracts/dashboard-session-store.contract.js'
import { memberRepositoryContract } from '../../contracts/member-repository.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

memberRepositoryContract('SqliteMemberRepository', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { members: new SqliteMemberRepository(db), teardown }
})

dashboardSessionStoreContract('SqliteDashboardSessionStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteDashboardSessionStore(db), teardown }
})

describe('platform v3 -> v4: the dashboard tables appear beside the accounts', () => {
  it('keeps the accounts of a v3 file and stores members after the migration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-dashboard-'))
    try {
      const file = join(dir, 'platform.db')
      const v3 = openSqlite(file, PLATFORM_SCHEMA, { upToVersion: 3 })
      await new SqliteAccountRepository(v3).insertAccount({ id: 'acct_v2', platformId: null, livemode: null } as never)
      v3.close()
      const migrated = openSqlite(file, PLATFORM_SCHEMA)
      expect(schemaVersion(migrated)).toBe(PLATFORM_MIGRATIONS.at(-1)?.version)
      expect(new SqliteAccountRepository(migrated).getAccount('acct_v2')?.id).toBe('acct_v2')
      const members = new SqliteMemberRepository(migrated)
      const member = {
        id: 'mem_v3',
        accountId: 'acct_v2',
        email: 'owner@example.com',
        role: 'owner',
        status: 'invited',
        createdAt: new Date('2026-06-01T08:00:00Z'),
        updatedAt: new Date('2026-06-01T08:00:00Z'),
      } as const
      await members.insert(member)
      expect(await members.list('acct_v2')).toEqual([member])
      migrated.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
