/** The response of an executed request, as it will be replayed. */
export interface StoredResponse {
  readonly statusCode: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export type IdempotencyClaim =
  /** No live record: this request executes and must `complete` or `release`. */
  | { readonly kind: 'execute' }
  /** Same key and same request within the lifetime: replay the original answer. */
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  /** Same key, a request with another body or path. */
  | { readonly kind: 'mismatch' }
  /** Same key and request, but the first one has not finished. */
  | { readonly kind: 'in_flight' }

/**
 * Idempotency records. `scope` already combines the API key (or connected
 * account) and the endpoint; `fingerprint` digests the request. Claims are atomic
 * across hosts: two concurrent requests with one key never both get `execute`.
 * A record lives `lifetimeMs` from its first claim, measured on the `now` passed
 * in (never the adapter's own clock); an in-flight claim older than
 * `inFlightLeaseMs` is abandoned and the next claim executes.
 */
export interface IdempotencyStorePort {
  claim(
    scope: string,
    fingerprint: string,
    now: Date,
    lifetimeMs: number,
    inFlightLeaseMs: number,
  ): Promise<IdempotencyClaim>
  complete(scope: string, response: StoredResponse): Promise<void>
  /** Forgets an in-flight claim whose request stored nothing (it may be retried); a completed record stays. */
  release(scope: string): Promise<void>
}
