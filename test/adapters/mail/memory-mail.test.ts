import { MemoryMailAdapter } from '../../../adapters/mail/memory/memory-mail.js'
import { mailContract } from '../../contracts/mail.contract.js'

mailContract('MemoryMailAdapter', async () => {
  const mail = new MemoryMailAdapter(() => new Date('2026-06-01T08:00:00Z'))
  return {
    mail,
    delivered: async (count) =>
      mail
        .list('acct_1')
        .reverse()
        .slice(0, count)
        .map(({ mail: sent }) => ({
          to: sent.to.address,
          subject: sent.subject,
          text: sent.text,
          html: sent.html,
          headers: Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value])),
          calendar: sent.calendar,
        })),
  }
})
