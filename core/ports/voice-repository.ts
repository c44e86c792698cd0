import type { Proposal } from '../voice/proposal.js'
import type { VoiceSession } from '../voice/voice-session.js'
import type { DomainEvent } from './outbox.js'

/**
 * Voice sessions and their proposals, of one surface. Writes compare versions: of two confirmations of one
 * proposal, one write wins (exactly-once execution rests on it). A proposal's update carries its domain events
 * (`voice.action_executed`), written to the outbox in the same write.
 */
export interface VoiceRepositoryPort {
  insertSession(session: VoiceSession): Promise<void>
  getSession(accountId: string, id: string): Promise<VoiceSession | null>
  updateSession(session: VoiceSession, expectedVersion: number): Promise<'updated' | 'conflict'>
  insertProposal(proposal: Proposal): Promise<void>
  getProposal(accountId: string, id: string): Promise<Proposal | null>
  /** A session's proposals, oldest first. */
  listProposals(accountId: string, sessionId: string): Promise<Proposal[]>
  updateProposal(
    proposal: Proposal,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'>
  /** Removes a user's sessions and proposals (the user-delete cascade); returns how many sessions. */
  removeByUser(accountId: string, userId: string): Promise<number>
}
