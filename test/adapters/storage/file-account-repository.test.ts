import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileAccountRepository } from '../../../adapters/storage/file/account-repository.js'
import { LEGACY_ACCOUNT_FIELDS } from '../../../core/account/account.js'
import { accountRepositoryContract } from '../../contracts/account-repository.contract.js'
import { manualClock } from '../../support/manual-clock.js'

const inTempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'accounts-contract-'))
  return { dir, teardown: () => rm(dir, { recursive: true, force: true }) }
}

accountRepositoryContract('FileAccountRepository', async () => {
  const { dir, teardown } = await inTempDir()
  return { accounts: new FileAccountRepository(dir), teardown }
})

describe('FileAccountRepository keeps accounts in the data directory', () => {
  const account = {
    id: 'acct_file1',
    createdAt: new Date('2026-06-01T08:00:00Z'),
    pinnedVersion: '2026-05-20',
    rateLimits: null,
    sandboxClockOffsetMs: 0,
    ...LEGACY_ACCOUNT_FIELDS,
  }
  const key = {
    id: 'key_file1',
    accountId: 'acct_file1',
    mode: 'test' as const,
    hash: 'ab'.repeat(32),
    last4: 'wxyz',
    createdAt: new Date('2026-06-01T08:00:00Z'),
    revokedAt: null,
    type: 'secret' as const,
    name: null,
    permissions: null,
    allowedIps: null,
  }

  it('reads a file written before restricted keys existed: its keys are secret keys', async () => {
    const { dir, teardown } = await inTempDir()
    try {
      const { type: _type, name: _name, permissions: _permissions, allowedIps: _allowedIps, ...legacy } = key
      await writeFile(join(dir, 'accounts.json'), JSON.stringify({ accounts: [account], keys: [legacy] }))
      expect(await new FileAccountRepository(dir).findKeyByHash(key.hash)).toEqual(key)
    } finally {
      await teardown()
    }
  })

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
      const clock = manualClock()
      const server = new FileAccountRepository(dir, clock.read)
      await server.insertAccount(account)
      expect(await server.findKeyByHash(key.hash)).toBeNull()
      const cliClock = manualClock()
      const cli = new FileAccountRepository(dir, cliClock.read)
      await cli.insertKey(key)
      // A miss looks at the file at once: a key the CLI just created works in the same millisecond.
      expect(await server.findKeyByHash(key.hash)).toEqual(key)
      const revokedAt = new Date('2026-06-02T08:00:00Z')
      await cli.revokeKey(key.id, revokedAt)
      // A hit looks at the file at most once a millisecond: within it, the key found a moment ago still answers...
      expect((await server.findKeyByHash(key.hash))?.revokedAt).toBeNull()
      clock.advance(0.5)
      expect((await server.findKeyByHash(key.hash))?.revokedAt).toBeNull()
      // ...and from one millisecond after the last look, the revocation applies.
      clock.advance(0.5)
      expect((await server.findKeyByHash(key.hash))?.revokedAt).toEqual(revokedAt)
      await server.updateAccount({ ...account, sandboxClockOffsetMs: 60_000 })
      // The CLI's instance paces its own looks: one millisecond on, it looks again.
      cliClock.advance(1)
      expect((await cli.getAccount(account.id))?.sandboxClockOffsetMs).toBe(60_000)
      expect(await cli.listKeys(account.id)).toHaveLength(1)
    } finally {
      await teardown()
    }
  })
})
