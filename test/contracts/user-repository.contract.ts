import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'
import type { UserRepositoryPort } from '../../core/ports/user-repository.js'
import { DEFAULT_PREFERENCES, type User } from '../../core/user/user.js'

export interface UserRepositorySubject {
  readonly users: UserRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const base = new Date('2026-06-01T08:00:00Z')
// Ids a millisecond apart, so they sort in creation order as the real generator's do.
let tick = base.getTime()
const ids = new UlidIdGenerator(() => ++tick)

const makeUser = (overrides: Partial<User> = {}): User => {
  const id = ids.next('usr')
  return {
    ...DEFAULT_PREFERENCES,
    displayName: 'Ada',
    timezone: 'Europe/Berlin',
    homeLocation: { name: 'Home', address: 'Main St 1', lat: 52.52, lng: 13.4, source: 'caller' },
    quietHoursStart: '22:00',
    quietHoursEnd: '07:00',
    id,
    accountId: 'acct_a',
    livemode: false,
    email: `${id.toLowerCase()}@example.com`,
    deactivatedAt: null,
    createdAt: base,
    version: 1,
    ...overrides,
  }
}

const note = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: base,
  objectType: 'user',
  object: { type },
})

/** What every UserRepositoryPort adapter must do; call it from the adapter's own test file. */
export const userRepositoryContract = (
  name: string,
  makeSubject: () => UserRepositorySubject | Promise<UserRepositorySubject>,
): void => {
  describe(`${name} honours the UserRepositoryPort contract`, () => {
    let subject: UserRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const outboxTypes = async (accountId = 'acct_a') =>
      (await subject.outbox.list(accountId, 100)).map((event) => event.type).reverse()

    describe('insert and read back', () => {
      it('round-trips a user with its dates and preferences, and writes its domain events in the same write', async () => {
        const user = makeUser({ deactivatedAt: new Date('2026-06-01T09:00:00Z') })
        expect(await subject.users.insert(user, [note('user.created')])).toBe('inserted')
        expect(await subject.users.get('acct_a', user.id)).toEqual(user)
        expect(await subject.users.findByEmail('acct_a', user.email)).toEqual(user)
        expect(await outboxTypes()).toEqual(['user.created'])
      })

      it('stores the domain events as given (id, type, scope, object)', async () => {
        const event = note('user.created')
        await subject.users.insert(makeUser(), [event])
        expect(await subject.outbox.list('acct_a', 10)).toEqual([event])
      })

      it('answers null for an unknown id or e-mail', async () => {
        await subject.users.insert(makeUser(), [])
        expect(await subject.users.get('acct_a', 'usr_unknown')).toBeNull()
        expect(await subject.users.findByEmail('acct_a', 'nobody@example.com')).toBeNull()
      })
    })

    describe('one account never sees another account’s users', () => {
      it('get, findByEmail and list are scoped to the account', async () => {
        const user = makeUser()
        await subject.users.insert(user, [])
        expect(await subject.users.get('acct_b', user.id)).toBeNull()
        expect(await subject.users.findByEmail('acct_b', user.email)).toBeNull()
        expect((await subject.users.list('acct_b', {}, { limit: 10 })).data).toEqual([])
      })

      it('a write naming another account changes nothing', async () => {
        const user = makeUser()
        await subject.users.insert(user, [])
        expect(
          await subject.users.update({ ...user, accountId: 'acct_b', displayName: 'Mallory', version: 2 }, 1, [
            note('user.updated', 'acct_b'),
          ]),
        ).toBe('conflict')
        expect(await subject.users.remove('acct_b', user.id, 1, [note('user.deleted', 'acct_b')])).toBe('conflict')
        expect(await subject.users.get('acct_a', user.id)).toEqual(user)
        expect(await outboxTypes('acct_b')).toEqual([])
      })
    })

    describe('an e-mail is unique within an account', () => {
      it('a second user with the same e-mail in the account is a duplicate: nothing stored, no events', async () => {
        const first = makeUser({ email: 'ada@example.com' })
        await subject.users.insert(first, [note('user.created')])
        const second = makeUser({ email: 'ada@example.com' })
        expect(await subject.users.insert(second, [note('user.created')])).toBe('duplicate')
        expect(await subject.users.get('acct_a', second.id)).toBeNull()
        expect(await subject.users.findByEmail('acct_a', 'ada@example.com')).toEqual(first)
        expect(await outboxTypes()).toEqual(['user.created'])
      })

      it('the same e-mail in another account is another user', async () => {
        await subject.users.insert(makeUser({ email: 'ada@example.com' }), [])
        const elsewhere = makeUser({ email: 'ada@example.com', accountId: 'acct_b' })
        expect(await subject.users.insert(elsewhere, [])).toBe('inserted')
        expect(await subject.users.findByEmail('acct_b', 'ada@example.com')).toEqual(elsewhere)
      })

      it('an update cannot take an e-mail another user of the account holds (conflict, nothing written)', async () => {
        const ada = makeUser({ email: 'ada@example.com' })
        const grace = makeUser({ email: 'grace@example.com' })
        await subject.users.insert(ada, [])
        await subject.users.insert(grace, [])
        expect(
          await subject.users.update({ ...grace, email: 'ada@example.com', version: 2 }, 1, [note('user.updated')]),
        ).toBe('conflict')
        expect(await subject.users.get('acct_a', grace.id)).toEqual(grace)
        expect(await subject.users.findByEmail('acct_a', 'ada@example.com')).toEqual(ada)
        expect(await outboxTypes()).toEqual([])
      })

      it('an update to a free e-mail moves the user to it, and a removed user frees its e-mail', async () => {
        const ada = makeUser({ email: 'ada@example.com' })
        await subject.users.insert(ada, [])
        const renamed = { ...ada, email: 'ada.lovelace@example.com', version: 2 }
        expect(await subject.users.update(renamed, 1, [])).toBe('updated')
        expect(await subject.users.findByEmail('acct_a', 'ada@example.com')).toBeNull()
        expect(await subject.users.findByEmail('acct_a', 'ada.lovelace@example.com')).toEqual(renamed)
        expect(await subject.users.remove('acct_a', ada.id, 2, [])).toBe('removed')
        expect(await subject.users.insert(makeUser({ email: 'ada.lovelace@example.com' }), [])).toBe('inserted')
      })
    })

    describe('writes compare the expected version (optimistic concurrency)', () => {
      it('an update with the stored version is written with its events; a stale one is refused and never overwrites', async () => {
        const user = makeUser()
        await subject.users.insert(user, [])
        const renamed = { ...user, displayName: 'Renamed', version: 2 }
        expect(await subject.users.update(renamed, 1, [note('user.updated')])).toBe('updated')
        expect(await subject.users.update({ ...user, displayName: 'Stale', version: 2 }, 1, [note('lost')])).toBe(
          'conflict',
        )
        expect(await subject.users.get('acct_a', user.id)).toEqual(renamed)
        expect(await outboxTypes()).toEqual(['user.updated'])
      })

      it('an update of an unknown user is a conflict and writes nothing', async () => {
        const ghost = makeUser()
        expect(await subject.users.update({ ...ghost, version: 2 }, 1, [note('user.updated')])).toBe('conflict')
        expect(await subject.users.get('acct_a', ghost.id)).toBeNull()
        expect(await outboxTypes()).toEqual([])
      })

      it('of two writers holding the same version, exactly one wins', async () => {
        const user = makeUser()
        await subject.users.insert(user, [])
        const outcomes = await Promise.all([
          subject.users.update({ ...user, displayName: 'One', version: 2 }, 1, [note('user.updated')]),
          subject.users.update({ ...user, displayName: 'Two', version: 2 }, 1, [note('user.updated')]),
        ])
        expect([...outcomes].sort()).toEqual(['conflict', 'updated'])
        expect(await outboxTypes()).toEqual(['user.updated'])
      })

      it('removes with the stored version only, writing its events only when removed', async () => {
        const user = makeUser()
        await subject.users.insert(user, [note('user.created')])
        expect(await subject.users.remove('acct_a', user.id, 7, [note('lost')])).toBe('conflict')
        expect(await subject.users.get('acct_a', user.id)).toEqual(user)
        expect(await subject.users.remove('acct_a', user.id, 1, [note('user.deleted')])).toBe('removed')
        expect(await subject.users.get('acct_a', user.id)).toBeNull()
        expect(await subject.users.findByEmail('acct_a', user.email)).toBeNull()
        expect(await subject.users.remove('acct_a', user.id, 1, [note('lost')])).toBe('conflict')
        expect(await outboxTypes()).toEqual(['user.created', 'user.deleted'])
      })
    })

    describe('lists are newest first, paged by cursors', () => {
      const insertFive = async (): Promise<User[]> => {
        const users = [0, 1, 2, 3, 4].map(() => makeUser())
        // Inserted out of order: the order comes from the ids, not from the writes.
        for (const index of [2, 0, 4, 1, 3]) await subject.users.insert(users[index]!, [])
        await subject.users.insert(makeUser({ accountId: 'acct_b' }), [])
        return users
      }
      const idsOf = (page: { readonly data: readonly User[] }) => page.data.map((user) => user.id)

      it('the first page holds the newest users and says whether more follow', async () => {
        const users = await insertFive()
        const page = await subject.users.list('acct_a', {}, { limit: 2 })
        expect(idsOf(page)).toEqual([users[4]!.id, users[3]!.id])
        expect(page.hasMore).toBe(true)
        const all = await subject.users.list('acct_a', {}, { limit: 10 })
        expect(idsOf(all)).toEqual([...users].reverse().map((user) => user.id))
        expect(all.hasMore).toBe(false)
      })

      it('starting_after gives the next, older page', async () => {
        const users = await insertFive()
        const next = await subject.users.list('acct_a', {}, { limit: 2, startingAfter: users[3]!.id })
        expect(idsOf(next)).toEqual([users[2]!.id, users[1]!.id])
        expect(next.hasMore).toBe(true)
        const last = await subject.users.list('acct_a', {}, { limit: 2, startingAfter: users[1]!.id })
        expect(idsOf(last)).toEqual([users[0]!.id])
        expect(last.hasMore).toBe(false)
      })

      it('ending_before gives the previous, newer page, still newest first', async () => {
        const users = await insertFive()
        const previous = await subject.users.list('acct_a', {}, { limit: 2, endingBefore: users[1]!.id })
        expect(idsOf(previous)).toEqual([users[3]!.id, users[2]!.id])
        expect(previous.hasMore).toBe(true)
        const first = await subject.users.list('acct_a', {}, { limit: 2, endingBefore: users[3]!.id })
        expect(idsOf(first)).toEqual([users[4]!.id])
        expect(first.hasMore).toBe(false)
      })

      it('filters by e-mail', async () => {
        const users = await insertFive()
        const page = await subject.users.list('acct_a', { email: users[2]!.email }, { limit: 10 })
        expect(idsOf(page)).toEqual([users[2]!.id])
        expect((await subject.users.list('acct_a', { email: 'nobody@example.com' }, { limit: 10 })).data).toEqual([])
      })
    })
  })
}
