import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { ConfigError, loadConfig } from '../../hosts/config.js'

const KEY = 'ab'.repeat(32)

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
    [{ SANDBOX_LOOPBACK_TARGETS: 'yes' }, 'SANDBOX_LOOPBACK_TARGETS'],
    [{ JOB_LOCK_MS: '0' }, 'JOB_LOCK_MS'],
    [{ WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_LEASE_MS: '5000' }, 'WEBHOOK_LEASE_MS'],
    [{ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '1000' }, 'HTTP_HEADERS_TIMEOUT_MS'],
    [{ HTTP_REQUEST_TIMEOUT_MS: '5000' }, 'HTTP_HEADERS_TIMEOUT_MS'],
    [{ HTTP_KEEP_ALIVE_TIMEOUT_MS: '-1' }, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'],
    [{ HTTP_MAX_CONNECTIONS: '0' }, 'HTTP_MAX_CONNECTIONS'],
    [{ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS'],
    [{ HTTP_MAX_CONNECTIONS: '50', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '51' }, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ SERVICE_BOOTSTRAP_KEYS: 'sk_test_short' }, 'SERVICE_BOOTSTRAP_KEYS'],
    [{ SERVICE_BOOTSTRAP_KEYS: 'pk_live_0123456789' }, 'SERVICE_BOOTSTRAP_KEYS'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_TLS: 'ssl' }, 'SMTP_TLS'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_PORT: '99999' }, 'SMTP_PORT'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_USER: 'relay' }, 'SMTP_PASSWORD'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ MAIL_INBOUND_SECRET: 'short' }, 'MAIL_INBOUND_SECRET'],
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

  it('sandbox loopback targets: by default only when the service itself binds to loopback; the operator decides', () => {
    const allowed = (env: Record<string, string | undefined>) => loadConfig(env).sandboxLoopbackTargets
    expect([{}, { HOST: '127.0.0.2' }, { HOST: '::1' }, { HOST: 'localhost' }].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect([{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '10.1.2.3' }, { HOST: 'api.internal' }].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(allowed({ SANDBOX_LOOPBACK_TARGETS: 'false' })).toBe(false)
    expect(allowed({ HOST: '127.0.0.1', SANDBOX_LOOPBACK_TARGETS: '0' })).toBe(false)
    expect(allowed({ HOST: '0.0.0.0', SANDBOX_LOOPBACK_TARGETS: 'true' })).toBe(true)
    expect(allowed({ HOST: '0.0.0.0', SANDBOX_LOOPBACK_TARGETS: '1' })).toBe(true)
  })

  it('slow clients: headers due in 10 s, the request in 30 s, idle keep-alive 5 s, 1000 connections, 100 per address; configurable', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1000,
      maxConnectionsPerAddress: 100,
    })
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '300',
        HTTP_REQUEST_TIMEOUT_MS: '600',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '200',
        HTTP_MAX_CONNECTIONS: '2',
      }).http,
    ).toEqual({
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 200,
      maxConnections: 2,
      // The default share is never more than the cap.
      maxConnectionsPerAddress: 2,
    })
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8' }).http.maxConnectionsPerAddress).toBe(8)
  })

  it('background jobs: a 30 s job lock, a webhook lease 30 s past the receiver timeout, both configurable', () => {
    expect(loadConfig({}).jobs).toEqual({ lockLifetimeMs: 30_000 })
    expect(loadConfig({}).webhooks).toMatchObject({ timeoutMs: 10_000, leaseMs: 40_000 })
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '2000' }).webhooks).toMatchObject({ timeoutMs: 2_000, leaseMs: 32_000 })
    expect(loadConfig({ JOB_LOCK_MS: '2000', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_LEASE_MS: '3000' })).toMatchObject({
      jobs: { lockLifetimeMs: 2_000 },
      webhooks: { timeoutMs: 1_000, leaseMs: 3_000 },
    })
  })

  it('mails through the embedded mailbox unless SMTP_HOST is set', () => {
    expect(loadConfig({}).mail).toEqual({
      smtp: null,
      from: { address: 'invitations@localhost', name: 'Invitations' },
      inboundSecret: null,
    })
  })

  it('reads the SMTP settings: STARTTLS on 587 by default, implicit TLS on 465, credentials together', () => {
    expect(loadConfig({ SMTP_HOST: 'mail.example.com' }).mail.smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      security: 'starttls',
      auth: null,
      allowInvalidCertificates: false,
      timeoutMs: 10_000,
    })
    expect(
      loadConfig({
        SMTP_HOST: 'mail.example.com',
        SMTP_TLS: 'tls',
        SMTP_USER: 'relay',
        SMTP_PASSWORD: 'pw',
        SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
      }).mail.smtp,
    ).toMatchObject({
      port: 465,
      security: 'tls',
      auth: { user: 'relay', pass: 'pw' },
      allowInvalidCertificates: true,
    })
  })

  it('takes the connection token key as 64 hex digits or base64 of 32 bytes; none means a per-process key', () => {
    expect(loadConfig({ CONNECTION_TOKEN_KEY: 'ab'.repeat(32) }).connections.tokenKey?.length).toBe(32)
    expect(
      Buffer.from(
        loadConfig({ CONNECTION_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') }).connections.tokenKey!,
      ).equals(Buffer.alloc(32, 7)),
    ).toBe(true)
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
    expect(
      loadConfig({
        MICROSOFT_CLIENT_ID: 'id',
        MICROSOFT_CLIENT_SECRET: 'secret',
        MICROSOFT_AUTHORITY_URL: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/',
      }).connections.microsoft,
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorityUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      graphUrl: 'https://graph.microsoft.com',
    })
  })

  it('offers iCloud on production only with a CalDAV server address', () => {
    expect(loadConfig({}).connections.icloud).toBeNull()
    expect(loadConfig({ ICLOUD_CALDAV_URL: 'https://caldav.icloud.com' }).connections.icloud).toEqual({
      caldavUrl: 'https://caldav.icloud.com',
    })
  })

  it('switches to MongoDB when MONGODB_URI is set', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017', CONNECTION_TOKEN_KEY: KEY }).mongodb).toEqual({
      uri: 'mongodb://127.0.0.1:27017',
      database: 'departure_service',
    })
  })

  it('storage: SQLite in DATA_DIR by default, MongoDB when MONGODB_URI is set, or as STORAGE says', () => {
    expect(loadConfig({})).toMatchObject({ storage: 'sqlite', dataDir: '.data', mongodb: null })
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017', CONNECTION_TOKEN_KEY: KEY }).storage).toBe('mongodb')
    expect(loadConfig({ STORAGE: 'memory', MONGODB_URI: 'mongodb://127.0.0.1:27017' })).toMatchObject({
      storage: 'memory',
      mongodb: null,
    })
    expect(loadConfig({ STORAGE: 'sqlite', DATA_DIR: '/srv/departures' })).toMatchObject({
      storage: 'sqlite',
      dataDir: '/srv/departures',
    })
    expect(() => loadConfig({ STORAGE: 'mongodb' })).toThrow(/STORAGE.*MONGODB_URI/)
    expect(() => loadConfig({ STORAGE: 'postgres' })).toThrow(/STORAGE/)
  })

  it('refuses a MONGODB_URI that is no connection string, and a MONGODB_DB that cannot prefix database names', () => {
    expect(
      loadConfig({
        MONGODB_URI: 'mongodb+srv://cluster0.example.net/?retryWrites=true',
        MONGODB_DB: 'departures-eu',
        CONNECTION_TOKEN_KEY: KEY,
      }).mongodb,
    ).toEqual({
      uri: 'mongodb+srv://cluster0.example.net/?retryWrites=true',
      database: 'departures-eu',
    })
    expect(() => loadConfig({ MONGODB_URI: 'localhost:27017' })).toThrow(/MONGODB_URI/)
    for (const database of ['my.db', 'a/b', 'x'.repeat(55), '$db'])
      expect(() =>
        loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1', MONGODB_DB: database, CONNECTION_TOKEN_KEY: KEY }),
      ).toThrow(/MONGODB_DB/)
  })

  it('refuses to start on MongoDB without CONNECTION_TOKEN_KEY, naming it and saying how to make one', () => {
    const refused = (() => {
      try {
        loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017' })
      } catch (error) {
        return error
      }
      return null
    })()
    expect(refused).toBeInstanceOf(ConfigError)
    expect((refused as ConfigError).variable).toBe('CONNECTION_TOKEN_KEY')
    expect((refused as ConfigError).message).toMatch(/required with MONGODB_URI.*openssl rand -base64 32/)
    // The embedded default needs none: the key is generated into DATA_DIR.
    expect(loadConfig({}).connections.tokenKey).toBeNull()
  })

  describe('ROUTING: a live-traffic provider heads a chain down to the offline estimate', () => {
    it('is the offline estimator by default; with ROUTING=osrm, OSRM heads the chain with its budget and the deadline', () => {
      expect(loadConfig({}).providers.routing).toEqual({ kind: 'offline' })
      expect(loadConfig({ ROUTING: 'osrm' }).providers.routing).toEqual({
        kind: 'osrm',
        baseUrl: 'https://router.project-osrm.org',
        callsPerMinute: 600,
        cache: { cellMeters: 250, bucketMinutes: 5 },
        deadlineMs: 8000,
      })
      expect(
        loadConfig({ ROUTING: 'osrm', OSRM_CALLS_PER_MINUTE: '90', ROUTING_DEADLINE_MS: '2000' }).providers.routing,
      ).toMatchObject({ callsPerMinute: 90, deadlineMs: 2000 })
    })

    it('TomTom with its key: the public API, budgets and cache defaults, no historical step without OSRM_URL', () => {
      expect(loadConfig({ ROUTING: 'tomtom', TOMTOM_API_KEY: 'k' }).providers.routing).toEqual({
        kind: 'live',
        provider: 'tomtom',
        baseUrl: 'https://api.tomtom.com',
        apiKey: 'k',
        liveHorizonMinutes: 180,
        callsPerMinute: 300,
        osrm: null,
        cache: { cellMeters: 250, bucketMinutes: 5 },
        deadlineMs: 8000,
      })
    })

    it('HERE with its key, OSRM as the historical step, every figure configurable', () => {
      expect(
        loadConfig({
          ROUTING: 'here',
          HERE_API_KEY: 'h',
          HERE_URL: 'http://127.0.0.1:9999',
          OSRM_URL: 'http://127.0.0.1:5000',
          OSRM_CALLS_PER_MINUTE: '1000',
          ROUTING_LIVE_CALLS_PER_MINUTE: '50',
          ROUTING_LIVE_HORIZON_MIN: '60',
          ROUTING_CACHE_CELL_M: '100',
          ROUTING_CACHE_BUCKET_MIN: '10',
          ROUTING_DEADLINE_MS: '3000',
        }).providers.routing,
      ).toEqual({
        kind: 'live',
        provider: 'here',
        baseUrl: 'http://127.0.0.1:9999',
        apiKey: 'h',
        liveHorizonMinutes: 60,
        callsPerMinute: 50,
        osrm: { baseUrl: 'http://127.0.0.1:5000', callsPerMinute: 1000 },
        cache: { cellMeters: 100, bucketMinutes: 10 },
        deadlineMs: 3000,
      })
    })

    it('refuses a live provider without its key, and a budget that is not a positive integer', () => {
      expect(() => loadConfig({ ROUTING: 'tomtom' })).toThrow(/TOMTOM_API_KEY: required with ROUTING=tomtom/)
      expect(() => loadConfig({ ROUTING: 'here', TOMTOM_API_KEY: 'k' })).toThrow(/HERE_API_KEY/)
      expect(() => loadConfig({ ROUTING: 'here', HERE_API_KEY: 'h', ROUTING_LIVE_CALLS_PER_MINUTE: '0' })).toThrow(
        /ROUTING_LIVE_CALLS_PER_MINUTE/,
      )
      expect(() => loadConfig({ ROUTING: 'google' })).toThrow(/ROUTING/)
    })
  })

  it('reads TRANSIT: the offline estimate by default, OpenTripPlanner at OTP_URL on request, under the routing deadline', () => {
    expect(loadConfig({}).providers.transit).toBeNull()
    expect(loadConfig({ TRANSIT: 'otp', OTP_URL: 'http://127.0.0.1:8082' }).providers.transit).toEqual({
      kind: 'otp',
      baseUrl: 'http://127.0.0.1:8082',
      deadlineMs: 8000,
    })
    expect(
      loadConfig({ TRANSIT: 'otp', OTP_URL: 'http://127.0.0.1:8082', ROUTING_DEADLINE_MS: '1500' }).providers.transit,
    ).toMatchObject({ deadlineMs: 1500 })
    expect(() => loadConfig({ TRANSIT: 'otp' })).toThrow(/OTP_URL: required with TRANSIT=otp/)
  })

  it('reads WEATHER_WARNINGS: none by default, the NWS and MeteoAlarm (with its countries) on request', () => {
    expect(loadConfig({}).providers.warnings).toEqual({ nws: null, meteoAlarm: null })
    expect(
      loadConfig({ WEATHER_WARNINGS: 'nws,meteoalarm', METEOALARM_COUNTRIES: 'germany,austria' }).providers.warnings,
    ).toEqual({
      nws: { baseUrl: 'https://api.weather.gov' },
      meteoAlarm: { baseUrl: 'https://feeds.meteoalarm.org', countries: ['germany', 'austria'] },
    })
    expect(() => loadConfig({ WEATHER_WARNINGS: 'meteoalarm' })).toThrow(/METEOALARM_COUNTRIES: required/)
    expect(() => loadConfig({ WEATHER_WARNINGS: 'dwd' })).toThrow(/WEATHER_WARNINGS/)
    expect(() => loadConfig({ WEATHER_WARNINGS: 'meteoalarm', METEOALARM_COUNTRIES: 'Germany' })).toThrow(
      /METEOALARM_COUNTRIES/,
    )
  })

  it('reads GEOCODER: the offline gazetteer by default on production, synthetic or Nominatim on request', () => {
    expect(loadConfig({}).providers.geocoder).toEqual({ kind: 'offline' })
    expect(loadConfig({ GEOCODER: 'synthetic' }).providers.geocoder).toEqual({ kind: 'synthetic' })
    expect(loadConfig({ GEOCODER: 'nominatim' }).providers.geocoder).toEqual({
      kind: 'nominatim',
      baseUrl: 'https://nominatim.openstreetmap.org',
    })
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GEOCODER/)
  })

  describe('push: Web Push with VAPID keys, else recorded', () => {
    const keys = webpush.generateVAPIDKeys()
    const vapid = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    }

    it('records pushes without VAPID keys', () => {
      expect(loadConfig({}).push).toEqual({ kind: 'recording' })
    })

    it('sends Web Push with all three set', () => {
      expect(loadConfig(vapid).push).toEqual({
        kind: 'web-push',
        vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:ops@example.com' },
      })
      expect(loadConfig({ ...vapid, VAPID_SUBJECT: 'https://example.com/contact' }).push.kind).toBe('web-push')
    })

    it.each([
      [{ VAPID_PUBLIC_KEY: keys.publicKey }, 'VAPID_PRIVATE_KEY'],
      [{ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }, 'VAPID_SUBJECT'],
      [{ ...vapid, VAPID_PUBLIC_KEY: 'not-a-key' }, 'VAPID_PUBLIC_KEY'],
      [{ ...vapid, VAPID_PRIVATE_KEY: keys.publicKey }, 'VAPID_PRIVATE_KEY'],
      [{ ...vapid, VAPID_SUBJECT: 'ops@example.com' }, 'VAPID_SUBJECT'],
      [{ ...vapid, VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT'],
    ])('refuses %j naming the variable', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(new RegExp(variable))
    })
  })
})

