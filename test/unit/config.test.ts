import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../hosts/config.js'

describe('Configuration: parsed once, a bad value names the variable', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, sandboxPort: 8081, mongodb: null, runWorker: true })
    expect(config.rateLimit).toEqual({ requestsPerWindow: 100, windowMs: 1000, concurrency: 5 })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SANDBOX_PORT: '70000' }, 'SANDBOX_PORT'],
    [{ RATE_LIMIT_REQUESTS: '0' }, 'RATE_LIMIT_REQUESTS'],
    [{ WORKER: 'maybe' }, 'WORKER'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ SERVICE_BOOTSTRAP_KEYS: 'sk_test_short' }, 'SERVICE_BOOTSTRAP_KEYS'],
    [{ SERVICE_BOOTSTRAP_KEYS: 'pk_live_0123456789' }, 'SERVICE_BOOTSTRAP_KEYS'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_TLS: 'ssl' }, 'SMTP_TLS'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_PORT: '99999' }, 'SMTP_PORT'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_USER: 'relay' }, 'SMTP_PASSWORD'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ MAIL_INBOUND_SECRET: 'short' }, 'MAIL_INBOUND_SECRET'],
  ])('refuses %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(variable))
  })

  it('mails through the embedded mailbox unless SMTP_HOST is set', () => {
    expect(loadConfig({}).mail).toEqual({ smtp: null, from: { address: 'invitations@localhost', name: 'Invitations' }, inboundSecret: null })
  })

  it('reads the SMTP settings: STARTTLS on 587 by default, implicit TLS on 465, credentials together', () => {
    expect(loadConfig({ SMTP_HOST: 'mail.example.com' }).mail.smtp).toEqual({ host: 'mail.example.com', port: 587, security: 'starttls', auth: null, allowInvalidCertificates: false, timeoutMs: 10_000 })
    expect(loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_TLS: 'tls', SMTP_USER: 'relay', SMTP_PASSWORD: 'pw', SMTP_TLS_REJECT_UNAUTHORIZED: 'false' }).mail.smtp).toMatchObject({
      port: 465,
      security: 'tls',
      auth: { user: 'relay', pass: 'pw' },
      allowInvalidCertificates: true,
    })
  })

  it('switches to MongoDB when MONGODB_URI is set', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017' }).mongodb).toEqual({ uri: 'mongodb://127.0.0.1:27017', database: 'departure_service' })
  })
})
