import type { Calendar } from '../connection/connection.js'

/**
 * Calendars of connections, one surface. `save` inserts or replaces by id;
 * a connection's calendars list in the provider's order of first sight (by id).
 * A connection has one calendar per provider calendar (`externalId`): callers
 * look it up before making a new one.
 */
export interface CalendarRepositoryPort {
  save(calendar: Calendar): Promise<void>
  get(accountId: string, id: string): Promise<Calendar | null>
  listByConnection(accountId: string, connectionId: string): Promise<Calendar[]>
  /** Removes every calendar of a user (the user-delete cascade); returns how many. */
  removeByUser(accountId: string, userId: string): Promise<number>
}
