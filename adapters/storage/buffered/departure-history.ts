import type { DepartureHistoryEntry } from '../../../core/departure/departure-history.js'
import type { DepartureHistoryAppend, DepartureHistoryPort } from '../../../core/ports/departure-history.js'

const FLUSH_INTERVAL_MS = 1000
const MAX_BUFFERED = 10_000

/**
 * Departure history written off the request path and off the monitor's own writes: an append only joins a buffer,
 * written to the store underneath every second (and before every read or removal, so that this host reads its own
 * writes). A crash loses at most the last second's entries; beyond 10,000 waiting, new ones are dropped. Reads on
 * another host see an entry within a second.
 */
export class BufferedDepartureHistory implements DepartureHistoryPort {
  private buffer: { entry: DepartureHistoryEntry; keep: number }[] = []
  private writing: Promise<void> = Promise.resolve()
  private readonly timer: NodeJS.Timeout
  dropped = 0

  constructor(
    private readonly store: DepartureHistoryPort,
    private readonly onError: (error: unknown, lost: number) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS)
    this.timer.unref()
  }

  async append(entry: DepartureHistoryEntry, keep: number): Promise<void> {
    if (this.buffer.length >= MAX_BUFFERED) this.dropped++
    else this.buffer.push({ entry, keep })
  }

  async appendMany(entries: readonly DepartureHistoryAppend[]): Promise<void> {
    for (const { entry, keep } of entries) await this.append(entry, keep)
  }

  async list(accountId: string, eventId: string, page: { readonly limit: number; readonly startingAfter?: string }) {
    await this.flush()
    return this.store.list(accountId, eventId, page)
  }

  async deleteOfEvent(accountId: string, eventId: string): Promise<number> {
    await this.flush()
    return this.store.deleteOfEvent(accountId, eventId)
  }

  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const batch = this.buffer
      this.buffer = []
      try {
        await this.store.appendMany(batch)
      } catch (error) {
        this.onError(error, batch.length)
      }
    })
    return this.writing
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
