import { Schema } from 'effect'
import { parseTokenKey } from '../adapters/token-cipher/aes-gcm/aes-gcm-token-cipher.js'
import { decodeRequest } from '../contracts/validation.js'
import { estimatedSecretBits, MIN_SECRET_BITS } from '../core/account/api-key.js'
import { normalizeAllowlist } from '../core/account/ip-allowlist.js'
import { DEFAULT_REQUEST_LOG_MAX_ROWS } from '../core/request-log/request-log-entry.js'
import { isLoopbackAddress } from '../core/shared/special-purpose-addresses.js'

const Port = Schema.String.check(
  Schema.makeFilter((value: string) =>
    /^\d+$/.test(value) && Number(value) <= 65535 ? undefined : 'expected a TCP port number (0 to 65535)',
  ),
)
const PositiveInt = Schema.String.check(
  Schema.makeFilter((value: string) => (/^[1-9]\d*$/.test(value) ? undefined : 'expected a positive integer')),
)
const Flag = Schema.Literals(['true', 'false', '1', '0'])
const Url = Schema.String.check(
  Schema.makeFilter((value: string) => (URL.canParse(value) ? undefined : 'expected an absolute URL')),
)

const MailAddress = Schema.String.check(
  Schema.makeFilter((value: string) =>
    /^[^\s@<>]+@[^\s@<>]+$/.test(value) ? undefined : 'expected an e-mail address such as invitations@example.com',
  ),
)

/** Every 5 s each host re-checks the authority of its open voice connections (docs/voice.md, "Revocation"). */
export const DEFAULT_VOICE_SESSION_CHECK_MS = 5_000

/** Connections one client address may hold at once by default (at most `HTTP_MAX_CONNECTIONS`). */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 100

