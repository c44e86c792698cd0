import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileAccountRepository } from '../../../adapters/storage/file/account-repository.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

const inTempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'accounts-contract-'))
  return { dir, teardown: () => rm(dir, { recursive: true, force: true }) }
}

accountRepositoryContract('FileAccountRepository', async () => {
  const { dir, teardown } = await inTempDir()
  return { accounts: new FileAccountRepository(dir), teardown }
})

describe('FileAccountRepository keeps accounts in the data directory', () => {
  const account = { id: 'acct_file1', createdAt: new Date('2026-06-01T08:00:00Z'), pinnedVersion: '2026-05-20', rateLimits: null, sandboxClockOffsetMs: 0 }
  const key = { id: 'key_file1', accountId: 'acct_file1', mode: 'test' as const, hash: 'ab'.repeat(32), last4: 'wxyz', createdAt: new Date('2026-06-01T08:00:00Z'), revokedAt: null }

  it('survives a restart (a new instance on the same directory reads what the last one wrote)', async () => {
    const { dir, teardown } = await inTempDir()
    try {
      const before = new FileAccountRepository(dir)
      await before.insertAccount(account)
      await before.insertKey(key)
      const after = new FileAccountRepository(dir)
      expect(await after.getAccount(account.id)).toEqual(account)
      expect(await after.findKeyByHash(key.hash)).toEqual(key)
    } finally {
      await teardown()
    }
  })

  it('sees changes written beside it by another instance (the keys CLI beside a running server)', async () => {
    const { dir, teardown } = await inTempDir()
    try {
      const server = new FileAccountRepository(dir)
      await server.insertAccount(account)
      expect(await server.findKeyByHash(key.hash)).toBeNull()
      const cli = new FileAccountRepository(dir)
      await cli.insertKey(key)
      // The server checks the file once per event-loop turn (not on every lookup of a turn).
      await nextTurn()
      expect(await server.findKeyByHash(key.hash)).toEqual(key)
      const revokedAt = new Date('2026-06-02T08:00:00Z')
      await cli.revokeKey(key.id, revokedAt)
      await nextTurn()
      expect((await server.findKeyByHash(key.hash))?.revokedAt).toEqual(revokedAt)
      await server.updateAccount({ ...account, sandboxClockOffsetMs: 60_000 })
      await nextTurn()
      expect((await cli.getAccount(account.id))?.sandboxClockOffsetMs).toBe(60_000)
      expect(await cli.listKeys(account.id)).toHaveLength(1)
    } finally {
      await teardown()
    }
  })
})
