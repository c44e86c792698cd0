import type { Clock } from '../../core/ports/clock.js'
import type { LoggerPort } from '../../core/ports/logger.js'
import type { RequestLogStorePort } from '../../core/ports/request-log-store.js'
import type { RequestLogEntry } from '../../core/request-log/request-log-entry.js'

export interface RequestLogWriterOptions {
  /** How often the buffer is written (and so what a crash can lose at most: one interval of requests). */
  readonly flushIntervalMs: number
  /** A buffer this full is written at once, without waiting for the interval. */
  readonly batchSize: number
  /** Beyond this many entries waiting (the store slower than the traffic), new entries are dropped and counted. */
  readonly maxBuffered: number
  /** How long entries are kept (`REQUEST_LOG_RETENTION_DAYS`); older ones are pruned once an hour. */
  readonly retentionMs: number
}

export const REQUEST_LOG_WRITER_DEFAULTS = {
  flushIntervalMs: 1000,
  batchSize: 500,
  maxBuffered: 20_000,
} as const

const PRUNE_INTERVAL_MS = 3_600_000

/**
 * The request logs' write path, kept off the request: an answer only pushes its entry onto a buffer (no I/O, no
 * promise), and the buffer is written as one batch every `flushIntervalMs` or as soon as `batchSize` entries wait.
 * A crash loses what waits in the buffer: at most one interval's requests (`maxBuffered` at most). Closing writes
 * what waits.
 */
export class RequestLogWriter {
  private buffer: RequestLogEntry[] = []
  private writing: Promise<void> = Promise.resolve()
  private readonly timer: NodeJS.Timeout
  private lastPrunedAt = Number.NEGATIVE_INFINITY
  private closed = false
  /** Entries dropped because the buffer was full. */
  dropped = 0

  constructor(
    private readonly store: RequestLogStorePort,
    private readonly clock: Clock,
    private readonly logger: LoggerPort,
    private readonly options: RequestLogWriterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs)
    this.timer.unref()
  }

  record(entry: RequestLogEntry): void {
    if (this.closed) return
    if (this.buffer.length >= this.options.maxBuffered) {
      this.dropped++
      return
    }
    this.buffer.push(entry)
    if (this.buffer.length === this.options.batchSize) setImmediate(() => void this.flush())
  }

  /** Writes every entry recorded so far (after any write under way); resolves once they are stored. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeBuffered())
    return this.writing
  }

  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.timer)
    await this.flush()
  }

  private async writeBuffered(): Promise<void> {
    const batch = this.buffer
    this.buffer = []
    try {
      await this.store.appendMany(batch)
      const now = this.clock.now().getTime()
      if (now - this.lastPrunedAt >= PRUNE_INTERVAL_MS) {
        this.lastPrunedAt = now
        await this.store.prune(new Date(now - this.options.retentionMs))
      }
    } catch (error) {
      // Logs are not worth failing or retrying requests for: the batch is lost, and said so.
      this.logger.error({ err: error, lost: batch.length }, 'request log batch not written')
    }
  }
}
