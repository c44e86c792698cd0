import { describe, expect, it } from 'vitest'
import type { LogFields, LoggerPort } from '../../core/ports/logger.js'

export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error'
  readonly fields: LogFields
  readonly message: string
}

export interface LoggerSubject {
  readonly logger: LoggerPort
  /** The lines written so far, oldest first, with every field they carry. */
  lines(): LoggedLine[]
}

/** What every LoggerPort adapter must do; call it from the adapter's own test file. */
export const loggerContract = (name: string, makeSubject: () => LoggerSubject): void => {
  describe(`${name} honours the LoggerPort contract`, () => {
    it('writes one line per call at its level, with its fields and message', () => {
      const subject = makeSubject()
      subject.logger.info({ a: 1 }, 'first')
      subject.logger.warn({ b: 'two' }, 'second')
      subject.logger.error({ c: true }, 'third')
      expect(subject.lines()).toEqual([
        { level: 'info', fields: expect.objectContaining({ a: 1 }), message: 'first' },
        { level: 'warn', fields: expect.objectContaining({ b: 'two' }), message: 'second' },
        { level: 'error', fields: expect.objectContaining({ c: true }), message: 'third' },
      ])
    })

    it('a child adds its fields to every line, children of children too, and leaves its parent as it was', () => {
      const subject = makeSubject()
      const job = subject.logger.child({ job: 'reminder-delivery' })
      job.child({ accountId: 'acct_1' }).warn({ reminderId: 'rem_1' }, 'push failed')
      subject.logger.info({}, 'plain')
      const [childLine, parentLine] = subject.lines()
      expect(childLine?.fields).toMatchObject({ job: 'reminder-delivery', accountId: 'acct_1', reminderId: 'rem_1' })
      expect(parentLine?.fields).not.toHaveProperty('job')
      expect(parentLine?.message).toBe('plain')
    })
  })
}
