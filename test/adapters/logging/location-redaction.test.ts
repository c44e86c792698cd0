import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { PinoLogger } from '../../../adapters/logging/pino/pino-logger.js'

describe('Privacy: positions are never logged', () => {
  it('a line that carries a position (a trip in `err`, a fix) comes out with it censored', () => {
    const lines: string[] = []
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = PinoLogger.create({ level: 'info', destination })
    logger.error(
      {
        job: 'tracking-watch',
        lat: 48.123456,
        lng: 2.654321,
        trip: { currentLocation: { lat: 48.123456 }, trail: [{ lng: 2.654321 }] },
      },
      'background job failed',
    )
    logger.info({ current_location: { lat: 48.123456, lng: 2.654321 } }, 'answered')
    const output = lines.join('')
    expect(output).not.toContain('48.123456')
    expect(output).not.toContain('2.654321')
    expect(output).toContain('[location]')
    expect(output).toContain('tracking-watch')
  })
})
