import { InvalidTransition } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { InvitationStatus } from './invitation.js'

/**
 * The invitation's status machine, written once as data (docs/invitations.md).
 *
 *   email_queued -> email_sent -> email_delivered -> opened -> responded
 *          \____________\_______________\-> bounced (terminal for mail) -> responded
 *
 * Mail notifications can arrive late, twice or out of order (a delivery report after
 * the open pixel), so a notice for a stage already passed is a no-op, never a step
 * back. A response is possible from every state: the account may record an answer
 * it got by other means even when the e-mail bounced.
 */
export type InvitationCommand =
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

export const INVITATION_COMMANDS: readonly InvitationCommand[] = [
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

interface Step {
  readonly next: InvitationStatus
  readonly event?: InvitationEventType
}

const stay = (state: InvitationStatus): Step => ({ next: state })
const RESPOND: Step = { next: 'responded', event: 'invitation.responded' }

/** Missing entry: refused (the e-mail bounced, or it was evidently read). */
export const INVITATION_TRANSITIONS: Readonly<
  Record<InvitationStatus, Readonly<Partial<Record<InvitationCommand, Step>>>>
> = {
  email_queued: {
    smtp_accepted: { next: 'email_sent', event: 'invitation.email_sent' },
    delivered: { next: 'email_delivered', event: 'invitation.delivered' },
    opened: { next: 'opened', event: 'invitation.opened' },
    bounced: { next: 'bounced', event: 'invitation.bounced' },
    respond: RESPOND,
    email_queued: stay('email_queued'),
  },
  email_sent: {
    smtp_accepted: stay('email_sent'),
    delivered: { next: 'email_delivered', event: 'invitation.delivered' },
    opened: { next: 'opened', event: 'invitation.opened' },
    bounced: { next: 'bounced', event: 'invitation.bounced' },
    respond: RESPOND,
    email_queued: stay('email_sent'),
  },
  email_delivered: {
    smtp_accepted: stay('email_delivered'),
    delivered: stay('email_delivered'),
    opened: { next: 'opened', event: 'invitation.opened' },
    // A late asynchronous bounce (the mailbox accepted, then rejected).
    bounced: { next: 'bounced', event: 'invitation.bounced' },
    respond: RESPOND,
    email_queued: stay('email_delivered'),
  },
  opened: {
    smtp_accepted: stay('opened'),
    delivered: stay('opened'),
    opened: stay('opened'),
    respond: RESPOND,
    email_queued: stay('opened'),
  },
  responded: {
    smtp_accepted: stay('responded'),
    delivered: stay('responded'),
    opened: stay('responded'),
    respond: RESPOND,
    email_queued: stay('responded'),
  },
  bounced: {
    respond: RESPOND,
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

export interface InvitationTransition {
  readonly state: InvitationStatus
  readonly events: readonly InvitationEventType[]
}

export const transitionInvitation = (
  state: InvitationStatus,
  command: InvitationCommand,
): Result<InvitationTransition, InvalidTransition> => {
  const step = INVITATION_TRANSITIONS[state][command]
  if (step === undefined) return err(new InvalidTransition({ resource: 'invitation', from: state, command }))
  return ok({ state: step.next, events: step.event === undefined ? [] : [step.event] })
}