/** The environment variables the service reads, all optional (embedded defaults). */
const Environment = Schema.Struct({
  HOST: Schema.optionalKey(Schema.String),
  SANDBOX_LOOPBACK_TARGETS: Schema.optionalKey(Flag),
  PORT: Schema.optionalKey(Port),
  SANDBOX_PORT: Schema.optionalKey(Port),
  METRICS_PORT: Schema.optionalKey(Port),
  PUBLIC_BASE_URL: Schema.optionalKey(Url),
  SANDBOX_PUBLIC_BASE_URL: Schema.optionalKey(Url),
  SERVICE_BOOTSTRAP_KEYS: Schema.optionalKey(Schema.String),
  DATA_DIR: Schema.optionalKey(Schema.String),
  DASHBOARD_ASSETS_DIR: Schema.optionalKey(Schema.String),
  REQUEST_LOG_RETENTION_DAYS: Schema.optionalKey(PositiveInt),
  REQUEST_LOG_MAX_ROWS: Schema.optionalKey(PositiveInt),
  STORAGE: Schema.optionalKey(Schema.Literals(['memory', 'sqlite', 'mongodb'])),
  MONGODB_URI: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^mongodb(\+srv)?:\/\/\S+$/.test(value)
          ? undefined
          : 'expected a MongoDB connection string (mongodb://... or mongodb+srv://...)',
      ),
    ),
  ),
  // The prefix of three database names (`_platform`, `_live`, `_test`), which MongoDB limits to 64 bytes.
  MONGODB_DB: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^[A-Za-z0-9_-]{1,54}$/.test(value)
          ? undefined
          : 'expected 1 to 54 letters, digits, _ or - (the prefix of the database names)',
      ),
    ),
  ),
  WORKER: Schema.optionalKey(Flag),
  JOB_LOCK_MS: Schema.optionalKey(PositiveInt),
  RATE_LIMIT_REQUESTS: Schema.optionalKey(PositiveInt),
  RATE_LIMIT_WINDOW_MS: Schema.optionalKey(PositiveInt),
  RATE_LIMIT_CONCURRENCY: Schema.optionalKey(PositiveInt),
  TRUST_PROXY: Schema.optionalKey(Schema.String),
  HTTP_HEADERS_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  HTTP_REQUEST_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  HTTP_MAX_CONNECTIONS: Schema.optionalKey(PositiveInt),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: Schema.optionalKey(PositiveInt),
  ROUTING: Schema.optionalKey(Schema.Literals(['offline', 'osrm', 'tomtom', 'here'])),
  OSRM_URL: Schema.optionalKey(Url),
  TOMTOM_API_KEY: Schema.optionalKey(Schema.String),
  TOMTOM_URL: Schema.optionalKey(Url),
  HERE_API_KEY: Schema.optionalKey(Schema.String),
  HERE_URL: Schema.optionalKey(Url),
  ROUTING_LIVE_HORIZON_MIN: Schema.optionalKey(PositiveInt),
  ROUTING_LIVE_CALLS_PER_MINUTE: Schema.optionalKey(PositiveInt),
  OSRM_CALLS_PER_MINUTE: Schema.optionalKey(PositiveInt),
  ROUTING_CACHE_CELL_M: Schema.optionalKey(PositiveInt),
  ROUTING_CACHE_BUCKET_MIN: Schema.optionalKey(PositiveInt),
  ROUTING_DEADLINE_MS: Schema.optionalKey(PositiveInt),
  TRANSIT: Schema.optionalKey(Schema.Literals(['offline', 'otp'])),
  OTP_URL: Schema.optionalKey(Url),
  WEATHER: Schema.optionalKey(Schema.Literals(['offline', 'open-meteo'])),
  OPEN_METEO_URL: Schema.optionalKey(Url),
  WEATHER_WARNINGS: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        value.split(',').every((name) => ['nws', 'meteoalarm', 'none'].includes(name.trim()))
          ? undefined
          : 'expected a comma-separated list of nws and meteoalarm (or none)',
      ),
    ),
  ),
  NWS_URL: Schema.optionalKey(Url),
  METEOALARM_URL: Schema.optionalKey(Url),
  METEOALARM_COUNTRIES: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^[a-z-]+(,[a-z-]+)*$/.test(value)
          ? undefined
          : 'expected MeteoAlarm feed names, comma-separated (germany,austria,united-kingdom)',
      ),
    ),
  ),
  GEOCODER: Schema.optionalKey(Schema.Literals(['offline', 'synthetic', 'nominatim'])),
  NOMINATIM_URL: Schema.optionalKey(Url),
  PROVIDER_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  WEBHOOK_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  WEBHOOK_LEASE_MS: Schema.optionalKey(PositiveInt),
  WEBHOOK_CONCURRENCY: Schema.optionalKey(PositiveInt),
  WEBHOOK_ENDPOINT_CONCURRENCY: Schema.optionalKey(PositiveInt),
  VAPID_PUBLIC_KEY: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^B[A-Za-z0-9_-]{86}=*$/.test(value)
          ? undefined
          : 'expected a base64url P-256 public key (87 characters starting with B), as `npx web-push generate-vapid-keys` prints',
      ),
    ),
  ),
  VAPID_PRIVATE_KEY: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^[A-Za-z0-9_-]{43}=*$/.test(value)
          ? undefined
          : 'expected a base64url P-256 private key (43 characters), as `npx web-push generate-vapid-keys` prints',
      ),
    ),
  ),
  VAPID_SUBJECT: Schema.optionalKey(
    Schema.String.check(
      Schema.makeFilter((value: string) =>
        /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value) ? undefined : 'expected a mailto: address or an https: URL',
      ),
    ),
  ),
  SMTP_HOST: Schema.optionalKey(Schema.String),
  SMTP_PORT: Schema.optionalKey(Port),
  SMTP_TLS: Schema.optionalKey(Schema.Literals(['starttls', 'tls', 'none'])),
  SMTP_USER: Schema.optionalKey(Schema.String),
  SMTP_PASSWORD: Schema.optionalKey(Schema.String),
  SMTP_TLS_REJECT_UNAUTHORIZED: Schema.optionalKey(Flag),
  SMTP_TIMEOUT_MS: Schema.optionalKey(PositiveInt),
  MAIL_FROM: Schema.optionalKey(MailAddress),
  MAIL_FROM_NAME: Schema.optionalKey(Schema.String),
  MAIL_INBOUND_SECRET: Schema.optionalKey(Schema.String),
  CONNECTION_TOKEN_KEY: Schema.optionalKey(Schema.String),
  OAUTH_SIGNING_KEY: Schema.optionalKey(Schema.String),
  VOICE_REALTIME_URL: Schema.optionalKey(Url),
  VOICE_REALTIME_API_KEY: Schema.optionalKey(Schema.String),
  VOICE_REALTIME_MODEL: Schema.optionalKey(Schema.String),
  VOICE_MESSAGES_PER_SECOND: Schema.optionalKey(PositiveInt),
  VOICE_SESSION_CHECK_MS: Schema.optionalKey(PositiveInt),
  GOOGLE_CLIENT_ID: Schema.optionalKey(Schema.String),
  GOOGLE_CLIENT_SECRET: Schema.optionalKey(Schema.String),
  GOOGLE_ACCOUNTS_URL: Schema.optionalKey(Url),
  GOOGLE_OAUTH_URL: Schema.optionalKey(Url),
  GOOGLE_API_URL: Schema.optionalKey(Url),
  ICLOUD_CALDAV_URL: Schema.optionalKey(Url),
  MICROSOFT_CLIENT_ID: Schema.optionalKey(Schema.String),
  MICROSOFT_CLIENT_SECRET: Schema.optionalKey(Schema.String),
  MICROSOFT_AUTHORITY_URL: Schema.optionalKey(Url),
  MICROSOFT_GRAPH_URL: Schema.optionalKey(Url),
  LOG_LEVEL: Schema.optionalKey(Schema.Literals(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
})

