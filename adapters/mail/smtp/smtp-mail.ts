import nodemailer, { type Transporter } from 'nodemailer'
import type { MailAccepted, MailAddress, MailPort, OutgoingMail } from '../../../core/ports/mail.js'
import { MailSendFailed } from '../../../core/ports/mail.js'
import { err, ok, type Result } from '../../../core/shared/result.js'

export interface SmtpSettings {
  readonly host: string
  readonly port: number
  /** `tls`: implicit TLS from the first byte (port 465); `starttls`: upgrade required; `none`: plain (local relays, tests). */
  readonly security: 'tls' | 'starttls' | 'none'
  readonly auth: { readonly user: string; readonly pass: string } | null
  /** Accept a self-signed server certificate (test relays only). */
  readonly allowInvalidCertificates: boolean
  readonly timeoutMs: number
}

const formatAddress = (address: MailAddress) =>
  address.name === null ? address.address : { name: address.name, address: address.address }

/**
 * E-mail over SMTP with nodemailer. The iCalendar object goes twice, as calendar
 * clients expect (RFC 6047, and what the large calendar services send): as the
 * `text/calendar; method=...` alternative and as an `.ics` attachment.
 */
export class SmtpMailAdapter implements MailPort {
  private readonly transport: Transporter

  constructor(settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.security === 'tls',
      requireTLS: settings.security === 'starttls',
      ignoreTLS: settings.security === 'none',
      ...(settings.auth === null ? {} : { auth: { user: settings.auth.user, pass: settings.auth.pass } }),
      tls: { rejectUnauthorized: !settings.allowInvalidCertificates },
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs * 2,
    })
  }

  async send(mail: OutgoingMail): Promise<Result<MailAccepted, MailSendFailed>> {
    try {
      const info = await this.transport.sendMail({
        from: formatAddress(mail.from),
        to: formatAddress(mail.to),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Lets the provider's notices name the invitation (docs/invitations.md); the account id stays private.
        headers: { ...mail.headers, 'X-Service-Invitation': mail.tags.invitationId },
        disableFileAccess: true,
        disableUrlAccess: true,
        ...(mail.calendar === null
          ? {}
          : {
              icalEvent: { method: mail.calendar.method, content: mail.calendar.content },
              attachments: [
                {
                  filename: mail.calendar.filename,
                  content: mail.calendar.content,
                  contentType: `application/ics; method=${mail.calendar.method}`,
                },
              ],
            }),
      })
      if ((info.rejected?.length ?? 0) > 0)
        return err(new MailSendFailed({ reason: `recipient rejected: ${String(info.response)}`, permanent: true }))
      return ok({ messageId: String(info.messageId) })
    } catch (error) {
      const failure = error as { code?: string; responseCode?: number; message?: string }
      // A 5xx reply about the envelope (unknown mailbox, refused domain) will not change on retry.
      const permanent =
        failure.code === 'EENVELOPE' && typeof failure.responseCode === 'number' && failure.responseCode >= 500
      return err(new MailSendFailed({ reason: failure.message ?? String(error), permanent }))
    }
  }

  close(): void {
    this.transport.close()
  }
}
