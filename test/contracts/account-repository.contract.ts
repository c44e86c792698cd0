import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Account, ApiKeyRecord, KeyMode } from '../../core/account/account.js'
import { LEGACY_ACCOUNT_FIELDS } from '../../core/account/account.js'
import type { AccountRepositoryPort } from '../../core/ports/account-repository.js'

export interface AccountRepositorySubject {
  readonly accounts: AccountRepositoryPort
  readonly teardown?: () => Promise<void>
}

const created = new Date('2026-06-01T08:00:00Z')
let sequence = 0

const makeAccount = (overrides: Partial<Account> = {}): Account => ({
  id: `acct_contract${String(++sequence).padStart(4, '0')}`,
  createdAt: created,
  pinnedVersion: '2026-05-20',
  rateLimits: null,
  sandboxClockOffsetMs: 0,
  ...LEGACY_ACCOUNT_FIELDS,
  ...overrides,
})

const makeKey = (accountId: string, mode: KeyMode = 'test', overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => {
  const secret = `sk_${mode}_contract${++sequence}`
  return {
    id: `key_contract${String(sequence).padStart(4, '0')}`,
    accountId,
    mode,
    hash: createHash('sha256').update(secret).digest('hex'),
    last4: secret.slice(-4),
    createdAt: created,
    revokedAt: null,
    type: 'secret',
    name: null,
    permissions: null,
    allowedIps: null,
    ...overrides,
  }
}

/** What every AccountRepositoryPort adapter must do; call it from the adapter's own test file. */
export const accountRepositoryContract = (
  name: string,
  makeSubject: () => AccountRepositorySubject | Promise<AccountRepositorySubject>,
): void => {
  describe(`${name} honours the AccountRepositoryPort contract`, () => {
    let subject: AccountRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    describe('accounts', () => {
      it('round-trips an account with its dates and plan limits; an unknown id is null', async () => {
        const account = makeAccount({
          rateLimits: { requestsPerWindow: 500, windowMs: 1000, concurrency: 8 },
          sandboxClockOffsetMs: 90_000,
        })
        await subject.accounts.insertAccount(account)
        expect(await subject.accounts.getAccount(account.id)).toEqual(account)
        expect(await subject.accounts.getAccount('acct_unknown')).toBeNull()
      })

      it('lists every account, oldest first', async () => {
        const accounts = [makeAccount(), makeAccount(), makeAccount()]
        for (const account of accounts) await subject.accounts.insertAccount(account)
        expect((await subject.accounts.listAccounts()).map((account) => account.id)).toEqual(
          accounts.map((account) => account.id),
        )
      })

      it('refuses a second account with an id already stored (ids are unique: that is a bug), keeping the first', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        await expect(subject.accounts.insertAccount({ ...account, pinnedVersion: '2025-06-15' })).rejects.toThrow()
        expect(await subject.accounts.getAccount(account.id)).toEqual(account)
        expect(await subject.accounts.listAccounts()).toHaveLength(1)
      })

      it('updates an account in place (sandbox clock offset, plan limits)', async () => {
        const account = makeAccount()
        const other = makeAccount()
        await subject.accounts.insertAccount(account)
        await subject.accounts.insertAccount(other)
        const moved = {
          ...account,
          sandboxClockOffsetMs: 3_600_000,
          rateLimits: { requestsPerWindow: 10, windowMs: 60_000, concurrency: 2 },
        }
        await subject.accounts.updateAccount(moved)
        expect(await subject.accounts.getAccount(account.id)).toEqual(moved)
        expect(await subject.accounts.getAccount(other.id)).toEqual(other)
        expect(await subject.accounts.listAccounts()).toHaveLength(2)
      })

      it('replaces the stored account: an optional field the update leaves out is gone', async () => {
        const account = { ...makeAccount(), trackingEnabled: true }
        await subject.accounts.insertAccount(account)
        const { trackingEnabled: _dropped, ...without } = account
        await subject.accounts.updateAccount(without)
        expect(await subject.accounts.getAccount(account.id)).toEqual(without)
      })

      it('does not create an account by updating an unknown id', async () => {
        await subject.accounts.updateAccount(makeAccount())
        expect(await subject.accounts.listAccounts()).toEqual([])
      })
    })

    describe('API keys (stored hashed)', () => {
      it('finds a key by the hash of its secret, with its dates; an unknown hash is null', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id, 'live')
        await subject.accounts.insertKey(key)
        expect(await subject.accounts.findKeyByHash(key.hash)).toEqual(key)
        expect(
          await subject.accounts.findKeyByHash(createHash('sha256').update('sk_live_unknown').digest('hex')),
        ).toBeNull()
      })

      it('finds a key by its id, revoked or not; an unknown id is null', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id, 'live')
        const other = makeKey(account.id, 'test')
        await subject.accounts.insertKey(key)
        await subject.accounts.insertKey(other)
        expect(await subject.accounts.findKeyById(key.id)).toEqual(key)
        const at = new Date('2026-06-02T10:00:00Z')
        await subject.accounts.revokeKey(key.id, at)
        expect(await subject.accounts.findKeyById(key.id)).toEqual({ ...key, revokedAt: at })
        expect(await subject.accounts.findKeyById(other.id)).toEqual(other)
        expect(await subject.accounts.findKeyById('key_unknown')).toBeNull()
      })

      it("replaces a restricted key's grants, seen by both lookups; an unknown key is null", async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id, 'test', {
          type: 'restricted',
          permissions: { events: 'write', voice: 'write' },
        })
        await subject.accounts.insertKey(key)
        // Read first, so that a lookup cache holds the old grants.
        expect((await subject.accounts.findKeyById(key.id))?.permissions).toEqual({ events: 'write', voice: 'write' })
        const narrowed = { events: 'read', voice: 'write' } as const
        expect(await subject.accounts.updateKeyPermissions(key.id, narrowed)).toEqual({ ...key, permissions: narrowed })
        expect(await subject.accounts.findKeyById(key.id)).toEqual({ ...key, permissions: narrowed })
        expect(await subject.accounts.findKeyByHash(key.hash)).toEqual({ ...key, permissions: narrowed })
        expect(await subject.accounts.updateKeyPermissions('key_unknown', narrowed)).toBeNull()
      })

      it('lists the keys of one account only, oldest first', async () => {
        const [first, second] = [makeAccount(), makeAccount()]
        await subject.accounts.insertAccount(first!)
        await subject.accounts.insertAccount(second!)
        const keys = [makeKey(first!.id, 'test'), makeKey(second!.id, 'test'), makeKey(first!.id, 'live')]
        for (const key of keys) await subject.accounts.insertKey(key)
        expect((await subject.accounts.listKeys(first!.id)).map((key) => key.id)).toEqual([keys[0]!.id, keys[2]!.id])
        expect((await subject.accounts.listKeys(second!.id)).map((key) => key.id)).toEqual([keys[1]!.id])
        expect(await subject.accounts.listKeys('acct_unknown')).toEqual([])
      })

      it('refuses a second key with a hash already stored (a collision of random secrets is a bug)', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id)
        await subject.accounts.insertKey(key)
        await expect(subject.accounts.insertKey({ ...makeKey(account.id), hash: key.hash })).rejects.toThrow()
        expect(await subject.accounts.listKeys(account.id)).toEqual([key])
      })

      it('revokes a key: it is still found (so authentication can say why it fails), with its revocation time', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id)
        const kept = makeKey(account.id)
        await subject.accounts.insertKey(key)
        await subject.accounts.insertKey(kept)
        const at = new Date('2026-06-02T10:00:00Z')
        const revoked = await subject.accounts.revokeKey(key.id, at)
        expect(revoked).toEqual({ ...key, revokedAt: at })
        expect(await subject.accounts.findKeyByHash(key.hash)).toEqual({ ...key, revokedAt: at })
        expect((await subject.accounts.findKeyByHash(kept.hash))?.revokedAt).toBeNull()
      })

      it('keeps the first revocation time when a key is revoked again, and answers null for an unknown key', async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id)
        await subject.accounts.insertKey(key)
        const first = new Date('2026-06-02T10:00:00Z')
        await subject.accounts.revokeKey(key.id, first)
        expect((await subject.accounts.revokeKey(key.id, new Date('2026-06-03T10:00:00Z')))?.revokedAt).toEqual(first)
        expect((await subject.accounts.findKeyByHash(key.hash))?.revokedAt).toEqual(first)
        expect(await subject.accounts.revokeKey('key_unknown', first)).toBeNull()
      })

      it("brings a later revocation time (a rolled key's expiry) forward, never back", async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id)
        await subject.accounts.insertKey(key)
        const expiry = new Date('2026-06-09T10:00:00Z')
        const now = new Date('2026-06-02T10:00:00Z')
        expect((await subject.accounts.revokeKey(key.id, expiry))?.revokedAt).toEqual(expiry)
        expect((await subject.accounts.revokeKey(key.id, now))?.revokedAt).toEqual(now)
        expect((await subject.accounts.revokeKey(key.id, expiry))?.revokedAt).toEqual(now)
        expect((await subject.accounts.findKeyByHash(key.hash))?.revokedAt).toEqual(now)
      })

      it("lists a platform's connected accounts of one surface, newest first, deleted ones too", async () => {
        const platform = makeAccount()
        const another = makeAccount()
        await subject.accounts.insertAccount(platform)
        await subject.accounts.insertAccount(another)
        const first = makeAccount({ platformId: platform.id, livemode: true, name: 'First' })
        const sandboxOne = makeAccount({ platformId: platform.id, livemode: false })
        const second = makeAccount({ platformId: platform.id, livemode: true, email: 'second@example.com' })
        const theirs = makeAccount({ platformId: another.id, livemode: true })
        for (const account of [first, sandboxOne, second, theirs]) await subject.accounts.insertAccount(account)
        await subject.accounts.updateAccount({ ...second, deletedAt: created })
        expect(await subject.accounts.listConnectedAccounts(platform.id, true)).toEqual([
          { ...second, deletedAt: created },
          first,
        ])
        expect(await subject.accounts.listConnectedAccounts(platform.id, false)).toEqual([sandboxOne])
        expect(await subject.accounts.listConnectedAccounts(another.id, false)).toEqual([])
        expect(await subject.accounts.getAccount(first.id)).toEqual(first)
      })

      it("keeps a restricted key's type, name, grants and allowlist", async () => {
        const account = makeAccount()
        await subject.accounts.insertAccount(account)
        const key = makeKey(account.id, 'live', {
          type: 'restricted',
          name: 'CRM sync',
          permissions: { events: 'write', users: 'read' },
          allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
        })
        await subject.accounts.insertKey(key)
        expect(await subject.accounts.findKeyByHash(key.hash)).toEqual(key)
        expect(await subject.accounts.listKeys(account.id)).toEqual([key])
      })
    })
  })
}
