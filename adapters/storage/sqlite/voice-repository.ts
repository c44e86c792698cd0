import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { VoiceRepositoryPort } from '../../../core/ports/voice-repository.js'
import type { Proposal } from '../../../core/voice/proposal.js'
import type { VoiceSession } from '../../../core/voice/voice-session.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { allRecords, insertRow, oneRecord, replaceIfVersion } from './records.js'

const sessionColumns = (session: VoiceSession) => ({
  id: session.id,
  account_id: session.accountId,
  user_id: session.userId,
  doc: encodeJson(session),
})

const proposalColumns = (proposal: Proposal) => ({
  id: proposal.id,
  account_id: proposal.accountId,
  session_id: proposal.sessionId,
  user_id: proposal.userId,
  doc: encodeJson(proposal),
})

/**
 * Voice sessions and proposals of one surface. Version-compared writes make one of two concurrent confirmations
 * win; an executed proposal and its `voice.action_executed` event are one transaction.
 */
export class SqliteVoiceRepository implements VoiceRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insertSession(session: VoiceSession): Promise<void> {
    insertRow(this.db, 'voice_sessions', sessionColumns(session))
  }

  async getSession(accountId: string, id: string): Promise<VoiceSession | null> {
    return oneRecord<VoiceSession>(
      this.db,
      'SELECT doc FROM voice_sessions WHERE id = ? AND account_id = ?',
      id,
      accountId,
    )
  }

  async updateSession(session: VoiceSession, expectedVersion: number): Promise<'updated' | 'conflict'> {
    return replaceIfVersion(this.db, 'voice_sessions', session, expectedVersion, sessionColumns(session))
      ? 'updated'
      : 'conflict'
  }

  async insertProposal(proposal: Proposal): Promise<void> {
    insertRow(this.db, 'voice_proposals', proposalColumns(proposal))
  }

  async getProposal(accountId: string, id: string): Promise<Proposal | null> {
    return oneRecord<Proposal>(
      this.db,
      'SELECT doc FROM voice_proposals WHERE id = ? AND account_id = ?',
      id,
      accountId,
    )
  }

  async listProposals(accountId: string, sessionId: string): Promise<Proposal[]> {
    return allRecords<Proposal>(
      this.db,
      'SELECT doc FROM voice_proposals WHERE account_id = ? AND session_id = ? ORDER BY id',
      accountId,
      sessionId,
    )
  }

  async updateProposal(
    proposal: Proposal,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => {
      if (!replaceIfVersion(this.db, 'voice_proposals', proposal, expectedVersion, proposalColumns(proposal)))
        return 'conflict'
      this.outbox.appendIn(events)
      return 'updated'
    })
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return inTransaction(this.db, () => {
      statement(this.db, 'DELETE FROM voice_proposals WHERE account_id = ? AND user_id = ?').run(accountId, userId)
      return statement(this.db, 'DELETE FROM voice_sessions WHERE account_id = ? AND user_id = ?').run(
        accountId,
        userId,
      ).changes
    })
  }
}
