import type { RequiredPermission } from '../account/permissions.js'
import type { HeldAuthority, SessionAuthorityService } from '../account/session-authority.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { RateLimiterPort } from '../ports/rate-limiter.js'
import type { TokenSignerPort } from '../ports/token-signer.js'
import type { VoiceRepositoryPort } from '../ports/voice-repository.js'
import type { DomainError } from '../shared/domain-error.js'
import { domainEvent } from '../shared/domain-event.js'
import { type ConcurrentModification, InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict } from '../shared/optimistic.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import type { UserService } from '../user/user-service.js'
import { type AgentChannel, PROPOSAL_LIFETIME_MS, type Proposal } from './proposal.js'
import { type ProposalCommand, proposalTransition } from './proposal-transition.js'
import {
  ProposalExpired,
  ProposalStale,
  VoiceConcurrencyExceeded,
  VoiceSessionClosed,
  VoiceSessionRateLimited,
  VoiceTokenRejected,
} from './voice.errors.js'
import {
  CONCURRENT_SESSIONS_PER_KEY,
  CONNECT_TOKEN_LIFETIME_MS,
  type ConfirmationPolicy,
  DEFAULT_SESSION_LIFETIME_MS,
  type EndReason,
  effectiveStatus,
  grantOf,
  SESSIONS_PER_USER_PER_HOUR,
  type SpeechModelKind,
  type VoiceCaller,
  type VoiceSession,
} from './voice-session.js'
import { voiceSessionTransition } from './voice-session-transition.js'

/** The audience of a voice connect token: it never verifies as a Connect access token, nor the reverse. */
export const VOICE_TOKEN_AUDIENCE = 'voice_session'
const HOUR_MS = 3600_000
/** What a voice session needs of its key for as long as it lasts: a key that lost it ends its sessions. */
export const VOICE_CHANNEL_PERMISSION: RequiredPermission = { resource: 'voice', access: 'write' }

export interface VoiceServiceDeps {
  readonly sessions: VoiceRepositoryPort
  readonly users: UserService
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly limiter: RateLimiterPort
  readonly signer: TokenSignerPort
  /** Whether a session's key, accounts and user still grant what it acts with. */
  readonly authority: SessionAuthorityService
  /** The token issuer of a surface (its public base URL): a sandbox token is not valid on production. */
  readonly issuerOf: (livemode: boolean) => string
}

export interface CreateSessionInput {
  readonly userId: string
  /** Tool names, validated by the caller against its registry; all by default. */
  readonly tools: readonly string[]
  readonly confirmationPolicy?: ConfirmationPolicy | undefined
  readonly locale?: string | undefined
  readonly model?: SpeechModelKind | undefined
  readonly lifetimeMs?: number | undefined
}

/**
 * Who holds a proposal: a voice session, or an MCP session acting for the user its call named. Only the holder's
 * session reaches the proposal. `channel`: voice unless said.
 */
export type ProposalHolder = Pick<VoiceSession, 'id' | 'accountId' | 'livemode' | 'userId'> & {
  readonly channel?: AgentChannel
}

/** A tool's change, held as a proposal. */
export interface ProposalDraft {
  readonly tool: string
  readonly arguments: Readonly<Record<string, unknown>>
  readonly summary: string
  readonly change: Readonly<Record<string, unknown>>
  readonly resource: { readonly type: string; readonly id: string | null }
  readonly basis: string | null
}

/** How a confirmed proposal is carried out: the tool's own use case. */
export interface ProposalExecutor {
  /** The basis of the data now; a different one than the proposal's makes it stale. */
  basis(): Promise<string | null>
  execute(): Promise<
    Result<{ readonly resourceId: string; readonly result: Readonly<Record<string, unknown>> }, DomainError>
  >
}

export interface ConfirmOutcome {
  readonly proposal: Proposal
  /** True when the proposal had already executed: the same outcome again, nothing run twice. */
  readonly replayed: boolean
}

