import { Writable } from 'node:stream'
import { PinoLogger } from '../../../adapters/logging/pino/pino-logger.js'
import { type LoggedLine, loggerContract } from '../../contracts/logger.contract.js'

const LEVELS: Record<number, LoggedLine['level']> = { 30: 'info', 40: 'warn', 50: 'error' }

loggerContract('PinoLogger', () => {
  const written: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk))
      done()
    },
  })
  // pino writes synchronously to a plain stream: every line is there when the call returns.
  const logger = PinoLogger.create({ level: 'info', destination })
  return {
    logger,
    lines: () =>
      written.map((line) => {
        const { level, msg, time: _time, pid: _pid, hostname: _hostname, ...fields } = JSON.parse(line)
        return { level: LEVELS[level]!, fields, message: msg }
      }),
  }
})
