import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import { isExpiredAt, type Proposal, type ProposalStatus } from './proposal.js'

/**
 * A proposal's life (docs/voice.md, "Propose, confirm, execute"): proposed -> confirmed -> executed | failed, or
 * proposed -> rejected | expired. A confirmation is the only way to `confirmed`, and `executed` is reached from
 * `confirmed` only, once (the repository's version check makes one confirmation win).
 */
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
export type ProposalCommandType = ProposalCommand['type']
/**
 * What the repository write of a step carries: an execution is announced twice, to the voice channel's subscribers
 * (`voice.action_executed`, kept for them) and to every agent channel's (`agent.action_executed`, naming the channel).
 */
export type ProposalEventType = 'voice.action_executed' | 'agent.action_executed'
export type ProposalOutcome = TransitionOutcome<Proposal, ProposalEventType>

export const proposalTransitionTable: TransitionTable<ProposalStatus, ProposalCommandType> = {
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

const handlers: TransitionHandlers<Proposal, ProposalCommand, ProposalEventType> = {
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
    events: ['voice.action_executed', 'agent.action_executed'],
  }),
  fail: (proposal, { now, code, message }) => ({
    state: step(proposal, now, { status: 'failed', failure: { code, message } }),
    events: [],
  }),
}

const proposalMachine: StateMachine<ProposalStatus, Proposal, ProposalCommand, ProposalEventType, InvalidTransition> = {
  name: 'proposal',
  table: proposalTransitionTable,
  statusOf: (proposal) => proposal.status,
  handlers,
  refuse: (proposal, command) =>
    new InvalidTransition({ resource: 'proposal', from: proposal.status, command: command.type }),
}

/** The proposal state machine: pure, driven by the table above. */
export const proposalTransition = (
  proposal: Proposal,
  command: ProposalCommand,
): Result<ProposalOutcome, InvalidTransition> => runTransition(proposalMachine, proposal, command)
