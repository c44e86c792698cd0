import { describe, expect, it } from 'vitest'
import { MemoryAccountRepository } from '../../adapters/storage/memory/account-repository.js'
import { MemoryOAuthStore } from '../../adapters/storage/memory/oauth-store.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { type Account, type ApiKeyRecord, LEGACY_ACCOUNT_FIELDS } from '../../core/account/account.js'
import {
  type AuthorityFacts,
  SessionAuthorityService,
  type SessionGrant,
  sessionAuthority,
} from '../../core/account/session-authority.js'
import { DEFAULT_PREFERENCES, type User } from '../../core/user/user.js'

const NOW = new Date('2026-06-01T08:00:00Z')
const VOICE = { resource: 'voice', access: 'write' } as const
const EVENTS_READ = { resource: 'events', access: 'read' } as const
const EVENTS_WRITE = { resource: 'events', access: 'write' } as const

const platform: Account = {
  id: 'acct_platform',
  createdAt: NOW,
  pinnedVersion: '2026-05-20',
  rateLimits: null,
  sandboxClockOffsetMs: 0,
  ...LEGACY_ACCOUNT_FIELDS,
}
const connected: Account = { ...platform, id: 'cpa_shop', platformId: platform.id, livemode: false }
const user: User = {
  ...DEFAULT_PREFERENCES,
  id: 'usr_ada',
  accountId: platform.id,
  livemode: false,
  email: 'ada@example.com',
  deactivatedAt: null,
  createdAt: NOW,
  version: 1,
}
const grant: SessionGrant = {
  keyId: 'key_voice',
  keyType: 'restricted',
  permissions: { voice: 'write', events: 'read' },
  platformAccountId: platform.id,
  accountId: platform.id,
  livemode: false,
  userId: user.id,
}
const facts: AuthorityFacts = {
  credential: { keyType: 'restricted', permissions: { voice: 'write', events: 'read' }, revokedAt: null },
  platform,
  account: platform,
  user,
}
const lossOf = (changed: Partial<AuthorityFacts>, g: SessionGrant = grant) => {
  const held = sessionAuthority(g, { ...facts, ...changed }, VOICE, NOW)
  return held.ok ? null : held.error.reason
}

describe('A session holds its authority while its key, grants, accounts and user do', () => {
  it('holds with everything in place, and permits what it was granted', () => {
    const held = sessionAuthority(grant, facts, VOICE, NOW)
    expect(held.ok && held.value.permits(EVENTS_READ)).toBe(true)
    expect(held.ok && held.value.permits(EVENTS_WRITE)).toBe(false)
  })

  it('names each loss: key gone or revoked (a roll whose overlap ended), voice removed, account, user', () => {
    expect(lossOf({ credential: null })).toBe('key_revoked')
    expect(lossOf({ credential: { ...facts.credential!, revokedAt: NOW } })).toBe('key_revoked')
    // A rolled key within its overlap still works.
    expect(lossOf({ credential: { ...facts.credential!, revokedAt: new Date(NOW.getTime() + 1000) } })).toBeNull()
    expect(lossOf({ credential: { ...facts.credential!, permissions: { events: 'read' } } })).toBe('permission_removed')
    expect(lossOf({ platform: null })).toBe('account_deleted')
    expect(lossOf({ user: null })).toBe('user_deleted')
    expect(lossOf({ user: { ...user, deactivatedAt: NOW } })).toBe('user_deactivated')
  })

  it('under Connect: a connected account deleted, or not of the key’s platform, is account_deleted', () => {
    const g = { ...grant, accountId: connected.id }
    expect(lossOf({ account: connected }, g)).toBeNull()
    expect(lossOf({ account: { ...connected, deletedAt: NOW } }, g)).toBe('account_deleted')
    expect(lossOf({ account: null }, g)).toBe('account_deleted')
    expect(lossOf({ account: { ...connected, platformId: 'acct_other' } }, g)).toBe('account_deleted')
  })

  it('a session that names its user per call (MCP, userId null) rests on its key and accounts, not on a user', () => {
    const accountLevel = { ...grant, userId: null }
    expect(lossOf({ user: null }, accountLevel)).toBeNull()
    expect(lossOf({ user: { ...user, deactivatedAt: NOW } }, accountLevel)).toBeNull()
    expect(lossOf({ credential: null }, accountLevel)).toBe('key_revoked')
    expect(lossOf({ platform: null }, accountLevel)).toBe('account_deleted')
  })

  it('never permits more than both the grant it was made with and the key’s grants now', () => {
    const widened = sessionAuthority(
      grant,
      { ...facts, credential: { ...facts.credential!, permissions: { voice: 'write', events: 'write' } } },
      VOICE,
      NOW,
    )
    expect(widened.ok && widened.value.permits(EVENTS_WRITE)).toBe(false)
    const narrowed = sessionAuthority(
      grant,
      { ...facts, credential: { ...facts.credential!, permissions: { voice: 'write' } } },
      VOICE,
      NOW,
    )
    expect(narrowed.ok && narrowed.value.permits(EVENTS_READ)).toBe(false)
  })
})

