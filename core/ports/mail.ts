import { Data } from 'effect'
import type { Result } from '../shared/result.js'

export interface MailAddress {
  readonly address: string
  readonly name: string | null
}

/** An iCalendar object carried by the e-mail (RFC 6047: text/calendar with its METHOD). */
export interface CalendarPart {
  readonly method: 'REQUEST' | 'CANCEL'
  /** The whole VCALENDAR text. */
  readonly content: string
  readonly filename: string
}

export interface OutgoingMail {
  readonly from: MailAddress
  readonly to: MailAddress
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly calendar: CalendarPart | null
  /** Extra headers (`List-Unsubscribe`, ...). */
  readonly headers: Readonly<Record<string, string>>
  /** Who the mail belongs to: kept by inspectable adapters; real ones send the invitation id as `X-Service-Invitation`. */
  readonly tags: { readonly accountId: string; readonly invitationId: string }
}

export interface MailAccepted {
  /** The provider's message id. */
  readonly messageId: string
}

/** The provider refused the message or could not be reached; the sender retries later. */
export class MailSendFailed extends Data.TaggedError('MailSendFailed')<{
  readonly reason: string
  readonly permanent: boolean
}> {}

/** Outgoing e-mail. Implementations: SMTP (adapters/mail/smtp), in-memory (adapters/mail/memory). */
export interface MailPort {
  send(mail: OutgoingMail): Promise<Result<MailAccepted, MailSendFailed>>
}

/** What an inspectable mailbox (the embedded adapter) keeps of each accepted message. */
export interface SentMail {
  readonly id: string
  readonly sentAt: Date
  readonly mail: OutgoingMail
}
