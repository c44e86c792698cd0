import type { FastifyInstance } from 'fastify'
import { ERROR_CODES, ERROR_TYPES } from '../../contracts/errors.js'
import type { DnsResolverPort } from '../../core/ports/dns-resolver.js'
import { loadConfig } from '../../hosts/config.js'
import { type RunningService, startService } from '../../hosts/server.js'
import type { Exchange } from '../support/openapi-validator.js'
import { LIVE_KEY, type ResponseJson, TEST_KEY } from '../support/service.js'
import { WebhookReceiver } from '../support/webhook-receiver.js'

export type SurfaceName = 'live' | 'sandbox'
export const SURFACES: readonly SurfaceName[] = ['live', 'sandbox']
export const otherSurface = (surface: SurfaceName): SurfaceName => (surface === 'live' ? 'sandbox' : 'live')

/** One account's two keys. */
export type AccountKeys = Readonly<Record<SurfaceName, string>>

/**
 * Webhook host names as the tests pin them; every other name resolves to nothing, so
 * no delivery leaves the machine. The sandbox's name points at the loopback receiver.
 */
export class PinnedDns implements DnsResolverPort {
  readonly hosts = new Map<string, readonly string[]>()
  async resolve(host: string): Promise<readonly string[]> {
    return this.hosts.get(host.toLowerCase()) ?? []
  }
}

export const INBOUND_SECRET = 'whsec_fuzz_inbound_mail'
export const SANDBOX_HOOK_HOST = 'hooks.fuzz.test'
/** Resolves to a public address only while a production endpoint is being created (see `createFixtures`). */
export const LIVE_HOOK_HOST = 'live-hooks.fuzz.test'

export interface FuzzService {
  readonly service: RunningService
  /** The bootstrap account, whose resources the tests create. */
  readonly owner: AccountKeys
  readonly ownerAccountId: string
  readonly strangerAccountId: string
  /** A second account of the same service. */
  readonly stranger: AccountKeys
  readonly dns: PinnedDns
  readonly receiver: WebhookReceiver
  /** A webhook URL valid on the surface (sandbox: the receiver; production: a name that resolves nowhere). */
  readonly hookUrl: Readonly<Record<SurfaceName, string>>
  app(surface: SurfaceName): FastifyInstance
  stop(): Promise<void>
}

/**
 * The real service on the embedded storage, no background worker (nothing runs behind
 * the requests' backs), a rate limit the fuzzer does not reach, and a second account.
 */
export const startFuzzService = async (): Promise<FuzzService> => {
  const receiver = await WebhookReceiver.start()
  const dns = new PinnedDns()
  dns.hosts.set(SANDBOX_HOOK_HOST, ['127.0.0.1'])
  const config = loadConfig({
    STORAGE: 'memory',
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${TEST_KEY},${LIVE_KEY}`,
    WORKER: 'false',
    RATE_LIMIT_REQUESTS: '100000000',
    WEBHOOK_TIMEOUT_MS: '300',
    MAIL_INBOUND_SECRET: INBOUND_SECRET,
  })
  const service = await startService(config, { ephemeralAccounts: true, verifySerializers: true, dnsResolver: dns })
  const [ownerAccount] = await service.application.accountRepository.listAccounts()
  const account = await service.application.accounts.createAccount()
  // ETA tracking (private preview) on for both accounts, so that its endpoints are fuzzed on production too.
  for (const enabled of [ownerAccount, account])
    if (enabled !== undefined)
      await service.application.accountRepository.updateAccount({ ...enabled, trackingEnabled: true })
  const strangerKeys: Partial<Record<SurfaceName, string>> = {}
  for (const [surface, mode] of [
    ['live', 'live'],
    ['sandbox', 'test'],
  ] as const) {
    const issued = await service.application.accounts.issueKey(account.id, mode)
    if (!issued.ok) throw new Error('could not issue a key for the second account')
    strangerKeys[surface] = issued.value.secret
  }
  const port = new URL(receiver.url).port
  return {
    service,
    owner: { live: LIVE_KEY, sandbox: TEST_KEY },
    ownerAccountId: ownerAccount!.id,
    strangerAccountId: account.id,
    stranger: strangerKeys as AccountKeys,
    dns,
    receiver,
    hookUrl: { sandbox: `http://${SANDBOX_HOOK_HOST}:${port}/webhooks`, live: `https://${LIVE_HOOK_HOST}/webhooks` },
    app: (surface) => (surface === 'live' ? service.live : service.sandbox),
    stop: async () => {
      await service.stop()
      await receiver.stop()
    },
  }
}

export interface FuzzRequest {
  readonly surface: SurfaceName
  readonly method: string
  /** Path and query string exactly as sent (not re-encoded). */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly payload?: string | Buffer
}

export interface FuzzResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>
  readonly text: string
  readonly json: ResponseJson
}

