import type { Collection } from 'mongodb'
import type { Calendar } from '../../../core/connection/connection.js'
import type { CalendarRepositoryPort } from '../../../core/ports/calendar-repository.js'
import type { MongoDocument } from './document.js'
import { type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const CALENDARS_COLLECTION = 'calendars'

type CalendarDocument = MongoDocument<Calendar>

const toDocument = (calendar: Calendar): CalendarDocument => ({
  _id: calendar.id,
  accountId: calendar.accountId,
  connectionId: calendar.connectionId,
  userId: calendar.userId,
  externalId: calendar.externalId,
  name: calendar.name,
  colorHex: calendar.colorHex,
  writable: calendar.writable,
  providerWritable: calendar.providerWritable,
  selected: calendar.selected,
  isDefault: calendar.isDefault,
  timezone: calendar.timezone,
  syncCursor: calendar.syncCursor,
  createdAt: calendar.createdAt,
  updatedAt: calendar.updatedAt,
})

const fromDocument = (document: CalendarDocument): Calendar => ({
  id: document._id,
  accountId: document.accountId,
  connectionId: document.connectionId,
  userId: document.userId,
  externalId: document.externalId,
  name: document.name,
  colorHex: document.colorHex,
  writable: document.writable,
  providerWritable: document.providerWritable,
  selected: document.selected,
  isDefault: document.isDefault,
  timezone: document.timezone,
  syncCursor: document.syncCursor,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
})

/**
 * Calendars of connections, one surface, in `calendars`. A connection has one
 * calendar per provider calendar (a unique index on its external id); `save`
 * replaces by id. Calendars carry no domain events of their own (changes to
 * them are told through their connection).
 */
export class MongoCalendarRepository implements CalendarRepositoryPort {
  private readonly calendars: Collection<CalendarDocument>

  constructor(context: MongoContext) {
    this.calendars = context.db.collection<CalendarDocument>(CALENDARS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.calendars.createIndexes([
      // One calendar per provider calendar of a connection (consent looks them up by external id); also the list, by id.
      { key: { accountId: 1, connectionId: 1, externalId: 1 }, name: 'one_calendar_per_external_id', unique: true },
      { key: { accountId: 1, connectionId: 1, _id: 1 }, name: 'connection_first_seen' },
      // The user-delete cascade.
      { key: { accountId: 1, userId: 1 }, name: 'user' },
    ])
  }

  async save(calendar: Calendar): Promise<void> {
    await this.calendars.replaceOne({ _id: calendar.id }, toDocument(calendar), { ...WRITE_OPTIONS, upsert: true })
  }

  async get(accountId: string, id: string): Promise<Calendar | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.calendars.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async listByConnection(accountId: string, connectionId: string): Promise<Calendar[]> {
    if (!isIdShaped(accountId) || !isIdShaped(connectionId)) return []
    // Ids are time-ordered: by id is the order in which the provider's calendars were first seen.
    return (await this.calendars.find({ accountId, connectionId }).sort({ _id: 1 }).toArray()).map(fromDocument)
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    return (await this.calendars.deleteMany({ accountId, userId })).deletedCount
  }
}
