import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SyntheticGeocodingAdapter } from '../../adapters/geocoding/synthetic/synthetic-geocoding.js'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { CryptoRandomSource, UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { MemoryRateLimiter } from '../../adapters/rate-limit/memory/rate-limiter.js'
import { MemoryAccountRepository } from '../../adapters/storage/memory/account-repository.js'
import { MemoryOAuthStore } from '../../adapters/storage/memory/oauth-store.js'
import { MemoryOutbox } from '../../adapters/storage/memory/outbox.js'
import { MemoryUserRepository } from '../../adapters/storage/memory/user-repository.js'
import { MemoryVoiceRepository } from '../../adapters/storage/memory/voice-repository.js'
import { JoseTokenSigner } from '../../adapters/token-signer/jose/jose-token-signer.js'
import { SessionAuthorityService } from '../../core/account/session-authority.js'
import { ok } from '../../core/shared/result.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { UserService } from '../../core/user/user-service.js'
import { PROPOSAL_LIFETIME_MS, type Proposal, type ProposalStatus } from '../../core/voice/proposal.js'
import { type ProposalCommand, proposalTransition } from '../../core/voice/proposal-transition.js'
import { VoiceService } from '../../core/voice/voice-service.js'
import { makeProposal, makeSession } from '../contracts/voice-repository.contract.js'

const T0 = new Date('2026-06-01T08:00:00Z').getTime()
const TERMINAL: readonly ProposalStatus[] = ['executed', 'failed', 'rejected', 'expired']

const command: fc.Arbitrary<ProposalCommand> = fc
  .tuple(
    fc.constantFrom('confirm', 'reject', 'expire', 'executed', 'fail'),
    fc.integer({ min: 0, max: 2 * PROPOSAL_LIFETIME_MS }),
    fc.boolean(),
  )
  .map(([type, offset, byUser]): ProposalCommand => {
    const now = new Date(T0 + offset)
    switch (type) {
      case 'confirm':
        return { type, now, byUser }
      case 'executed':
        return { type, now, resourceId: 'evt_1', result: { id: 'evt_1' } }
      case 'fail':
        return { type, now, code: 'proposal_stale', message: 'changed' }
      default:
        return { type, now }
    }
  })

describe('The proposal state machine: proposed -> confirmed -> executed | failed, or rejected | expired', () => {
  it('nothing executes twice, executes unconfirmed, or leaves a final state, whatever the commands', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let proposal: Proposal = makeProposal(makeSession(), {
          createdAt: new Date(T0),
          expiresAt: new Date(T0 + PROPOSAL_LIFETIME_MS),
        })
        let executions = 0
        for (const next of commands) {
          const before = proposal
          const moved = proposalTransition(proposal, next)
          if (!moved.ok) {
            expect(moved.error._tag).toBe('InvalidTransition')
            continue
          }
          proposal = moved.value.state
          expect(TERMINAL).not.toContain(before.status)
          expect(proposal.version).toBe(before.version + 1)
          if (proposal.status === 'executed') {
            executions += 1
            expect(before.status).toBe('confirmed')
            expect(moved.value.events).toEqual(['voice.action_executed', 'agent.action_executed'])
          } else expect(moved.value.events).toEqual([])
          if (proposal.status === 'confirmed') {
            expect(next.now.getTime()).toBeLessThan(before.expiresAt.getTime())
            expect(proposal.confirmedByUser).toBe(next.type === 'confirm' && next.byUser)
          }
          if (next.type === 'confirm' && next.now.getTime() >= before.expiresAt.getTime())
            expect(proposal.status).toBe('expired')
        }
        expect(executions).toBeLessThanOrEqual(1)
      }),
      { numRuns: 500 },
    )
  })
})

describe('VoiceService.confirm executes a proposal exactly once under concurrent confirmations', () => {
  it('however many confirmations race, the use case runs once and every answer carries its outcome', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.boolean(), async (racers, stale) => {
        const outbox = new MemoryOutbox()
        const sessions = new MemoryVoiceRepository(outbox)
        const ids = new UlidIdGenerator()
        const voice = new VoiceService({
          sessions,
          users: new UserService({
            users: new MemoryUserRepository(outbox),
            ids,
            identity: new EmbeddedIdentityProvider(),
            cascade: new UserDeletionCascade(),
            geocoding: new SyntheticGeocodingAdapter(),
          }),
          ids,
          random: new CryptoRandomSource(),
          limiter: new MemoryRateLimiter(),
          signer: new JoseTokenSigner(new Uint8Array(32).fill(7)),
          // Confirmations do not ask it (the connection asked before): none here.
          authority: new SessionAuthorityService({
            accounts: new MemoryAccountRepository(),
            oauth: new MemoryOAuthStore(),
            users: new MemoryUserRepository(outbox),
            clock: { now: () => new Date(T0) },
          }),
          issuerOf: () => 'http://127.0.0.1',
        })
        const session = makeSession()
        await sessions.insertSession(session)
        const scope = { accountId: session.accountId, livemode: false, clock: { now: () => new Date(T0 + 1000) } }
        const proposal = makeProposal(session, { expiresAt: new Date(T0 + PROPOSAL_LIFETIME_MS) })
        await sessions.insertProposal(proposal)
        let runs = 0
        const executor = {
          basis: async () => (stale ? 'changed' : proposal.basis),
          execute: async () => {
            runs += 1
            await new Promise((resolve) => setImmediate(resolve))
            return ok({ resourceId: 'evt_1', result: { id: 'evt_1', run: runs } })
          },
        }
        const answers = await Promise.all(
          Array.from({ length: racers }, () => voice.confirm(scope, session, proposal.id, true, executor)),
        )
        const stored = await sessions.getProposal(session.accountId, proposal.id)
        if (stale) {
          expect(runs).toBe(0)
          expect(stored?.status).toBe('failed')
          return
        }
        expect(runs).toBe(1)
        expect(stored?.status).toBe('executed')
        const announced = await outbox.pending(100)
        expect(announced.filter((event) => event.type === 'voice.action_executed')).toHaveLength(1)
        expect(announced.filter((event) => event.type === 'agent.action_executed')).toHaveLength(1)
        // The winner and any loser that arrived after the execution agree; a loser mid-execution is refused.
        for (const answer of answers.filter((candidate) => candidate.ok))
          expect(answer.ok && answer.value.proposal.result).toEqual({ id: 'evt_1', run: 1 })
        expect(answers.filter((answer) => answer.ok && !answer.value.replayed)).toHaveLength(1)
      }),
      { numRuns: 60 },
    )
  })
})
