import type { DashboardSession, SignInLink } from '../../../core/dashboard/session.js'
import type { DashboardSessionStorePort } from '../../../core/ports/dashboard-session-store.js'

/** Sign-in links and sessions in this process only (the memory storage). */
export class MemoryDashboardSessionStore implements DashboardSessionStorePort {
  private readonly links = new Map<string, SignInLink>()
  private readonly sessions = new Map<string, DashboardSession>()

  async saveSignInLink(link: SignInLink): Promise<void> {
    this.links.set(link.tokenHash, link)
  }

  async takeSignInLink(tokenHash: string, now: Date): Promise<SignInLink | null> {
    const link = this.links.get(tokenHash)
    this.links.delete(tokenHash)
    return link === undefined || link.expiresAt.getTime() <= now.getTime() ? null : link
  }

  async insertSession(session: DashboardSession): Promise<void> {
    if (this.sessions.has(session.idHash)) throw new Error('session already stored')
    this.sessions.set(session.idHash, session)
  }

  async findSession(idHash: string): Promise<DashboardSession | null> {
    return this.sessions.get(idHash) ?? null
  }

  async touchSession(idHash: string, lastSeenAt: Date): Promise<void> {
    const session = this.sessions.get(idHash)
    if (session !== undefined && session.lastSeenAt.getTime() < lastSeenAt.getTime())
      this.sessions.set(idHash, { ...session, lastSeenAt })
  }

  async deleteSession(idHash: string): Promise<void> {
    this.sessions.delete(idHash)
  }

  async deleteSessionsOfMember(memberId: string): Promise<number> {
    let ended = 0
    for (const [idHash, session] of this.sessions)
      if (session.memberId === memberId) {
        this.sessions.delete(idHash)
        ended++
      }
    return ended
  }
}
