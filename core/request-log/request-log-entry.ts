/**
 * One API request of an account on one surface, as the dashboard's request logs show it. Never a body, a header, a
 * secret or the query string (whose values may be personal): the path, the outcome and who called.
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
  /** Entries older than the one with this request id (newest-first paging). */
  readonly startingAfter?: string
  readonly limit: number
}

/** Default retention of request logs (`REQUEST_LOG_RETENTION_DAYS`). */
export const DEFAULT_REQUEST_LOG_RETENTION_DAYS = 30