describe('SERVICE_BOOTSTRAP_KEYS: at least 128 bits of randomness in the secret part', () => {
  it.each([
    ['eight characters', 'sk_test_a1b2c3d4'],
    ['31 hexadecimal digits (124 bits)', `sk_live_${'0123456789abcdef'.repeat(2).slice(0, 31)}`],
    ['21 letters and digits (125 bits)', 'sk_test_Xk3pQ9zL2mN7vB4cR8tYw'.slice(0, 29)],
    [
      '40 digits (132 bits by length, but digits only carry 3.3 bits each: 38 digits = 126)',
      `sk_test_${'1234567890'.repeat(4).slice(0, 38)}`,
    ],
    ['one character repeated', `sk_live_${'a'.repeat(64)}`],
    ['one character dominating', `sk_live_${'a'.repeat(30)}${'0123456789abcdef'.repeat(2)}`],
  ])('refuses a key of %s at start, naming the variable and the rule', (_, key) => {
    expect(() => loadConfig({ SERVICE_BOOTSTRAP_KEYS: key })).toThrow(ConfigError)
    expect(() => loadConfig({ SERVICE_BOOTSTRAP_KEYS: key })).toThrow(/SERVICE_BOOTSTRAP_KEYS.*at least 128 bits/s)
  })

  it.each([
    ['32 hexadecimal digits (128 bits)', 'sk_test_94ee059335e587e501cc4bf90613e081'],
    ['22 letters and digits (130 bits)', 'sk_live_Xk3pQ9zL2mN7vB4cR8tYwA'],
    ['a generated key (48 hexadecimal digits)', 'sk_live_35e0d0360a0af6d115f9df30e1b00b5b35e0d0360a0af6d1'],
  ])('accepts a key of %s', (_, key) => {
    expect(loadConfig({ SERVICE_BOOTSTRAP_KEYS: key }).bootstrapKeys).toEqual([key])
  })
})
