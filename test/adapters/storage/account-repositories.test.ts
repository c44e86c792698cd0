import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FileAccountRepository } from '../../../adapters/storage/file/account-repository.js'
import { MemoryAccountRepository } from '../../../adapters/storage/memory/account-repository.js'
import { accountRepositoryPortContract } from '../../contracts/account-repository.contract.js'

const directories: string[] = []
const freshDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), 'accounts-'))
  directories.push(directory)
  return directory
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

accountRepositoryPortContract('memory account repository', () => new MemoryAccountRepository())
accountRepositoryPortContract('file account repository', () => new FileAccountRepository(freshDirectory()))

describe('file account repository', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

  it('sees keys another process added or revoked in the file (the keys CLI beside a running server)', async () => {
    const directory = freshDirectory()
    const server = new FileAccountRepository(directory)
    const cli = new FileAccountRepository(directory)
    const hash = 'a'.repeat(64)
    expect(await server.findKeyByHash(hash)).toBeNull()
    await cli.insertKey({ id: 'key_cli', accountId: 'acct_1', mode: 'test', hash, last4: 'aaaa', createdAt: new Date('2026-06-01T00:00:00Z'), revokedAt: null })
    await nextTurn()
    expect((await server.findKeyByHash(hash))?.id).toBe('key_cli')
    await cli.revokeKey('key_cli', new Date('2026-06-02T00:00:00Z'))
    await nextTurn()
    expect((await server.findKeyByHash(hash))?.revokedAt).toEqual(new Date('2026-06-02T00:00:00Z'))
  })

  it('keeps accounts and keys across a restart', async () => {
    const directory = freshDirectory()
    const before = new FileAccountRepository(directory)
    await before.insertAccount({ id: 'acct_1', createdAt: new Date('2026-06-01T00:00:00Z'), pinnedVersion: '2026-05-20', rateLimits: null, sandboxClockOffsetMs: 0 })
    await before.insertKey({ id: 'key_1', accountId: 'acct_1', mode: 'live', hash: 'b'.repeat(64), last4: 'bbbb', createdAt: new Date('2026-06-01T00:00:00Z'), revokedAt: null })
    const after = new FileAccountRepository(directory)
    expect((await after.getAccount('acct_1'))?.createdAt).toEqual(new Date('2026-06-01T00:00:00Z'))
    expect((await after.findKeyByHash('b'.repeat(64)))?.id).toBe('key_1')
  })
})
