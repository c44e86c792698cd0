import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../core/dashboard/member.js'
import type { MemberRepositoryPort } from '../../core/ports/member-repository.js'

export interface MemberRepositorySubject {
  readonly members: MemberRepositoryPort
  readonly teardown?: () => Promise<void>
}

let counter = 0
const member = (overrides: Partial<Member> = {}): Member => {
  counter += 1
  return {
    id: `mem_${String(counter).padStart(6, '0')}`,
    accountId: 'acct_one',
    email: `person${counter}@example.com`,
    role: 'developer',
    status: 'invited',
    createdAt: new Date('2026-06-01T08:00:00Z'),
    updatedAt: new Date('2026-06-01T08:00:00Z'),
    ...overrides,
  }
}

/** What every MemberRepositoryPort adapter must do. */
export const memberRepositoryContract = (
  name: string,
  makeSubject: () => MemberRepositorySubject | Promise<MemberRepositorySubject>,
): void => {
  describe(`${name} honours the MemberRepositoryPort contract`, () => {
    let subject: MemberRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('gives a member back as stored, by id and by account and address', async () => {
      const stored = member({ role: 'owner' })
      await subject.members.insert(stored)
      expect(await subject.members.get(stored.id)).toEqual(stored)
      expect(await subject.members.findByEmail(stored.accountId, stored.email)).toEqual(stored)
      expect(await subject.members.get('mem_unknown')).toBeNull()
      expect(await subject.members.findByEmail('acct_other', stored.email)).toBeNull()
    })

    it('lists an account’s members oldest first, and an address’s memberships across accounts', async () => {
      const first = member({ email: 'shared@example.com' })
      const second = member()
      const elsewhere = member({ accountId: 'acct_two', email: 'shared@example.com' })
      for (const each of [first, second, elsewhere]) await subject.members.insert(each)
      expect((await subject.members.list('acct_one')).map((each) => each.id)).toEqual([first.id, second.id])
      expect((await subject.members.listByEmail('shared@example.com')).map((each) => each.id)).toEqual([
        first.id,
        elsewhere.id,
      ])
      expect(await subject.members.list('acct_none')).toEqual([])
    })

    it('refuses a second member with the same address in one account, keeping the first', async () => {
      const first = member({ email: 'twice@example.com' })
      await subject.members.insert(first)
      await expect(subject.members.insert(member({ email: 'twice@example.com' }))).rejects.toThrow()
      await expect(subject.members.insert({ ...first, email: 'other@example.com' })).rejects.toThrow()
      expect(await subject.members.list('acct_one')).toEqual([first])
    })

    it('replaces a member on update; an unknown id changes nothing', async () => {
      const stored = member()
      await subject.members.insert(stored)
      const changed: Member = {
        ...stored,
        role: 'admin',
        status: 'active',
        updatedAt: new Date('2026-06-02T08:00:00Z'),
      }
      await subject.members.update(changed)
      expect(await subject.members.get(stored.id)).toEqual(changed)
      await subject.members.update(member())
      expect(await subject.members.list('acct_one')).toEqual([changed])
    })
  })
}
