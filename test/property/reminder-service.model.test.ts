import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryDeviceRepository } from '../../adapters/storage/memory/device-repository.js'
import { MemoryEventRepository } from '../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryReminderRepository } from '../../adapters/storage/memory/reminder-repository.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { runDueWorkUntil } from '../../core/background/advance-time.js'
import type { BackgroundJob } from '../../core/background/background-job.js'
import type { Device } from '../../core/device/device.js'
import { DeviceService } from '../../core/device/device-service.js'
import type { CalendarEvent } from '../../core/event/event.js'
import { EventLifecycle } from '../../core/event/event-lifecycle.js'
import { openMonitoring } from '../../core/monitoring/monitoring-transition.js'
import type { PushMessage, PushOutcome, PushPort } from '../../core/ports/push.js'
import type { Reminder, ReminderStatus } from '../../core/reminder/reminder.js'
import { ReminderService } from '../../core/reminder/reminder-service.js'
import { expectOk, type Result } from '../../core/shared/result.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { UserService } from '../../core/user/user-service.js'

/**
 * Model-based test of the reminder service (docs/reminders.md): random sequences of
 * API calls, event moves and deletions, pauses and sandbox clock walks drive the real
 * service over its in-memory repositories, and after every step each stored reminder,
 * its outbox events, the pushes sent and the next due time agree with a small model.
 */

const MINUTE = 60_000
const ACCOUNT = 'acct_model'
const T0 = new Date('2026-06-02T06:00:00Z').getTime()

interface ModelReminder {
  readonly id: string
  readonly type: 'before_event' | 'custom_time'
  readonly offsetMinutes: number | null
  readonly customTime: number | null
  status: ReminderStatus
  scheduledAt: number
  sentAt: number | null
  snoozeCount: number
  /** The outbox events about this reminder, in order. */
  readonly events: string[]
}

interface Model {
  now: number
  eventStart: number
  eventDeleted: boolean
  paused: boolean
  pushes: number
  readonly reminders: ModelReminder[]
}

class CountingPush implements PushPort {
  sent = 0
  async send(_device: Device, _message: PushMessage): Promise<PushOutcome> {
    this.sent += 1
    return { status: 'delivered' }
  }
}

const harness = async () => {
  const ids = new UlidIdGenerator()
  const outbox = new MemoryOutbox()
  const userRecords = new MemoryUserRepository(outbox)
  const users = new UserService({
    users: userRecords,
    ids,
    identity: new EmbeddedIdentityProvider(),
    cascade: new UserDeletionCascade(),
    geocoding: new SyntheticGeocodingAdapter(),
  })
  const events = new MemoryEventRepository(outbox)
  const repository = new MemoryReminderRepository(outbox)
  const devices = new DeviceService({ devices: new MemoryDeviceRepository(), users, ids, sandboxLoopback: false })
  const push = new CountingPush()
  const reminders = new ReminderService({ reminders: repository, events, users, userRecords, devices, push, ids })
  const lifecycle = new EventLifecycle()
  lifecycle.register(reminders.eventListener())
  // The job as the composition root registers it; the sandbox's advance_time walks it.
  const job: BackgroundJob = {
    name: 'reminder-delivery',
    intervalMs: 1000,
    run: (scope) => reminders.fireDue(scope),
    nextDueAt: (scope, after) => reminders.nextDueAt(scope, after),
  }
  let now = new Date(T0)
  const scope = { accountId: ACCOUNT, livemode: false, clock: { now: () => now } }
  const user = expectOk(await users.create(scope, { email: 'model@example.com' })).user
  expectOk(
    await devices.register(scope, user.id, {
      endpoint: 'https://push.example.com/model',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      expiresAt: null,
    }),
  )
  const start = new Date(T0 + 2 * 60 * MINUTE)
  const event: CalendarEvent = {
    id: ids.next('evt'),
    accountId: ACCOUNT,
    livemode: false,
    userId: user.id,
    title: 'Review',
    category: 'meeting',
    startTime: start,
    endTime: new Date(start.getTime() + 30 * MINUTE),
    timezone: 'UTC',
    location: null,
    origin: null,
    travel: { mode: 'drive', parkingBufferMin: 5 },
    attendees: [],
    monitoring: openMonitoring({
      startTime: start,
      endTime: new Date(start.getTime() + 30 * MINUTE),
      hasLocation: false,
      preAlertMinutes: 10,
      now,
    }),
    originSource: null,
    dueAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }
  await events.insert(event, [])
  return {
    reminders,
    repository,
    events,
    outbox,
    users,
    push,
    lifecycle,
    job,
    scope,
    userId: user.id,
    eventId: event.id,
    setNow: (at: number) => {
      now = new Date(at)
    },
  }
}
type Real = Awaited<ReturnType<typeof harness>>