export interface Connected {
  readonly session: VoiceSession
  /** The concurrency slot of the connection; give it back with `disconnected`. */
  readonly slot: string
  /** What the session may do, as checked at the connection. */
  readonly authority: HeldAuthority
}

/** The voice channel's use cases: sessions, their connect tokens, and the proposals their tools make. */
export class VoiceService {
  constructor(private readonly deps: VoiceServiceDeps) {}

  async create(
    scope: RequestScope,
    caller: VoiceCaller,
    input: CreateSessionInput,
  ): Promise<
    Result<
      { readonly session: VoiceSession; readonly token: string },
      ResourceNotFound | AccountDeactivated | VoiceSessionRateLimited
    >
  > {
    const user = await this.deps.users.requireActive(scope, input.userId, 'user_id')
    if (!user.ok) return user
    const now = scope.clock.now()
    const bucket = `voice_sessions:${scope.accountId}:${scope.livemode ? 'live' : 'test'}:${input.userId}`
    const decision = await this.deps.limiter.consume(bucket, SESSIONS_PER_USER_PER_HOUR, HOUR_MS, now)
    if (!decision.allowed)
      return err(
        new VoiceSessionRateLimited({ limit: SESSIONS_PER_USER_PER_HOUR, retryAfterMs: decision.retryAfterMs }),
      )
    const lifetime = input.lifetimeMs ?? DEFAULT_SESSION_LIFETIME_MS
    // Whole seconds, as the token's `exp` is: the token is valid exactly until `connect_by`.
    const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000)
    const session: VoiceSession = {
      id: this.deps.ids.next('vs'),
      accountId: scope.accountId,
      livemode: scope.livemode,
      userId: input.userId,
      caller,
      tools: [...input.tools],
      confirmationPolicy: input.confirmationPolicy ?? 'always',
      locale: input.locale ?? 'en-US',
      model: input.model ?? 'embedded',
      status: 'created',
      tokenId: `vst_${this.deps.random.token(16)}`,
      createdAt: now,
      connectBy: wholeSecond(now.getTime() + Math.min(CONNECT_TOKEN_LIFETIME_MS, lifetime)),
      expiresAt: wholeSecond(now.getTime() + lifetime),
      connectedAt: null,
      endedAt: null,
      endReason: null,
      toolCalls: 0,
      actionsExecuted: 0,
      version: 1,
    }
    await this.deps.sessions.insertSession(session)
    const token = await this.deps.signer.sign({
      issuer: this.deps.issuerOf(scope.livemode),
      audience: VOICE_TOKEN_AUDIENCE,
      subject: session.id,
      issuedAt: now,
      expiresAt: session.connectBy,
      claims: {
        jti: session.tokenId,
        user_id: session.userId,
        account: session.accountId,
        platform: caller.platformAccountId,
        surface: scope.livemode ? 'live' : 'test',
        key: caller.keyId,
        permissions: caller.permissions === null ? '*' : JSON.stringify(caller.permissions),
        session_expires_at: Math.floor(session.expiresAt.getTime() / 1000),
      },
    })
    return ok({ session, token })
  }

  async retrieve(
    scope: RequestScope,
    id: string,
  ): Promise<Result<{ readonly session: VoiceSession; readonly proposals: Proposal[] }, ResourceNotFound>> {
    const session = await this.deps.sessions.getSession(scope.accountId, id)
    if (session === null || session.livemode !== scope.livemode)
      return err(new ResourceNotFound({ resource: 'voice_session', id }))
    return ok({ session, proposals: await this.deps.sessions.listProposals(scope.accountId, id) })
  }

  /** Ends a session (idempotent: an ended one is answered as it is). */
  async end(
    scope: RequestScope,
    id: string,
    reason: EndReason,
  ): Promise<Result<VoiceSession, ResourceNotFound | ConcurrentModification>> {
    return this.endAt(scope.accountId, id, reason, scope.clock.now())
  }

  private endAt(
    accountId: string,
    id: string,
    reason: EndReason,
    now: Date,
  ): Promise<Result<VoiceSession, ResourceNotFound | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'voice_session', id },
      read: () => this.deps.sessions.getSession(accountId, id),
      attempt: async (current) => {
        if (current.status === 'ended') return ok(current)
        const expired = effectiveStatus(current, now) === 'ended'
        const moved = voiceSessionTransition(current, { type: 'end', now, reason: expired ? 'expired' : reason })
        if (!moved.ok) return ok(current)
        const next = expired ? { ...moved.value.state, endedAt: current.expiresAt } : moved.value.state
        return (await this.deps.sessions.updateSession(next, current.version)) === 'conflict' ? 'conflict' : ok(next)
      },
    })
  }

  /**
   * A WebSocket connection presents its token: valid for this surface, of a session not yet connected (a token
   * connects once) and not ended, whose authority still holds (else the session ends with the reason), and a free
   * concurrency slot of the key. The slot is taken before the token is
   * spent, so that a connection refused for concurrency can retry with the same token.
   */
  async connect(
    livemode: boolean,
    token: string,
    now: Date,
  ): Promise<Result<Connected, VoiceTokenRejected | VoiceConcurrencyExceeded | VoiceSessionClosed>> {
    const claims = await this.deps.signer.verify(token, {
      issuer: this.deps.issuerOf(livemode),
      audience: VOICE_TOKEN_AUDIENCE,
      now,
    })
    if (claims === null) return err(new VoiceTokenRejected({ reason: 'invalid or expired' }))
    const accountId = claims.claims.account
    if (typeof accountId !== 'string') return err(new VoiceTokenRejected({ reason: 'invalid or expired' }))
    const session = await this.deps.sessions.getSession(accountId, claims.subject)
    if (session === null || session.livemode !== livemode || session.tokenId !== claims.claims.jti)
      return err(new VoiceTokenRejected({ reason: 'invalid or expired' }))
    if (effectiveStatus(session, now) === 'ended')
      return err(new VoiceSessionClosed({ id: session.id, reason: session.endReason ?? 'expired' }))
    if (session.status !== 'created') return err(new VoiceTokenRejected({ reason: 'already used' }))
    const held = await this.deps.authority.check(grantOf(session), VOICE_CHANNEL_PERMISSION)
    if (!held.ok) {
      await this.endAt(session.accountId, session.id, held.error.reason, now)
      return err(new VoiceSessionClosed({ id: session.id, reason: held.error.reason }))
    }
    const bucket = concurrencyBucket(session)
    const leaseMs = session.expiresAt.getTime() - now.getTime() + 60_000
    const slot = await this.deps.limiter.acquireSlot(bucket, CONCURRENT_SESSIONS_PER_KEY, now, leaseMs)
    if (slot === null) return err(new VoiceConcurrencyExceeded({ limit: CONCURRENT_SESSIONS_PER_KEY }))
    const moved = voiceSessionTransition(session, { type: 'connect', now })
    if (!moved.ok || (await this.deps.sessions.updateSession(moved.value.state, session.version)) === 'conflict') {
      await this.deps.limiter.releaseSlot(bucket, slot)
      return err(new VoiceTokenRejected({ reason: 'already used' }))
    }
    return ok({ session: moved.value.state, slot, authority: held.value })
  }

  /** The connection closed: its slot is free, its tool calls counted, and the session ended. */
  async disconnected(scope: RequestScope, connected: Connected, toolCalls: number, reason: EndReason): Promise<void> {
    await this.deps.limiter.releaseSlot(concurrencyBucket(connected.session), connected.slot)
    await retryOnConflict({
      target: { resource: 'voice_session', id: connected.session.id },
      read: () => this.deps.sessions.getSession(scope.accountId, connected.session.id),
      attempt: async (current) => {
        const counted = voiceSessionTransition(current, { type: 'count', toolCalls, actionsExecuted: 0 })
        const base = counted.ok ? counted.value.state : current
        const now = scope.clock.now()
        // A connection closed at (or after) the session's expiry ended by expiry, at `expires_at`.
        const expired = effectiveStatus(current, now) === 'ended'
        const ended = voiceSessionTransition(base, { type: 'end', now, reason: expired ? 'expired' : reason })
        const next = ended.ok
          ? {
              ...ended.value.state,
              ...(expired ? { endedAt: current.expiresAt } : {}),
              version: current.version + 1,
            }
          : base
        if (next === current) return ok(current)
        return (await this.deps.sessions.updateSession(next, current.version)) === 'conflict' ? 'conflict' : ok(next)
      },
    })
  }

  /**
   * Whether a session may still act, asked at each of its calls and periodically for an open connection: refused
   * once it ended (by the API, another host, its expiry), or once its authority is gone, which ends it with that
   * reason (`key_revoked`, `permission_removed`, `account_deleted`, `user_deleted`, `user_deactivated`). Answers
   * what the session may do now: its key's grants then and now.
   */
  async requireOpen(scope: RequestScope, session: VoiceSession): Promise<Result<HeldAuthority, VoiceSessionClosed>> {
    const now = scope.clock.now()
    const [stored, held] = await Promise.all([
      this.deps.sessions.getSession(session.accountId, session.id),
      this.deps.authority.check(grantOf(session), VOICE_CHANNEL_PERMISSION),
    ])
    const closed = (reason: string) => err(new VoiceSessionClosed({ id: session.id, reason }))
    if (stored !== null && effectiveStatus(stored, now) === 'ended') return closed(stored.endReason ?? 'expired')
    if (!held.ok) {
      if (stored !== null) await this.endAt(session.accountId, session.id, held.error.reason, now)
      return closed(held.error.reason)
    }
    // Only a user's deletion removes its sessions (the cascade removes them before the user): it is under way.
    if (stored === null) return closed('user_deleted')
    return ok(held.value)
  }

  async propose(scope: RequestScope, session: ProposalHolder, draft: ProposalDraft): Promise<Proposal> {
    const now = scope.clock.now()
    const proposal: Proposal = {
      id: this.deps.ids.next('prp'),
      sessionId: session.id,
      channel: session.channel ?? 'voice',
      accountId: session.accountId,
      livemode: session.livemode,
      userId: session.userId,
      tool: draft.tool,
      arguments: draft.arguments,
      summary: draft.summary,
      change: draft.change,
      resource: draft.resource,
      basis: draft.basis,
      status: 'proposed',
      confirmedByUser: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PROPOSAL_LIFETIME_MS),
      decidedAt: null,
      executedAt: null,
      result: null,
      failure: null,
      version: 1,
    }
    await this.deps.sessions.insertProposal(proposal)
    return proposal
  }

  /** A proposal of this session (another session's, user's or account's is not found). */
  async proposalOf(
    scope: RequestScope,
    session: ProposalHolder,
    id: string,
  ): Promise<Result<Proposal, ResourceNotFound>> {
    const proposal = await this.deps.sessions.getProposal(scope.accountId, id)
    return proposal === null || proposal.sessionId !== session.id
      ? err(new ResourceNotFound({ resource: 'proposal', id, param: 'proposal_id' }))
      : ok(proposal)
  }

  /**
   * Executes a proposal once. The confirmation is written first, against the version read: of two confirmations
   * only one write succeeds, and only its caller executes. A confirmation of an executed proposal answers its
   * outcome again (`replayed`). A stale basis, or the use case's refusal, fails the proposal.
   */
  async confirm(
    scope: RequestScope,
    session: ProposalHolder,
    id: string,
    byUser: boolean,
    executor: ProposalExecutor,
  ): Promise<Result<ConfirmOutcome, DomainError>> {
    const found = await this.proposalOf(scope, session, id)
    if (!found.ok) return found
    const current = found.value
    if (current.status === 'executed') return ok({ proposal: current, replayed: true })
    const now = scope.clock.now()
    const confirmed = await this.step(current, { type: 'confirm', now, byUser })
    if (!confirmed.ok) return this.refusalOf(scope, session, id, confirmed.error)
    if (confirmed.value.status === 'expired') return err(new ProposalExpired({ id }))
    const basis = await executor.basis()
    if (basis !== confirmed.value.basis) {
      await this.step(confirmed.value, {
        type: 'fail',
        now,
        code: 'proposal_stale',
        message: 'The data changed since the proposal.',
      })
      return err(new ProposalStale({ id }))
    }
    const executed = await executor.execute()
    if (!executed.ok) {
      await this.step(confirmed.value, {
        type: 'fail',
        now: scope.clock.now(),
        code: executed.error._tag,
        message: 'The use case refused the change.',
      })
      return executed
    }
    const done = await this.step(confirmed.value, {
      type: 'executed',
      now: scope.clock.now(),
      resourceId: executed.value.resourceId,
      result: executed.value.result,
    })
    if (!done.ok) return done
    return ok({ proposal: done.value, replayed: false })
  }

  async reject(scope: RequestScope, session: ProposalHolder, id: string): Promise<Result<Proposal, DomainError>> {
    const found = await this.proposalOf(scope, session, id)
    if (!found.ok) return found
    const rejected = await this.step(found.value, { type: 'reject', now: scope.clock.now() })
    if (rejected.ok) return rejected
    const again = await this.proposalOf(scope, session, id)
    return again.ok && again.value.status === 'expired' ? err(new ProposalExpired({ id })) : rejected
  }

  /** Why a step was refused, read again: a lost race to an executed proposal is a replay, not an error. */
  private async refusalOf(
    scope: RequestScope,
    session: ProposalHolder,
    id: string,
    error: InvalidTransition | ConcurrentModification,
  ): Promise<Result<ConfirmOutcome, DomainError>> {
    const again = await this.proposalOf(scope, session, id)
    if (again.ok && again.value.status === 'executed') return ok({ proposal: again.value, replayed: true })
    if (again.ok && again.value.status === 'expired') return err(new ProposalExpired({ id }))
    return err(error)
  }

  /** One transition, written against the version it was made from (no retry: a lost race is the caller's answer). */
  private async step(
    proposal: Proposal,
    command: ProposalCommand,
  ): Promise<Result<Proposal, InvalidTransition | ConcurrentModification>> {
    const moved = proposalTransition(proposal, command)
    if (!moved.ok) return moved
    const next = moved.value.state
    const events = moved.value.events.map((type) =>
      domainEvent(
        { ids: this.deps.ids, clock: { now: () => command.now } },
        { accountId: proposal.accountId, livemode: proposal.livemode },
        type,
        type === 'agent.action_executed' ? 'agent_action_execution' : 'voice_action',
        next,
      ),
    )
    const written = await this.deps.sessions.updateProposal(next, proposal.version, events)
    if (written === 'conflict')
      return err(new InvalidTransition({ resource: 'proposal', from: 'changed', command: command.type }))
    return ok(next)
  }
}

const concurrencyBucket = (session: VoiceSession): string => `voice:key:${session.caller.keyId}`

/** Names the first tool not in `available` (`tools[i]`). */
export const checkToolNames = (
  requested: readonly string[],
  available: readonly string[],
): Result<readonly string[], InvalidParameter> => {
  for (const [index, name] of requested.entries())
    if (!available.includes(name))
      return err(new InvalidParameter({ param: `tools[${index}]`, message: `Unknown tool '${name}'.` }))
  return ok([...new Set(requested)])
}
