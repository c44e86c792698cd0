import { describe, expect, it } from 'vitest'
import { CryptoRandomSource, UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryMailAdapter } from '../../../adapters/mail/memory/memory-mail.js'
import { MemoryDashboardSessionStore } from '../../../adapters/storage/memory/dashboard-session-store.js'
import { MemoryMemberRepository } from '../../../adapters/storage/memory/member-repository.js'
import { MemoryPasskeyStore } from '../../../adapters/storage/memory/passkey-store.js'
import { MemberService } from '../../../core/dashboard/member-service.js'
import { PasskeyService } from '../../../core/dashboard/passkey-service.js'
import { SignInService } from '../../../core/dashboard/sign-in-service.js'
import type { Clock } from '../../../core/ports/clock.js'
import type { WebAuthnPort } from '../../../core/ports/webauthn.js'

const MINUTE = 60_000

/**
 * A WebAuthn port that trusts what it is told: an answer is `{ id, challenge, valid, counter }`. The library's own
 * checks (signatures, origins) are its job and proven in Chromium; these tests are about the service's rules.
 */
let made = 0
const fakeWebAuthn: WebAuthnPort = {
  registrationOptions: async () => {
    made += 1
    return { options: { challenge: `reg${made}` }, challenge: `reg${made}` }
  },
  authenticationOptions: async () => {
    made += 1
    return { options: { challenge: `auth${made}` }, challenge: `auth${made}` }
  },
  challengeOf: (response) => (response as { challenge?: string }).challenge ?? null,
  credentialIdOf: (response) => (response as { id?: string }).id ?? null,
  verifyRegistration: async (response) => {
    const answer = response as { id: string; valid: boolean }
    return answer.valid ? { credentialId: answer.id, publicKey: 'pk', counter: 0, transports: ['internal'] } : null
  },
  verifyAuthentication: async (response) => {
    const answer = response as { valid: boolean; counter: number }
    return answer.valid ? { counter: answer.counter } : null
  },
}

const setup = async () => {
  let now = new Date('2026-06-01T08:00:00Z').getTime()
  const clock: Clock = { now: () => new Date(now) }
  const members = new MemoryMemberRepository()
  const sessions = new MemoryDashboardSessionStore()
  const memberService = new MemberService({ members, sessions, ids: new UlidIdGenerator(), clock })
  const signIn = new SignInService({
    members,
    sessions,
    random: new CryptoRandomSource(),
    clock,
    mail: new MemoryMailAdapter(() => clock.now()),
    from: { address: 'dashboard@example.com', name: null },
    linkOf: (token) => `https://dash.example.com/dashboard/sign-in?token=${token}`,
  })
  const passkeys = new PasskeyService({
    passkeys: new MemoryPasskeyStore(),
    members,
    webauthn: fakeWebAuthn,
    signIn,
    clock,
    relyingParty: () => ({ id: 'dash.example.com', name: 'Dashboard', origin: 'https://dash.example.com' }),
  })
  const member = async (email: string) => {
    const made = await memberService.ensure('acct_one', email, 'developer')
    if (!made.ok) throw new Error('member not made')
    return made.value
  }
  return { advance: (ms: number) => (now += ms), passkeys, memberService, member, owner: await member('o@example.com') }
}

const challengeOf = (options: unknown) => (options as { challenge: string }).challenge

describe('registering a passkey answers a challenge made for that member, once, within five minutes', () => {
  it('registers, then signs in with it: a new session for its member, the counter kept', async () => {
    const { passkeys, owner } = await setup()
    const challenge = challengeOf(await passkeys.registrationOptions(owner))
    const registered = await passkeys.register(owner, { id: 'cred1', challenge, valid: true }, ' Laptop ')
    expect(registered.ok && registered.value).toMatchObject({ id: 'cred1', memberId: owner.id, name: 'Laptop' })
    const signInChallenge = challengeOf(await passkeys.signInOptions())
    const started = await passkeys.signIn({ id: 'cred1', challenge: signInChallenge, valid: true, counter: 3 }, null)
    expect(started?.member.id).toBe(owner.id)
    expect((await passkeys.list(owner))[0]).toMatchObject({ counter: 3 })
  })

  it('refuses a challenge made for another member, a reused one, and an expired one', async () => {
    const { passkeys, owner, member, advance } = await setup()
    const other = await member('other@example.com')
    const forOther = challengeOf(await passkeys.registrationOptions(other))
    const stolen = await passkeys.register(owner, { id: 'cred1', challenge: forOther, valid: true }, null)
    expect(stolen.ok).toBe(false)
    const mine = challengeOf(await passkeys.registrationOptions(owner))
    expect((await passkeys.register(owner, { id: 'cred2', challenge: mine, valid: true }, null)).ok).toBe(true)
    expect((await passkeys.register(owner, { id: 'cred3', challenge: mine, valid: true }, null)).ok).toBe(false)
    const late = challengeOf(await passkeys.registrationOptions(owner))
    advance(5 * MINUTE)
    const expired = await passkeys.register(owner, { id: 'cred4', challenge: late, valid: true }, null)
    expect(!expired.ok && expired.error.param).toBe('credential')
    expect((await passkeys.list(owner)).map((p) => p.id)).toEqual(['cred2'])
  })

  it('an answer that does not verify registers nothing', async () => {
    const { passkeys, owner } = await setup()
    const challenge = challengeOf(await passkeys.registrationOptions(owner))
    expect((await passkeys.register(owner, { id: 'cred1', challenge, valid: false }, null)).ok).toBe(false)
    expect(await passkeys.list(owner)).toEqual([])
  })
})

describe('signing in with a passkey', () => {
  const registeredSetup = async () => {
    const context = await setup()
    const challenge = challengeOf(await context.passkeys.registrationOptions(context.owner))
    await context.passkeys.register(context.owner, { id: 'cred1', challenge, valid: true }, null)
    return context
  }

  it('refuses a registration challenge, an unknown passkey, a bad signature and a reused challenge', async () => {
    const { passkeys, owner } = await registeredSetup()
    const registration = challengeOf(await passkeys.registrationOptions(owner))
    expect(await passkeys.signIn({ id: 'cred1', challenge: registration, valid: true, counter: 1 }, null)).toBeNull()
    const first = challengeOf(await passkeys.signInOptions())
    expect(await passkeys.signIn({ id: 'unknown', challenge: first, valid: true, counter: 1 }, null)).toBeNull()
    const second = challengeOf(await passkeys.signInOptions())
    expect(await passkeys.signIn({ id: 'cred1', challenge: second, valid: false, counter: 1 }, null)).toBeNull()
    expect(await passkeys.signIn({ id: 'cred1', challenge: second, valid: true, counter: 1 }, null)).toBeNull()
  })

  it('a removed member’s passkey signs nobody in', async () => {
    const { passkeys, owner, memberService } = await registeredSetup()
    const admin = await memberService.ensure('acct_one', 'admin@example.com', 'owner')
    if (!admin.ok) throw new Error('no admin')
    expect((await memberService.remove(admin.value, owner.id)).ok).toBe(true)
    const challenge = challengeOf(await passkeys.signInOptions())
    expect(await passkeys.signIn({ id: 'cred1', challenge, valid: true, counter: 1 }, null)).toBeNull()
  })

  it('a member removes only their own passkeys', async () => {
    const { passkeys, owner, member } = await registeredSetup()
    const other = await member('other@example.com')
    expect((await passkeys.remove(other, 'cred1')).ok).toBe(false)
    expect((await passkeys.remove(owner, 'cred1')).ok).toBe(true)
    expect(await passkeys.list(owner)).toEqual([])
  })
})
