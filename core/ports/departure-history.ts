import type { DepartureHistoryEntry } from '../departure/departure-history.js'

/**
 * One surface's record of each event's departure recomputes: appended by the monitor, bounded per event
 * (`DEPARTURE_HISTORY_PER_EVENT`: an append beyond it removes the event's oldest entries), read newest first.
 */
export interface DepartureHistoryPort {
  append(entry: DepartureHistoryEntry, keep: number): Promise<void>
  /** An event's entries newest first, after `startingAfter` (an entry id) when given, and whether more follow. */
  list(
    accountId: string,
    eventId: string,
    page: { readonly limit: number; readonly startingAfter?: string },
  ): Promise<{ readonly data: DepartureHistoryEntry[]; readonly hasMore: boolean }>
  /** Removes an event's history (the event was deleted); how many entries went. */
  deleteOfEvent(accountId: string, eventId: string): Promise<number>
}
