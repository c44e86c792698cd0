import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
// The platform database's adapters on SQLite, each against its port's contract suite, unchanged.
import { SqliteAccountRepository } from '../../../adapters/storage/sqlite/account-repository.js'
import { SqliteAgentTokenStore } from '../../../adapters/storage/sqlite/agent-token-store.js'
import { openSqlite, statement } from '../../../adapters/storage/sqlite/database.js'
import { SqliteIdempotencyStore } from '../../../adapters/storage/sqlite/idempotency-store.js'
import { SqliteOAuthStore } from '../../../adapters/storage/sqlite/oauth-store.js'
import { PLATFORM_SCHEMA } from '../../../adapters/storage/sqlite/schema.js'
import type { Account, ApiKeyRecord } from '../../../core/account/account.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { agentTokenStoreContract } from '../../contracts/agent-token-store.contract.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.contract.js'
import { oauthStoreContract } from '../../contracts/oauth-store.contract.js'
import { manualClock } from '../../support/manual-clock.js'
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

agentTokenStoreContract('SqliteAgentTokenStore', () => {
  const { db, teardown } = freshPlatformDatabase()
  return { store: new SqliteAgentTokenStore(db), teardown }
})

describe('SqliteAccountRepository caches the lookups of every request, never past another process’s commit', () => {
  it('a key created through another connection to the file (the keys CLI) works at once; a revocation applies from one millisecond after the last look', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-accounts-'))
    const server = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    const cliDb = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    try {
      const clock = manualClock()
      const serving = new SqliteAccountRepository(server, clock.read)
      const cli = new SqliteAccountRepository(cliDb)
      const key = {
        id: 'key_cli',
        accountId: 'acct_cli',
        hash: 'f'.repeat(64),
        mode: 'test',
        createdAt: new Date('2026-06-01T08:00:00Z'),
        revokedAt: null,
      } as unknown as ApiKeyRecord
      expect(serving.findKeyByHash(key.hash)).toBeNull()
      await cli.insertKey(key)
      // A miss is never kept: the key the CLI just created is found in the same millisecond.
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toBeNull()
      const revokedAt = new Date('2026-06-02T08:00:00Z')
      await cli.revokeKey(key.id, revokedAt)
      // Within the millisecond of the last look at the file, the key found a moment ago still answers...
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toBeNull()
      clock.advance(0.5)
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toBeNull()
      // ...and from one millisecond after it, the revocation applies.
      clock.advance(0.5)
      expect(serving.findKeyByHash(key.hash)?.revokedAt).toEqual(revokedAt)
      // The account lookup shares the look: an account the CLI changes is read again once the file has moved.
      await cli.insertAccount({ id: 'acct_cli', platformId: null, livemode: null } as unknown as Account)
      expect(serving.getAccount('acct_cli')?.id).toBe('acct_cli')
    } finally {
      server.close()
      cliDb.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('looks at the file at most once a millisecond however many lookups a request makes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-accounts-'))
    const server = openSqlite(join(dir, 'platform.db'), PLATFORM_SCHEMA)
    try {
      const clock = manualClock()
      const serving = new SqliteAccountRepository(server, clock.read)
      const looks = vi.spyOn(statement(server, 'PRAGMA data_version'), 'get')
      for (let i = 0; i < 10; i++) {
        serving.findKeyByHash('a'.repeat(64))
        serving.getAccount('acct_none')
        clock.advance(0.05)
      }
      expect(looks).toHaveBeenCalledTimes(1)
      clock.advance(0.5)
      serving.getAccount('acct_none')
      expect(looks).toHaveBeenCalledTimes(2)
    } finally {
      server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