describe('SessionAuthorityService reads the facts from storage', () => {
  const setUp = async () => {
    const accounts = new MemoryAccountRepository()
    const oauth = new MemoryOAuthStore()
    const users = new MemoryUserRepository(new MemoryOutbox())
    await accounts.insertAccount(platform)
    await accounts.insertAccount(connected)
    const key: ApiKeyRecord = {
      id: 'key_voice',
      accountId: platform.id,
      mode: 'test',
      hash: 'hash',
      last4: 'abcd',
      createdAt: NOW,
      revokedAt: null,
      type: 'restricted',
      name: null,
      permissions: { voice: 'write', events: 'read' },
      allowedIps: null,
    }
    await accounts.insertKey(key)
    await users.insert(user, [])
    await users.insert({ ...user, id: 'usr_shop', accountId: connected.id }, [])
    const service = new SessionAuthorityService({ accounts, oauth, users, clock: { now: () => NOW } })
    return { accounts, oauth, users, service }
  }

  it('a key revoked, or its grants narrowed in storage, is seen at the next check', async () => {
    const { accounts, service } = await setUp()
    expect(await service.check(grant, VOICE)).toMatchObject({ ok: true })
    await accounts.updateKeyPermissions(grant.keyId, { events: 'read' })
    expect(await service.check(grant, VOICE)).toMatchObject({ ok: false, error: { reason: 'permission_removed' } })
    await accounts.revokeKey(grant.keyId, NOW)
    expect(await service.check(grant, VOICE)).toMatchObject({ ok: false, error: { reason: 'key_revoked' } })
  })

  it('a key of another account is as good as none', async () => {
    const { service } = await setUp()
    const check = await service.check({ ...grant, platformAccountId: connected.id }, VOICE)
    expect(check).toMatchObject({ ok: false })
  })

  it('a session made with a Connect access token lasts while its token family is not revoked', async () => {
    const { oauth, service } = await setUp()
    const tokenGrant = { ...grant, keyId: 'oauth_fam_1', accountId: connected.id, userId: 'usr_shop' }
    await oauth.insertFamily({
      id: 'fam_1',
      applicationId: 'app_1',
      platformId: platform.id,
      connectedAccountId: connected.id,
      livemode: false,
      scope: 'voice:write events:read',
      createdAt: NOW,
      revokedAt: null,
    })
    expect((await service.check(tokenGrant, VOICE)).ok).toBe(true)
    // A family of another connected account does not stand for this session.
    expect(await service.check({ ...tokenGrant, accountId: platform.id }, VOICE)).toMatchObject({
      ok: false,
      error: { reason: 'key_revoked' },
    })
    await oauth.revokeFamily('fam_1', NOW)
    expect(await service.check(tokenGrant, VOICE)).toMatchObject({ ok: false, error: { reason: 'key_revoked' } })
  })
})
