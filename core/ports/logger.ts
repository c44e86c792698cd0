/**
 * Structured fields of a log line. Background work names its `job` and `accountId` (null: all accounts);
 * an error goes under `err`.
 */
export type LogFields = Readonly<Record<string, unknown>>

/**
 * One structured logger for requests and background work: a line is its fields and a message. `child` returns a
 * logger that adds its fields to every line (a job, an account).
 */
export interface LoggerPort {
  info(fields: LogFields, message: string): void
  warn(fields: LogFields, message: string): void
  error(fields: LogFields, message: string): void
  child(fields: LogFields): LoggerPort
}
