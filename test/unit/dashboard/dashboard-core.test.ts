import { describe, expect, it } from 'vitest'
import { CryptoRandomSource, UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryMailAdapter } from '../../../adapters/mail/memory/memory-mail.js'
import { MemoryDashboardSessionStore } from '../../../adapters/storage/memory/dashboard-session-store.js'
import { MemoryMemberRepository } from '../../../adapters/storage/memory/member-repository.js'
import { PERMISSION_RESOURCES } from '../../../core/account/permissions.js'
import { roleAllows, roleGrant } from '../../../core/dashboard/dashboard-roles.js'
import { MEMBER_ROLES } from '../../../core/dashboard/member.js'
import { MemberService } from '../../../core/dashboard/member-service.js'
import { SignInService } from '../../../core/dashboard/sign-in-service.js'
import type { Clock } from '../../../core/ports/clock.js'

const MINUTE = 60_000

const setup = () => {
  let now = new Date('2026-06-01T08:00:00Z').getTime()
  const clock: Clock = { now: () => new Date(now) }
  const members = new MemoryMemberRepository()
  const sessions = new MemoryDashboardSessionStore()
  const mail = new MemoryMailAdapter(() => clock.now())
  const memberService = new MemberService({ members, sessions, ids: new UlidIdGenerator(), clock })
  const signIn = new SignInService({
    members,
    sessions,
    random: new CryptoRandomSource(),
    clock,
    mail,
    from: { address: 'dashboard@example.com', name: null },
    linkOf: (token) => `https://api.example.com/dashboard/sign-in?token=${token}`,
  })
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? ''
  return { advance: (ms: number) => (now += ms), members: memberService, signIn, mail, sessions, tokenOf }
}

describe('roles map onto the permission vocabulary of keys', () => {
  it('owner and admin act as a secret key on both surfaces, and manage members', () => {
    for (const role of ['owner', 'admin'] as const)
      for (const livemode of [true, false]) {
        expect(roleGrant(role, livemode).type).toBe('secret')
        expect(roleAllows(role, livemode, 'manage_members')).toBe(true)
      }
  })

  it('developer manages sandbox keys but never production keys, nor members', () => {
    expect(roleAllows('developer', false, 'secret_key')).toBe(true)
    expect(roleAllows('developer', true, 'secret_key')).toBe(false)
    expect(roleAllows('developer', true, { resource: 'webhook_endpoints', access: 'write' })).toBe(true)
    expect(roleAllows('developer', true, 'manage_members')).toBe(false)
  })

  it('viewer reads every family on both surfaces, writes none, and never sees keys', () => {
    for (const livemode of [true, false])
      for (const resource of PERMISSION_RESOURCES) {
        expect(roleAllows('viewer', livemode, { resource, access: 'read' })).toBe(true)
        expect(roleAllows('viewer', livemode, { resource, access: 'write' })).toBe(false)
      }
    expect(roleAllows('viewer', true, 'secret_key')).toBe(false)
    expect(roleAllows('viewer', false, 'manage_members')).toBe(false)
  })

  it('every role may do what any key may do (the health check)', () => {
    for (const role of MEMBER_ROLES) expect(roleAllows(role, true, 'any_key')).toBe(true)
  })
})

describe('members: an account keeps an active owner; only owners touch owners', () => {
  it('the first member made by the CLI is the owner; later ones are viewers unless a role is given', async () => {
    const { members } = setup()
    const first = await members.ensure('acct_a', ' Founder@Example.com ', null)
    expect(first.ok && first.value).toMatchObject({ email: 'founder@example.com', role: 'owner', status: 'invited' })
    const second = await members.ensure('acct_a', 'later@example.com', null)
    expect(second.ok && second.value.role).toBe('viewer')
    const again = await members.ensure('acct_a', 'founder@example.com', null)
    expect(again.ok && first.ok && again.value.id === first.value.id).toBe(true)
  })

  it('refuses to demote or remove the last owner, and lets an admin touch no owner', async () => {
    const { members } = setup()
    const owner = await members.ensure('acct_a', 'owner@example.com', 'owner')
    const admin = await members.ensure('acct_a', 'admin@example.com', 'admin')
    if (!owner.ok || !admin.ok) throw new Error('setup')
    expect((await members.changeRole(owner.value, owner.value.id, 'admin')).ok).toBe(false)
    expect((await members.remove(owner.value, owner.value.id)).ok).toBe(false)
    const byAdmin = await members.remove(admin.value, owner.value.id)
    expect(!byAdmin.ok && byAdmin.error._tag).toBe('PermissionDenied')
    const promote = await members.invite(admin.value, 'new-owner@example.com', 'owner')
    expect(!promote.ok && promote.error._tag).toBe('PermissionDenied')
    expect((await members.invite(admin.value, 'not-an-address', 'viewer')).ok).toBe(false)
  })
})

