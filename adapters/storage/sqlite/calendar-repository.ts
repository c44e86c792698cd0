import type { Calendar } from '../../../core/connection/connection.js'
import type { CalendarRepositoryPort } from '../../../core/ports/calendar-repository.js'
import { type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

export class SqliteCalendarRepository implements CalendarRepositoryPort {
  constructor(private readonly db: SqliteDatabase) {}

  async save(calendar: Calendar): Promise<void> {
    statement(
      this.db,
      `INSERT INTO calendars (id, account_id, user_id, connection_id, doc) VALUES (@id, @account_id, @user_id, @connection_id, @doc)
       ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, user_id = excluded.user_id,
         connection_id = excluded.connection_id, doc = excluded.doc`,
    ).run({
      id: calendar.id,
      account_id: calendar.accountId,
      user_id: calendar.userId,
      connection_id: calendar.connectionId,
      doc: encodeJson(calendar),
    })
  }

  async get(accountId: string, id: string): Promise<Calendar | null> {
    return oneRecord(this.db, 'SELECT doc FROM calendars WHERE id = ? AND account_id = ?', id, accountId)
  }

  async listByConnection(accountId: string, connectionId: string): Promise<Calendar[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM calendars WHERE account_id = ? AND connection_id = ? ORDER BY id',
      accountId,
      connectionId,
    )
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM calendars WHERE account_id = ? AND user_id = ?').run(accountId, userId)
      .changes
  }
}
