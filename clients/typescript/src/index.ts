import createFetchClient, { type Client as FetchClient, type Middleware } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths, webhooks } from './schema.js'
export {
  constructWebhookEvent,
  type VerifyOptions,
  type WebhookNotification,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from './webhooks.js'

/** The error envelope every failed call answers: `{ error: { type, code, message, param? }, request_id }`. */
export type ErrorEnvelope = components['schemas']['Error']

/** A call the API refused or failed: the envelope's fields, typed, and the HTTP status. */
export class ApiError extends Error {
  readonly type: ErrorEnvelope['error']['type']
  readonly code: string
  readonly param: string | undefined
  readonly requestId: string
  readonly retryAfterSeconds: number | undefined
  constructor(
    readonly status: number,
    envelope: ErrorEnvelope,
  ) {
    super(envelope.error.message)
    this.name = 'ApiError'
    this.type = envelope.error.type
    this.code = envelope.error.code
    this.param = envelope.error.param
    this.requestId = envelope.request_id
    const retryAfter = envelope.error.retry_after_seconds
    this.retryAfterSeconds = typeof retryAfter === 'number' ? retryAfter : undefined
  }
}

export interface ClientOptions {
  /** A secret or restricted key: `sk_test_...` on the sandbox, `sk_live_...` on production. */
  readonly apiKey: string
  /** The service's address, such as `https://sandbox.example.com` (no trailing `/v1`). */
  readonly baseUrl: string
  /** Retries of a call answered 429 or 5xx (or not answered at all); default 2. */
  readonly maxRetries?: number
  /** Pin the API version of every call (`Service-Version`); the account's version when absent. */
  readonly apiVersion?: string
  /** Connect: act for this connected account (`Service-Account`). */
  readonly account?: string
  /** Defaults to the global `fetch`. */
  readonly fetch?: (request: Request) => Promise<Response>
  /** How to wait between retries; defaults to a timer. Tests pass their own. */
  readonly sleep?: (milliseconds: number) => Promise<void>
  /** Makes the `Idempotency-Key` of a mutating call; defaults to a random UUID. */
  readonly idempotencyKey?: () => string
}

const MUTATING = new Set(['POST', 'PATCH', 'DELETE'])
const RETRYABLE = (status: number) => status === 429 || status >= 500

/** `Retry-After` in milliseconds (seconds or an HTTP date), else exponential backoff from 500 ms. */
const retryDelay = (response: Response | null, attempt: number): number => {
  const header = response?.headers.get('retry-after')
  if (header !== null && header !== undefined) {
    const seconds = Number(header)
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now())
  }
  return Math.min(8000, 500 * 2 ** attempt)
}

/**
 * The fetch the generated client calls through: the same request (and so the same `Idempotency-Key`) is sent
 * again on 429 and 5xx and on network failures, after `Retry-After` when the answer gives one.
 */
const retryingFetch = (options: ClientOptions) => {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const maxRetries = options.maxRetries ?? 2
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null
      try {
        response = await send(request.clone())
      } catch (error) {
        if (attempt >= maxRetries) throw error
      }
      if (response !== null && (!RETRYABLE(response.status) || attempt >= maxRetries)) return response
      await response?.body?.cancel()
      await sleep(retryDelay(response, attempt))
    }
  }
}

const headersMiddleware = (options: ClientOptions): Middleware => ({
  onRequest({ request }) {
    request.headers.set('Authorization', `Bearer ${options.apiKey}`)
    if (options.apiVersion !== undefined) request.headers.set('Service-Version', options.apiVersion)
    if (options.account !== undefined && !request.headers.has('Service-Account'))
      request.headers.set('Service-Account', options.account)
    if (MUTATING.has(request.method) && !request.headers.has('Idempotency-Key'))
      request.headers.set('Idempotency-Key', options.idempotencyKey?.() ?? crypto.randomUUID())
    return request
  },
})

