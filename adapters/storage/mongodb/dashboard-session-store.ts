import type { Collection, Db } from 'mongodb'
import type { DashboardSession, SignInLink } from '../../../core/dashboard/session.js'
import type { DashboardSessionStorePort } from '../../../core/ports/dashboard-session-store.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const DASHBOARD_COLLECTIONS = { links: 'dashboard_sign_in_links', sessions: 'dashboard_sessions' } as const

type LinkDocument = MongoDocument<SignInLink, 'tokenHash'>
type SessionDocument = MongoDocument<DashboardSession, 'idHash'>

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * Sign-in links and sessions in the platform database, shared by every host: a sign-out or a removal on one host
 * ends the session on all of them at once. A take is one findOneAndDelete, so two requests racing with one link
 * cannot both have it. Expiry is decided against the caller's `now`; TTL indexes only clear what nobody came back for.
 */
export class MongoDashboardSessionStore implements DashboardSessionStorePort {
  private readonly links: Collection<LinkDocument>
  private readonly sessions: Collection<SessionDocument>

  constructor(db: Db) {
    this.links = db.collection<LinkDocument>(DASHBOARD_COLLECTIONS.links)
    this.sessions = db.collection<SessionDocument>(DASHBOARD_COLLECTIONS.sessions)
  }

  async ensureIndexes(): Promise<void> {
    await this.links.createIndexes([{ key: { expiresAt: 1 }, name: 'expire_links', expireAfterSeconds: 0 }])
    await this.sessions.createIndexes([
      { key: { memberId: 1 }, name: 'member' },
      { key: { expiresAt: 1 }, name: 'expire_sessions', expireAfterSeconds: 0 },
    ])
  }

  async saveSignInLink(link: SignInLink): Promise<void> {
    const { tokenHash, ...fields } = link
    await this.links.replaceOne({ _id: tokenHash }, fields, { ...WRITE_OPTIONS, upsert: true })
  }

  async takeSignInLink(tokenHash: string, now: Date): Promise<SignInLink | null> {
    if (!isText(tokenHash)) return null
    const document = await this.links.findOneAndDelete({ _id: tokenHash })
    if (document === null || document.expiresAt.getTime() <= now.getTime()) return null
    const { _id, ...fields } = document
    return { tokenHash: _id, ...fields }
  }

  async insertSession(session: DashboardSession): Promise<void> {
    const { idHash, ...fields } = session
    await this.sessions.insertOne({ _id: idHash, ...fields }, WRITE_OPTIONS)
  }

  async findSession(idHash: string): Promise<DashboardSession | null> {
    if (!isText(idHash)) return null
    const document = await this.sessions.findOne({ _id: idHash })
    if (document === null) return null
    const { _id, ...fields } = document
    return { idHash: _id, ...fields }
  }

  async touchSession(idHash: string, lastSeenAt: Date): Promise<void> {
    if (!isText(idHash)) return
    await this.sessions.updateOne(
      { _id: idHash, lastSeenAt: { $lt: lastSeenAt } },
      { $set: { lastSeenAt } },
      WRITE_OPTIONS,
    )
  }

  async deleteSession(idHash: string): Promise<void> {
    if (!isText(idHash)) return
    await this.sessions.deleteOne({ _id: idHash }, WRITE_OPTIONS)
  }

  async deleteSessionsOfMember(memberId: string): Promise<number> {
    if (!isText(memberId)) return 0
    return (await this.sessions.deleteMany({ memberId }, WRITE_OPTIONS)).deletedCount
  }
}
