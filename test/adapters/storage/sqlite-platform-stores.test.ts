import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ApiKeyRecord } from '../../../core/account/account.js'
import { openSqlite } from '../../../adapters/storage/sqlite/database.js'
import { PLATFORM_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'
// The platform database's adapters on SQLite, each against its port's contract suite, unchanged.
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteIdempotencyStore } from '../../../adapters/storage/sqlite/idempotency-store.js'
import { SqliteOAuthStore } from '../../../adapters/storage/sqlite/oauth-store.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'
import { oauthStoreContract } from '../../contracts/oauth-store.contract.js'
import { freshPlatformDatabase } from './sqlite-fixture.js'

accountRepositoryContract('SqliteAccountRepository', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { accounts: new SqliteAccountRepository(db), teardown }
})

idempotencyStoreContract('SqliteIdempotencyStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteIdempotencyStore(db), teardown }
})

oauthStoreContract('SqliteOAuthStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteOAuthStore(db), teardown }
})

describe('SqliteAccountRepository caches the lookups of every request, never past another process’s commit', () => {
  it('a key revoked through another connection to the file (the keys CLI) is seen revoked at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-accounts-'))
    const server = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    const cli = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    try {
      const serving = new SqliteAccountRepository(server)
      const key = {
        id: 'key_cli',
        accountId: 'acct_cli',
        hash: 'f'.repeat(64),
        mode: 'test',
        createdAt: new Date('2026-06-01T08:00:00Z'),
        revokedAt: null,
      } as unknown as ApiKeyRecord
      await serving.insertKey(key)
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toBeNull()
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toBeNull()
      await new SqliteAccountRepository(cli).revokeKey(key.id, new Date('2026-06-02T08:00:00Z'))
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toEqual(new Date('2026-06-02T08:00:00Z'))
    } finally {
      server.close()
      cli.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
