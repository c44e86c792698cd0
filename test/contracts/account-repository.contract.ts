import { describe, expect, it } from 'vitest'
import type { Account, ApiKeyRecord } from '../../core/account/account.js'
import type { AccountRepositoryPort } from '../../core/ports/account-repository.js'

const account = (id: string): Account => ({ id, createdAt: new Date('2026-06-01T00:00:00Z'), pinnedVersion: '2026-05-20', rateLimits: null, sandboxClockOffsetMs: 0 })
const key = (n: number, accountId = 'acct_1'): ApiKeyRecord => ({
  id: `key_${n}`,
  accountId,
  mode: n % 2 === 0 ? 'test' : 'live',
  hash: n.toString(16).padStart(64, '0'),
  last4: String(n).padStart(4, '0').slice(-4),
  createdAt: new Date('2026-06-01T00:00:00Z'),
  revokedAt: null,
})

/** What every AccountRepositoryPort adapter must do; call it from the adapter's own test file. */
export const accountRepositoryPortContract = (name: string, makeRepository: () => AccountRepositoryPort | Promise<AccountRepositoryPort>): void => {
  describe(`${name} honours the AccountRepositoryPort contract`, () => {
    it('stores, finds, lists and updates accounts', async () => {
      const repository = await makeRepository()
      await repository.insertAccount(account('acct_1'))
      await repository.insertAccount(account('acct_2'))
      expect(await repository.getAccount('acct_2')).toEqual(account('acct_2'))
      expect(await repository.getAccount('acct_missing')).toBeNull()
      expect((await repository.listAccounts()).map((listed) => listed.id).sort()).toEqual(['acct_1', 'acct_2'])
      await repository.updateAccount({ ...account('acct_1'), sandboxClockOffsetMs: 60_000 })
      expect((await repository.getAccount('acct_1'))?.sandboxClockOffsetMs).toBe(60_000)
    })

    it('finds a key by its hash among many, and nothing for an unknown hash', async () => {
      const repository = await makeRepository()
      await repository.insertAccount(account('acct_1'))
      for (let n = 1; n <= 300; n++) await repository.insertKey(key(n))
      expect(await repository.findKeyByHash(key(217).hash)).toEqual(key(217))
      expect(await repository.findKeyByHash(key(1).hash)).toEqual(key(1))
      expect(await repository.findKeyByHash('f'.repeat(64))).toBeNull()
    })

    it('refuses a second key with the same hash', async () => {
      const repository = await makeRepository()
      await repository.insertKey(key(1))
      await expect(repository.insertKey({ ...key(1), id: 'key_other' })).rejects.toThrow()
      expect(await repository.findKeyByHash(key(1).hash)).toEqual(key(1))
    })

    it("lists an account's keys only", async () => {
      const repository = await makeRepository()
      await repository.insertKey(key(1, 'acct_1'))
      await repository.insertKey(key(2, 'acct_2'))
      await repository.insertKey(key(3, 'acct_1'))
      expect((await repository.listKeys('acct_1')).map((listed) => listed.id).sort()).toEqual(['key_1', 'key_3'])
    })

    it('revokes a key once: lookups by hash see the revocation, a second revocation keeps the first time', async () => {
      const repository = await makeRepository()
      await repository.insertKey(key(1))
      const first = new Date('2026-06-02T00:00:00Z')
      expect((await repository.revokeKey('key_1', first))?.revokedAt).toEqual(first)
      expect((await repository.findKeyByHash(key(1).hash))?.revokedAt).toEqual(first)
      expect((await repository.revokeKey('key_1', new Date('2026-06-03T00:00:00Z')))?.revokedAt).toEqual(first)
      expect(await repository.revokeKey('key_missing', first)).toBeNull()
    })
  })
}
