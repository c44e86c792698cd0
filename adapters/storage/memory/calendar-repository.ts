import type { Calendar } from '../../../core/connection/connection.js'
import type { CalendarRepositoryPort } from '../../../core/ports/calendar-repository.js'

export class MemoryCalendarRepository implements CalendarRepositoryPort {
  private readonly calendars = new Map<string, Calendar>()

  async save(calendar: Calendar): Promise<void> {
    this.calendars.set(calendar.id, calendar)
  }

  async get(accountId: string, id: string): Promise<Calendar | null> {
    const found = this.calendars.get(id)
    return found !== undefined && found.accountId === accountId ? found : null
  }

  async listByConnection(accountId: string, connectionId: string): Promise<Calendar[]> {
    return [...this.calendars.values()]
      .filter((calendar) => calendar.accountId === accountId && calendar.connectionId === connectionId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    const removed = [...this.calendars.values()].filter(
      (calendar) => calendar.accountId === accountId && calendar.userId === userId,
    )
    for (const calendar of removed) this.calendars.delete(calendar.id)
    return removed.length
  }
}
