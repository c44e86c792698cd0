/** One HTTP exchange with a provider endpoint (JSON or form body, bearer token), with a timeout; each adapter maps statuses. */
export interface ProviderHttpResponse {
  readonly status: number
  readonly body: Record<string, unknown> | null
  /** The `Retry-After` header in milliseconds (seconds or an HTTP date), null without one. */
  readonly retryAfterMs?: number | null
}

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`, in milliseconds from `now`. */
export const retryAfterMsOf = (header: string | null, now: number): number | null => {
  if (header === null || header.trim() === '') return null
  const seconds = Number(header.trim())
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

export type ProviderHttpExchange =
  | { readonly kind: 'response'; readonly response: ProviderHttpResponse }
  | { readonly kind: 'transport_failure'; readonly reason: 'timeout' | 'network'; readonly detail: string }

export interface ProviderHttpRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly url: URL
  readonly accessToken?: string
  readonly json?: unknown
  readonly form?: Readonly<Record<string, string>>
  readonly headers?: Readonly<Record<string, string>>
}

export const sendProviderHttp = async (
  request: ProviderHttpRequest,
  options: { readonly timeoutMs: number; readonly userAgent: string },
): Promise<ProviderHttpExchange> => {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent }
  Object.assign(headers, request.headers)
  if (request.accessToken !== undefined) headers.authorization = `Bearer ${request.accessToken}`
  let body: string | undefined
  if (request.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(request.form as Record<string, string>).toString()
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.json)
  }
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    const text = await response.text()
    let parsed: Record<string, unknown> | null = null
    try {
      const value = text === '' ? null : (JSON.parse(text) as unknown)
      parsed =
        value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
    } catch {
      parsed = null
    }
    return {
      kind: 'response',
      response: {
        status: response.status,
        body: parsed,
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
