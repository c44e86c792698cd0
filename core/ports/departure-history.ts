import type { DepartureHistoryEntry } from '../departure/departure-history.js'

/** One entry to append and its event's bound. */
export interface DepartureHistoryAppend {
  readonly entry: DepartureHistoryEntry
  readonly keep: number
}

/**
 * One surface's record of each event's departure recomputes: appended by the monitor, bounded per event
 * (`DEPARTURE_HISTORY_PER_EVENT`: an append beyond it removes the event's oldest entries), read newest first.
 */
export interface DepartureHistoryPort {
  append(entry: DepartureHistoryEntry, keep: number): Promise<void>
  /**
   * The same as `append` of each in turn (a later entry of an event after an earlier one, each bound kept), in one
   * write where the storage can: the buffered writer hands a second's recomputes over at once.
   */
  appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void>
  /** An event's entries newest first, after `startingAfter` (an entry id) when given, and whether more follow. */
  list(
    accountId: string,
    eventId: string,
    page: { readonly limit: number; readonly startingAfter?: string },
  ): Promise<{ readonly data: DepartureHistoryEntry[]; readonly hasMore: boolean }>
  /** Removes an event's history (the event was deleted); how many entries went. */
  deleteOfEvent(accountId: string, eventId: string): Promise<number>
}
