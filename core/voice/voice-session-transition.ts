import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import type { EndReason, VoiceSession, VoiceSessionStatus } from './voice-session.js'

/**
 * A voice session's life (docs/voice.md): `created` with its connect token, `active` once a connection used that
 * token (once), `ended` by the API, the client, its expiry or the loss of its authority. Tool calls are counted when
 * the connection closes, which may be after the end.
 */
export type VoiceSessionCommand =
  | { readonly type: 'connect'; readonly now: Date }
  | { readonly type: 'end'; readonly now: Date; readonly reason: EndReason }
  | { readonly type: 'count'; readonly toolCalls: number; readonly actionsExecuted: number }
export type VoiceSessionCommandType = VoiceSessionCommand['type']
export type VoiceSessionOutcome = TransitionOutcome<VoiceSession, never>

export const voiceSessionTransitionTable: TransitionTable<VoiceSessionStatus, VoiceSessionCommandType> = {
  created: { connect: ['active'], end: ['ended'], count: ['created'] },
  active: { end: ['ended'], count: ['active'] },
  // A connection's tool calls are counted when it closes, which may be after `session.end` or the API ended it.
  ended: { count: ['ended'] },
}

const handlers: TransitionHandlers<VoiceSession, VoiceSessionCommand, never> = {
  connect: (session, { now }) => ({
    state: { ...session, status: 'active', connectedAt: now, version: session.version + 1 },
    events: [],
  }),
  end: (session, { now, reason }) => ({
    state: { ...session, status: 'ended', endedAt: now, endReason: reason, version: session.version + 1 },
    events: [],
  }),
  count: (session, { toolCalls, actionsExecuted }) => ({
    state: {
      ...session,
      toolCalls: session.toolCalls + toolCalls,
      actionsExecuted: session.actionsExecuted + actionsExecuted,
      version: session.version + 1,
    },
    events: [],
  }),
}

const voiceSessionMachine: StateMachine<
  VoiceSessionStatus,
  VoiceSession,
  VoiceSessionCommand,
  never,
  InvalidTransition
> = {
  name: 'voice_session',
  table: voiceSessionTransitionTable,
  statusOf: (session) => session.status,
  handlers,
  refuse: (session, command) =>
    new InvalidTransition({ resource: 'voice_session', from: session.status, command: command.type }),
}

/** The voice session state machine: pure, driven by the table above. */
export const voiceSessionTransition = (
  session: VoiceSession,
  command: VoiceSessionCommand,
): Result<VoiceSessionOutcome, InvalidTransition> => runTransition(voiceSessionMachine, session, command)