export const bearer = (key: string | null): Record<string, string> =>
  key === null ? {} : { authorization: `Bearer ${key}` }

/** Sends one request in process (`inject`): the whole Fastify pipeline, without a socket. */
export const send = async (fuzz: FuzzService, request: FuzzRequest): Promise<FuzzResponse> => {
  const response = await fuzz.app(request.surface).inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
  let json: unknown
  try {
    json = response.body === '' ? undefined : JSON.parse(response.body)
  } catch {
    json = undefined
  }
  return { status: response.statusCode, headers: response.headers, text: response.body, json }
}

/** A request and its answer as the OpenAPI validator reads them (test/support/openapi-validator.ts). */
export const exchangeOf = (request: FuzzRequest, response: FuzzResponse): Exchange => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
  return {
    method: request.method,
    url: `http://fuzz.test${request.url}`,
    requestHeaders: request.headers,
    ...(request.payload === undefined ? {} : { requestBody: request.payload.toString() }),
    status: response.status,
    responseHeaders: headers,
    responseText: response.text,
  }
}

/** JSON request with a key: the fixtures' and the cross-account test's client. */
export const call = (
  fuzz: FuzzService,
  surface: SurfaceName,
  key: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<FuzzResponse> =>
  send(fuzz, {
    surface,
    method,
    url,
    headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })

/**
 * What is wrong with an answer, by the API's conventions: never a 5xx (but the documented
 * 502 of a calendar provider the test made fail), a `Request-Id` on every answer, and every
 * error in the envelope `{ error: { type, code, message, param? }, request_id }`, its code
 * one of the documented codes with its documented status and type.
 */
/**
 * RFC 6749 5.2, RFC 7009 2.2.1 and RFC 7591 3.2.2: the error codes of the token, revocation and registration
 * endpoints.
 */
const OAUTH_ERRORS: readonly unknown[] = [
  'invalid_redirect_uri',
  'invalid_client_metadata',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'unsupported_token_type',
]

export const answerProblems = (
  response: FuzzResponse,
  options: { readonly providerMayFail?: boolean; readonly jsonErrors?: boolean; readonly oauthProtocol?: boolean } = {},
): string[] => {
  const problems: string[] = []
  const requestId = response.headers['request-id']
  if (typeof requestId !== 'string' || !/^req_\w+$/.test(requestId)) problems.push('no Request-Id header')
  const code: unknown = response.json?.error?.code
  const providerFailure =
    options.providerMayFail === true && response.status === 502 && code === 'calendar_provider_unavailable'
  if (response.status >= 500 && !providerFailure) problems.push(`a ${response.status}`)
  if (response.status < 400) return problems
  // A page for browsers (hosted pages, provider push endpoints) may answer its own way, but a JSON error is an envelope.
  const contentType = String(response.headers['content-type'] ?? '')
  if (options.jsonErrors === false && !contentType.startsWith('application/json')) return problems
  if (!contentType.startsWith('application/json')) problems.push(`an error as ${contentType || 'no content type'}`)
  const body = response.json
  // The OAuth token and revocation endpoints answer as RFC 6749 5.2 says (their clients read nothing else); what the
  // framework refuses before them (a wrong method, media type, rate) is still the envelope.
  if (options.oauthProtocol === true && typeof body?.error === 'string') {
    if (!OAUTH_ERRORS.includes(body?.error)) problems.push(`not an RFC 6749 error: ${String(body?.error)}`)
    else if (response.status !== (body.error === 'invalid_client' ? 401 : 400))
      problems.push(`${String(body.error)} with status ${response.status}`)
    return problems
  }
  const error = body?.error
  if (typeof body !== 'object' || body === null || typeof error !== 'object' || error === null) {
    problems.push('no error envelope')
    return problems
  }
  const known = ERROR_CODES[code as keyof typeof ERROR_CODES]
  if (known === undefined) problems.push(`an undocumented code ${String(code)}`)
  else {
    if (known.status !== response.status) problems.push(`${String(code)} with status ${response.status}`)
    if (known.type !== error.type) problems.push(`${String(code)} with type ${String(error.type)}`)
  }
  if (!(ERROR_TYPES as readonly unknown[]).includes(error.type)) problems.push(`an unknown type ${String(error.type)}`)
  if (typeof error.message !== 'string' || error.message === '') problems.push('no message')
  if ('param' in error && typeof error.param !== 'string') problems.push('a param that is not a string')
  // A replay keeps the original body, `request_id` included; the header names the new request (docs/conventions.md).
  if (body.request_id !== requestId && response.headers['service-idempotent-replay'] !== 'true')
    problems.push('a request_id other than the Request-Id header')
  const extra = Object.keys(body).filter((key) => key !== 'error' && key !== 'request_id')
  if (extra.length > 0) problems.push(`extra envelope keys ${extra.join(', ')}`)
  return problems
}
