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
import { LEGACY_ACCOUNT_FIELDS } from '../../core/account/account.js'
import { SessionAuthorityService } from '../../core/account/session-authority.js'
import { ok } from '../../core/shared/result.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { DEFAULT_PREFERENCES } from '../../core/user/user.js'
import { UserService } from '../../core/user/user-service.js'
import { PROPOSAL_LIFETIME_MS, type ProposalStatus } from '../../core/voice/proposal.js'
import { proposalTransitionTable } from '../../core/voice/proposal-transition.js'
import { type Connected, VoiceService } from '../../core/voice/voice-service.js'
import type { VoiceSessionStatus } from '../../core/voice/voice-session.js'
import { voiceSessionTransitionTable } from '../../core/voice/voice-session-transition.js'

/**
 * Model-based test of the voice channel's two machines driven through `VoiceService` over the in-memory repositories
 * (docs/voice.md): random sequences of connecting with the token, proposing, confirming (by the user), rejecting,
 * ending by the API or by the client, revoking the key and letting time pass. After every step the stored session and
 * proposals are those of a model that follows the transition tables: a token connects once, an ended session stays
 * ended, a proposal executes only once confirmed in time, exactly once (one `voice.action_executed` in the outbox and
 * one run of the use case each), and nothing changes in a final state.
 */

const T0 = new Date('2026-06-01T08:00:00Z').getTime()
const ACCOUNT = 'acct_voice_model'
const USER = 'usr_voice_model'
const KEY = 'key_voice_model'

interface Model {
  now: number
  session: VoiceSessionStatus
  endReason: string | null
  revoked: boolean
  proposals: { id: string; status: ProposalStatus; expiresAt: number; runs: number }[]
}

interface Real {
  voice: VoiceService
  sessions: MemoryVoiceRepository
  outbox: MemoryOutbox
  accounts: MemoryAccountRepository
  sessionId: string
  token: string
  connected: Connected | null
  runs: Map<string, number>
}

const scope = (model: Model) => ({ accountId: ACCOUNT, livemode: false, clock: { now: () => new Date(model.now) } })
type Table = Readonly<Record<string, Readonly<Partial<Record<string, readonly string[]>>>>>
const allowed = (table: Table, from: string, command: string, to: string) =>
  table[from]?.[command]?.includes(to) === true
/** Steps the runs took, across runs: the test of the test (the sequences do reach executions and ends). */
const reached = { executed: 0, ended: 0 }

const sessionOf = async (real: Real) => {
  const stored = await real.sessions.getSession(ACCOUNT, real.sessionId)
  if (stored === null) throw new Error('session lost')
  return stored
}

/** The session's status a reader sees: past its expiry it is over, whatever was stored. */
const sessionOpen = (model: Model) => model.session !== 'ended' && model.now < T0 + 1_800_000

class Connect implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    const connected = await real.voice.connect(false, real.token, new Date(model.now))
    const expected = model.session === 'created' && sessionOpen(model) && !model.revoked && model.now < T0 + 300_000
    expect(connected.ok).toBe(expected)
    if (connected.ok) {
      model.session = 'active'
      real.connected = connected.value
    } else if (model.session !== 'ended' && model.revoked && model.now < T0 + 300_000) {
      // A connection that finds the authority gone ends the session with the loss.
      model.session = 'ended'
      model.endReason = 'key_revoked'
    }
  }
  toString = () => 'connect'
}

class Propose implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.session === 'active' && sessionOpen(model)
  async run(model: Model, real: Real) {
    const session = await sessionOf(real)
    const proposal = await real.voice.propose(scope(model), session, {
      tool: 'move_event',
      arguments: { event_id: 'evt_1' },
      summary: 'Move it.',
      change: {},
      resource: { type: 'event', id: 'evt_1' },
      basis: '1',
    })
    model.proposals.push({ id: proposal.id, status: 'proposed', expiresAt: model.now + PROPOSAL_LIFETIME_MS, runs: 0 })
  }
  toString = () => 'propose'
}

