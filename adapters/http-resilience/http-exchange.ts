/**
 * One HTTP exchange with an outside service, the one client of the adapters that call providers (routing, weather,
 * geocoding through `ResilientJsonClient`; the calendar providers through `ProviderHttpClient`): a timeout over the
 * whole exchange, the answer read as JSON when it is, and a transport failure classified for the retry loops.
 * Webhooks go through their own transport (`adapters/webhook-transport/http/`), which connects only to checked
 * addresses; Web Push sends the `web-push` package's binary request.
 */

export interface HttpRequest {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly url: URL
  /** Sent as they are, over `accept: application/json`; `authorization`, `user-agent` and such are the caller's. */
  readonly headers?: Readonly<Record<string, string>>
  /** A JSON body (`content-type: application/json`). */
  readonly json?: unknown
  /** A form body (`content-type: application/x-www-form-urlencoded`); a `json` body wins. */
  readonly form?: Readonly<Record<string, string>>
}

export interface HttpResponse {
  readonly status: number
  /** Parsed JSON, or `null` when the body was empty or not JSON. */
  readonly body: unknown
  /** The body as text, for answers that are not JSON (XML feeds). */
  readonly text: string
  /** The `Retry-After` header in milliseconds (seconds or an HTTP date), null without a valid one. */
  readonly retryAfterMs: number | null
}

export type TransportFailureReason = 'timeout' | 'network'

export type HttpExchange =
  | { readonly kind: 'response'; readonly response: HttpResponse }
  | { readonly kind: 'transport_failure'; readonly reason: TransportFailureReason; readonly detail: string }

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`, in milliseconds from `now`. */
export const retryAfterMsOf = (header: string | null, now: number): number | null => {
  if (header === null || header.trim() === '') return null
  const seconds = Number(header.trim())
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

const parseJson = (text: string): unknown => {
  if (text.length === 0) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

const bodyOf = (request: HttpRequest): { contentType: string; body: string } | null => {
  if (request.json !== undefined) return { contentType: 'application/json', body: JSON.stringify(request.json) }
  if (request.form !== undefined)
    return {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(request.form as Record<string, string>).toString(),
    }
  return null
}

export const sendHttp = async (
  request: HttpRequest,
  options: { readonly timeoutMs: number },
): Promise<HttpExchange> => {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  const payload = bodyOf(request)
  if (payload !== null) headers['content-type'] = payload.contentType
  try {
    // The timeout covers the whole exchange, body included: a server trickling bytes is as dead as a silent one.
    const response = await fetch(request.url, {
      method: request.method ?? (payload === null ? 'GET' : 'POST'),
      headers,
      ...(payload === null ? {} : { body: payload.body }),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    const text = await response.text()
    return {
      kind: 'response',
      response: {
        status: response.status,
        body: parseJson(text),
        text,
        // An HTTP date is read against the wall clock: it is the provider's clock that wrote it.
        retryAfterMs: retryAfterMsOf(response.headers.get('retry-after'), Date.now()),
      },
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    const detail = error instanceof Error ? error.message : String(error)
    return name === 'TimeoutError' || name === 'AbortError'
      ? { kind: 'transport_failure', reason: 'timeout', detail: `no answer within ${options.timeoutMs} ms` }
      : { kind: 'transport_failure', reason: 'network', detail }
  }
}
