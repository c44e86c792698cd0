import type { Collection } from 'mongodb'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { VoiceRepositoryPort } from '../../../core/ports/voice-repository.js'
import type { Proposal } from '../../../core/voice/proposal.js'
import type { VoiceSession } from '../../../core/voice/voice-session.js'
import type { MongoDocument } from './document.js'
import { appendEvents, inTransaction, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const VOICE_SESSIONS_COLLECTION = 'voice_sessions'
export const VOICE_PROPOSALS_COLLECTION = 'voice_proposals'

type SessionDocument = MongoDocument<VoiceSession>
type ProposalDocument = MongoDocument<Proposal>

const sessionDocument = ({ id, ...rest }: VoiceSession): SessionDocument => ({ _id: id, ...rest })
const sessionOf = ({ _id, ...rest }: SessionDocument): VoiceSession => ({ id: _id, ...rest })
const proposalDocument = ({ id, ...rest }: Proposal): ProposalDocument => ({ _id: id, ...rest })
const proposalOf = ({ _id, ...rest }: ProposalDocument): Proposal => ({ id: _id, ...rest })

/**
 * Voice sessions and proposals of one surface. Version-compared replaces make one of two concurrent confirmations
 * win across hosts; an executed proposal and its `voice.action_executed` event are one transaction.
 */
export class MongoVoiceRepository implements VoiceRepositoryPort {
  private readonly sessions: Collection<SessionDocument>
  private readonly proposals: Collection<ProposalDocument>

  constructor(private readonly context: MongoContext) {
    this.sessions = context.db.collection<SessionDocument>(VOICE_SESSIONS_COLLECTION)
    this.proposals = context.db.collection<ProposalDocument>(VOICE_PROPOSALS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.sessions.createIndexes([{ key: { accountId: 1, userId: 1 }, name: 'user' }])
    await this.proposals.createIndexes([
      { key: { accountId: 1, sessionId: 1, _id: 1 }, name: 'session' },
      { key: { accountId: 1, userId: 1 }, name: 'user' },
    ])
  }

  async insertSession(session: VoiceSession): Promise<void> {
    await this.sessions.insertOne(sessionDocument(session), WRITE_OPTIONS)
  }

  async getSession(accountId: string, id: string): Promise<VoiceSession | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.sessions.findOne({ _id: id, accountId })
    return document === null ? null : sessionOf(document)
  }

  async updateSession(session: VoiceSession, expectedVersion: number): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(session.accountId) || !isIdShaped(session.id)) return 'conflict'
    const written = await this.sessions.replaceOne(
      { _id: session.id, accountId: session.accountId, version: expectedVersion },
      sessionDocument(session),
      WRITE_OPTIONS,
    )
    return written.matchedCount === 0 ? 'conflict' : 'updated'
  }

  async insertProposal(proposal: Proposal): Promise<void> {
    await this.proposals.insertOne(proposalDocument(proposal), WRITE_OPTIONS)
  }

  async getProposal(accountId: string, id: string): Promise<Proposal | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.proposals.findOne({ _id: id, accountId })
    return document === null ? null : proposalOf(document)
  }

  async listProposals(accountId: string, sessionId: string): Promise<Proposal[]> {
    if (!isIdShaped(accountId) || !isIdShaped(sessionId)) return []
    return (await this.proposals.find({ accountId, sessionId }).sort({ _id: 1 }).toArray()).map(proposalOf)
  }

  async updateProposal(
    proposal: Proposal,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(proposal.accountId) || !isIdShaped(proposal.id)) return 'conflict'
    const replace = async (session?: import('mongodb').ClientSession) => {
      const written = await this.proposals.replaceOne(
        { _id: proposal.id, accountId: proposal.accountId, version: expectedVersion },
        proposalDocument(proposal),
        { ...WRITE_OPTIONS, ...(session === undefined ? {} : { session }) },
      )
      return written.matchedCount === 0 ? 'conflict' : 'updated'
    }
    if (events.length === 0) return replace()
    return inTransaction(this.context, async (session) => {
      const outcome = await replace(session)
      if (outcome === 'updated') await appendEvents(this.context.db, events, session)
      return outcome
    })
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return 0
    await this.proposals.deleteMany({ accountId, userId })
    return (await this.sessions.deleteMany({ accountId, userId })).deletedCount
  }
}
