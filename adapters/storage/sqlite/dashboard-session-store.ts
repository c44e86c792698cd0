import type { DashboardSession, SignInLink } from '../../../core/dashboard/session.js'
import type { DashboardSessionStorePort } from '../../../core/ports/dashboard-session-store.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { oneRecord } from './records.js'

/**
 * Sign-in links and sessions in the platform database, so that the keys CLI (another process) makes links the
 * server honours, and every write is seen by the next request. Ended sessions are deleted on sight (by the service);
 * a take also clears the links that expired before `now`, so that table does not grow with abandoned links.
 */
export class SqliteDashboardSessionStore implements DashboardSessionStorePort {
  constructor(private readonly db: SqliteDatabase) {}

  async saveSignInLink(link: SignInLink): Promise<void> {
    statement(
      this.db,
      'INSERT OR REPLACE INTO dashboard_sign_in_links (token_hash, expires_at, doc) VALUES (?, ?, ?)',
    ).run(link.tokenHash, link.expiresAt.getTime(), encodeJson(link))
  }

  async takeSignInLink(tokenHash: string, now: Date): Promise<SignInLink | null> {
    return inTransaction(this.db, () => {
      const link = oneRecord<SignInLink>(
        this.db,
        'SELECT doc FROM dashboard_sign_in_links WHERE token_hash = ?',
        tokenHash,
      )
      statement(this.db, 'DELETE FROM dashboard_sign_in_links WHERE token_hash = ? OR expires_at <= ?').run(
        tokenHash,
        now.getTime(),
      )
      return link === null || link.expiresAt.getTime() <= now.getTime() ? null : link
    })
  }

  async insertSession(session: DashboardSession): Promise<void> {
    statement(this.db, 'INSERT INTO dashboard_sessions (id_hash, member_id, expires_at, doc) VALUES (?, ?, ?, ?)').run(
      session.idHash,
      session.memberId,
      session.expiresAt.getTime(),
      encodeJson(session),
    )
  }

  async findSession(idHash: string): Promise<DashboardSession | null> {
    return oneRecord(this.db, 'SELECT doc FROM dashboard_sessions WHERE id_hash = ?', idHash)
  }

  async touchSession(idHash: string, lastSeenAt: Date): Promise<void> {
    inTransaction(this.db, () => {
      const session = oneRecord<DashboardSession>(
        this.db,
        'SELECT doc FROM dashboard_sessions WHERE id_hash = ?',
        idHash,
      )
      if (session === null || session.lastSeenAt.getTime() >= lastSeenAt.getTime()) return
      statement(this.db, 'UPDATE dashboard_sessions SET doc = ? WHERE id_hash = ?').run(
        encodeJson({ ...session, lastSeenAt }),
        idHash,
      )
    })
  }

  async deleteSession(idHash: string): Promise<void> {
    statement(this.db, 'DELETE FROM dashboard_sessions WHERE id_hash = ?').run(idHash)
  }

  async deleteSessionsOfMember(memberId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM dashboard_sessions WHERE member_id = ?').run(memberId).changes
  }
}
