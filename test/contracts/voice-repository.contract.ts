import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'
import type { VoiceRepositoryPort } from '../../core/ports/voice-repository.js'
import type { Proposal } from '../../core/voice/proposal.js'
import type { VoiceSession } from '../../core/voice/voice-session.js'

export interface VoiceRepositorySubject {
  readonly voice: VoiceRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const ids = new UlidIdGenerator()
const base = new Date('2026-06-01T08:00:00Z')

export const makeSession = (overrides: Partial<VoiceSession> = {}): VoiceSession => ({
  id: ids.next('vs'),
  accountId: 'acct_a',
  livemode: false,
  userId: 'usr_a',
  caller: { keyId: 'key_a', keyType: 'restricted', permissions: { events: 'write' }, platformAccountId: 'acct_a' },
  tools: ['get_event', 'move_event'],
  confirmationPolicy: 'always',
  locale: 'en-US',
  model: 'embedded',
  status: 'created',
  tokenId: 'vst_1',
  createdAt: base,
  connectBy: new Date(base.getTime() + 300_000),
  expiresAt: new Date(base.getTime() + 1_800_000),
  connectedAt: null,
  endedAt: null,
  endReason: null,
  toolCalls: 0,
  actionsExecuted: 0,
  version: 1,
  ...overrides,
})

export const makeProposal = (session: VoiceSession, overrides: Partial<Proposal> = {}): Proposal => ({
  id: ids.next('prp'),
  sessionId: session.id,
  accountId: session.accountId,
  livemode: false,
  userId: session.userId,
  tool: 'move_event',
  arguments: { event_id: 'evt_1', start_time: '2026-06-02T10:00:00.000Z' },
  summary: 'Move it.',
  change: { start_time: { from: '2026-06-02T09:00:00.000Z', to: '2026-06-02T10:00:00.000Z' } },
  resource: { type: 'event', id: 'evt_1' },
  basis: '3',
  status: 'proposed',
  confirmedByUser: null,
  createdAt: base,
  expiresAt: new Date(base.getTime() + 300_000),
  decidedAt: null,
  executedAt: null,
  result: null,
  failure: null,
  version: 1,
  ...overrides,
})

const executedNotice = (proposal: Proposal): DomainEvent => ({
  id: ids.next('ntf'),
  type: 'voice.action_executed',
  accountId: proposal.accountId,
  livemode: false,
  createdAt: base,
  objectType: 'voice_action',
  object: { id: proposal.id },
})

/** What every VoiceRepositoryPort adapter must do; call it from the adapter's own test file. */
export const voiceRepositoryContract = (
  name: string,
  makeSubject: () => VoiceRepositorySubject | Promise<VoiceRepositorySubject>,
): void => {
  describe(`${name} honours the VoiceRepositoryPort contract`, () => {
    let subject: VoiceRepositorySubject
    let voice: VoiceRepositoryPort
    beforeEach(async () => {
      subject = await makeSubject()
      voice = subject.voice
    })
    afterEach(async () => subject.teardown?.())

    it('stores a session and gives it back within its account only', async () => {
      const session = makeSession()
      await voice.insertSession(session)
      expect(await voice.getSession('acct_a', session.id)).toEqual(session)
      expect(await voice.getSession('acct_b', session.id)).toBeNull()
      expect(await voice.getSession('acct_a', 'vs_missing')).toBeNull()
    })

    it('updates a session against its version: of two writers of one version, one wins', async () => {
      const session = makeSession()
      await voice.insertSession(session)
      const first = { ...session, status: 'active' as const, version: 2 }
      const second = { ...session, status: 'ended' as const, version: 2 }
      expect(await voice.updateSession(first, 1)).toBe('updated')
      expect(await voice.updateSession(second, 1)).toBe('conflict')
      expect(await voice.getSession('acct_a', session.id)).toEqual(first)
    })

    it('lists a session’s proposals oldest first, within its account', async () => {
      const session = makeSession()
      await voice.insertSession(session)
      const first = makeProposal(session)
      const second = makeProposal(session)
      await voice.insertProposal(second)
      await voice.insertProposal(first)
      await voice.insertProposal(makeProposal(makeSession()))
      expect((await voice.listProposals('acct_a', session.id)).map((proposal) => proposal.id)).toEqual([
        first.id,
        second.id,
      ])
      expect(await voice.listProposals('acct_b', session.id)).toEqual([])
      expect(await voice.getProposal('acct_b', first.id)).toBeNull()
    })

    it('a proposal update and its events are one write; a stale version writes neither', async () => {
      const session = makeSession()
      const proposal = makeProposal(session)
      await voice.insertProposal(proposal)
      const executed: Proposal = {
        ...proposal,
        status: 'executed',
        confirmedByUser: true,
        executedAt: base,
        result: { id: 'evt_1', object: 'event' },
        version: 2,
      }
      const notice = executedNotice(executed)
      expect(await voice.updateProposal(executed, 1, [notice])).toBe('updated')
      expect(await voice.updateProposal({ ...executed, version: 2 }, 1, [executedNotice(executed)])).toBe('conflict')
      expect(await voice.getProposal('acct_a', proposal.id)).toEqual(executed)
      expect((await subject.outbox.pending(10)).map((event) => event.id)).toEqual([notice.id])
    })

    it('removes a user’s sessions and proposals', async () => {
      const mine = makeSession()
      const other = makeSession({ userId: 'usr_b' })
      await voice.insertSession(mine)
      await voice.insertSession(other)
      const proposal = makeProposal(mine)
      await voice.insertProposal(proposal)
      expect(await voice.removeByUser('acct_a', 'usr_a')).toBe(1)
      expect(await voice.getSession('acct_a', mine.id)).toBeNull()
      expect(await voice.getProposal('acct_a', proposal.id)).toBeNull()
      expect(await voice.getSession('acct_a', other.id)).toEqual(other)
    })
  })
}