export interface Config {
  readonly host: string
  /**
   * Whether sandbox webhook and push endpoints may target loopback (a receiver on the developer's machine). Off on a
   * shared deployment: any test key could otherwise reach the services on the operator's loopback.
   */
  readonly sandboxLoopbackTargets: boolean
  readonly port: number
  readonly sandboxPort: number
  readonly publicBaseUrl: string
  readonly sandboxPublicBaseUrl: string
  readonly bootstrapKeys: readonly string[]
  /** Where the embedded storage keeps its files (the SQLite databases; accounts and keys with `STORAGE=memory`). */
  readonly dataDir: string
  /** Where the dashboard's built UI is (`npm run build` writes `dist/dashboard`); null: that default. */
  readonly dashboardAssetsDir: string | null
  /** How long the dashboard's request logs are kept (`REQUEST_LOG_RETENTION_DAYS`, default 30). */
  readonly requestLogRetentionDays: number
  /** Request-log entries kept per account and surface (`REQUEST_LOG_MAX_ROWS`, default 1,000,000); the oldest go. */
  readonly requestLogMaxRows: number
  /**
   * Which storage family holds the records: `sqlite` (the embedded default, files in `dataDir`), `mongodb` (with
   * `MONGODB_URI`, the default then), or `memory` (tests and demos: gone on restart but for accounts and keys).
   */
  readonly storage: 'memory' | 'sqlite' | 'mongodb'
  /** Set exactly when `storage` is `mongodb`. */
  readonly mongodb: { readonly uri: string; readonly database: string } | null
  /** Whether this API host also runs the background jobs. */
  readonly runWorker: boolean
  /**
   * Background jobs on MongoDB (Agenda): how long a node's claim on a job lasts without renewal, i.e. how soon
   * another node takes over the jobs of a node that died.
   */
  readonly jobs: { readonly lockLifetimeMs: number }
  readonly rateLimit: { readonly requestsPerWindow: number; readonly windowMs: number; readonly concurrency: number }
  /**
   * The proxies (addresses and CIDR ranges) whose `X-Forwarded-For` is believed for
   * the client's address (IP allowlists, per-address limits); empty: the socket's address.
   */
  readonly trustProxy: readonly string[]
  /**
   * Each surface's HTTP server: how long a client has to send its request line and headers, and its whole request
   * (both counted from its first byte, or from the connection while it sends nothing), how long an idle keep-alive
   * connection stays open, how many connections it holds at once, and how many of them one client address may
   * hold (counted by socket address; trusted proxies are not limited).
   */
  readonly http: {
    readonly headersTimeoutMs: number
    readonly requestTimeoutMs: number
    readonly keepAliveTimeoutMs: number
    readonly maxConnections: number
    readonly maxConnectionsPerAddress: number
  }
  readonly logLevel: string
  /**
   * Prometheus metrics at `GET /metrics` on a listener of their own (on `HOST`), never on the API surfaces: the
   * figures are the whole process's, across accounts. Null: not served (the figures are still kept).
   */
  readonly metrics: { readonly port: number } | null
  /**
   * Calendar connections: the AES-256-GCM key sealing provider tokens at rest (null: generated once per data
   * directory, or a random one per process for the tests' ephemeral storage; required with MongoDB).
   */
  /** Connect OAuth: the HS256 key signing access tokens (null: generated once per data directory). */
  readonly oauthSigningKey: Uint8Array | null
  /** Voice: the realtime model the `realtime_relay` sessions relay to (null: only the embedded text channel). */
  readonly voice: {
    /** Messages a session may send per second (burst: twice as many). */
    readonly messagesPerSecond: number
    /**
     * How often each host checks that its open voice connections still hold their authority (key, permissions,
     * accounts, user): a revocation closes an idle connection within this (plus the 1 s of the key lookup cache).
     */
    readonly sessionCheckMs: number
    readonly realtime: { readonly url: string; readonly apiKey: string; readonly model: string } | null
  }
  readonly connections: {
    readonly tokenKey: Uint8Array | null
    /** Google Calendar on production (null: not offered there). */
    readonly google: {
      readonly clientId: string
      readonly clientSecret: string
      readonly accountsUrl: string
      readonly oauthUrl: string
      readonly apiUrl: string
    } | null
    /** iCloud (beta) on production through CalDAV at this server (null: not offered there). */
    readonly icloud: { readonly caldavUrl: string } | null
    /** Microsoft Graph on production (null: not offered there). */
    readonly microsoft: {
      readonly clientId: string
      readonly clientSecret: string
      readonly authorityUrl: string
      readonly graphUrl: string
    } | null
  }
  /**
   * Outbound webhook delivery: receiver timeout, how long an attempt holds its delivery (the lease: a dead
   * worker's attempt is retried after it), and attempts in flight (overall, per endpoint).
   */
  readonly webhooks: {
    readonly timeoutMs: number
    readonly leaseMs: number
    readonly concurrency: number
    readonly perEndpointConcurrency: number
  }
  /** Invitation e-mail: SMTP on production when `SMTP_HOST` is set, else the embedded in-memory mailbox (the sandbox always). */
  readonly mail: {
    readonly smtp: {
      readonly host: string
      readonly port: number
      readonly security: 'tls' | 'starttls' | 'none'
      readonly auth: { readonly user: string; readonly pass: string } | null
      readonly allowInvalidCertificates: boolean
      readonly timeoutMs: number
    } | null
    readonly from: { readonly address: string; readonly name: string | null }
    /** HMAC secret of the signed inbound endpoint for the provider's delivery and bounce notices; null disables it. */
    readonly inboundSecret: string | null
  }
  /** Where departure data comes from on production (the sandbox always uses the embedded estimators). */
  readonly providers: {
    readonly routing: RoutingConfig
    /** Transit through an OpenTripPlanner 2 server (production); null: the offline estimate, as the road router says. */
    readonly transit: { readonly kind: 'otp'; readonly baseUrl: string; readonly deadlineMs: number } | null
    readonly weather: { readonly kind: 'offline' } | { readonly kind: 'open-meteo'; readonly baseUrl: string }
    /** Official warning services asked beside the forecast (production only); none by default. */
    readonly warnings: {
      readonly nws: { readonly baseUrl: string } | null
      readonly meteoAlarm: { readonly baseUrl: string; readonly countries: readonly string[] } | null
    }
    readonly geocoder:
      | { readonly kind: 'offline' }
      | { readonly kind: 'synthetic' }
      | { readonly kind: 'nominatim'; readonly baseUrl: string }
    readonly timeoutMs: number
    readonly userAgent: string
  }
  /** Production pushes through Web Push when VAPID keys are set; otherwise (and always on the sandbox) pushes are recorded. */
  readonly push:
    | { readonly kind: 'recording' }
    | {
        readonly kind: 'web-push'
        readonly vapid: { readonly publicKey: string; readonly privateKey: string; readonly subject: string }
      }
}

