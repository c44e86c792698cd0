import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { VoiceRepositoryPort } from '../../../core/ports/voice-repository.js'
import type { Proposal } from '../../../core/voice/proposal.js'
import type { VoiceSession } from '../../../core/voice/voice-session.js'
import type { MemoryOutbox } from './outbox.js'

/** In-memory voice sessions and proposals; a proposal's write and its events are one synchronous step. */
export class MemoryVoiceRepository implements VoiceRepositoryPort {
  private readonly sessions = new Map<string, VoiceSession>()
  private readonly proposals = new Map<string, Proposal>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insertSession(session: VoiceSession): Promise<void> {
    this.sessions.set(session.id, session)
  }

  async getSession(accountId: string, id: string): Promise<VoiceSession | null> {
    const session = this.sessions.get(id)
    return session !== undefined && session.accountId === accountId ? session : null
  }

  async updateSession(session: VoiceSession, expectedVersion: number): Promise<'updated' | 'conflict'> {
    const current = this.sessions.get(session.id)
    if (current === undefined || current.accountId !== session.accountId || current.version !== expectedVersion)
      return 'conflict'
    this.sessions.set(session.id, session)
    return 'updated'
  }

  async insertProposal(proposal: Proposal): Promise<void> {
    this.proposals.set(proposal.id, proposal)
  }

  async getProposal(accountId: string, id: string): Promise<Proposal | null> {
    const proposal = this.proposals.get(id)
    return proposal !== undefined && proposal.accountId === accountId ? proposal : null
  }

  async listProposals(accountId: string, sessionId: string): Promise<Proposal[]> {
    return [...this.proposals.values()]
      .filter((proposal) => proposal.accountId === accountId && proposal.sessionId === sessionId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
  }

  async updateProposal(
    proposal: Proposal,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    const current = this.proposals.get(proposal.id)
    if (current === undefined || current.accountId !== proposal.accountId || current.version !== expectedVersion)
      return 'conflict'
    this.proposals.set(proposal.id, proposal)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    let removed = 0
    for (const session of [...this.sessions.values()]) {
      if (session.accountId !== accountId || session.userId !== userId) continue
      this.sessions.delete(session.id)
      removed += 1
    }
    for (const proposal of [...this.proposals.values()])
      if (proposal.accountId === accountId && proposal.userId === userId) this.proposals.delete(proposal.id)
    return removed
  }
}