const isLive = (reminder: ModelReminder) => reminder.status !== 'cancelled'
const pick = (model: Model, index: number) => model.reminders[index % model.reminders.length]!

/** What the service answered, in the terms the model predicts: the reminder's id, or the error's tag. */
const outcomeOf = (result: Result<Reminder | { readonly reminder: Reminder }, { readonly _tag: string }>) =>
  result.ok
    ? { ok: true, id: 'reminder' in result.value ? result.value.reminder.id : result.value.id }
    : { ok: false, tag: result.error._tag }

/** After every command: the repository, the outbox, the pushes and the next due time agree with the model. */
const checkInvariants = async (model: Model, real: Real) => {
  const notes = (await real.outbox.list(ACCOUNT, 100_000)).reverse()
  for (const expected of model.reminders) {
    const stored = await real.repository.get(ACCOUNT, expected.id)
    expect(stored).not.toBeNull()
    expect({
      status: stored!.status,
      scheduledAt: stored!.scheduledAt.getTime(),
      sentAt: stored!.sentAt?.getTime() ?? null,
      snoozeCount: stored!.snoozeCount,
    }).toEqual({
      status: expected.status,
      scheduledAt: expected.scheduledAt,
      sentAt: expected.sentAt,
      snoozeCount: expected.snoozeCount,
    })
    // sent_at is set exactly while sent or dismissed.
    expect(stored!.sentAt !== null).toBe(stored!.status === 'sent' || stored!.status === 'dismissed')
    const written = notes
      .filter((note) => note.objectType === 'reminder' && (note.object as Reminder).id === expected.id)
      .map((note) => note.type)
    expect(written).toEqual(expected.events)
  }
  expect(real.push.sent).toBe(model.pushes)
  const scheduled = model.reminders
    .filter((reminder) => reminder.status === 'scheduled' && reminder.scheduledAt > model.now)
    .map((reminder) => reminder.scheduledAt)
  const nextDue = await real.reminders.nextDueAt({ accountId: ACCOUNT, clock: real.scope.clock }, new Date(model.now))
  expect(nextDue?.getTime() ?? null).toBe(scheduled.length === 0 ? null : Math.min(...scheduled))
}

type ReminderCommand = fc.AsyncCommand<Model, Real>

class CreateBeforeEvent implements ReminderCommand {
  constructor(readonly offsetMinutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const result = await real.reminders.create(real.scope, real.eventId, { offsetMinutes: this.offsetMinutes })
    const existing = model.reminders.find(
      (reminder) =>
        isLive(reminder) && reminder.type === 'before_event' && reminder.offsetMinutes === this.offsetMinutes,
    )
    const scheduledAt = model.eventStart - this.offsetMinutes * MINUTE
    if (model.eventDeleted) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'ResourceNotFound' })
    else if (model.paused) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'AccountDeactivated' })
    else if (existing !== undefined) expect(outcomeOf(result)).toEqual({ ok: true, id: existing.id })
    else if (scheduledAt <= model.now) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'InvalidParameter' })
    else {
      const created = expectOk(result)
      expect(created.created).toBe(true)
      model.reminders.push({
        id: created.reminder.id,
        type: 'before_event',
        offsetMinutes: this.offsetMinutes,
        customTime: null,
        status: 'scheduled',
        scheduledAt,
        sentAt: null,
        snoozeCount: 0,
        events: ['reminder.created'],
      })
    }
    await checkInvariants(model, real)
  }
  toString = () => `createBeforeEvent(${this.offsetMinutes})`
}