/**
 * Production routing: the offline estimator, OSRM alone (typical traffic), or a live-traffic provider at the head of
 * a chain (live, then OSRM when `OSRM_URL` is set, then the offline estimate) with per-minute budgets and a cache of
 * identical lookups across users.
 */
export type RoutingConfig =
  | { readonly kind: 'offline' }
  | {
      /** OSRM heads a chain down to the offline estimate: typical traffic, then the estimate. */
      readonly kind: 'osrm'
      readonly baseUrl: string
      readonly callsPerMinute: number
      readonly cache: { readonly cellMeters: number; readonly bucketMinutes: number }
      readonly deadlineMs: number
    }
  | {
      readonly kind: 'live'
      readonly provider: 'tomtom' | 'here'
      readonly baseUrl: string
      readonly apiKey: string
      readonly liveHorizonMinutes: number
      readonly callsPerMinute: number
      /** The historical step of the chain; null when no OSRM is configured (live, then offline). */
      readonly osrm: { readonly baseUrl: string; readonly callsPerMinute: number } | null
      readonly cache: { readonly cellMeters: number; readonly bucketMinutes: number }
      /** The whole chain answers within this, else the offline estimate does. */
      readonly deadlineMs: number
    }

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable}: ${detail}`)
  }
}

/** Parses the environment once at start; a bad value stops the start with a message naming the variable. */
export const loadConfig = (env: Record<string, string | undefined>): Config => {
  const known = Object.fromEntries(
    Object.keys(Environment.fields)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  )
  const decoded = decodeRequest(Environment, known)
  if (!decoded.ok)
    throw new ConfigError(
      decoded.problem.param ?? 'environment',
      decoded.problem.message.replace(/^Invalid [^:]+: /, ''),
    )
  const vars = decoded.value
  const host = vars.HOST ?? '127.0.0.1'
  // By default only a service bound to loopback itself, i.e. one running for its developer alone.
  const sandboxLoopbackTargets =
    vars.SANDBOX_LOOPBACK_TARGETS === undefined
      ? host === 'localhost' || isLoopbackAddress(host)
      : vars.SANDBOX_LOOPBACK_TARGETS === 'true' || vars.SANDBOX_LOOPBACK_TARGETS === '1'
  const port = Number(vars.PORT ?? 8080)
  const sandboxPort = Number(vars.SANDBOX_PORT ?? 8081)
  const bootstrapKeys = (vars.SERVICE_BOOTSTRAP_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
  for (const key of bootstrapKeys) {
    if (!/^sk_(test|live)_[A-Za-z0-9]+$/.test(key))
      throw new ConfigError(
        'SERVICE_BOOTSTRAP_KEYS',
        `"${key.slice(0, 12)}..." is not a secret key (sk_test_... or sk_live_..., letters and digits after the prefix)`,
      )
    const bits = estimatedSecretBits(key.slice('sk_test_'.length))
    if (bits < MIN_SECRET_BITS)
      throw new ConfigError(
        'SERVICE_BOOTSTRAP_KEYS',
        `"${key.slice(0, 12)}..." is too weak: its secret part carries about ${bits} bits of randomness, at least ${MIN_SECRET_BITS} bits are required (32 random hexadecimal digits, or 22 random letters and digits; \`openssl rand -hex 24\` after the prefix)`,
      )
  }
  const proxies = (vars.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry !== 'false')
  const trusted = normalizeAllowlist(proxies, 'TRUST_PROXY')
  if (!trusted.ok)
    throw new ConfigError(
      'TRUST_PROXY',
      `${trusted.error.message} List the proxies' addresses or CIDR ranges, comma-separated (never every address: X-Forwarded-For is forgeable).`,
    )
  const trustProxy = trusted.value
  const vapidNames = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const
  const missing = vapidNames.find((name) => vars[name] === undefined)
  if (missing !== undefined && vapidNames.some((name) => vars[name] !== undefined)) {
    throw new ConfigError(
      missing,
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together (or none, to record pushes instead of sending them)',
    )
  }
  if ((vars.SMTP_USER === undefined) !== (vars.SMTP_PASSWORD === undefined)) {
    throw new ConfigError(
      vars.SMTP_USER === undefined ? 'SMTP_USER' : 'SMTP_PASSWORD',
      'set SMTP_USER and SMTP_PASSWORD together (or neither)',
    )
  }
  if (vars.MAIL_INBOUND_SECRET !== undefined && vars.MAIL_INBOUND_SECRET.length < 16)
    throw new ConfigError('MAIL_INBOUND_SECRET', 'use at least 16 characters')
  const smtpSecurity = vars.SMTP_TLS ?? 'starttls'
  let tokenKey: Uint8Array | null = null
  if (vars.CONNECTION_TOKEN_KEY !== undefined) {
    tokenKey = parseTokenKey(vars.CONNECTION_TOKEN_KEY)
    if (tokenKey === null)
      throw new ConfigError(
        'CONNECTION_TOKEN_KEY',
        'expected a 32-byte key: 64 hex digits or 44 base64 characters (openssl rand -base64 32)',
      )
  } else if (vars.MONGODB_URI !== undefined && (vars.STORAGE ?? 'mongodb') === 'mongodb')
    // A key per process would leave every provider token stored in MongoDB unreadable after a restart, and on other hosts.
    throw new ConfigError(
      'CONNECTION_TOKEN_KEY',
      "required with MONGODB_URI: the key sealing calendar providers' tokens at rest must be the same on every host and after every restart. Generate one (openssl rand -base64 32), keep it in your secret store, and set it on every host",
    )
  let oauthSigningKey: Uint8Array | null = null
  if (vars.OAUTH_SIGNING_KEY !== undefined) {
    oauthSigningKey = parseTokenKey(vars.OAUTH_SIGNING_KEY)
    if (oauthSigningKey === null)
      throw new ConfigError(
        'OAUTH_SIGNING_KEY',
        'expected a 32-byte key: 64 hex digits or 44 base64 characters (openssl rand -base64 32)',
      )
  }
  if ((vars.VOICE_REALTIME_URL === undefined) !== (vars.VOICE_REALTIME_API_KEY === undefined))
    throw new ConfigError(
      vars.VOICE_REALTIME_URL === undefined ? 'VOICE_REALTIME_URL' : 'VOICE_REALTIME_API_KEY',
      'set VOICE_REALTIME_URL and VOICE_REALTIME_API_KEY together (or neither)',
    )
  if ((vars.GOOGLE_CLIENT_ID === undefined) !== (vars.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      vars.GOOGLE_CLIENT_ID === undefined ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET',
      'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together',
    )
  }
  const google =
    vars.GOOGLE_CLIENT_ID === undefined || vars.GOOGLE_CLIENT_SECRET === undefined
      ? null
      : {
          clientId: vars.GOOGLE_CLIENT_ID,
          clientSecret: vars.GOOGLE_CLIENT_SECRET,
          accountsUrl: vars.GOOGLE_ACCOUNTS_URL ?? 'https://accounts.google.com',
          oauthUrl: vars.GOOGLE_OAUTH_URL ?? 'https://oauth2.googleapis.com',
          apiUrl: vars.GOOGLE_API_URL ?? 'https://www.googleapis.com',
        }
  if ((vars.MICROSOFT_CLIENT_ID === undefined) !== (vars.MICROSOFT_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      vars.MICROSOFT_CLIENT_ID === undefined ? 'MICROSOFT_CLIENT_ID' : 'MICROSOFT_CLIENT_SECRET',
      'set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET together',
    )
  }
  const microsoft =
    vars.MICROSOFT_CLIENT_ID === undefined || vars.MICROSOFT_CLIENT_SECRET === undefined
      ? null
      : {
          clientId: vars.MICROSOFT_CLIENT_ID,
          clientSecret: vars.MICROSOFT_CLIENT_SECRET,
          authorityUrl: (vars.MICROSOFT_AUTHORITY_URL ?? 'https://login.microsoftonline.com/common').replace(/\/$/, ''),
          graphUrl: vars.MICROSOFT_GRAPH_URL ?? 'https://graph.microsoft.com',
        }
  const webhookTimeoutMs = Number(vars.WEBHOOK_TIMEOUT_MS ?? 10_000)
  const webhookLeaseMs = Number(vars.WEBHOOK_LEASE_MS ?? webhookTimeoutMs + 30_000)
  // A lease shorter than the attempt would let a second worker attempt the same delivery while the first still waits.
  if (webhookLeaseMs <= webhookTimeoutMs)
    throw new ConfigError(
      'WEBHOOK_LEASE_MS',
      `must be longer than WEBHOOK_TIMEOUT_MS (${webhookTimeoutMs} ms), so that an attempt ends before its lease does`,
    )
  const storage = vars.STORAGE ?? (vars.MONGODB_URI === undefined ? 'sqlite' : 'mongodb')
  if (storage === 'mongodb' && vars.MONGODB_URI === undefined)
    throw new ConfigError('STORAGE', 'is mongodb: set MONGODB_URI to the connection string of the replica set')
  const headersTimeoutMs = Number(vars.HTTP_HEADERS_TIMEOUT_MS ?? 10_000)
  const requestTimeoutMs = Number(vars.HTTP_REQUEST_TIMEOUT_MS ?? 30_000)
  // Node refuses a headers timeout longer than the request timeout (the headers are part of the request).
  if (headersTimeoutMs > requestTimeoutMs)
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT_MS',
      `must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs} ms): the headers are part of the request`,
    )
  const maxConnections = Number(vars.HTTP_MAX_CONNECTIONS ?? 1000)
  // A tenth of the default cap: a platform's backend behind one egress address keeps a pool of connections, and
  // ten such clients at their limit still leave the cap for the rest.
  const maxConnectionsPerAddress = Number(
    vars.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? Math.min(DEFAULT_CONNECTIONS_PER_ADDRESS, maxConnections),
  )
  if (maxConnectionsPerAddress > maxConnections)
    throw new ConfigError(
      'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
      `must not exceed HTTP_MAX_CONNECTIONS (${maxConnections}): one address could otherwise hold every connection`,
    )
  return {
    host,
    sandboxLoopbackTargets,
    port,
    sandboxPort,
    publicBaseUrl: vars.PUBLIC_BASE_URL ?? `http://${host}:${port}`,
    sandboxPublicBaseUrl: vars.SANDBOX_PUBLIC_BASE_URL ?? `http://${host}:${sandboxPort}`,
    bootstrapKeys,
    dataDir: vars.DATA_DIR ?? '.data',
    dashboardAssetsDir: vars.DASHBOARD_ASSETS_DIR ?? null,
    requestLogRetentionDays: Number(vars.REQUEST_LOG_RETENTION_DAYS ?? 30),
    requestLogMaxRows: Number(vars.REQUEST_LOG_MAX_ROWS ?? DEFAULT_REQUEST_LOG_MAX_ROWS),
    storage,
    mongodb:
      storage !== 'mongodb' || vars.MONGODB_URI === undefined
        ? null
        : { uri: vars.MONGODB_URI, database: vars.MONGODB_DB ?? 'departure_service' },
    runWorker: vars.WORKER === undefined ? true : vars.WORKER === 'true' || vars.WORKER === '1',
    jobs: { lockLifetimeMs: Number(vars.JOB_LOCK_MS ?? 30_000) },
    rateLimit: {
      requestsPerWindow: Number(vars.RATE_LIMIT_REQUESTS ?? 100),
      windowMs: Number(vars.RATE_LIMIT_WINDOW_MS ?? 1000),
      concurrency: Number(vars.RATE_LIMIT_CONCURRENCY ?? 5),
    },
    trustProxy,
    http: {
      headersTimeoutMs,
      requestTimeoutMs,
      keepAliveTimeoutMs: Number(vars.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 5000),
      maxConnections,
      maxConnectionsPerAddress,
    },
    logLevel: vars.LOG_LEVEL ?? 'info',
    metrics: vars.METRICS_PORT === undefined ? null : { port: Number(vars.METRICS_PORT) },
    oauthSigningKey,
    voice: {
      messagesPerSecond: Number(vars.VOICE_MESSAGES_PER_SECOND ?? 20),
      sessionCheckMs: Number(vars.VOICE_SESSION_CHECK_MS ?? DEFAULT_VOICE_SESSION_CHECK_MS),
      realtime:
        vars.VOICE_REALTIME_URL === undefined || vars.VOICE_REALTIME_API_KEY === undefined
          ? null
          : {
              url: vars.VOICE_REALTIME_URL,
              apiKey: vars.VOICE_REALTIME_API_KEY,
              model: vars.VOICE_REALTIME_MODEL ?? 'gpt-realtime',
            },
    },
    connections: {
      tokenKey,
      google,
      microsoft,
      icloud: vars.ICLOUD_CALDAV_URL === undefined ? null : { caldavUrl: vars.ICLOUD_CALDAV_URL },
    },
    webhooks: {
      timeoutMs: webhookTimeoutMs,
      leaseMs: webhookLeaseMs,
      concurrency: Number(vars.WEBHOOK_CONCURRENCY ?? 64),
      perEndpointConcurrency: Number(vars.WEBHOOK_ENDPOINT_CONCURRENCY ?? 8),
    },
    mail: {
      smtp:
        vars.SMTP_HOST === undefined
          ? null
          : {
              host: vars.SMTP_HOST,
              port: Number(vars.SMTP_PORT ?? (smtpSecurity === 'tls' ? 465 : 587)),
              security: smtpSecurity,
              auth:
                vars.SMTP_USER === undefined || vars.SMTP_PASSWORD === undefined
                  ? null
                  : { user: vars.SMTP_USER, pass: vars.SMTP_PASSWORD },
              allowInvalidCertificates:
                vars.SMTP_TLS_REJECT_UNAUTHORIZED === 'false' || vars.SMTP_TLS_REJECT_UNAUTHORIZED === '0',
              timeoutMs: Number(vars.SMTP_TIMEOUT_MS ?? 10_000),
            },
      from: { address: vars.MAIL_FROM ?? 'invitations@localhost', name: vars.MAIL_FROM_NAME ?? 'Invitations' },
      inboundSecret: vars.MAIL_INBOUND_SECRET ?? null,
    },
    providers: {
      routing: routingConfig(vars),
      transit: transitConfig(vars),
      weather:
        vars.WEATHER === 'open-meteo'
          ? { kind: 'open-meteo', baseUrl: vars.OPEN_METEO_URL ?? 'https://api.open-meteo.com' }
          : { kind: 'offline' },
      warnings: warningsConfig(vars),
      geocoder:
        vars.GEOCODER === 'nominatim'
          ? { kind: 'nominatim', baseUrl: vars.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org' }
          : vars.GEOCODER === 'synthetic'
            ? { kind: 'synthetic' }
            : { kind: 'offline' },
      timeoutMs: Number(vars.PROVIDER_TIMEOUT_MS ?? 5000),
      userAgent: 'departure-service/0.1',
    },
    push:
      vars.VAPID_PUBLIC_KEY !== undefined && vars.VAPID_PRIVATE_KEY !== undefined && vars.VAPID_SUBJECT !== undefined
        ? {
            kind: 'web-push',
            vapid: {
              publicKey: vars.VAPID_PUBLIC_KEY,
              privateKey: vars.VAPID_PRIVATE_KEY,
              subject: vars.VAPID_SUBJECT,
            },
          }
        : { kind: 'recording' },
  }
}

