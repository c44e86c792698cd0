/**
 * A one-time sign-in link: the clear token travels in the link only; the store keeps its SHA-256. Bound to one
 * member, it signs in as that member once, within `SIGN_IN_LINK_TTL_MS` of its making.
 */
export interface SignInLink {
  readonly tokenHash: string
  readonly memberId: string
  readonly accountId: string
  readonly createdAt: Date
  readonly expiresAt: Date
}

/**
 * A dashboard session, kept on the server: the cookie holds only an opaque random id, the store its SHA-256. It ends
 * after `SESSION_IDLE_MS` without a request, at `expiresAt` (`SESSION_ABSOLUTE_MS` after sign-in) whatever happens,
 * at sign-out, and when its member is removed.
 */
export interface DashboardSession {
  readonly idHash: string
  readonly memberId: string
  readonly accountId: string
  /** Sent back by the page on every mutating request (`X-CSRF-Token`); compared in constant time. */
  readonly csrfToken: string
  readonly createdAt: Date
  readonly lastSeenAt: Date
  readonly expiresAt: Date
}

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000
export const SESSION_IDLE_MS = 2 * 3_600_000
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000
/** A session's `lastSeenAt` is written at most this often (a page makes several requests a second). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000
