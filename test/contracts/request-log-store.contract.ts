import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RequestLogStorePort } from '../../core/ports/request-log-store.js'
import type { RequestLogEntry } from '../../core/request-log/request-log-entry.js'

export interface RequestLogStoreSubject {
  readonly store: RequestLogStorePort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const entry = (overrides: Partial<RequestLogEntry> = {}): RequestLogEntry => {
  counter += 1
  return {
    requestId: `req_${String(counter).padStart(24, '0')}`,
    accountId: 'acct_one',
    livemode: true,
    method: 'GET',
    path: '/v1/users',
    status: 200,
    errorCode: null,
    errorParam: null,
    errorMessage: null,
    keyId: 'key_one',
    apiVersion: '2026-05-20',
    idempotencyKey: null,
    replayed: false,
    durationMs: 1.25,
    occurredAt: at(counter),
    ...overrides,
  }
}

const idsOf = (page: { readonly data: readonly RequestLogEntry[] }) => page.data.map((e) => e.requestId)

/** What every RequestLogStorePort adapter must do. */
export const requestLogStoreContract = (
  name: string,
  makeSubject: () => RequestLogStoreSubject | Promise<RequestLogStoreSubject>,
): void => {
  describe(`${name} honours the RequestLogStorePort contract`, () => {
    let subject: RequestLogStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('reads a batch back, every field, newest first, of one account and surface only', async () => {
      const ok = entry()
      const failed = entry({
        method: 'POST',
        status: 400,
        errorCode: 'parameter_invalid',
        errorParam: 'email',
        errorMessage: 'email is an address.',
        idempotencyKey: 'idem-1',
        replayed: true,
      })
      const sandbox = entry({ livemode: false })
      const other = entry({ accountId: 'acct_other' })
      await subject.store.appendMany([ok, failed, sandbox, other])
      expect(await subject.store.list('acct_one', true, { limit: 10 })).toEqual({ data: [failed, ok], hasMore: false })
      expect(idsOf(await subject.store.list('acct_one', false, { limit: 10 }))).toEqual([sandbox.requestId])
      expect(idsOf(await subject.store.list('acct_other', true, { limit: 10 }))).toEqual([other.requestId])
    })

    it('keeps the first entry of a request id written twice, and the rest of that batch', async () => {
      const first = entry()
      const later = entry()
      await subject.store.appendMany([first])
      await subject.store.appendMany([{ ...first, status: 500 }, later])
      expect(await subject.store.list('acct_one', true, { limit: 10 })).toEqual({
        data: [later, first],
        hasMore: false,
      })
    })

    it('finds one request by its id', async () => {
      const wanted = entry({ status: 400, errorCode: 'parameter_invalid' })
      await subject.store.appendMany([entry(), wanted, entry()])
      expect((await subject.store.list('acct_one', true, { limit: 10, requestId: wanted.requestId })).data).toEqual([
        wanted,
      ])
      expect((await subject.store.list('acct_other', true, { limit: 10, requestId: wanted.requestId })).data).toEqual(
        [],
      )
    })

    it('filters by exact status, status class, path prefix and method', async () => {
      const created = entry({ method: 'POST', status: 201, path: '/v1/users' })
      const missing = entry({ status: 404, path: '/v1/events/evt_1' })
      const invalid = entry({ method: 'POST', status: 400, path: '/v1/users' })
      const percent = entry({ path: '/v1/a%b' })
      await subject.store.appendMany([created, missing, invalid, percent])
      const list = (query: Omit<Parameters<RequestLogStorePort['list']>[2], 'limit'>) =>
        subject.store.list('acct_one', true, { limit: 10, ...query }).then(idsOf)
      expect(await list({ status: 404 })).toEqual([missing.requestId])
      expect(await list({ statusClass: 4 })).toEqual([invalid.requestId, missing.requestId])
      expect(await list({ pathPrefix: '/v1/users' })).toEqual([invalid.requestId, created.requestId])
      expect(await list({ pathPrefix: '/v1/a%' })).toEqual([percent.requestId])
      expect(await list({ pathPrefix: '/v1/%' })).toEqual([])
      expect(await list({ method: 'POST', statusClass: 2 })).toEqual([created.requestId])
    })

    it('matches a path prefix shorter than a resource, one resource whole, or into its ids', async () => {
      const user = entry({ path: '/v1/users/usr_1' })
      const userEvents = entry({ path: '/v1/users/usr_1/events' })
      const otherUser = entry({ path: '/v1/users/usr_2' })
      const users = entry({ path: '/v1/users' })
      const event = entry({ path: '/v1/events/evt_1' })
      await subject.store.appendMany([user, userEvents, otherUser, users, event])
      const list = (pathPrefix: string) => subject.store.list('acct_one', true, { limit: 10, pathPrefix }).then(idsOf)
      expect(await list('/v1/users/usr_1')).toEqual([userEvents.requestId, user.requestId])
      expect(await list('/v1/users/usr_1/')).toEqual([userEvents.requestId])
      expect(await list('/v1/users/')).toEqual([otherUser.requestId, userEvents.requestId, user.requestId])
      expect(await list('/v1/users')).toEqual([
        users.requestId,
        otherUser.requestId,
        userEvents.requestId,
        user.requestId,
      ])
      expect(await list('/v1/u')).toEqual([users.requestId, otherUser.requestId, userEvents.requestId, user.requestId])
      expect(await list('/v1/')).toHaveLength(5)
      expect(await list('/v1/users/usr_3')).toEqual([])
    })

    it('keeps a large batch in its order, with the bodies of the entries that have them', async () => {
      const batch = Array.from({ length: 130 }, (_, n) =>
        entry(n % 17 === 3 ? { bodies: { request: null, response: `{"n":${n}}` } } : {}),
      )
      await subject.store.appendMany(batch)
      expect(idsOf(await subject.store.list('acct_one', true, { limit: 100 }))).toEqual(
        batch
          .slice(30)
          .reverse()
          .map((one) => one.requestId),
      )
      const withBodies = batch.filter((one) => one.bodies !== undefined)
      for (const one of withBodies) expect(await subject.store.retrieve('acct_one', true, one.requestId)).toEqual(one)
      const { bodies: _none, ...plain } = batch[0] as RequestLogEntry
      expect(await subject.store.retrieve('acct_one', true, plain.requestId)).toEqual(plain)
    })

    it('filters by the key that made the requests and by a time range (from inclusive, to exclusive)', async () => {
      const early = entry({ keyId: 'key_two', occurredAt: at(1_000) })
      const middle = entry({ occurredAt: at(1_010) })
      const late = entry({ keyId: 'key_two', occurredAt: at(1_020) })
      const anonymous = entry({ keyId: null, status: 401, occurredAt: at(1_030) })
      await subject.store.appendMany([early, middle, late, anonymous])
      const list = (query: Omit<Parameters<RequestLogStorePort['list']>[2], 'limit'>) =>
        subject.store.list('acct_one', true, { limit: 10, ...query }).then(idsOf)
      expect(await list({ keyId: 'key_two' })).toEqual([late.requestId, early.requestId])
      expect(await list({ keyId: 'key_none' })).toEqual([])
      expect(await list({ occurredFrom: at(1_010) })).toEqual([anonymous.requestId, late.requestId, middle.requestId])
      expect(await list({ occurredBefore: at(1_020) })).toEqual([middle.requestId, early.requestId])
      expect(await list({ occurredFrom: at(1_005), occurredBefore: at(1_030) })).toEqual([
        late.requestId,
        middle.requestId,
      ])
      expect(await list({ keyId: 'key_two', occurredFrom: at(1_005), statusClass: 2 })).toEqual([late.requestId])
      expect(await list({ occurredFrom: at(1_031) })).toEqual([])
    })

    it('pages newest first: a page, then what was written before its last entry', async () => {
      const written = [entry(), entry(), entry(), entry(), entry()]
      await subject.store.appendMany(written)
      const first = await subject.store.list('acct_one', true, { limit: 2 })
      expect(idsOf(first)).toEqual([written[4]?.requestId, written[3]?.requestId])
      expect(first.hasMore).toBe(true)
      const rest = await subject.store.list('acct_one', true, { limit: 10, startingAfter: written[3]?.requestId })
      expect(idsOf(rest)).toEqual([written[2]?.requestId, written[1]?.requestId, written[0]?.requestId])
      expect(rest.hasMore).toBe(false)
    })

    it('keeps bodies apart: a list never carries them, retrieving one entry does', async () => {
      const bodies = { request: '{"email":"a@example.com"}', response: '{"id":"usr_1"}' }
      const withBodies = entry({ method: 'POST', bodies })
      const without = entry()
      await subject.store.appendMany([withBodies, without])
      const { bodies: _kept, ...listed } = withBodies
      expect((await subject.store.list('acct_one', true, { limit: 10 })).data).toEqual([without, listed])
      expect(await subject.store.retrieve('acct_one', true, withBodies.requestId)).toEqual(withBodies)
      expect(await subject.store.retrieve('acct_one', true, without.requestId)).toEqual(without)
    })

    it('retrieves an entry only for its own account and surface', async () => {
      const mine = entry({ bodies: { request: null, response: '{}' } })
      await subject.store.appendMany([mine])
      expect(await subject.store.retrieve('acct_other', true, mine.requestId)).toBeNull()
      expect(await subject.store.retrieve('acct_one', false, mine.requestId)).toBeNull()
      expect(await subject.store.retrieve('acct_one', true, 'req_unknown')).toBeNull()
    })

    it('a request id written twice keeps the first bodies too', async () => {
      const first = entry({ bodies: { request: '{"n":1}', response: null } })
      await subject.store.appendMany([first])
      await subject.store.appendMany([{ ...first, bodies: { request: '{"n":2}', response: null } }])
      expect((await subject.store.retrieve('acct_one', true, first.requestId))?.bodies).toEqual(first.bodies)
    })

    it('prunes bodies sooner than entries: the entry stays, its bodies go', async () => {
      const old = entry({ occurredAt: at(-600), bodies: { request: '{"a":1}', response: '{"b":2}' } })
      const recent = entry({ occurredAt: at(10), bodies: { request: null, response: '{"c":3}' } })
      await subject.store.appendMany([old, recent])
      expect(await subject.store.pruneBodies(at(0))).toBe(1)
      const { bodies: _gone, ...bare } = old
      expect(await subject.store.retrieve('acct_one', true, old.requestId)).toEqual(bare)
      expect(await subject.store.retrieve('acct_one', true, recent.requestId)).toEqual(recent)
    })

    it('trims an account surface to its newest entries, leaving other accounts and surfaces alone', async () => {
      const mine = [entry(), entry({ bodies: { request: null, response: '{}' } }), entry(), entry()]
      const sandbox = [entry({ livemode: false }), entry({ livemode: false })]
      const other = [entry({ accountId: 'acct_other' })]
      await subject.store.appendMany([...mine, ...sandbox, ...other])
      expect(await subject.store.trim('acct_one', true, 2)).toBe(2)
      expect(idsOf(await subject.store.list('acct_one', true, { limit: 10 }))).toEqual([
        mine[3]?.requestId,
        mine[2]?.requestId,
      ])
      expect(await subject.store.retrieve('acct_one', true, mine[1]?.requestId ?? '')).toBeNull()
      expect(await subject.store.trim('acct_one', true, 2)).toBe(0)
      expect(idsOf(await subject.store.list('acct_one', false, { limit: 10 }))).toHaveLength(2)
      expect(idsOf(await subject.store.list('acct_other', true, { limit: 10 }))).toHaveLength(1)
      // A trimmed request id may be written again (the memory store forgets it too).
      await subject.store.appendMany([mine[0] as RequestLogEntry])
      expect(idsOf(await subject.store.list('acct_one', true, { limit: 10 }))).toContain(mine[0]?.requestId)
    })

    it('prunes what occurred before the bound, and nothing after it', async () => {
      const old = entry({ occurredAt: at(-600) })
      const recent = entry({ occurredAt: at(10) })
      await subject.store.appendMany([old, recent])
      expect(await subject.store.prune(at(0))).toBe(1)
      expect(idsOf(await subject.store.list('acct_one', true, { limit: 10 }))).toEqual([recent.requestId])
    })
  })
}