const transitConfig = (vars: typeof Environment.Type): Config['providers']['transit'] => {
  if (vars.TRANSIT !== 'otp') return null
  if (vars.OTP_URL === undefined) {
    throw new ConfigError('OTP_URL', 'required with TRANSIT=otp (the OpenTripPlanner 2 server, e.g. http://otp:8080)')
  }
  return { kind: 'otp', baseUrl: vars.OTP_URL, deadlineMs: routingDeadlineMs(vars) }
}

const routingConfig = (vars: typeof Environment.Type): RoutingConfig => {
  if (vars.ROUTING === 'osrm')
    return {
      kind: 'osrm',
      baseUrl: vars.OSRM_URL ?? 'https://router.project-osrm.org',
      callsPerMinute: Number(vars.OSRM_CALLS_PER_MINUTE ?? 600),
      cache: routingCacheCells(vars),
      deadlineMs: routingDeadlineMs(vars),
    }
  if (vars.ROUTING !== 'tomtom' && vars.ROUTING !== 'here') return { kind: 'offline' }
  const provider = vars.ROUTING
  const keyName = provider === 'tomtom' ? 'TOMTOM_API_KEY' : 'HERE_API_KEY'
  const apiKey = vars[keyName]
  if (apiKey === undefined) throw new ConfigError(keyName, `required with ROUTING=${provider} (the provider's API key)`)
  return {
    kind: 'live',
    provider,
    baseUrl:
      provider === 'tomtom'
        ? (vars.TOMTOM_URL ?? 'https://api.tomtom.com')
        : (vars.HERE_URL ?? 'https://router.hereapi.com'),
    apiKey,
    liveHorizonMinutes: Number(vars.ROUTING_LIVE_HORIZON_MIN ?? 180),
    callsPerMinute: Number(vars.ROUTING_LIVE_CALLS_PER_MINUTE ?? 300),
    osrm:
      vars.OSRM_URL === undefined
        ? null
        : { baseUrl: vars.OSRM_URL, callsPerMinute: Number(vars.OSRM_CALLS_PER_MINUTE ?? 600) },
    cache: routingCacheCells(vars),
    deadlineMs: routingDeadlineMs(vars),
  }
}

