import { InvalidTransition } from '../shared/errors.js'
import { runTransition, type StateMachine, type TransitionTable } from '../shared/state-machine.js'

/**
 * A change a voice tool wants to make, held until the user confirms it: proposed -> confirmed -> executed (or
 * failed, when the use case refuses or the data changed since the proposal), or proposed -> rejected | expired.
 * A confirmation is the only way to `confirmed`, and `executed` is reached from `confirmed` only, once: the
 * repository's version check makes one confirmation win, so nothing executes twice.
 */
export const PROPOSAL_STATUSES = ['proposed', 'confirmed', 'executed', 'failed', 'rejected', 'expired'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

/** How long a proposal waits for its confirmation (docs/voice.md). */
export const PROPOSAL_LIFETIME_MS = 5 * 60_000

export interface ProposalResource {
  /** Wire name (`event`, `reminder`, `user`, `invitation`). */
  readonly type: string
  /** Null until a create has executed. */
  readonly id: string | null
}

export interface Proposal {
  readonly id: string
  readonly sessionId: string
  readonly accountId: string
  readonly livemode: boolean
  readonly userId: string
  readonly tool: string
  /** The tool's validated arguments: what `confirm` executes. */
  readonly arguments: Readonly<Record<string, unknown>>
  /** A sentence for the user ("Move 'Dentist' to Tue 3 Jun 10:00"). */
  readonly summary: string
  /** The exact change (field -> { from, to }, or the record to create). */
  readonly change: Readonly<Record<string, unknown>>
  readonly resource: ProposalResource
  /** What the data looked like when proposed (a version); a different basis at confirmation makes it stale. */
  readonly basis: string | null
  readonly status: ProposalStatus
  /** True when the user confirmed; false when the session's policy executed it directly; null before. */
  readonly confirmedByUser: boolean | null
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly decidedAt: Date | null
  readonly executedAt: Date | null
  /** The tool's output once executed (the resource as the REST API renders it). */
  readonly result: Readonly<Record<string, unknown>> | null
  readonly failure: { readonly code: string; readonly message: string } | null
  readonly version: number
}

export type ProposalCommand =
  | { readonly type: 'confirm'; readonly now: Date; readonly byUser: boolean }
  | { readonly type: 'reject'; readonly now: Date }
  | { readonly type: 'expire'; readonly now: Date }
  | {
      readonly type: 'executed'
      readonly now: Date
      readonly resourceId: string
      readonly result: Readonly<Record<string, unknown>>
    }
  | { readonly type: 'fail'; readonly now: Date; readonly code: string; readonly message: string }

/** What the repository write of a step carries: an execution is announced (`voice.action_executed`). */
export type ProposalEvent = { readonly type: 'voice.action_executed' }

const TABLE: TransitionTable<ProposalStatus, ProposalCommand['type']> = {
  // A confirmation that arrives after `expiresAt` expires the proposal instead.
  proposed: { confirm: ['confirmed', 'expired'], reject: ['rejected'], expire: ['expired'] },
  confirmed: { executed: ['executed'], fail: ['failed'] },
  executed: {},
  failed: {},
  rejected: {},
  expired: {},
}

const step = (proposal: Proposal, now: Date, changes: Partial<Proposal>): Proposal => ({
  ...proposal,
  ...changes,
  decidedAt: proposal.decidedAt ?? now,
  version: proposal.version + 1,
})

export const isExpiredAt = (proposal: Proposal, now: Date): boolean => now.getTime() >= proposal.expiresAt.getTime()

export const PROPOSAL_MACHINE: StateMachine<
  ProposalStatus,
  Proposal,
  ProposalCommand,
  ProposalEvent,
  InvalidTransition
> = {
  name: 'proposal',
  table: TABLE,
  statusOf: (proposal) => proposal.status,
  handlers: {
    confirm: (proposal, { now, byUser }) =>
      isExpiredAt(proposal, now)
        ? { state: step(proposal, now, { status: 'expired' }), events: [] }
        : { state: step(proposal, now, { status: 'confirmed', confirmedByUser: byUser }), events: [] },
    reject: (proposal, { now }) => ({ state: step(proposal, now, { status: 'rejected' }), events: [] }),
    expire: (proposal, { now }) => ({ state: step(proposal, now, { status: 'expired' }), events: [] }),
    executed: (proposal, { now, resourceId, result }) => ({
      state: step(proposal, now, {
        status: 'executed',
        executedAt: now,
        result,
        resource: { type: proposal.resource.type, id: resourceId },
      }),
      events: [{ type: 'voice.action_executed' }],
    }),
    fail: (proposal, { now, code, message }) => ({
      state: step(proposal, now, { status: 'failed', failure: { code, message } }),
      events: [],
    }),
  },
  refuse: (proposal, command) =>
    new InvalidTransition({ resource: 'proposal', from: proposal.status, command: command.type }),
}

export const proposalTransition = (proposal: Proposal, command: ProposalCommand) =>
  runTransition(PROPOSAL_MACHINE, proposal, command)
