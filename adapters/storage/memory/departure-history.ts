import type { DepartureHistoryEntry } from '../../../core/departure/departure-history.js'
import type { DepartureHistoryAppend, DepartureHistoryPort } from '../../../core/ports/departure-history.js'

/** Departure histories in this process only (the memory storage: gone on restart). */
export class MemoryDepartureHistory implements DepartureHistoryPort {
  /** Per `accountId/eventId`, oldest first. */
  private readonly histories = new Map<string, DepartureHistoryEntry[]>()

  async append(entry: DepartureHistoryEntry, keep: number): Promise<void> {
    const key = `${entry.accountId}/${entry.eventId}`
    const history = [...(this.histories.get(key) ?? []), entry]
    this.histories.set(key, history.slice(Math.max(0, history.length - keep)))
  }

  async appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void> {
    for (const { entry, keep } of entries) await this.append(entry, keep)
  }

  async list(accountId: string, eventId: string, page: { readonly limit: number; readonly startingAfter?: string }) {
    const newestFirst = [...(this.histories.get(`${accountId}/${eventId}`) ?? [])].reverse()
    const from = page.startingAfter === undefined ? 0 : newestFirst.findIndex((e) => e.id === page.startingAfter) + 1
    const rest = page.startingAfter !== undefined && from === 0 ? [] : newestFirst.slice(from)
    return { data: rest.slice(0, page.limit), hasMore: rest.length > page.limit }
  }

  async deleteOfEvent(accountId: string, eventId: string): Promise<number> {
    const key = `${accountId}/${eventId}`
    const count = this.histories.get(key)?.length ?? 0
    this.histories.delete(key)
    return count
  }
}
