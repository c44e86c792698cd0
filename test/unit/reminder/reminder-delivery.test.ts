import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../../adapters/identity/embedded/identity-provider.js'
import { UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { MemoryDeviceRepository } from '../../../adapters/storage/memory/device-repository.js'
import { MemoryEventRepository } from '../../../adapters/storage/memory/event-repository.js'
import { MemoryOutbox } from '../../../adapters/storage/memory/outbox.js'
import { MemoryReminderRepository } from '../../../adapters/storage/memory/reminder-repository.js'
import { MemoryUserRepository } from '../../../adapters/storage/memory/user-repository.js'
import type { Device } from '../../../core/device/device.js'
import { DeviceService } from '../../../core/device/device-service.js'
import { openMonitoring } from '../../../core/monitoring/monitoring-transition.js'
import type { PushMessage, PushOutcome, PushPort } from '../../../core/ports/push.js'
import { type DeliveryReport, ReminderService } from '../../../core/reminder/reminder-service.js'
import { expectOk } from '../../../core/shared/result.js'
import { UserDeletionCascade } from '../../../core/user/deletion-cascade.js'
import { UserService } from '../../../core/user/user-service.js'

const MINUTE = 60_000
const start = new Date('2026-06-02T12:00:00Z')
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }

/** A push port answering by endpoint path: `/fail` fails, `/gone` is expired, `/throw` throws, else delivered. */
class ScriptedPush implements PushPort {
  readonly sent: { device: Device; message: PushMessage }[] = []
  async send(device: Device, message: PushMessage): Promise<PushOutcome> {
    this.sent.push({ device, message })
    const path = new URL(device.endpoint).pathname
    if (path.startsWith('/throw')) throw new Error('socket hang up')
    if (path.startsWith('/fail')) return { status: 'failed', reason: 'push service answered 503' }
    if (path.startsWith('/gone')) return { status: 'expired' }
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
  const reminderRepository = new MemoryReminderRepository(outbox)
  const devices = new DeviceService({ devices: new MemoryDeviceRepository(), users, ids, sandboxLoopback: false })
  const push = new ScriptedPush()
  const reminders = new ReminderService({
    reminders: reminderRepository,
    events,
    users,
    userRecords,
    devices,
    push,
    ids,
  })
  const reports: DeliveryReport[] = []
  reminders.onDelivery((report) => reports.push(report))
  let now = new Date(start.getTime() - 3 * 60 * MINUTE)
  const clock = { now: () => now }
  const scope = { accountId: 'acct_a', livemode: true, clock }
  const user = expectOk(await users.create(scope, { email: 'delivery@example.com' })).user
  const event = {
    id: ids.next('evt'),
    accountId: 'acct_a',
    livemode: true,
    userId: user.id,
    title: 'Standup',
    category: 'meeting' as const,
    startTime: start,
    endTime: new Date(start.getTime() + 30 * MINUTE),
    timezone: 'UTC',
    location: null,
    origin: null,
    travel: { mode: 'drive' as const, parkingBufferMin: 5 },
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
  const register = async (path: string) =>
    expectOk(
      await devices.register(scope, user.id, {
        endpoint: `https://push.example.com${path}`,
        keys: KEYS,
        expiresAt: null,
      }),
    ).device
  return {
    reminders,
    reminderRepository,
    devices,
    register,
    push,
    reports,
    scope,
    user,
    event,
    setNow: (at: Date) => (now = at),
    background: { accountId: 'acct_a', clock },
  }
}

describe('firing: the reminder is sent, then pushed to every device of the user', () => {
  it('a failure or an exception on one device is reported and does not stop the others; an expired device is forgotten', async () => {
    const h = await harness()
    for (const path of ['/ok', '/fail', '/throw', '/gone']) await h.register(path)
    const reminder = expectOk(await h.reminders.create(h.scope, h.event.id, { offsetMinutes: 15 })).reminder
    h.setNow(reminder.scheduledAt)
    expect(await h.reminders.fireDue(h.background)).toBe(1)
    expect(expectOk(await h.reminders.retrieve(h.scope, reminder.id))).toMatchObject({
      status: 'sent',
      sentAt: reminder.scheduledAt,
    })
    expect(h.push.sent).toHaveLength(4)
    expect(h.reports).toHaveLength(1)
    // The report names the account and the reminder: the host logs a failed push with them.
    expect(h.reports[0]).toMatchObject({ accountId: 'acct_a', reminderId: reminder.id })
    expect(h.reports[0]!.outcomes.map((outcome) => outcome.status).sort()).toEqual([
      'delivered',
      'expired',
      'failed',
      'failed',
    ])
    const left = (await h.devices.devicesOf('acct_a', h.user.id))
      .map((device) => new URL(device.endpoint).pathname)
      .sort()
    expect(left).toEqual(['/fail', '/ok', '/throw'])
  })

  it('nothing is due before scheduled_at; the next due time is scheduled_at', async () => {
    const h = await harness()
    const reminder = expectOk(await h.reminders.create(h.scope, h.event.id, { offsetMinutes: 30 })).reminder
    h.setNow(new Date(reminder.scheduledAt.getTime() - 1))
    expect(await h.reminders.fireDue(h.background)).toBe(0)
    expect(await h.reminders.nextDueAt(h.background, h.scope.clock.now())).toEqual(reminder.scheduledAt)
    expect(
      await h.reminders.nextDueAt({ accountId: 'acct_other', clock: h.scope.clock }, h.scope.clock.now()),
    ).toBeNull()
  })

  it('a reminder changed after it was found due (cancelled meanwhile) is neither sent nor pushed', async () => {
    const h = await harness()
    await h.register('/ok')
    const reminder = expectOk(await h.reminders.create(h.scope, h.event.id, { offsetMinutes: 15 })).reminder
    h.setNow(reminder.scheduledAt)
    const stale = await h.reminderRepository.due('acct_a', reminder.scheduledAt, 10)
    expectOk(await h.reminders.cancel(h.scope, reminder.id))
    h.reminderRepository.due = async () => stale
    expect(await h.reminders.fireDue(h.background)).toBe(0)
    expect(expectOk(await h.reminders.retrieve(h.scope, reminder.id)).status).toBe('cancelled')
    expect(h.push.sent).toEqual([])
  })

  it('fires everything due in one run, beyond one batch, and only for the account in scope', async () => {
    const h = await harness()
    const first = new Date(start.getTime() - 2 * 60 * MINUTE)
    for (let index = 0; index < 150; index++)
      expectOk(await h.reminders.create(h.scope, h.event.id, { customTime: new Date(first.getTime() + index * 1000) }))
    h.setNow(start)
    expect(await h.reminders.fireDue({ accountId: 'acct_other', clock: h.scope.clock })).toBe(0)
    expect(await h.reminders.fireDue(h.background)).toBe(150)
    expect(await h.reminders.fireDue(h.background)).toBe(0)
  })
})
