import { type HttpExchange, sendHttp } from '../../http-resilience/http-exchange.js'

/** One exchange with a provider endpoint (JSON or form body, bearer token), through the adapters' one HTTP client. */
export interface ProviderHttpResponse {
  readonly status: number
  /** The answer's JSON object, null when it is anything else. */
  readonly body: Record<string, unknown> | null
  /** The `Retry-After` header in milliseconds (seconds or an HTTP date), null without one. */
  readonly retryAfterMs?: number | null
}

export type ProviderHttpExchange =
  | { readonly kind: 'response'; readonly response: ProviderHttpResponse }
  | Extract<HttpExchange, { readonly kind: 'transport_failure' }>

export interface ProviderHttpRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly url: URL
  readonly accessToken?: string
  readonly json?: unknown
  readonly form?: Readonly<Record<string, string>>
  readonly headers?: Readonly<Record<string, string>>
}

const objectOrNull = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

export const sendProviderHttp = async (
  request: ProviderHttpRequest,
  options: { readonly timeoutMs: number; readonly userAgent: string },
): Promise<ProviderHttpExchange> => {
  const headers: Record<string, string> = { 'user-agent': options.userAgent, ...request.headers }
  if (request.accessToken !== undefined) headers.authorization = `Bearer ${request.accessToken}`
  // A form body wins over a JSON one here, as the token endpoints take forms.
  const body =
    request.form !== undefined ? { form: request.form } : request.json !== undefined ? { json: request.json } : {}
  const exchange = await sendHttp({ method: request.method, url: request.url, headers, ...body }, options)
  if (exchange.kind === 'transport_failure') return exchange
  const { status, body: parsed, retryAfterMs } = exchange.response
  return { kind: 'response', response: { status, body: objectOrNull(parsed), retryAfterMs } }
}
