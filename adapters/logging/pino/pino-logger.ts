import { type DestinationStream, type Logger, pino } from 'pino'
import type { LogFields, LoggerPort } from '../../../core/ports/logger.js'

export interface PinoLoggerOptions {
  /** `LOG_LEVEL`: fatal, error, warn, info, debug, trace or silent. */
  readonly level: string
  /** Where the JSON lines go; standard output by default (tests pass a stream they read). */
  readonly destination?: DestinationStream
}

/**
 * Positions are personal data and never logged: no line logs them today, and should one ever carry a location
 * (a domain object in `err`, say), these fields come out censored (docs/tracking.md, "Privacy").
 */
export const LOCATION_FIELDS = {
  paths: [
    'lat',
    'lng',
    '*.lat',
    '*.lng',
    'currentLocation',
    '*.currentLocation',
    'trail',
    '*.trail',
    'current_location',
  ],
  censor: '[location]',
}

/**
 * LoggerPort on pino, the logger Fastify uses: the host hands `pino` to Fastify, so that request lines and
 * background lines come out of one logger, in one format.
 */
export class PinoLogger implements LoggerPort {
  constructor(readonly pino: Logger) {}

  static create(options: PinoLoggerOptions): PinoLogger {
    return new PinoLogger(pino({ level: options.level, redact: LOCATION_FIELDS }, options.destination))
  }

  info(fields: LogFields, message: string): void {
    this.pino.info(fields, message)
  }

  warn(fields: LogFields, message: string): void {
    this.pino.warn(fields, message)
  }

  error(fields: LogFields, message: string): void {
    this.pino.error(fields, message)
  }

  child(fields: LogFields): PinoLogger {
    return new PinoLogger(this.pino.child(fields))
  }
}
