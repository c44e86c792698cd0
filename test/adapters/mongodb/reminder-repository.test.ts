import { describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { outboxCollection } from '../../../adapters/storage/mongodb/mongo-context.js'
import { MongoReminderRepository, REMINDERS_COLLECTION } from '../../../adapters/storage/mongodb/reminder-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import { type Reminder, reminderIdentity } from '../../../core/reminder/reminder.js'
import { makeReminder, reminderRepositoryContract } from '../../contracts/reminder-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

reminderRepositoryContract('MongoReminderRepository', async () => {
  const context = mongo.freshContext()
  const reminders = new MongoReminderRepository(context)
  await reminders.ensureIndexes()
  return { reminders, outbox: new MongoOutboxProbe(context.db) }
})

const note = (type: string): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId: 'acct_a',
  livemode: false,
  createdAt: base,
  objectType: 'reminder',
  object: { type },
})

const ids = new UlidIdGenerator()
const base = new Date('2026-06-01T08:00:00Z')

describe('MongoReminderRepository storage', () => {
  const setUp = async () => {
    const context = mongo.freshContext()
    const reminders = new MongoReminderRepository(context)
    await reminders.ensureIndexes()
    return { context, reminders }
  }

  it('two creates of one identity at once: one is inserted with its events, the other is a duplicate and appends nothing', async () => {
    const { context, reminders } = await setUp()
    const [first, second] = [makeReminder(), makeReminder()]
    const [firstEvent, secondEvent] = [note('reminder.created'), note('reminder.created')]
    const outcomes = await Promise.all([reminders.insert(first, [firstEvent]), reminders.insert(second, [secondEvent])])
    expect([...outcomes].sort()).toEqual(['duplicate', 'inserted'])
    const winner =
      outcomes[0] === 'inserted' ? { reminder: first, event: firstEvent } : { reminder: second, event: secondEvent }
    expect(await reminders.findLive('acct_a', reminderIdentity(first))).toEqual(winner.reminder)
    expect((await outboxCollection(context.db).find({}).toArray()).map((document) => document._id)).toEqual([
      winner.event.id,
    ])
  })

  it('stores the live identity and the due time only while they apply, and never hands them back', async () => {
    const { context, reminders } = await setUp()
    const scheduled = makeReminder()
    const sent = makeReminder({ offsetMinutes: 30, status: 'sent', sentAt: base })
    const cancelled = makeReminder({
      offsetMinutes: 60,
      status: 'cancelled',
      cancelledAt: base,
      cancellationReason: 'requested',
    })
    for (const reminder of [scheduled, sent, cancelled]) await reminders.insert(reminder, [])
    const raw = async (id: string) => context.db.collection(REMINDERS_COLLECTION).findOne({ _id: id as never })
    expect(await raw(scheduled.id)).toMatchObject({
      liveIdentity: reminderIdentity(scheduled),
      dueAt: scheduled.scheduledAt,
    })
    expect(await raw(sent.id)).toMatchObject({ liveIdentity: reminderIdentity(sent) })
    expect(await raw(sent.id)).not.toHaveProperty('dueAt')
    expect(await raw(cancelled.id)).not.toHaveProperty('liveIdentity')
    expect(await raw(cancelled.id)).not.toHaveProperty('dueAt')
    expect(await reminders.get('acct_a', scheduled.id)).toEqual(scheduled)
  })

  it('an update that would make a second live reminder of one identity is a conflict and writes nothing', async () => {
    const { context, reminders } = await setUp()
    const cancelled = makeReminder({ status: 'cancelled', cancelledAt: base, cancellationReason: 'requested' })
    const live = makeReminder()
    await reminders.insert(cancelled, [])
    await reminders.insert(live, [])
    const revived: Reminder = {
      ...cancelled,
      status: 'scheduled',
      cancelledAt: null,
      cancellationReason: null,
      version: 2,
    }
    expect(await reminders.update(revived, 1, [note('reminder.updated')])).toBe('conflict')
    expect(await reminders.get('acct_a', cancelled.id)).toEqual(cancelled)
    expect(await outboxCollection(context.db).countDocuments()).toBe(0)
  })

  it('a due query with a limit of 0 answers nothing (to MongoDB, 0 would mean no limit)', async () => {
    const { reminders } = await setUp()
    await reminders.insert(makeReminder({ scheduledAt: base }), [])
    expect(await reminders.due(null, base, 0)).toEqual([])
    expect(await reminders.due(null, base, 1)).toHaveLength(1)
  })

  it('never lets a value become a query operator', async () => {
    const { reminders } = await setUp()
    const reminder = makeReminder()
    await reminders.insert(reminder, [])
    const operator = { $exists: true } as unknown as string
    expect(await reminders.get('acct_a', operator)).toBeNull()
    expect(await reminders.findLive('acct_a', operator)).toBeNull()
    expect(await reminders.allOfEvent('acct_a', operator)).toEqual([])
    expect(await reminders.listByEvent('acct_a', 'evt_a', { status: operator as never }, { limit: 10 })).toEqual({
      data: [],
      hasMore: false,
    })
    expect(await reminders.removeByUser('acct_a', operator)).toBe(0)
    expect(await reminders.due(operator, new Date(base.getTime() + 86_400_000), 10)).toEqual([])
    expect(await reminders.get('acct_a', reminder.id)).toEqual(reminder)
  })
})