class Confirm implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.proposals.length > 0
  async run(model: Model, real: Real) {
    const target = model.proposals[this.pick % model.proposals.length]!
    const session = await sessionOf(real)
    const executor = {
      basis: async () => '1',
      execute: async () => {
        real.runs.set(target.id, (real.runs.get(target.id) ?? 0) + 1)
        return ok({ resourceId: 'evt_1', result: { id: 'evt_1' } })
      },
    }
    const answer = await real.voice.confirm(scope(model), session, target.id, true, executor)
    if (target.status === 'proposed' && model.now < target.expiresAt) {
      expect(answer.ok && !answer.value.replayed).toBe(true)
      expect(allowed(proposalTransitionTable, 'confirmed', 'executed', 'executed')).toBe(true)
      target.status = 'executed'
      target.runs += 1
      reached.executed += 1
    } else if (target.status === 'executed') expect(answer.ok && answer.value.replayed).toBe(true)
    else {
      expect(answer.ok).toBe(false)
      if (target.status === 'proposed') {
        expect(allowed(proposalTransitionTable, 'proposed', 'confirm', 'expired')).toBe(true)
        target.status = 'expired'
      }
    }
  }
  toString = () => `confirm(${this.pick})`
}

class Reject implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.proposals.length > 0
  async run(model: Model, real: Real) {
    const target = model.proposals[this.pick % model.proposals.length]!
    const answer = await real.voice.reject(scope(model), await sessionOf(real), target.id)
    expect(answer.ok).toBe(target.status === 'proposed')
    if (answer.ok) target.status = 'rejected'
  }
  toString = () => `reject(${this.pick})`
}

class End implements fc.AsyncCommand<Model, Real> {
  constructor(readonly byClient: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const reason = this.byClient ? 'ended_by_client' : 'ended_by_api'
    const ended = await real.voice.end(scope(model), real.sessionId, reason)
    expect(ended.ok).toBe(true)
    if (model.session !== 'ended') {
      expect(allowed(voiceSessionTransitionTable, model.session, 'end', 'ended')).toBe(true)
      reached.ended += 1
      model.endReason = sessionOpen(model) ? reason : 'expired'
      model.session = 'ended'
    }
  }
  toString = () => `end(${this.byClient ? 'client' : 'api'})`
}

class Revoke implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => !model.revoked
  async run(model: Model, real: Real) {
    await real.accounts.revokeKey(KEY, new Date(T0))
    model.revoked = true
    // The next check of the session (a call of its connection) ends it with the loss.
    const held = await real.voice.requireOpen(scope(model), await sessionOf(real))
    expect(held.ok).toBe(false)
    if (model.session !== 'ended') {
      model.endReason = sessionOpen(model) ? 'key_revoked' : 'expired'
      model.session = 'ended'
    }
  }
  toString = () => 'revoke'
}

class Wait implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true
  async run(model: Model) {
    model.now += this.ms
  }
  toString = () => `wait(${this.ms})`
}

const invariants = async (model: Model, real: Real) => {
  const session = await sessionOf(real)
  expect(session.status).toBe(model.session)
  if (model.session === 'ended') expect(session.endReason).toBe(model.endReason)
  for (const expected of model.proposals) {
    const stored = await real.sessions.getProposal(ACCOUNT, expected.id)
    expect(stored?.status).toBe(expected.status)
    expect(real.runs.get(expected.id) ?? 0).toBe(expected.runs)
    expect(expected.runs).toBeLessThanOrEqual(1)
  }
  const pending = await real.outbox.pending(1000)
  const executed = model.proposals.filter((proposal) => proposal.status === 'executed').length
  expect(pending.filter((event) => event.type === 'voice.action_executed')).toHaveLength(executed)
  expect(pending.filter((event) => event.type === 'agent.action_executed')).toHaveLength(executed)
}

