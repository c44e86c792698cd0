import type { DashboardSession, SignInLink } from '../dashboard/session.js'

/**
 * The dashboard's one-time sign-in links and sessions (platform storage, shared by every host, so a sign-out or a
 * member's removal ends a session on every host at once). Both are keyed by the SHA-256 of their secret; the
 * secrets themselves are never stored.
 */
export interface DashboardSessionStorePort {
  saveSignInLink(link: SignInLink): Promise<void>
  /**
   * The link, removed in the same step, so that two requests racing with one token cannot both have it; null when
   * unknown, already taken, or expired at `now` (an expired link is removed too).
   */
  takeSignInLink(tokenHash: string, now: Date): Promise<SignInLink | null>
  insertSession(session: DashboardSession): Promise<void>
  /** The stored session, whatever its expiry (the caller decides with its clock); null when unknown or deleted. */
  findSession(idHash: string): Promise<DashboardSession | null>
  /** Moves `lastSeenAt` forward (never back); an unknown session changes nothing. */
  touchSession(idHash: string, lastSeenAt: Date): Promise<void>
  deleteSession(idHash: string): Promise<void>
  /** Ends every session of a member (sign out everywhere, removal); how many there were. */
  deleteSessionsOfMember(memberId: string): Promise<number>
}
