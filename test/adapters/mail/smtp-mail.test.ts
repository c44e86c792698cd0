import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SmtpMailAdapter } from '../../../adapters/mail/smtp/smtp-mail.js'
import { mailContract, sampleMail } from '../../contracts/mail.contract.js'
import { type SmtpTestServer, startSmtpTestServer } from '../../support/fakes/smtp-test-server.js'
import { calendarPartOf } from '../../support/mail-parts.js'

const adapterFor = (
  port: number,
  auth: { user: string; pass: string } | null = null,
  tls: { security: 'tls' | 'starttls' | 'none'; allowInvalidCertificates: boolean } = {
    security: 'none',
    allowInvalidCertificates: false,
  },
) => new SmtpMailAdapter({ host: '127.0.0.1', port, auth, timeoutMs: 2000, ...tls })

mailContract('SmtpMailAdapter (against a real SMTP server on 127.0.0.1)', async () => {
  const server = await startSmtpTestServer()
  const mail = adapterFor(server.port)
  return {
    mail,
    delivered: async (count) =>
      (await server.waitFor(count)).map(({ parsed }) => ({
        to: (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0]?.address ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        // The raw header lines: mailparser structures some headers (List-*) beyond recognition.
        headers: Object.fromEntries(
          parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
        ),
        calendar: calendarPartOf(parsed),
      })),
    teardown: async () => {
      mail.close()
      await server.stop()
    },
  }
})

describe('SmtpMailAdapter: failures', () => {
  let server: SmtpTestServer
  beforeAll(async () => {
    server = await startSmtpTestServer({ reject: ['nobody@example.com'], auth: { user: 'relay', pass: 'secret-pass' } })
  })
  afterAll(() => server.stop())

  it('authenticates with the configured credentials', async () => {
    const sent = await adapterFor(server.port, { user: 'relay', pass: 'secret-pass' }).send(sampleMail())
    expect(sent.ok).toBe(true)
    expect(server.received.at(-1)?.parsed.headers.get('x-service-invitation')).toBe('inv_1')
  })

  it('reports wrong credentials as a failure to retry, not a bounce', async () => {
    const sent = await adapterFor(server.port, { user: 'relay', pass: 'wrong' }).send(sampleMail())
    expect(sent.ok).toBe(false)
    if (!sent.ok) expect(sent.error.permanent).toBe(false)
  })

  it('reports a refused recipient (550) as permanent', async () => {
    const sent = await adapterFor(server.port, { user: 'relay', pass: 'secret-pass' }).send(
      sampleMail({ to: { address: 'nobody@example.com', name: null } }),
    )
    expect(sent.ok).toBe(false)
    if (!sent.ok) expect(sent.error.permanent).toBe(true)
  })

  it('reports an unreachable server as a failure to retry', async () => {
    const closed = await startSmtpTestServer()
    await closed.stop()
    const sent = await adapterFor(closed.port).send(sampleMail())
    expect(sent.ok).toBe(false)
    if (!sent.ok) expect(sent.error.permanent).toBe(false)
  })
})

describe('SmtpMailAdapter: TLS as configured', () => {
  it('upgrades with STARTTLS, and refuses an untrusted certificate unless told to accept it', async () => {
    const server = await startSmtpTestServer({ tls: 'starttls' })
    try {
      const strict = await adapterFor(server.port, null, {
        security: 'starttls',
        allowInvalidCertificates: false,
      }).send(sampleMail())
      expect(strict.ok).toBe(false)
      if (!strict.ok) expect(strict.error.permanent).toBe(false)
      const relaxed = await adapterFor(server.port, null, {
        security: 'starttls',
        allowInvalidCertificates: true,
      }).send(sampleMail())
      expect(relaxed.ok).toBe(true)
      expect(server.received).toHaveLength(1)
      expect(server.received[0]!.secure).toBe(true)
    } finally {
      await server.stop()
    }
  })

  it('speaks implicit TLS from the first byte (port 465 style)', async () => {
    const server = await startSmtpTestServer({ tls: 'implicit' })
    try {
      const sent = await adapterFor(server.port, null, { security: 'tls', allowInvalidCertificates: true }).send(
        sampleMail(),
      )
      expect(sent.ok).toBe(true)
      expect((await server.waitFor(1))[0]!.secure).toBe(true)
    } finally {
      await server.stop()
    }
  })

  it('refuses to send in clear text when STARTTLS is required but not offered', async () => {
    const server = await startSmtpTestServer()
    try {
      const sent = await adapterFor(server.port, null, { security: 'starttls', allowInvalidCertificates: true }).send(
        sampleMail(),
      )
      expect(sent.ok).toBe(false)
      expect(server.received).toHaveLength(0)
    } finally {
      await server.stop()
    }
  })
})
