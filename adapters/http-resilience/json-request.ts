/** One HTTP GET with a timeout, classified for the retry loop. */

export interface JsonResponse {
  readonly status: number
  /** Parsed JSON, or `null` when the body was empty or not JSON. */
  readonly body: unknown
  /** The body as text, for answers that are not JSON (XML feeds). */
  readonly text: string
  /** From a `Retry-After` header in seconds, when present. */
  readonly retryAfterMs: number | null
}

export type TransportFailureReason = 'timeout' | 'network'

export type JsonRequestOutcome =
  | { readonly kind: 'response'; readonly response: JsonResponse }
  | { readonly kind: 'transport_failure'; readonly reason: TransportFailureReason; readonly detail: string }

const parseRetryAfterMs = (header: string | null): number | null => {
  if (header === null) return null
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null
}

const parseJson = (text: string): unknown => {
  if (text.length === 0) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export const getJson = async (
  url: URL,
  options: {
    readonly timeoutMs: number
    readonly headers: Readonly<Record<string, string>>
    /** A JSON body to POST instead of a GET (GraphQL queries). */
    readonly jsonBody?: unknown
  },
): Promise<JsonRequestOutcome> => {
  try {
    // The timeout covers the whole exchange, body included: a server trickling bytes is as dead as a silent one.
    const signal = AbortSignal.timeout(options.timeoutMs)
    const headers = { accept: 'application/json', ...options.headers }
    const response = await fetch(
      url,
      options.jsonBody === undefined
        ? { headers, signal }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(options.jsonBody),
            signal,
          },
    )
    const text = await response.text()
    return {
      kind: 'response',
      response: {
        status: response.status,
        body: parseJson(text),
        text,
        retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after')),
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