describe('sign-in links: 15 minutes, single use, bound to the member', () => {
  it('signs the member in once, activates them, and refuses the same link again', async () => {
    const { members, signIn, tokenOf } = setup()
    const member = await members.ensure('acct_a', 'dev@example.com', 'developer')
    if (!member.ok) throw new Error('setup')
    const { url } = await signIn.issueLink(member.value)
    const started = await signIn.signIn(tokenOf(url), null)
    expect(started?.member).toMatchObject({ id: member.value.id, status: 'active' })
    expect(await signIn.signIn(tokenOf(url), null)).toBeNull()
    expect((await signIn.resume(started?.sessionId ?? ''))?.member.id).toBe(member.value.id)
  })

  it('refuses a link at 15 minutes', async () => {
    const { members, signIn, tokenOf, advance } = setup()
    const member = await members.ensure('acct_a', 'dev@example.com', null)
    if (!member.ok) throw new Error('setup')
    const { url } = await signIn.issueLink(member.value)
    advance(15 * MINUTE)
    expect(await signIn.signIn(tokenOf(url), null)).toBeNull()
  })

  it('e-mails a link to each membership of an address, and nothing to an unknown one', async () => {
    const { members, signIn, mail, tokenOf } = setup()
    await members.ensure('acct_a', 'both@example.com', null)
    await members.ensure('acct_b', 'both@example.com', null)
    await signIn.sendLinks('nobody@example.com')
    expect([...mail.list('acct_a'), ...mail.list('acct_b')]).toHaveLength(0)
    await signIn.sendLinks('BOTH@example.com')
    const [sent] = mail.list('acct_b')
    expect(mail.list('acct_a')).toHaveLength(1)
    const url = /https:\S+/.exec(sent?.mail.text ?? '')?.[0] ?? ''
    expect((await signIn.signIn(tokenOf(url), null))?.member.accountId).toBe('acct_b')
  })
})

describe('sessions: 2 h idle, 12 h absolute, rotated at sign-in, revocable', () => {
  const signedIn = async () => {
    const context = setup()
    const member = await context.members.ensure('acct_a', 'owner@example.com', 'owner')
    if (!member.ok) throw new Error('setup')
    const started = await context.signIn.signIn(
      context.tokenOf((await context.signIn.issueLink(member.value)).url),
      null,
    )
    if (started === null) throw new Error('setup')
    return { ...context, member: member.value, started }
  }

  it('ends after two hours without a request', async () => {
    const { signIn, started, advance } = await signedIn()
    advance(119 * MINUTE)
    expect(await signIn.resume(started.sessionId)).not.toBeNull()
    advance(119 * MINUTE)
    expect(await signIn.resume(started.sessionId)).not.toBeNull()
    advance(120 * MINUTE)
    expect(await signIn.resume(started.sessionId)).toBeNull()
  })

  it('ends twelve hours after sign-in however busy', async () => {
    const { signIn, started, advance } = await signedIn()
    for (let hour = 1; hour < 12; hour++) {
      advance(60 * MINUTE)
      expect(await signIn.resume(started.sessionId)).not.toBeNull()
    }
    advance(60 * MINUTE)
    expect(await signIn.resume(started.sessionId)).toBeNull()
  })

  it('a new sign-in ends the browser’s earlier session; sign-out and removal end sessions at once', async () => {
    const { signIn, members, member, started, tokenOf } = await signedIn()
    const rotated = await signIn.signIn(tokenOf((await signIn.issueLink(member)).url), started.sessionId)
    expect(await signIn.resume(started.sessionId)).toBeNull()
    expect(rotated?.sessionId).not.toBe(started.sessionId)
    await signIn.signOut(rotated?.sessionId ?? '')
    expect(await signIn.resume(rotated?.sessionId ?? '')).toBeNull()

    const other = await members.ensure('acct_a', 'dev@example.com', 'developer')
    if (!other.ok) throw new Error('setup')
    const theirs = await signIn.signIn(tokenOf((await signIn.issueLink(other.value)).url), null)
    expect(await signIn.resume(theirs?.sessionId ?? '')).not.toBeNull()
    expect((await members.remove(member, other.value.id)).ok).toBe(true)
    expect(await signIn.resume(theirs?.sessionId ?? '')).toBeNull()
    expect(await signIn.signIn(tokenOf((await signIn.issueLink(other.value)).url), null)).toBeNull()
  })
})