const setUp = async (): Promise<{ model: Model; real: Real }> => {
  const outbox = new MemoryOutbox()
  const sessions = new MemoryVoiceRepository(outbox)
  const users = new MemoryUserRepository(outbox)
  const accounts = new MemoryAccountRepository()
  const ids = new UlidIdGenerator()
  const clock = { now: () => new Date(T0) }
  await accounts.insertAccount({
    id: ACCOUNT,
    createdAt: new Date(T0),
    pinnedVersion: '2026-05-20',
    rateLimits: null,
    sandboxClockOffsetMs: 0,
    ...LEGACY_ACCOUNT_FIELDS,
  })
  await accounts.insertKey({
    id: KEY,
    accountId: ACCOUNT,
    mode: 'test',
    hash: 'hash',
    last4: 'abcd',
    createdAt: new Date(T0),
    revokedAt: null,
    type: 'restricted',
    name: null,
    permissions: { voice: 'write', events: 'write' },
    allowedIps: null,
  })
  await users.insert(
    {
      ...DEFAULT_PREFERENCES,
      id: USER,
      accountId: ACCOUNT,
      livemode: false,
      email: 'model@example.com',
      deactivatedAt: null,
      createdAt: new Date(T0),
      version: 1,
    },
    [],
  )
  const voice = new VoiceService({
    sessions,
    users: new UserService({
      users,
      ids,
      identity: new EmbeddedIdentityProvider(),
      cascade: new UserDeletionCascade(),
      geocoding: new SyntheticGeocodingAdapter(),
    }),
    ids,
    random: new CryptoRandomSource(),
    limiter: new MemoryRateLimiter(),
    signer: new JoseTokenSigner(new Uint8Array(32).fill(9)),
    authority: new SessionAuthorityService({ accounts, oauth: new MemoryOAuthStore(), users, clock }),
    issuerOf: () => 'http://127.0.0.1',
  })
  const created = await voice.create(
    { accountId: ACCOUNT, livemode: false, clock },
    { keyId: KEY, keyType: 'restricted', permissions: { voice: 'write', events: 'write' }, platformAccountId: ACCOUNT },
    { userId: USER, tools: ['move_event'] },
  )
  if (!created.ok) throw new Error('session not created')
  return {
    model: { now: T0, session: 'created', endReason: null, revoked: false, proposals: [] },
    real: {
      voice,
      sessions,
      outbox,
      accounts,
      sessionId: created.value.session.id,
      token: created.value.token,
      connected: null,
      runs: new Map(),
    },
  }
}

// Proposing and confirming twice as likely as the rest: sequences reach executions before the session ends.
const commands = [
  fc.constant(new Connect()),
  fc.constant(new Propose()),
  fc.constant(new Propose()),
  fc.nat(20).map((pick) => new Confirm(pick)),
  fc.nat(20).map((pick) => new Confirm(pick)),
  fc.nat(20).map((pick) => new Reject(pick)),
  fc.boolean().map((byClient) => new End(byClient)),
  fc.constant(new Revoke()),
  fc.integer({ min: 1_000, max: 150_000 }).map((ms) => new Wait(ms)),
]

describe('The voice session and proposal machines, driven through VoiceService', () => {
  it('the stored session and proposals follow the model after every step; nothing executes twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'large' }), async (sequence) => {
        const { model, real } = await setUp()
        await fc.asyncModelRun(
          () => ({ model, real }),
          [...sequence].map((command) => ({
            check: (m: Readonly<Model>) => command.check(m),
            run: async (m: Model, r: Real) => {
              await command.run(m, r)
              await invariants(m, r)
            },
            toString: () => command.toString(),
          })),
        )
      }),
      { numRuns: 60 },
    )
    expect(reached.executed).toBeGreaterThan(0)
    expect(reached.ended).toBeGreaterThan(0)
  })
})
