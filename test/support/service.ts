import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Clock } from '../../core/ports/clock.js'
import type { CompositionOverrides } from '../../hosts/composition-root.js'
import { loadConfig } from '../../hosts/config.js'
import { type RunningService, startService } from '../../hosts/server.js'
import { startMongoForTests } from './mongo-peer/index.js'
import { assertDescribed } from './openapi-validator.js'

export const TEST_KEY = 'sk_test_94ee059335e587e501cc4bf90613e081TEST'
export const LIVE_KEY = 'sk_live_35e0d0360a0af6d115f9df30e1b00b5bLIVE'
/** The CONNECTION_TOKEN_KEY of test services on MongoDB (which refuse to start without one). */
export const TEST_CONNECTION_TOKEN_KEY = '4f1d7a9e0c3b5d8f2a6e1c4b7d0f3a5e8c1b4d7f0a3e6c9b2d5f8a1c4e7b0d3f'

export interface TestService {
  readonly service: RunningService
  readonly live: string
  readonly sandbox: string
  stop(): Promise<void>
}

/**
 * Where the storage of every test service lives: in memory by default; with `TEST_STORAGE=mongodb` a MongoDB
 * of its own (a test peer, or MONGODB_URI_TEST) and a fresh database, and with `TEST_STORAGE=sqlite` SQLite
 * files in a fresh directory, so that the HTTP suites run unchanged on either.
 */
const storageForTests = async (): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> => {
  if (process.env.TEST_STORAGE === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'test-service-'))
    return {
      env: { STORAGE: 'sqlite', DATA_DIR: dataDir },
      stop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  if (process.env.TEST_STORAGE !== 'mongodb') return { env: { STORAGE: 'memory' }, stop: async () => {} }
  const mongo = await startMongoForTests()
  return {
    env: {
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `http_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      CONNECTION_TOKEN_KEY: TEST_CONNECTION_TOKEN_KEY,
    },
    stop: () => mongo.stop(),
  }
}

/** Starts the real service on loopback, ephemeral ports, bootstrap keys, storage in memory (or MongoDB, SQLite: see above). */
export const startTestService = async (
  env: Record<string, string> = {},
  clock?: Clock,
  overrides: Pick<CompositionOverrides, 'logger' | 'metrics' | 'departureProviders'> = {},
): Promise<TestService> => {
  // A test that names its storage (a MongoDB of its own, STORAGE) keeps it.
  const storage =
    env.MONGODB_URI !== undefined || env.STORAGE !== undefined
      ? { env: {}, stop: async () => {} }
      : await storageForTests()
  const config = loadConfig({
    ...storage.env,
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY}`,
    ...env,
  })
  const service = await startService(config, {
    ephemeralAccounts: true,
    verifySerializers: true,
    ...(clock === undefined ? {} : { clock }),
    ...overrides,
  }).catch(async (error: unknown) => {
    await storage.stop()
    throw error
  })
  const stop = async () => {
    await service.stop()
    await storage.stop()
  }
  return { service, live: service.liveUrl, sandbox: service.sandboxUrl, stop }
}

/** A response's JSON as the tests read it: they reach into it freely and their assertions check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: untyped wire JSON on purpose; the assertions are its type check
export type ResponseJson = any

export interface ApiResponse {
  readonly status: number
  readonly headers: Headers
  readonly body: ResponseJson
  readonly text: string
}

export interface RequestOptions {
  readonly key?: string | null
  readonly body?: unknown
  readonly rawBody?: string
  readonly headers?: Record<string, string>
}

/**
 * A small fetch wrapper: JSON in, JSON out, the key as a bearer token. Every exchange is checked against the OpenAPI
 * document the surface serves (`openapi-validator.ts`): a request or answer the document does not describe fails
 * the test that made it.
 */
export const api = async (
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> => {
  const headers: Record<string, string> = { ...options.headers }
  const key = options.key === undefined ? TEST_KEY : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  // One connection per request: a kept-alive socket could sit idle past the server's keep-alive timeout while this
  // process computes for seconds (a lint, the validator compiling the document), and a request written on it as
  // the server closes it is reset (ECONNRESET) with no way to know whether it ran.
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'connection')) headers.connection = 'close'
  const response = await fetch(`${base}${path}`, { method, headers, body })
  const text = await response.text()
  await assertDescribed({
    method,
    url: `${base}${path}`,
    requestHeaders: headers,
    requestBody: body,
    status: response.status,
    responseHeaders: response.headers,
    responseText: text,
  })
  let parsed: unknown
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** A sandbox client bound to the test key, and a production client bound to the live key. */
export const clients = (test: TestService) => ({
  sandbox: (method: string, path: string, options: RequestOptions = {}) =>
    api(test.sandbox, method, path, { key: TEST_KEY, ...options }),
  live: (method: string, path: string, options: RequestOptions = {}) =>
    api(test.live, method, path, { key: LIVE_KEY, ...options }),
})

/**
 * The test-mode secret key of a new account of its own. A long walk of the sandbox clock works through every due
 * event and sync of the account it runs in, so a suite that walks hours runs those tests in an account that holds
 * nothing of the other tests.
 */
export const freshAccountKey = async (test: TestService): Promise<string> => {
  const { accounts } = test.service.application
  const issued = await accounts.issueKey((await accounts.createAccount()).id, 'test')
  if (!issued.ok) throw new Error('issuing the fresh account key failed')
  return issued.value.secret
}

/** A free loopback port: the OAuth redirect URIs name the service's public address, so it must be known before start. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** The ports a service is started on when its address must be known before it starts (see `startOnKnownPorts`). */
export interface KnownPorts {
  readonly port: number
  readonly sandboxPort: number
}

const addressInUse = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE'

/**
 * Starts the service on ports picked before it starts, for suites whose configuration names its address (OAuth
 * redirect URIs, a public base URL). A port found free can be taken by another suite's ephemeral listener before
 * the service binds it; the start is then retried on new ports, never on a fixed budget of time.
 */
export const startOnKnownPorts = async (
  envFor: (ports: KnownPorts) => Record<string, string>,
  clock?: Clock,
  overrides: Pick<CompositionOverrides, 'logger' | 'metrics' | 'departureProviders'> = {},
): Promise<TestService> => {
  for (let attempt = 1; ; attempt++) {
    const ports = { port: await freePort(), sandboxPort: await freePort() }
    if (ports.port === ports.sandboxPort) continue
    try {
      return await startTestService(
        { PORT: String(ports.port), SANDBOX_PORT: String(ports.sandboxPort), ...envFor(ports) },
        clock,
        overrides,
      )
    } catch (error) {
      if (!addressInUse(error) || attempt === 5) throw error
    }
  }
}
