// Every repository of a surface on SQLite, each against its port's contract suite, unchanged.
import { describe, expect, it } from 'vitest'
import { SqliteCalendarRepository } from '../../../adapters/storage/sqlite/calendar-repository.js'
import { SqliteConnectionRepository } from '../../../adapters/storage/sqlite/connection-repository.js'
import { preparedSql } from '../../../adapters/storage/sqlite/database.js'
import { SqliteDeviceRepository } from '../../../adapters/storage/sqlite/device-repository.js'
import { SqliteEventRepository } from '../../../adapters/storage/sqlite/event-repository.js'
import { SqliteInvitationRepository } from '../../../adapters/storage/sqlite/invitation-repository.js'
import { SqliteOAuthStateStore } from '../../../adapters/storage/sqlite/oauth-state-store.js'
import { SqliteOutbox } from '../../../adapters/storage/sqlite/outbox.js'
import { SqliteReminderRepository } from '../../../adapters/storage/sqlite/reminder-repository.js'
import { SqliteTrackingRepository } from '../../../adapters/storage/sqlite/tracking-repository.js'
import { SqliteUserRepository } from '../../../adapters/storage/sqlite/user-repository.js'
import { SqliteVoiceRepository } from '../../../adapters/storage/sqlite/voice-repository.js'
import { SqliteWebhookDeliveryRepository } from '../../../adapters/storage/sqlite/webhook-delivery-repository.js'
import { SqliteWebhookEndpointRepository } from '../../../adapters/storage/sqlite/webhook-endpoint-repository.js'
import { calendarRepositoryContract } from '../../contracts/calendar-repository.contract.js'
import { connectionRepositoryContract } from '../../contracts/connection-repository.contract.js'
import { deviceRepositoryContract } from '../../contracts/device-repository.contract.js'
import { eventRepositoryContract, makeEvent } from '../../contracts/event-repository.contract.js'
import { invitationRepositoryContract } from '../../contracts/invitation-repository.contract.js'
import { oauthStateStoreContract } from '../../contracts/oauth-state-store.contract.js'
import { outboxContract } from '../../contracts/outbox.contract.js'
import { reminderRepositoryContract } from '../../contracts/reminder-repository.contract.js'
import { trackingRepositoryContract } from '../../contracts/tracking-repository.contract.js'
import { userRepositoryContract } from '../../contracts/user-repository.contract.js'
import { voiceRepositoryContract } from '../../contracts/voice-repository.contract.js'
import { webhookDeliveryRepositoryContract } from '../../contracts/webhook-delivery-repository.contract.js'
import { webhookEndpointRepositoryContract } from '../../contracts/webhook-endpoint-repository.contract.js'
import { freshSurfaceDatabase } from './sqlite-fixture.js'

/** A fresh surface database with its outbox, and `make` of one repository on it. */
const withOutbox = <T>(make: (db: ReturnType<typeof freshSurfaceDatabase>['db'], outbox: SqliteOutbox) => T) => {
  const { db, teardown } = freshSurfaceDatabase()
  const outbox = new SqliteOutbox(db)
  return { subject: make(db, outbox), outbox, teardown }
}

outboxContract('SqliteOutbox', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { outbox: new SqliteOutbox(db), teardown }
})

userRepositoryContract('SqliteUserRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteUserRepository(db, outbox))
  return { users: subject, outbox, teardown }
})

eventRepositoryContract('SqliteEventRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteEventRepository(db, outbox))
  return { events: subject, outbox, teardown }
})

webhookEndpointRepositoryContract('SqliteWebhookEndpointRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteWebhookEndpointRepository(db, outbox))
  return { endpoints: subject, outbox, teardown }
})

webhookDeliveryRepositoryContract('SqliteWebhookDeliveryRepository', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { deliveries: new SqliteWebhookDeliveryRepository(db), teardown }
})

reminderRepositoryContract('SqliteReminderRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteReminderRepository(db, outbox))
  return { reminders: subject, outbox, teardown }
})

deviceRepositoryContract('SqliteDeviceRepository', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { devices: new SqliteDeviceRepository(db), teardown }
})

invitationRepositoryContract('SqliteInvitationRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteInvitationRepository(db, outbox))
  return { invitations: subject, outbox, teardown }
})

connectionRepositoryContract('SqliteConnectionRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteConnectionRepository(db, outbox))
  return { connections: subject, outbox, teardown }
})

calendarRepositoryContract('SqliteCalendarRepository', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { calendars: new SqliteCalendarRepository(db), teardown }
})

oauthStateStoreContract('SqliteOAuthStateStore', () => {
  const { db, teardown } = freshSurfaceDatabase()
  return { states: new SqliteOAuthStateStore(db), teardown }
})

trackingRepositoryContract('SqliteTrackingRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteTrackingRepository(db, outbox))
  return { trips: subject, outbox, teardown }
})

voiceRepositoryContract('SqliteVoiceRepository', () => {
  const { subject, outbox, teardown } = withOutbox((db, outbox) => new SqliteVoiceRepository(db, outbox))
  return { voice: subject, outbox, teardown }
})

describe('SQLite versioned writes assign only the indexed columns that change', () => {
  it('a recompute moving the due time rewrites due_at and the document, not the columns of the other indexes', async () => {
    const { db, teardown } = freshSurfaceDatabase()
    const events = new SqliteEventRepository(db, new SqliteOutbox(db))
    const event = makeEvent()
    await events.insert(event, [])
    const updates = () => preparedSql(db).filter((sql) => sql.startsWith('UPDATE events'))
    const moved = { ...event, dueAt: new Date(event.dueAt!.getTime() + 60_000), version: 2 }
    expect(await events.update(moved, 1, [])).toBe('updated')
    expect(updates()).toHaveLength(1)
    // The version column has no index: assigning it costs no index write.
    expect(updates()[0]).toMatch(/^UPDATE events SET due_at = @due_at, version = @version, doc = @doc\s/)
    // The user's spans, read (and kept) before the event moves, follow it.
    expect(await events.spansOfUser(event.accountId, event.userId, event.startTime, event.endTime, 10)).toHaveLength(1)
    // A write that moves the event assigns its times too, and the indexes follow it.
    const later = { ...moved, startTime: new Date(event.startTime.getTime() + 3_600_000), version: 3 }
    later.endTime = new Date(later.startTime.getTime() + 3_600_000)
    expect(await events.update(later, 2, [])).toBe('updated')
    expect(updates()[1]).toMatch(
      /^UPDATE events SET start_time = @start_time, end_time = @end_time, version = @version, doc = @doc\s/,
    )
    expect(await events.get(event.accountId, event.id)).toEqual(later)
    expect(
      (await events.spansOfUser(event.accountId, event.userId, later.startTime, later.endTime, 10)).map((s) => s.id),
    ).toEqual([event.id])
    expect(await events.spansOfUser(event.accountId, event.userId, event.startTime, event.endTime, 10)).toEqual([])
    // A stale version and an unknown id write nothing.
    expect(await events.update({ ...later, version: 9 }, 2, [])).toBe('conflict')
    expect(await events.update({ ...makeEvent(), version: 2 }, 1, [])).toBe('conflict')
    expect(await events.get(event.accountId, event.id)).toEqual(later)
    await teardown()
  })
})
