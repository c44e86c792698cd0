import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'
import type { ReminderRepositoryPort } from '../../core/ports/reminder-repository.js'
import { type Reminder, reminderIdentity } from '../../core/reminder/reminder.js'

export interface ReminderRepositorySubject {
  readonly reminders: ReminderRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const MINUTE = 60_000
const base = new Date('2026-06-01T08:00:00Z')
const ids = new UlidIdGenerator()

/** A reminder of the suite's fixed account, user and event (adapter-specific tests reuse it). */
export const makeReminder = (overrides: Partial<Reminder> = {}): Reminder => ({
  id: ids.next('rem'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  eventId: 'evt_a',
  type: 'before_event',
  offsetMinutes: 15,
  customTime: null,
  message: null,
  status: 'scheduled',
  scheduledAt: new Date(base.getTime() + 60 * MINUTE),
  sentAt: null,
  dismissedAt: null,
  cancelledAt: null,
  cancellationReason: null,
  snoozeCount: 0,
  createdAt: base,
  updatedAt: base,
  version: 1,
  ...overrides,
})

const note = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: base,
  objectType: 'reminder',
  object: { type },
})

/** What every ReminderRepositoryPort adapter must do; call it from the adapter's own test file. */
export const reminderRepositoryContract = (
  name: string,
  makeSubject: () => ReminderRepositorySubject | Promise<ReminderRepositorySubject>,
): void => {
  describe(`${name} honours the ReminderRepositoryPort contract`, () => {
    let subject: ReminderRepositorySubject
    let reminders: ReminderRepositoryPort

    beforeEach(async () => {
      subject = await makeSubject()
      reminders = subject.reminders
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const cancel = async (reminder: Reminder): Promise<Reminder> => {
      const cancelled: Reminder = {
        ...reminder,
        status: 'cancelled',
        cancelledAt: base,
        cancellationReason: 'requested',
        version: reminder.version + 1,
      }
      expect(await reminders.update(cancelled, reminder.version, [])).toBe('updated')
      return cancelled
    }

    it('stores a reminder with its domain events, readable only in its account', async () => {
      const reminder = makeReminder()
      expect(await reminders.insert(reminder, [note('reminder.created')])).toBe('inserted')
      expect(await reminders.get('acct_a', reminder.id)).toEqual(reminder)
      expect(await reminders.get('acct_b', reminder.id)).toBeNull()
      expect((await subject.outbox.list('acct_a', 10)).map((event) => event.type)).toEqual(['reminder.created'])
    })

    it('refuses a second live reminder with the same identity, and finds the live one', async () => {
      const first = makeReminder()
      await reminders.insert(first, [])
      expect(await reminders.insert(makeReminder(), [note('reminder.created')])).toBe('duplicate')
      expect(await subject.outbox.list('acct_a', 10)).toEqual([])
      expect((await reminders.findLive('acct_a', reminderIdentity(first)))?.id).toBe(first.id)
      expect(await reminders.findLive('acct_b', reminderIdentity(first))).toBeNull()
      expect(await reminders.insert(makeReminder({ offsetMinutes: 30 }), [])).toBe('inserted')
      expect(await reminders.insert(makeReminder({ eventId: 'evt_b' }), [])).toBe('inserted')
      expect(await reminders.insert(makeReminder({ accountId: 'acct_b' }), [])).toBe('inserted')
    })

    it('a cancelled reminder frees its identity', async () => {
      const first = makeReminder({
        type: 'custom_time',
        offsetMinutes: null,
        customTime: new Date('2026-06-01T09:00:00Z'),
      })
      await reminders.insert(first, [])
      await cancel(first)
      expect(await reminders.findLive('acct_a', reminderIdentity(first))).toBeNull()
      const second = makeReminder({
        type: 'custom_time',
        offsetMinutes: null,
        customTime: new Date('2026-06-01T09:00:00Z'),
      })
      expect(await reminders.insert(second, [])).toBe('inserted')
      expect((await reminders.findLive('acct_a', reminderIdentity(second)))?.id).toBe(second.id)
    })

    it('updates compare versions; a stale write changes nothing and appends nothing', async () => {
      const reminder = makeReminder()
      await reminders.insert(reminder, [])
      const sent: Reminder = { ...reminder, status: 'sent', sentAt: reminder.scheduledAt, version: 2 }
      expect(await reminders.update(sent, 1, [note('reminder.sent')])).toBe('updated')
      expect(
        await reminders.update({ ...sent, status: 'dismissed', version: 3 }, 1, [note('reminder.dismissed')]),
      ).toBe('conflict')
      expect(await reminders.update({ ...sent, accountId: 'acct_b', version: 3 }, 2, [])).toBe('conflict')
      expect(await reminders.update(makeReminder(), 1, [])).toBe('conflict')
      expect(await reminders.get('acct_a', reminder.id)).toEqual(sent)
      expect((await subject.outbox.list('acct_a', 10)).map((event) => event.type)).toEqual(['reminder.sent'])
    })

    it("lists an event's reminders newest first, filtered by status, in pages", async () => {
      const made = [
        makeReminder({ offsetMinutes: 5 }),
        makeReminder({ offsetMinutes: 15 }),
        makeReminder({ offsetMinutes: 30 }),
      ]
      for (const reminder of made) await reminders.insert(reminder, [])
      await reminders.insert(makeReminder({ eventId: 'evt_other' }), [])
      await cancel(made[0]!)
      const all = await reminders.listByEvent('acct_a', 'evt_a', {}, { limit: 10 })
      expect(all.data.map((reminder) => reminder.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id])
      expect(all.hasMore).toBe(false)
      const page = await reminders.listByEvent('acct_a', 'evt_a', {}, { limit: 2 })
      expect(page).toMatchObject({ hasMore: true })
      const next = await reminders.listByEvent('acct_a', 'evt_a', {}, { limit: 2, startingAfter: page.data[1]!.id })
      expect(next.data.map((reminder) => reminder.id)).toEqual([made[0]!.id])
      const cancelled = await reminders.listByEvent('acct_a', 'evt_a', { status: 'cancelled' }, { limit: 10 })
      expect(cancelled.data.map((reminder) => reminder.id)).toEqual([made[0]!.id])
      expect((await reminders.allOfEvent('acct_a', 'evt_a')).map((reminder) => reminder.id).sort()).toEqual(
        made.map((reminder) => reminder.id).sort(),
      )
      expect(await reminders.allOfEvent('acct_b', 'evt_a')).toEqual([])
    })

    it('finds the scheduled reminders due, earliest first, per account or for all', async () => {
      const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE)
      const early = makeReminder({ offsetMinutes: 5, scheduledAt: at(10) })
      const late = makeReminder({ offsetMinutes: 15, scheduledAt: at(20) })
      const future = makeReminder({ offsetMinutes: 30, scheduledAt: at(90) })
      const sent = makeReminder({ offsetMinutes: 60, scheduledAt: at(5), status: 'sent', sentAt: at(5) })
      const otherAccount = makeReminder({ accountId: 'acct_b', scheduledAt: at(15) })
      for (const reminder of [late, future, sent, early, otherAccount]) await reminders.insert(reminder, [])
      expect((await reminders.due('acct_a', at(30), 10)).map((reminder) => reminder.id)).toEqual([early.id, late.id])
      expect((await reminders.due('acct_a', at(30), 1)).map((reminder) => reminder.id)).toEqual([early.id])
      expect((await reminders.due(null, at(30), 10)).map((reminder) => reminder.id)).toEqual([
        early.id,
        otherAccount.id,
        late.id,
      ])
      expect(await reminders.due('acct_a', at(9), 10)).toEqual([])
    })

    it('tells the next fire time after a moment, ignoring what is not scheduled', async () => {
      const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE)
      await reminders.insert(makeReminder({ offsetMinutes: 5, scheduledAt: at(10) }), [])
      await reminders.insert(makeReminder({ offsetMinutes: 15, scheduledAt: at(40) }), [])
      const cancelledSoon = makeReminder({ offsetMinutes: 30, scheduledAt: at(20) })
      await reminders.insert(cancelledSoon, [])
      await cancel(cancelledSoon)
      await reminders.insert(makeReminder({ accountId: 'acct_b', scheduledAt: at(25) }), [])
      expect(await reminders.nextDueAt('acct_a', at(0))).toEqual(at(10))
      expect(await reminders.nextDueAt('acct_a', at(10))).toEqual(at(40))
      expect(await reminders.nextDueAt(null, at(10))).toEqual(at(25))
      expect(await reminders.nextDueAt('acct_a', at(40))).toBeNull()
    })

    it("removes every reminder of a user (the cascade) and nobody else's", async () => {
      const mine = [makeReminder({ offsetMinutes: 5 }), makeReminder({ offsetMinutes: 15, eventId: 'evt_b' })]
      const theirs = makeReminder({ userId: 'usr_b', eventId: 'evt_c' })
      for (const reminder of [...mine, theirs]) await reminders.insert(reminder, [])
      expect(await reminders.removeByUser('acct_a', 'usr_a')).toBe(2)
      expect(await reminders.get('acct_a', mine[0]!.id)).toBeNull()
      expect(await reminders.allOfEvent('acct_a', 'evt_a')).toEqual([])
      expect(await reminders.findLive('acct_a', reminderIdentity(mine[0]!))).toBeNull()
      expect(await reminders.get('acct_a', theirs.id)).toEqual(theirs)
      expect(await reminders.due('acct_a', new Date(base.getTime() + 24 * 60 * MINUTE), 10)).toEqual([theirs])
      expect(await reminders.removeByUser('acct_a', 'usr_a')).toBe(0)
    })
  })
}
