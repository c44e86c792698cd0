import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DashboardSession, SignInLink } from '../../core/dashboard/session.js'
import type { DashboardSessionStorePort } from '../../core/ports/dashboard-session-store.js'

export interface DashboardSessionStoreSubject {
  readonly store: DashboardSessionStorePort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const link = (overrides: Partial<SignInLink> = {}): SignInLink => {
  counter += 1
  return {
    tokenHash: `${'a'.repeat(58)}${String(counter).padStart(6, '0')}`,
    memberId: 'mem_one',
    accountId: 'acct_one',
    createdAt: at(0),
    expiresAt: at(15),
    ...overrides,
  }
}
const session = (overrides: Partial<DashboardSession> = {}): DashboardSession => {
  counter += 1
  return {
    idHash: `${'b'.repeat(58)}${String(counter).padStart(6, '0')}`,
    memberId: 'mem_one',
    accountId: 'acct_one',
    csrfToken: `csrf${counter}`,
    createdAt: at(0),
    lastSeenAt: at(0),
    expiresAt: at(720),
    ...overrides,
  }
}

/** What every DashboardSessionStorePort adapter must do. */
export const dashboardSessionStoreContract = (
  name: string,
  makeSubject: () => DashboardSessionStoreSubject | Promise<DashboardSessionStoreSubject>,
): void => {
  describe(`${name} honours the DashboardSessionStorePort contract`, () => {
    let subject: DashboardSessionStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    describe('a sign-in link is used once, before its expiry', () => {
      it('gives the link back once', async () => {
        const saved = link()
        await subject.store.saveSignInLink(saved)
        expect(await subject.store.takeSignInLink(saved.tokenHash, at(1))).toEqual(saved)
        expect(await subject.store.takeSignInLink(saved.tokenHash, at(1))).toBeNull()
      })

      it('finds nothing at or after the expiry, nor for an unknown token', async () => {
        const saved = link()
        await subject.store.saveSignInLink(saved)
        expect(await subject.store.takeSignInLink(saved.tokenHash, at(15))).toBeNull()
        expect(await subject.store.takeSignInLink('c'.repeat(64), at(1))).toBeNull()
      })

      it('gives a link to one of two racing takes only', async () => {
        const saved = link()
        await subject.store.saveSignInLink(saved)
        const taken = await Promise.all([
          subject.store.takeSignInLink(saved.tokenHash, at(1)),
          subject.store.takeSignInLink(saved.tokenHash, at(1)),
        ])
        expect(taken.filter((each) => each !== null)).toHaveLength(1)
      })
    })

    describe('sessions are found by the hash of their id until deleted', () => {
      it('gives a session back as stored', async () => {
        const stored = session()
        await subject.store.insertSession(stored)
        expect(await subject.store.findSession(stored.idHash)).toEqual(stored)
        expect(await subject.store.findSession('d'.repeat(64))).toBeNull()
      })

      it('moves lastSeenAt forward, never back', async () => {
        const stored = session()
        await subject.store.insertSession(stored)
        await subject.store.touchSession(stored.idHash, at(30))
        await subject.store.touchSession(stored.idHash, at(10))
        expect(await subject.store.findSession(stored.idHash)).toEqual({ ...stored, lastSeenAt: at(30) })
        await subject.store.touchSession('d'.repeat(64), at(30))
        expect(await subject.store.findSession('d'.repeat(64))).toBeNull()
      })

      it('deletes one session (sign-out), or every session of a member (removal), and no other', async () => {
        const mine = session()
        const myOther = session()
        const theirs = session({ memberId: 'mem_two' })
        for (const each of [mine, myOther, theirs]) await subject.store.insertSession(each)
        await subject.store.deleteSession(mine.idHash)
        expect(await subject.store.findSession(mine.idHash)).toBeNull()
        expect(await subject.store.findSession(myOther.idHash)).toEqual(myOther)
        expect(await subject.store.deleteSessionsOfMember('mem_one')).toBe(1)
        expect(await subject.store.findSession(myOther.idHash)).toBeNull()
        expect(await subject.store.findSession(theirs.idHash)).toEqual(theirs)
        expect(await subject.store.deleteSessionsOfMember('mem_one')).toBe(0)
      })
    })
  })
}
