import { ContainerModule } from 'inversify'
import { MemoryMailAdapter } from '../../adapters/mail/memory/memory-mail.js'
import { SmtpMailAdapter } from '../../adapters/mail/smtp/smtp-mail.js'
import type { Config } from '../config.js'
import { TOKENS } from '../di-tokens.js'

/** Production mails through SMTP when configured; the sandbox never sends real e-mail, it keeps it in memory. */
export const mailModule = (config: Config, livemode: boolean) =>
  new ContainerModule(({ bind }) => {
    const smtp = livemode ? config.mail.smtp : null
    bind(TOKENS.Mail).toResolvedValue(
      (clock) => (smtp === null ? new MemoryMailAdapter(() => clock.now()) : new SmtpMailAdapter(smtp)),
      [TOKENS.Clock],
    )
    // The mailbox that tests and the sandbox read, when the surface mails into one.
    bind(TOKENS.MemoryMail).toResolvedValue((mail) => (mail instanceof MemoryMailAdapter ? mail : null), [TOKENS.Mail])
  })
