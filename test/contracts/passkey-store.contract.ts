import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Passkey, PasskeyChallenge } from '../../core/dashboard/passkey.js'
import type { PasskeyStorePort } from '../../core/ports/passkey-store.js'

export interface PasskeyStoreSubject {
  readonly store: PasskeyStorePort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const passkey = (overrides: Partial<Passkey> = {}): Passkey => {
  counter += 1
  return {
    id: `cred${counter}`,
    memberId: 'mem_one',
    accountId: 'acct_one',
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    transports: ['internal'],
    name: `Passkey ${counter}`,
    createdAt: at(0),
    lastUsedAt: null,
    ...overrides,
  }
}
const challenge = (overrides: Partial<PasskeyChallenge> = {}): PasskeyChallenge => {
  counter += 1
  return { challenge: `challenge${counter}`, purpose: 'register', memberId: 'mem_one', expiresAt: at(5), ...overrides }
}

/** What every PasskeyStorePort adapter must do. */
export const passkeyStoreContract = (
  name: string,
  makeSubject: () => PasskeyStoreSubject | Promise<PasskeyStoreSubject>,
): void => {
  describe(`${name} honours the PasskeyStorePort contract`, () => {
    let subject: PasskeyStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    describe('passkeys belong to one member', () => {
      it('stores a passkey once, finds it, and lists a member’s in registration order', async () => {
        const first = passkey()
        const second = passkey()
        const others = passkey({ memberId: 'mem_two' })
        for (const p of [first, second, others]) expect(await subject.store.insertPasskey(p)).toBe(true)
        expect(await subject.store.insertPasskey({ ...first, memberId: 'mem_two' })).toBe(false)
        expect(await subject.store.findPasskey(first.id)).toEqual(first)
        expect(await subject.store.findPasskey('unknown')).toBeNull()
        expect(await subject.store.listPasskeys('mem_one')).toEqual([first, second])
      })

      it('records a use: the new counter and its time', async () => {
        const stored = passkey()
        await subject.store.insertPasskey(stored)
        await subject.store.recordPasskeyUse(stored.id, 7, at(3))
        expect(await subject.store.findPasskey(stored.id)).toEqual({ ...stored, counter: 7, lastUsedAt: at(3) })
      })

      it('removes a passkey only for its own member', async () => {
        const stored = passkey()
        await subject.store.insertPasskey(stored)
        expect(await subject.store.deletePasskey('mem_two', stored.id)).toBe(false)
        expect(await subject.store.findPasskey(stored.id)).toEqual(stored)
        expect(await subject.store.deletePasskey('mem_one', stored.id)).toBe(true)
        expect(await subject.store.findPasskey(stored.id)).toBeNull()
        expect(await subject.store.deletePasskey('mem_one', stored.id)).toBe(false)
      })
    })

    describe('a challenge is answered once, before its expiry', () => {
      it('gives the challenge back once', async () => {
        const saved = challenge({ purpose: 'sign_in', memberId: null })
        await subject.store.saveChallenge(saved)
        expect(await subject.store.takeChallenge(saved.challenge, at(1))).toEqual(saved)
        expect(await subject.store.takeChallenge(saved.challenge, at(1))).toBeNull()
      })

      it('refuses an expired challenge, and an unknown one', async () => {
        const saved = challenge()
        await subject.store.saveChallenge(saved)
        expect(await subject.store.takeChallenge(saved.challenge, at(5))).toBeNull()
        expect(await subject.store.takeChallenge('never-made', at(0))).toBeNull()
      })

      it('two takes racing with one challenge: only one has it', async () => {
        const saved = challenge()
        await subject.store.saveChallenge(saved)
        const results = await Promise.all([
          subject.store.takeChallenge(saved.challenge, at(1)),
          subject.store.takeChallenge(saved.challenge, at(1)),
        ])
        expect(results.filter((result) => result !== null)).toHaveLength(1)
      })
    })
  })
}
