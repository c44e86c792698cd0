import type { LogFields, LoggerPort } from '../../../core/ports/logger.js'

export interface RecordedLogLine {
  readonly level: 'info' | 'warn' | 'error'
  /** The line's fields, with those of the child loggers it came through. */
  readonly fields: LogFields
  readonly message: string
}

/** A LoggerPort that keeps its lines (children write to the same list). */
export class RecordingLogger implements LoggerPort {
  constructor(
    readonly lines: RecordedLogLine[] = [],
    private readonly bound: LogFields = {},
  ) {}

  info(fields: LogFields, message: string): void {
    this.lines.push({ level: 'info', fields: { ...this.bound, ...fields }, message })
  }

  warn(fields: LogFields, message: string): void {
    this.lines.push({ level: 'warn', fields: { ...this.bound, ...fields }, message })
  }

  error(fields: LogFields, message: string): void {
    this.lines.push({ level: 'error', fields: { ...this.bound, ...fields }, message })
  }

  child(fields: LogFields): RecordingLogger {
    return new RecordingLogger(this.lines, { ...this.bound, ...fields })
  }
}

/** A pino destination that parses each JSON line and resolves `waitFor` once a line matches. */
export class CapturedLogLines {
  readonly lines: Record<string, unknown>[] = []
  private readonly waiters: { match: (line: Record<string, unknown>) => boolean; resolve: () => void }[] = []

  write(text: string): void {
    const line = JSON.parse(text) as Record<string, unknown>
    this.lines.push(line)
    for (const waiter of this.waiters.filter((candidate) => candidate.match(line))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  /** Resolves once a line for which `match` holds has been written (at once if one has). */
  waitFor(match: (line: Record<string, unknown>) => boolean): Promise<void> {
    if (this.lines.some(match)) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ match, resolve }))
  }
}
