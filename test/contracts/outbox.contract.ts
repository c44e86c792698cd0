import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'

export interface OutboxSubject {
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const base = new Date('2026-06-01T08:00:00Z').getTime()
let tick = base
const ids = new UlidIdGenerator(() => ++tick)

/** An event written `secondsLater` after the base time; ids are in creation order, as the real generator's are. */
const note = (type: string, secondsLater: number, accountId = 'acct_a', livemode = false): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode,
  createdAt: new Date(base + secondsLater * 1000),
  objectType: 'user',
  object: { id: 'usr_1', email: 'ada@example.com', nested: { list: [1, 2], flag: true, none: null } },
})

const idsOf = (events: readonly DomainEvent[]) => events.map((event) => event.id)

/** What every OutboxPort adapter must do; call it from the adapter's own test file. */
export const outboxContract = (name: string, makeSubject: () => OutboxSubject | Promise<OutboxSubject>): void => {
  describe(`${name} honours the OutboxPort contract`, () => {
    let subject: OutboxSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('stores an event as given: notification id, type, scope, time and the object snapshot', async () => {
      const event = note('user.created', 0, 'acct_a', true)
      await subject.outbox.append([event])
      expect(await subject.outbox.pending(10)).toEqual([event])
      expect(await subject.outbox.list('acct_a', 10)).toEqual([event])
    })

    describe('pending: what the dispatcher has not fanned out yet, oldest first', () => {
      it('hands out every account’s pending events, oldest first, up to the limit', async () => {
        const events = [
          note('user.created', 0),
          note('user.created', 1, 'acct_b'),
          note('user.updated', 2),
          note('user.deleted', 3, 'acct_b'),
        ]
        await subject.outbox.append(events.slice(0, 2))
        await subject.outbox.append(events.slice(2))
        expect(idsOf(await subject.outbox.pending(10))).toEqual(idsOf(events))
        expect(idsOf(await subject.outbox.pending(3))).toEqual(idsOf(events.slice(0, 3)))
      })

      it('hands out one account’s pending events when asked for that account', async () => {
        const events = [note('user.created', 0), note('user.created', 1, 'acct_b'), note('user.updated', 2)]
        await subject.outbox.append(events)
        expect(idsOf(await subject.outbox.pending(10, 'acct_a'))).toEqual(idsOf([events[0]!, events[2]!]))
        expect(idsOf(await subject.outbox.pending(10, 'acct_b'))).toEqual(idsOf([events[1]!]))
        expect(idsOf(await subject.outbox.pending(10, null))).toEqual(idsOf(events))
      })

      it('keeps the written order of events appended together', async () => {
        const events = [note('user.updated', 5), note('user.deleted', 5), note('event.deleted', 5)]
        await subject.outbox.append(events)
        expect(idsOf(await subject.outbox.pending(10))).toEqual(idsOf(events))
      })

      it('markDispatched takes events out of pending and only those; marking again or unknown ids changes nothing', async () => {
        const events = [0, 1, 2, 3].map((seconds) => note('user.updated', seconds))
        await subject.outbox.append(events)
        await subject.outbox.markDispatched([events[0]!.id, events[2]!.id])
        expect(idsOf(await subject.outbox.pending(10))).toEqual([events[1]!.id, events[3]!.id])
        await subject.outbox.markDispatched([events[0]!.id, 'ntf_unknown'])
        await subject.outbox.markDispatched([])
        expect(idsOf(await subject.outbox.pending(10))).toEqual([events[1]!.id, events[3]!.id])
        await subject.outbox.markDispatched([events[1]!.id, events[3]!.id])
        expect(await subject.outbox.pending(10)).toEqual([])
      })

      it('a limit counts pending events only: dispatched ones do not use it up', async () => {
        const events = [0, 1, 2, 3, 4].map((seconds) => note('user.updated', seconds))
        await subject.outbox.append(events)
        await subject.outbox.markDispatched(idsOf(events.slice(0, 3)))
        expect(idsOf(await subject.outbox.pending(2))).toEqual(idsOf(events.slice(3)))
      })

      it('appending nothing writes nothing', async () => {
        await subject.outbox.append([])
        expect(await subject.outbox.pending(10)).toEqual([])
      })
    })

    describe('list: an account’s events, newest first', () => {
      it('lists one account’s events newest first, dispatched or not, up to the limit', async () => {
        const mine = [0, 1, 2].map((seconds) => note('user.updated', seconds))
        const theirs = note('user.created', 1, 'acct_b')
        await subject.outbox.append([mine[0]!, theirs, mine[1]!])
        await subject.outbox.append([mine[2]!])
        await subject.outbox.markDispatched([mine[0]!.id])
        expect(idsOf(await subject.outbox.list('acct_a', 10))).toEqual(idsOf([...mine].reverse()))
        expect(idsOf(await subject.outbox.list('acct_a', 2))).toEqual([mine[2]!.id, mine[1]!.id])
        expect(idsOf(await subject.outbox.list('acct_b', 10))).toEqual([theirs.id])
        expect(await subject.outbox.list('acct_c', 10)).toEqual([])
      })
    })
  })
}
