/** The dashboard's one way to the server: `/dashboard/api`, with the session cookie and, on changes, the CSRF token. */

export type Mode = 'live' | 'test'

/** An answer in the API's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null,
  ) {
    super(message)
  }
}

export interface List<T> {
  readonly data: T[]
  readonly has_more: boolean
}

export interface Member {
  readonly id: string
  readonly email: string
  readonly role: Role
  readonly status: 'invited' | 'active' | 'removed'
  readonly created_at: string
}

export type Role = 'owner' | 'admin' | 'developer' | 'viewer'
export const ROLES: readonly Role[] = ['owner', 'admin', 'developer', 'viewer']

export interface Session {
  readonly member: Member
  readonly account_id: string
  readonly csrf_token: string
}

export interface ApiKey {
  readonly id: string
  readonly type: 'secret' | 'restricted'
  readonly name: string | null
  readonly redacted_key: string
  readonly permissions: Record<string, string> | null
  readonly allowed_ips: string[] | null
  readonly created_at: string
  readonly expires_at: string | null
  readonly revoked_at: string | null
  readonly secret?: string
}

/** A user's agent token for `/mcp` (never its secret here). */
export interface AgentToken {
  readonly id: string
  readonly status: 'active' | 'expired' | 'revoked'
  readonly redacted_token: string
  readonly permissions: Record<string, string>
  readonly confirmation_policy: string
  readonly created_at: string
  readonly expires_at: string
  readonly revoked_at: string | null
}

export interface WebhookEndpoint {
  readonly id: string
  readonly url: string
  readonly events: string[]
  readonly status: 'enabled' | 'disabled'
  readonly disabled_reason: string | null
  readonly previous_secret_expires_at: string | null
  readonly description: string | null
  readonly secret?: string
}

export interface Attempt {
  readonly number: number
  readonly attempted_at: string
  readonly duration_ms: number | null
  readonly status_code: number | null
  readonly result: string
  readonly error: string | null
}

export interface Delivery {
  readonly id: string
  readonly status: string
  readonly event: { readonly id: string; readonly type: string; readonly created: number }
  readonly attempts: Attempt[]
  readonly next_attempt_at: string | null
  readonly replay_of: string | null
  readonly created_at: string
}

export interface User {
  readonly id: string
  readonly email: string | null
  readonly display_name: string | null
  readonly status: string
  readonly [field: string]: unknown
}

export interface CalendarEvent {
  readonly id: string
  readonly user_id?: string
  readonly title: string
  readonly start_time: string
  readonly end_time: string
  readonly status?: string
  readonly [field: string]: unknown
}

export interface ConnectedAccount {
  readonly id: string
  readonly name: string | null
  readonly email: string | null
  readonly created_at: string
}

export interface OAuthApplication {
  readonly id: string
  readonly name: string
  readonly client_type: string
  readonly redirect_uris: string[]
  readonly created_at: string
}

export interface TestClock {
  readonly now: string
  readonly offset_seconds: number
  readonly work_items_run?: number
}

export interface Account {
  readonly id: string
  readonly name: string | null
  readonly created_at: string
  readonly pinned_version: string
  readonly api_versions: readonly string[]
  readonly rate_limits: { requests_per_window: number; window_ms: number; concurrency: number } | null
  readonly request_body_logging: boolean
  readonly tracking_enabled: boolean | null
  readonly tracking: { readonly live: boolean; readonly test: boolean }
}

export interface CounterPoint {
  readonly at: string
  readonly [series: string]: number | string | null
}

export interface DeliveryHour {
  readonly at: string
  readonly succeeded: number
  readonly failed: number
  readonly open: number
}

export interface Overview {
  readonly monitored_events: { readonly source: string; readonly count: number; readonly capped: boolean }
  readonly counters: { readonly source: string; readonly points: CounterPoint[] }
  readonly deliveries: { readonly source: string; readonly capped: boolean; readonly hours: DeliveryHour[] }
}

let csrfToken = ''

export const rememberCsrf = (token: string): void => {
  csrfToken = token
}

export const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken
  if (body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`/dashboard/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await answer.text()
  const json = text === '' ? {} : JSON.parse(text)
  if (!answer.ok) {
    const error = json.error ?? {}
    throw new ApiError(
      answer.status,
      error.code ?? 'unknown',
      error.message ?? `HTTP ${answer.status}`,
      error.param ?? null,
    )
  }
  return json as T
}

/** A surface's data: `/dashboard/api/live/...` or `/dashboard/api/test/...`. */
export const surfaceCall = <T>(mode: Mode, method: string, path: string, body?: unknown): Promise<T> =>
  call<T>(method, `/${mode}${path}`, body)

/** An API time (ISO 8601) as `2026-06-01 08:00` (UTC), or a dash. */
/** A key's or token's grants as `family:level, ...` (`null`: a secret key, which may do everything). */
export const grants = (permissions: Record<string, string> | null): string =>
  permissions === null
    ? 'everything'
    : Object.entries(permissions)
        .map(([family, level]) => `${family}:${level}`)
        .join(', ')

export const formatTime = (time: string | null | undefined): string =>
  time === null || time === undefined ? '—' : time.replace('T', ' ').slice(0, 16)

/** A list's query: its page size and the cursor of the page after. */
export const pageQuery = (limit: number, startingAfter: string | undefined, extra = ''): string =>
  `?limit=${limit}${startingAfter === undefined ? '' : `&starting_after=${encodeURIComponent(startingAfter)}`}${extra}`
