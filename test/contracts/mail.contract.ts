import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MailPort, OutgoingMail } from '../../core/ports/mail.js'

/** What the suite reads back: the messages as a recipient sees them. */
export interface DeliveredMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly headers: Readonly<Record<string, string>>
  /** The iCalendar text carried by the message, and its METHOD. */
  readonly calendar: { readonly method: string; readonly content: string } | null
}

export interface MailSubject {
  readonly mail: MailPort
  /** Waits for `count` messages in total and returns them, oldest first. */
  delivered(count: number): Promise<DeliveredMail[]>
  readonly teardown?: () => Promise<void>
}

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//contract//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:evt_1@example.com',
  'SEQUENCE:0',
  'DTSTAMP:20260601T080000Z',
  'DTSTART:20260601T090000Z',
  'DTEND:20260601T100000Z',
  'SUMMARY:Contract',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n')

export const sampleMail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from: { address: 'invitations@example.com', name: 'Invitations' },
  to: { address: 'attendee@example.com', name: 'Attendee Name' },
  subject: 'Invitation: Contract',
  text: 'Plain body with a link https://example.com/respond?token=abc',
  html: '<!doctype html><html lang="en"><body><p>HTML body</p></body></html>',
  calendar: { method: 'REQUEST', filename: 'invite.ics', content: ICS },
  headers: { 'List-Unsubscribe': '<https://example.com/unsubscribe>' },
  tags: { accountId: 'acct_1', invitationId: 'inv_1' },
  ...overrides,
})

/** The mail port's contract: every adapter passes the same suite (docs/adapters.md). */
export const mailContract = (name: string, makeSubject: () => Promise<MailSubject>): void => {
  describe(`MailPort contract: ${name}`, () => {
    let subject: MailSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('accepts a message and answers a provider message id', async () => {
      const sent = await subject.mail.send(sampleMail())
      expect(sent.ok).toBe(true)
      if (sent.ok) expect(sent.value.messageId.length).toBeGreaterThan(0)
    })

    it('delivers subject, recipient, both bodies and extra headers unchanged', async () => {
      await subject.mail.send(sampleMail())
      const [mail] = await subject.delivered(1)
      expect(mail!.to).toBe('attendee@example.com')
      expect(mail!.subject).toBe('Invitation: Contract')
      expect(mail!.text.trim()).toBe('Plain body with a link https://example.com/respond?token=abc')
      expect(mail!.html).toContain('<p>HTML body</p>')
      expect(mail!.headers['list-unsubscribe']).toBe('<https://example.com/unsubscribe>')
    })

    it('carries the iCalendar object with its METHOD', async () => {
      await subject.mail.send(
        sampleMail({
          calendar: {
            method: 'CANCEL',
            filename: 'cancel.ics',
            content: ICS.replace('METHOD:REQUEST', 'METHOD:CANCEL'),
          },
        }),
      )
      const [mail] = await subject.delivered(1)
      expect(mail!.calendar?.method).toBe('CANCEL')
      expect(mail!.calendar?.content).toContain('UID:evt_1@example.com')
      expect(mail!.calendar?.content).toContain('METHOD:CANCEL')
    })

    it('keeps messages apart: two sends, two messages, distinct ids', async () => {
      const first = await subject.mail.send(sampleMail({ to: { address: 'one@example.com', name: null } }))
      const second = await subject.mail.send(sampleMail({ to: { address: 'two@example.com', name: null } }))
      expect(first.ok && second.ok && first.value.messageId !== second.value.messageId).toBe(true)
      const mails = await subject.delivered(2)
      expect(mails.map((mail) => mail.to).sort()).toEqual(['one@example.com', 'two@example.com'])
    })
  })
}
