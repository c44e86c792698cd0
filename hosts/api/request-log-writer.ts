import type { Clock } from '../../core/ports/clock.js'
import type { LoggerPort } from '../../core/ports/logger.js'
import type { RequestLogStorePort } from '../../core/ports/request-log-store.js'
import { redactBody } from '../../core/request-log/body-redaction.js'
import type { RequestLogBodies, RequestLogEntry } from '../../core/request-log/request-log-entry.js'

export interface RequestLogWriterOptions {
  /** How often the buffer is written (and so what a crash can lose at most: one interval of requests). */
  readonly flushIntervalMs: number
  /** A buffer this full is written at once, without waiting for the interval. */
  readonly batchSize: number
  /** Beyond this many entries waiting (the store slower than the traffic), new entries are dropped and counted. */
  readonly maxBuffered: number
  /** How long entries are kept (`REQUEST_LOG_RETENTION_DAYS`); older ones are pruned once an hour. */
  readonly retentionMs: number
  /** How long bodies are kept (7 days, never longer than the entries); pruned with them. */
  readonly bodyRetentionMs: number
  /** Entries kept per account and surface (`REQUEST_LOG_MAX_ROWS`); the oldest beyond it go at the hourly prune. */
  readonly maxRowsPerSurface: number
  /** Characters of bodies waiting at most; beyond it a request's entry is kept without its bodies (and counted). */
  readonly maxBufferedBodyChars: number
}

export const REQUEST_LOG_WRITER_DEFAULTS = {
  flushIntervalMs: 1000,
  batchSize: 500,
  maxBuffered: 20_000,
  maxBufferedBodyChars: 8_000_000,
} as const

/**
 * The bodies of a request as the answer left, not yet redacted: the parsed request body and the response's text.
 * Redacting them (parsing and walking the JSON) is the writer's work, in the batch, not the request's.
 */
export interface BodyCapture {
  readonly request: unknown
  readonly response: unknown
  /** Production: coordinates are redacted too. */
  readonly redactCoordinates: boolean
  /** Characters it holds, about (its share of `maxBufferedBodyChars`). */
  readonly size: number
}

const PRUNE_INTERVAL_MS = 3_600_000

/**
 * The request logs' write path, kept off the request: an answer only pushes its entry onto a buffer (no I/O, no
 * promise), and the buffer is written as one batch every `flushIntervalMs` or as soon as `batchSize` entries wait.
 * A crash loses what waits in the buffer: at most one interval's requests (`maxBuffered` at most). Closing writes
 * what waits. Bodies wait unredacted beside their entries and are redacted in the batch.
 */
export class RequestLogWriter {
  private buffer: RequestLogEntry[] = []
  private captures = new Map<string, BodyCapture>()
  private bufferedBodyChars = 0
  private writing: Promise<void> = Promise.resolve()
  private readonly timer: NodeJS.Timeout
  private lastPrunedAt = Number.NEGATIVE_INFINITY
  /** The account surfaces written since the last prune (`accountId/livemode`): the ones a trim may concern. */
  private written = new Set<string>()
  private closed = false
  /** Entries dropped because the buffer was full. */
  dropped = 0
  /** Entries kept without their bodies because too many bodies waited. */
  bodiesDropped = 0

  constructor(
    private readonly store: RequestLogStorePort,
    private readonly clock: Clock,
    private readonly logger: LoggerPort,
    private readonly options: RequestLogWriterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs)
    this.timer.unref()
  }

  record(entry: RequestLogEntry, bodies: BodyCapture | null = null): void {
    if (this.closed) return
    if (this.buffer.length >= this.options.maxBuffered) {
      this.dropped++
      return
    }
    this.buffer.push(entry)
    if (bodies !== null) {
      if (this.bufferedBodyChars + bodies.size > this.options.maxBufferedBodyChars) this.bodiesDropped++
      else {
        this.captures.set(entry.requestId, bodies)
        this.bufferedBodyChars += bodies.size
      }
    }
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
    const buffered = this.buffer
    const captures = this.captures
    this.buffer = []
    this.captures = new Map()
    this.bufferedBodyChars = 0
    try {
      const batch = captures.size === 0 ? buffered : buffered.map((entry) => withBodies(entry, captures))
      for (const entry of batch) this.written.add(`${entry.accountId}/${entry.livemode}`)
      await this.store.appendMany(batch)
      const now = this.clock.now().getTime()
      if (now - this.lastPrunedAt >= PRUNE_INTERVAL_MS) {
        this.lastPrunedAt = now
        await this.prune(now)
      }
    } catch (error) {
      // Logs are not worth failing or retrying requests for: the batch is lost, and said so.
      this.logger.error({ err: error, lost: buffered.length }, 'request log batch not written')
    }
  }

  /** Age first (entries, then bodies), then the bound on rows of each account surface written since the last time. */
  private async prune(now: number): Promise<void> {
    await this.store.prune(new Date(now - this.options.retentionMs))
    await this.store.pruneBodies(new Date(now - Math.min(this.options.bodyRetentionMs, this.options.retentionMs)))
    const surfaces = this.written
    this.written = new Set()
    for (const surface of surfaces) {
      const [accountId = '', livemode] = surface.split('/')
      await this.store.trim(accountId, livemode === 'true', this.options.maxRowsPerSurface)
    }
  }
}

const withBodies = (entry: RequestLogEntry, captures: ReadonlyMap<string, BodyCapture>): RequestLogEntry => {
  const capture = captures.get(entry.requestId)
  if (capture === undefined) return entry
  const options = { coordinates: capture.redactCoordinates }
  let bodies: RequestLogBodies
  try {
    bodies = { request: redactBody(capture.request, options), response: redactBody(capture.response, options) }
  } catch {
    // A body that cannot be written as JSON (it never happens with the API's bodies) is left out, not guessed at.
    return entry
  }
  return { ...entry, bodies }
}