class CreateCustomTime implements ReminderCommand {
  constructor(readonly minutesFromNow: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const customTime = model.now + this.minutesFromNow * MINUTE
    const result = await real.reminders.create(real.scope, real.eventId, { customTime: new Date(customTime) })
    const existing = model.reminders.find(
      (reminder) => isLive(reminder) && reminder.type === 'custom_time' && reminder.customTime === customTime,
    )
    if (model.eventDeleted) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'ResourceNotFound' })
    else if (model.paused) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'AccountDeactivated' })
    else if (existing !== undefined) expect(outcomeOf(result)).toEqual({ ok: true, id: existing.id })
    else if (customTime <= model.now) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'InvalidParameter' })
    else {
      const created = expectOk(result)
      model.reminders.push({
        id: created.reminder.id,
        type: 'custom_time',
        offsetMinutes: null,
        customTime,
        status: 'scheduled',
        scheduledAt: customTime,
        sentAt: null,
        snoozeCount: 0,
        events: ['reminder.created'],
      })
    }
    await checkInvariants(model, real)
  }
  toString = () => `createCustomTime(+${this.minutesFromNow}min)`
}

class Snooze implements ReminderCommand {
  constructor(
    readonly index: number,
    readonly minutes: number,
  ) {}
  check = (model: Readonly<Model>) => model.reminders.length > 0
  async run(model: Model, real: Real) {
    const target = pick(model, this.index)
    const result = await real.reminders.snooze(real.scope, target.id, this.minutes)
    if (model.paused) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'AccountDeactivated' })
    else if (target.status === 'scheduled' || target.status === 'sent') {
      expect(outcomeOf(result)).toEqual({ ok: true, id: target.id })
      // A scheduled reminder fires `minutes` later than planned; a sent one comes back `minutes` from now.
      const from = target.status === 'scheduled' ? Math.max(target.scheduledAt, model.now) : model.now
      Object.assign(target, {
        status: 'scheduled',
        scheduledAt: from + this.minutes * MINUTE,
        sentAt: null,
        snoozeCount: target.snoozeCount + 1,
      })
      target.events.push('reminder.snoozed')
    } else expect(outcomeOf(result)).toEqual({ ok: false, tag: 'InvalidTransition' })
    await checkInvariants(model, real)
  }
  toString = () => `snooze(#${this.index}, ${this.minutes})`
}

class Dismiss implements ReminderCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.reminders.length > 0
  async run(model: Model, real: Real) {
    const target = pick(model, this.index)
    const result = await real.reminders.dismiss(real.scope, target.id)
    if (model.paused) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'AccountDeactivated' })
    else if (target.status === 'sent') {
      expect(outcomeOf(result)).toEqual({ ok: true, id: target.id })
      target.status = 'dismissed'
      target.events.push('reminder.dismissed')
    } else if (target.status === 'dismissed') expect(outcomeOf(result)).toEqual({ ok: true, id: target.id })
    else expect(outcomeOf(result)).toEqual({ ok: false, tag: 'InvalidTransition' })
    await checkInvariants(model, real)
  }
  toString = () => `dismiss(#${this.index})`
}

class Cancel implements ReminderCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.reminders.length > 0
  async run(model: Model, real: Real) {
    const target = pick(model, this.index)
    const result = await real.reminders.cancel(real.scope, target.id)
    if (model.paused) expect(outcomeOf(result)).toEqual({ ok: false, tag: 'AccountDeactivated' })
    else if (target.status === 'scheduled' || target.status === 'sent') {
      expect(outcomeOf(result)).toEqual({ ok: true, id: target.id })
      Object.assign(target, { status: 'cancelled', sentAt: null })
      target.events.push('reminder.cancelled')
    } else if (target.status === 'cancelled') expect(outcomeOf(result)).toEqual({ ok: true, id: target.id })
    else expect(outcomeOf(result)).toEqual({ ok: false, tag: 'InvalidTransition' })
    await checkInvariants(model, real)
  }
  toString = () => `cancel(#${this.index})`
}

/** The sandbox's advance_time: the clock walks through every due moment, and the delivery job runs at each. */
class AdvanceTime implements ReminderCommand {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const from = model.now
    const to = from + this.minutes * MINUTE
    await runDueWorkUntil([real.job], ACCOUNT, new Date(from), new Date(to))
    real.setNow(to)
    for (const reminder of model.reminders) {
      if (reminder.status !== 'scheduled' || reminder.scheduledAt > to) continue
      // Never early: at its own moment of the walk, or at the walk's start when already overdue.
      reminder.status = 'sent'
      reminder.sentAt = Math.max(reminder.scheduledAt, from)
      reminder.events.push('reminder.sent')
      // A paused user's reminder still counts as sent, but no device hears of it.
      if (!model.paused) model.pushes += 1
    }
    model.now = to
    await checkInvariants(model, real)
  }
  toString = () => `advanceTime(${this.minutes}min)`
}

