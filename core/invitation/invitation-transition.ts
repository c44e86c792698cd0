import { InvalidTransition } from '../shared/errors.js'
import type { Result } from '../shared/result.js'
import {
  runTransition,
  type StateMachine,
  type TransitionHandlers,
  type TransitionOutcome,
  type TransitionTable,
} from '../shared/state-machine.js'
import type { InvitationStatus } from './invitation.js'

/**
 * The invitation's status machine (docs/invitations.md).
 *
 *   email_queued -> email_sent -> email_delivered -> opened -> responded
 *          \____________\_______________\-> bounced (terminal for mail) -> responded
 *
 * Mail notifications can arrive late, twice or out of order (a delivery report after
 * the open pixel), so a notice for a stage already passed is a no-op, never a step
 * back. A response is possible from every state: the account may record an answer
 * it got by other means even when the e-mail bounced.
 */
export type InvitationCommandType =
  /** The mail provider (SMTP) accepted an e-mail of the invitation. */
  | 'smtp_accepted'
  /** The provider reports delivery to the recipient's mailbox. */
  | 'delivered'
  /** The tracking pixel was loaded, or a link of the e-mail was opened. */
  | 'opened'
  /** The provider reports a bounce. */
  | 'bounced'
  /** The attendee (or the account for them) answered. */
  | 'respond'
  /** Another e-mail (an update or a cancellation) is queued. */
  | 'email_queued'
export type InvitationCommand = {
  readonly [Type in InvitationCommandType]: { readonly type: Type }
}[InvitationCommandType]

export const INVITATION_COMMAND_TYPES: readonly InvitationCommandType[] = [
  'smtp_accepted',
  'delivered',
  'opened',
  'bounced',
  'respond',
  'email_queued',
]

export type InvitationEventType =
  | 'invitation.email_sent'
  | 'invitation.delivered'
  | 'invitation.opened'
  | 'invitation.bounced'
  | 'invitation.responded'

export type InvitationOutcome = TransitionOutcome<InvitationStatus, InvitationEventType>

/** Each status, the commands it accepts and where each may lead. Missing entry: refused (the e-mail bounced, or it was evidently read). */
export const invitationTransitionTable: TransitionTable<InvitationStatus, InvitationCommandType> = {
  email_queued: {
    smtp_accepted: ['email_sent'],
    delivered: ['email_delivered'],
    opened: ['opened'],
    bounced: ['bounced'],
    respond: ['responded'],
    email_queued: ['email_queued'],
  },
  email_sent: {
    smtp_accepted: ['email_sent'],
    delivered: ['email_delivered'],
    opened: ['opened'],
    bounced: ['bounced'],
    respond: ['responded'],
    email_queued: ['email_sent'],
  },
  email_delivered: {
    smtp_accepted: ['email_delivered'],
    delivered: ['email_delivered'],
    opened: ['opened'],
    // A late asynchronous bounce (the mailbox accepted, then rejected).
    bounced: ['bounced'],
    respond: ['responded'],
    email_queued: ['email_delivered'],
  },
  opened: {
    smtp_accepted: ['opened'],
    delivered: ['opened'],
    opened: ['opened'],
    respond: ['responded'],
    email_queued: ['opened'],
  },
  responded: {
    smtp_accepted: ['responded'],
    delivered: ['responded'],
    opened: ['responded'],
    respond: ['responded'],
    email_queued: ['responded'],
  },
  bounced: {
    respond: ['responded'],
  },
}

/** How far along the mail is; a transition never lowers it (`bounced` sits beside the line). */
export const STATUS_RANK: Readonly<Record<InvitationStatus, number>> = {
  email_queued: 0,
  email_sent: 1,
  email_delivered: 2,
  opened: 3,
  responded: 4,
  bounced: 2,
}

const stay = (state: InvitationStatus): InvitationOutcome => ({ state, events: [] })

/** Forward to `target` with its event; a notice for a stage already reached or passed is a no-op, never a step back. */
const advanceTo =
  (target: InvitationStatus, event: InvitationEventType) =>
  (state: InvitationStatus): InvitationOutcome =>
    STATUS_RANK[state] >= STATUS_RANK[target] ? stay(state) : { state: target, events: [event] }

const handlers: TransitionHandlers<InvitationStatus, InvitationCommand, InvitationEventType> = {
  smtp_accepted: advanceTo('email_sent', 'invitation.email_sent'),
  delivered: advanceTo('email_delivered', 'invitation.delivered'),
  opened: advanceTo('opened', 'invitation.opened'),
  bounced: () => ({ state: 'bounced', events: ['invitation.bounced'] }),
  // Every answer is news, a changed one included.
  respond: () => ({ state: 'responded', events: ['invitation.responded'] }),
  email_queued: stay,
}

const invitationMachine: StateMachine<
  InvitationStatus,
  InvitationStatus,
  InvitationCommand,
  InvitationEventType,
  InvalidTransition
> = {
  name: 'invitation',
  table: invitationTransitionTable,
  statusOf: (state) => state,
  handlers,
  refuse: (state, command) => new InvalidTransition({ resource: 'invitation', from: state, command: command.type }),
}

/** The invitation state machine: pure, driven by the table above. */
export const invitationTransition = (
  state: InvitationStatus,
  command: InvitationCommand,
): Result<InvitationOutcome, InvalidTransition> => runTransition(invitationMachine, state, command)
