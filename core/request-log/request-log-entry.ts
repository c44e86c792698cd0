/**
 * What a request log keeps of a request's bodies (sandbox always, production when the account turns body logging
 * on): the JSON text with its secrets (and, on production, its coordinates) redacted, cut at a bound
 * (`body-redaction.ts`); null where there was no body. Kept 7 days, less than the rest of the entry.
 */
export interface RequestLogBodies {
  readonly request: string | null
  readonly response: string | null
}

/**
 * One API request of an account on one surface, as the dashboard's request logs show it. Never a header, a secret or
 * the query string (whose values may be personal): the path, the outcome and who called; the bodies only as
 * `RequestLogBodies` say.
 */
export interface RequestLogEntry {
  /** `req_...`: the id every answer (and every error body) carries. */
  readonly requestId: string
  readonly accountId: string
  readonly livemode: boolean
  readonly method: string
  /** The path without its query string (`/v1/users/usr_1`). */
  readonly path: string
  readonly status: number
  /** The error envelope's `code` and `param` of a failed request; null otherwise. */
  readonly errorCode: string | null
  readonly errorParam: string | null
  readonly errorMessage: string | null
  /** The key's id (`key_...`), never its secret. */
  readonly keyId: string | null
  readonly apiVersion: string | null
  /** The `Idempotency-Key` sent, and whether the answer was a stored one replayed. */
  readonly idempotencyKey: string | null
  readonly replayed: boolean
  readonly durationMs: number
  readonly occurredAt: Date
  /**
   * The bodies, when kept: written with the entry, read back by `retrieve` only (never by `list`), and gone after
   * `REQUEST_LOG_BODY_RETENTION_DAYS` while the entry stays.
   */
  readonly bodies?: RequestLogBodies
}

/** What the page searches by; every field narrows. */
export interface RequestLogQuery {
  readonly requestId?: string
  /** An exact status (`400`) or a class (`4` for 4xx). */
  readonly status?: number
  readonly statusClass?: 2 | 3 | 4 | 5
  /** Paths starting with this (`/v1/users`). */
  readonly pathPrefix?: string
  readonly method?: string
  /** The key that made the requests (`key_...`). */
  readonly keyId?: string
  /** Entries that occurred at or after this time. */
  readonly occurredFrom?: Date
  /** Entries that occurred before this time. */
  readonly occurredBefore?: Date
  /** Entries older than the one with this request id (newest-first paging). */
  readonly startingAfter?: string
  readonly limit: number
}

/** Default retention of request logs (`REQUEST_LOG_RETENTION_DAYS`). */
export const DEFAULT_REQUEST_LOG_RETENTION_DAYS = 30

/** How long bodies are kept (never longer than the entries themselves). */
export const REQUEST_LOG_BODY_RETENTION_DAYS = 7

/** Default bound on the entries kept per account and surface (`REQUEST_LOG_MAX_ROWS`); the oldest go first. */
export const DEFAULT_REQUEST_LOG_MAX_ROWS = 1_000_000
