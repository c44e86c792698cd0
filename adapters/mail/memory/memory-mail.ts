import type { MailAccepted, MailPort, OutgoingMail, SentMail } from '../../../core/ports/mail.js'
import { ok, type Result } from '../../../core/shared/result.js'

/**
 * The embedded mail adapter: accepts every message and keeps it, newest last, for
 * inspection (the sandbox's `GET /v1/test_helpers/sent_emails`, tests). Nothing leaves
 * the process. Keeps the last `capacity` messages.
 */
export class MemoryMailAdapter implements MailPort {
  private readonly sent: SentMail[] = []
  private counter = 0

  constructor(
    private readonly now: () => Date,
    private readonly capacity = 10_000,
  ) {}

  async send(mail: OutgoingMail): Promise<Result<MailAccepted, never>> {
    this.counter += 1
    const id = `<memory-${this.counter}.${mail.tags.invitationId}@mail.invalid>`
    this.sent.push({ id, sentAt: this.now(), mail })
    if (this.sent.length > this.capacity) this.sent.splice(0, this.sent.length - this.capacity)
    return ok({ messageId: id })
  }

  /** Messages of an account, newest first. */
  list(accountId: string): SentMail[] {
    return this.sent.filter((entry) => entry.mail.tags.accountId === accountId).reverse()
  }
}