const routingCacheCells = (vars: typeof Environment.Type) => ({
  cellMeters: Number(vars.ROUTING_CACHE_CELL_M ?? 250),
  bucketMinutes: Number(vars.ROUTING_CACHE_BUCKET_MIN ?? 5),
})

/** Every routing lookup that asks a provider over the network answers within it (chains and OTP alike). */
const routingDeadlineMs = (vars: typeof Environment.Type): number => Number(vars.ROUTING_DEADLINE_MS ?? 8000)

const warningsConfig = (vars: typeof Environment.Type): Config['providers']['warnings'] => {
  const names = new Set((vars.WEATHER_WARNINGS ?? '').split(',').map((name) => name.trim()))
  if (names.has('meteoalarm') && vars.METEOALARM_COUNTRIES === undefined) {
    throw new ConfigError(
      'METEOALARM_COUNTRIES',
      'required with WEATHER_WARNINGS=meteoalarm: the feeds to read, e.g. germany,austria',
    )
  }
  return {
    nws: names.has('nws') ? { baseUrl: vars.NWS_URL ?? 'https://api.weather.gov' } : null,
    meteoAlarm:
      names.has('meteoalarm') && vars.METEOALARM_COUNTRIES !== undefined
        ? {
            baseUrl: vars.METEOALARM_URL ?? 'https://feeds.meteoalarm.org',
            countries: vars.METEOALARM_COUNTRIES.split(','),
          }
        : null,
  }
}

/** For process entry points: the configuration, or exit 2 with the message naming the bad variable. */
export const loadConfigOrExit = (env: Record<string, string | undefined>): Config => {
  try {
    return loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(2)
  }
}