/** The event's start moves: `before_event` reminders follow it; a shown one is re-armed only for a time still ahead. */
class MoveEvent implements ReminderCommand {
  constructor(readonly shiftMinutes: number) {}
  check = (model: Readonly<Model>) => !model.eventDeleted
  async run(model: Model, real: Real) {
    const before = (await real.events.get(ACCOUNT, real.eventId))!
    const startTime = new Date(before.startTime.getTime() + this.shiftMinutes * MINUTE)
    const after = {
      ...before,
      startTime,
      endTime: new Date(startTime.getTime() + 30 * MINUTE),
      version: before.version + 1,
    }
    expect(await real.events.update(after, before.version, [])).toBe('updated')
    await real.lifecycle.updated(before, after, real.scope)
    model.eventStart = startTime.getTime()
    for (const reminder of model.reminders) {
      if (reminder.type !== 'before_event' || reminder.status === 'cancelled') continue
      const scheduledAt = model.eventStart - reminder.offsetMinutes! * MINUTE
      if (reminder.status === 'scheduled') {
        if (scheduledAt === reminder.scheduledAt) continue
        reminder.scheduledAt = scheduledAt
      } else {
        if (scheduledAt <= model.now) continue
        Object.assign(reminder, { status: 'scheduled', scheduledAt, sentAt: null })
      }
      reminder.events.push('reminder.rescheduled')
    }
    await checkInvariants(model, real)
  }
  toString = () => `moveEvent(${this.shiftMinutes}min)`
}

/** The event goes away: its scheduled and sent reminders are cancelled; dismissed ones stay as they are. */
class DeleteEvent implements ReminderCommand {
  check = (model: Readonly<Model>) => !model.eventDeleted && model.reminders.length >= 3
  async run(model: Model, real: Real) {
    const event = (await real.events.get(ACCOUNT, real.eventId))!
    expect(await real.events.remove(ACCOUNT, event.id, event.version, [])).toBe('removed')
    await real.lifecycle.deleted(event, real.scope)
    model.eventDeleted = true
    for (const reminder of model.reminders) {
      if (reminder.status !== 'scheduled' && reminder.status !== 'sent') continue
      Object.assign(reminder, { status: 'cancelled', sentAt: null })
      reminder.events.push('reminder.cancelled')
    }
    await checkInvariants(model, real)
  }
  toString = () => 'deleteEvent'
}

class PauseUser implements ReminderCommand {
  constructor(readonly paused: boolean) {}
  check = (model: Readonly<Model>) => model.paused !== this.paused
  async run(model: Model, real: Real) {
    const result = this.paused
      ? await real.users.deactivate(real.scope, real.userId)
      : await real.users.reactivate(real.scope, real.userId)
    expect(result.ok).toBe(true)
    model.paused = this.paused
    await checkInvariants(model, real)
  }
  toString = () => (this.paused ? 'pauseUser' : 'reactivateUser')
}

const advanceTime = fc.integer({ min: 1, max: 120 }).map((minutes) => new AdvanceTime(minutes))
const createBeforeEvent = fc.constantFrom(5, 15, 30, 60).map((offset) => new CreateBeforeEvent(offset))
const commands = fc.commands(
  [
    // Time and creations twice as often as the rest, so that sequences reach fired and dismissed reminders.
    advanceTime,
    advanceTime,
    createBeforeEvent,
    createBeforeEvent,
    fc.integer({ min: -30, max: 180 }).map((minutes) => new CreateCustomTime(minutes)),
    fc.tuple(fc.nat(), fc.constantFrom(1, 3, 5, 15)).map(([index, minutes]) => new Snooze(index, minutes)),
    fc.nat().map((index) => new Dismiss(index)),
    fc.nat().map((index) => new Cancel(index)),
    fc
      .integer({ min: -120, max: 120 })
      .filter((shift) => shift !== 0)
      .map((shift) => new MoveEvent(shift)),
    fc.constant(new DeleteEvent()),
    fc.boolean().map((paused) => new PauseUser(paused)),
  ],
  { maxCommands: 40, size: 'max' },
)

describe('Reminders: the service over its repository follows the state machine (model-based)', () => {
  it('keeps every reminder, its events, the pushes and the next due time in line with the model after each step', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const real = await harness()
        const model: Model = {
          now: T0,
          eventStart: T0 + 2 * 60 * MINUTE,
          eventDeleted: false,
          paused: false,
          pushes: 0,
          reminders: [],
        }
        await fc.asyncModelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 150 },
    )
  })
})
