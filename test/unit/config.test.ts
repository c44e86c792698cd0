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
    [{ CONNECTION_TOKEN_KEY: 'too-short' }, 'CONNECTION_TOKEN_KEY'],
    [{ GOOGLE_CLIENT_ID: 'id-without-secret' }, 'GOOGLE_CLIENT_SECRET'],
    [{ MICROSOFT_CLIENT_SECRET: 'secret-without-id' }, 'MICROSOFT_CLIENT_ID'],
    [{ ICLOUD_CALDAV_URL: 'caldav.icloud.com' }, 'ICLOUD_CALDAV_URL'],
    [{ GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_API_URL: 'nope' }, 'GOOGLE_API_URL'],
    [{ CONNECTION_TOKEN_KEY: 'ab'.repeat(16) }, 'CONNECTION_TOKEN_KEY'],
  ])('refuses %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(variable))
  })

  it('takes the connection token key as 64 hex digits or base64 of 32 bytes; none means a per-process key', () => {
    expect(loadConfig({ CONNECTION_TOKEN_KEY: 'ab'.repeat(32) }).connections.tokenKey?.length).toBe(32)
    expect(Buffer.from(loadConfig({ CONNECTION_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') }).connections.tokenKey!).equals(Buffer.alloc(32, 7))).toBe(true)
    expect(loadConfig({}).connections.tokenKey).toBeNull()
  })

  it('offers Google on production only with both client id and secret, at Google by default', () => {
    expect(loadConfig({}).connections.google).toBeNull()
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).connections.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      accountsUrl: 'https://accounts.google.com',
      oauthUrl: 'https://oauth2.googleapis.com',
      apiUrl: 'https://www.googleapis.com',
    })
  })

  it('offers Microsoft on production only with both client id and secret, at the common authority by default', () => {
    expect(loadConfig({}).connections.microsoft).toBeNull()
    expect(loadConfig({ MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 'secret', MICROSOFT_AUTHORITY_URL: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/' }).connections.microsoft).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorityUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      graphUrl: 'https://graph.microsoft.com',
    })
  })

  it('offers iCloud on production only with a CalDAV server address', () => {
    expect(loadConfig({}).connections.icloud).toBeNull()
    expect(loadConfig({ ICLOUD_CALDAV_URL: 'https://caldav.icloud.com' }).connections.icloud).toEqual({ caldavUrl: 'https://caldav.icloud.com' })
  })

  it('switches to MongoDB when MONGODB_URI is set', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017' }).mongodb).toEqual({ uri: 'mongodb://127.0.0.1:27017', database: 'departure_service' })
  })
})
