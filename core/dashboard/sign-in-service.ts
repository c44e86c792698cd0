import { hashSecret } from '../account/api-key.js'
import type { Clock } from '../ports/clock.js'
import type { DashboardSessionStorePort } from '../ports/dashboard-session-store.js'
import type { RandomSource } from '../ports/id-generator.js'
import type { MailAddress, MailPort } from '../ports/mail.js'
import type { MemberRepositoryPort } from '../ports/member-repository.js'
import { isEmailShaped, type Member, normalizeEmail } from './member.js'
import {
  type DashboardSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SIGN_IN_LINK_TTL_MS,
} from './session.js'

export interface SignInServiceDeps {
  readonly members: MemberRepositoryPort
  readonly sessions: DashboardSessionStorePort
  readonly random: RandomSource
  readonly clock: Clock
  /** Sign-in e-mail goes through the production surface's mail adapter (SMTP, or the in-memory mailbox). */
  readonly mail: MailPort
  readonly from: MailAddress
  /** The page a link's token opens (`https://api.example.com/dashboard/sign-in?token=...`). */
  readonly linkOf: (token: string) => string
}

/** A signed-in member: their session (with its CSRF token) and who they are now. */
export interface SignedIn {
  readonly session: DashboardSession
  readonly member: Member
}

/** A new session: the clear id goes into the cookie, once. */
export interface StartedSession extends SignedIn {
  readonly sessionId: string
}

const TOKEN_BYTES = 32

/**
 * Passwordless sign-in to the dashboard: one-time links (by e-mail, or printed by the CLI) and the server-side
 * sessions they open. Nothing here tells an unknown address, an unknown token, a used one or an expired one apart.
 */
export class SignInService {
  constructor(private readonly deps: SignInServiceDeps) {}

  /** A link for a member who may sign in: its clear URL, valid once for 15 minutes. */
  async issueLink(member: Member): Promise<{ readonly url: string; readonly expiresAt: Date }> {
    const token = this.deps.random.token(TOKEN_BYTES)
    const now = this.deps.clock.now()
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS)
    await this.deps.sessions.saveSignInLink({
      tokenHash: hashSecret(token),
      memberId: member.id,
      accountId: member.accountId,
      createdAt: now,
      expiresAt,
    })
    return { url: this.deps.linkOf(token), expiresAt }
  }

  /** E-mails a link for each membership of the address that may sign in; an address of nobody gets nothing. */
  async sendLinks(email: string): Promise<void> {
    const address = normalizeEmail(email)
    if (!isEmailShaped(address)) return
    for (const member of await this.deps.members.listByEmail(address))
      if (member.status !== 'removed') await this.sendLink(member)
  }

  /** E-mails one member a fresh link (an invitation, or a sign-in asked for by address). */
  async sendLink(member: Member): Promise<void> {
    const { url } = await this.issueLink(member)
    const intro = `Sign in to the dashboard (account ${member.accountId}):`
    const note = 'The link works once, within 15 minutes. If you did not ask for it, ignore this e-mail.'
    await this.deps.mail.send({
      from: this.deps.from,
      to: { address: member.email, name: null },
      subject: 'Your sign-in link',
      text: `${intro}\n\n${url}\n\n${note}\n`,
      html: `<p>${intro}</p><p><a href="${url}">Sign in</a></p><p>${note}</p>`,
      calendar: null,
      headers: {},
      // Kept by the inspectable mailbox: the account, and the member in place of an invitation.
      tags: { accountId: member.accountId, invitationId: member.id },
    })
  }

  /**
   * Uses a link: a new session for its member (rotated: `previousSessionId`, the browser's earlier session if any,
   * ends). Null for an unknown, used or expired token, or a member removed since.
   */
  async signIn(token: string, previousSessionId: string | null): Promise<StartedSession | null> {
    const now = this.deps.clock.now()
    if (previousSessionId !== null) await this.deps.sessions.deleteSession(hashSecret(previousSessionId))
    if (token === '') return null
    const link = await this.deps.sessions.takeSignInLink(hashSecret(token), now)
    if (link === null) return null
    const found = await this.deps.members.get(link.memberId)
    if (found === null || found.status === 'removed' || found.accountId !== link.accountId) return null
    return this.startSession(found, null)
  }

  /**
   * A new session for a member who proved who they are (a link, a passkey); an invited member becomes active. The
   * browser's previous session, if any, ends (rotation).
   */
  async startSession(found: Member, previousSessionId: string | null): Promise<StartedSession> {
    const now = this.deps.clock.now()
    if (previousSessionId !== null) await this.deps.sessions.deleteSession(hashSecret(previousSessionId))
    const member: Member = found.status === 'invited' ? { ...found, status: 'active', updatedAt: now } : found
    if (member !== found) await this.deps.members.update(member)
    const sessionId = this.deps.random.token(TOKEN_BYTES)
    const session: DashboardSession = {
      idHash: hashSecret(sessionId),
      memberId: member.id,
      accountId: member.accountId,
      csrfToken: this.deps.random.token(TOKEN_BYTES),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    }
    await this.deps.sessions.insertSession(session)
    return { sessionId, session, member }
  }

  /**
   * The session of a cookie, if it still works: not past its absolute end, used within the idle time, its member
   * still a member (with their role as it is now). An ended session is deleted on sight.
   */
  async resume(sessionId: string): Promise<SignedIn | null> {
    if (sessionId === '') return null
    const idHash = hashSecret(sessionId)
    const session = await this.deps.sessions.findSession(idHash)
    if (session === null) return null
    const now = this.deps.clock.now().getTime()
    if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) {
      await this.deps.sessions.deleteSession(idHash)
      return null
    }
    const member = await this.deps.members.get(session.memberId)
    if (member === null || member.status === 'removed' || member.accountId !== session.accountId) {
      await this.deps.sessions.deleteSession(idHash)
      return null
    }
    if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      const lastSeenAt = new Date(now)
      await this.deps.sessions.touchSession(idHash, lastSeenAt)
      return { session: { ...session, lastSeenAt }, member }
    }
    return { session, member }
  }

  async signOut(sessionId: string): Promise<void> {
    await this.deps.sessions.deleteSession(hashSecret(sessionId))
  }

  async signOutEverywhere(memberId: string): Promise<void> {
    await this.deps.sessions.deleteSessionsOfMember(memberId)
  }
}