type Method = 'get' | 'post' | 'patch' | 'delete'
/** The paths that have `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: { responses: unknown } } ? P : never
}[keyof paths]
type Operation<P extends keyof paths, M extends Method> = paths[P][M & keyof paths[P]]
type SuccessBody<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201
        ? R[S] extends { content: { 'application/json': infer B } }
          ? B
          : never
        : never
    }[keyof R]
  : never
type Init<O> = (O extends { parameters: infer Q } ? { params?: Partial<Q> } : object) &
  (O extends { requestBody?: { content: { 'application/json': infer B } } } ? { body?: B } : object) & {
    headers?: Record<string, string>
  }

/**
 * The paths `list` can page: a GET answering `{ data: [...], has_more }` whose items have an `id`, the cursor of
 * `starting_after`. A list whose items have none (`/v1/events/health/upcoming`) is refused here, at compile time:
 * page it with `get` and its own parameters.
 */
export type ListPaths = {
  [P in PathsWith<'get'>]: SuccessBody<Operation<P, 'get'>> extends {
    data: readonly { id: string }[]
    has_more: boolean
  }
    ? P
    : never
}[PathsWith<'get'>]
type ItemOf<P extends ListPaths> = SuccessBody<Operation<P, 'get'>> extends { data: readonly (infer I)[] } ? I : never

export interface Client {
  get<P extends PathsWith<'get'>>(path: P, init?: Init<Operation<P, 'get'>>): Promise<SuccessBody<Operation<P, 'get'>>>
  post<P extends PathsWith<'post'>>(
    path: P,
    init?: Init<Operation<P, 'post'>>,
  ): Promise<SuccessBody<Operation<P, 'post'>>>
  patch<P extends PathsWith<'patch'>>(
    path: P,
    init?: Init<Operation<P, 'patch'>>,
  ): Promise<SuccessBody<Operation<P, 'patch'>>>
  delete<P extends PathsWith<'delete'>>(
    path: P,
    init?: Init<Operation<P, 'delete'>>,
  ): Promise<SuccessBody<Operation<P, 'delete'>>>
  /** Every item of a list, page after page (`starting_after` the last id), newest first. */
  list<P extends ListPaths>(path: P, init?: Init<Operation<P, 'get'>>): AsyncIterable<ItemOf<P>>
  /** The openapi-fetch client underneath (`{ data, error, response }` answers, no throwing). */
  readonly raw: FetchClient<paths>
}

/**
 * A typed client of the API. Each call answers the success body, or throws an `ApiError` (the envelope's
 * type, code, message, param and request id); mutating calls carry an `Idempotency-Key`, kept across retries.
 */
export const createClient = (options: ClientOptions): Client => {
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch(options),
  })
  raw.use(headersMiddleware(options))
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, init: object = {}) => {
    const send = raw[method] as unknown as (
      path: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>
    const { data, error, response } = await send(path, init)
    if (!response.ok) {
      const envelope = error as ErrorEnvelope | undefined
      if (envelope?.error !== undefined) throw new ApiError(response.status, envelope)
      throw new ApiError(response.status, {
        error: { type: 'api_error', code: 'unexpected_response', message: `HTTP ${response.status}` },
        request_id: response.headers.get('request-id') ?? '',
      })
    }
    return data as never
  }
  async function* list(path: string, init: { params?: { query?: Record<string, unknown> } } = {}) {
    let startingAfter: string | undefined
    for (;;) {
      const query = { ...init.params?.query, ...(startingAfter === undefined ? {} : { starting_after: startingAfter }) }
      const page = (await call('GET', path, { ...init, params: { ...init.params, query } })) as {
        data: { id?: string }[]
        has_more: boolean
      }
      yield* page.data
      if (!page.has_more) return
      const last = page.data.at(-1)?.id
      // Never a silent stop with pages left: a list without item ids cannot be paged by `starting_after`.
      if (typeof last !== 'string')
        throw new TypeError(`${path} has more items but they have no id to page after: page it with get()`)
      startingAfter = last
    }
  }
  return {
    get: (path, init) => call('GET', path, init),
    post: (path, init) => call('POST', path, init),
    patch: (path, init) => call('PATCH', path, init),
    delete: (path, init) => call('DELETE', path, init),
    list: (path, init) => list(path, init as never) as AsyncIterable<never>,
    raw,
  }
}
