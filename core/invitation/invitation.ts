/** Domain shape of an invitation: one attendee of one event. The wire shape lives in contracts/invitations.ts. */
export const INVITATION_STATUSES = [
  'email_queued',
  'email_sent',
  'email_delivered',
  'opened',
  'responded',
  'bounced',
] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]

export const EMAIL_TYPES = ['invite', 'update', 'cancel'] as const
export type EmailType = (typeof EMAIL_TYPES)[number]

export const RESPONSES = ['accepted', 'declined', 'tentative'] as const
export type InvitationResponse = (typeof RESPONSES)[number]

/** What the inbound path (pixel, mail provider, sandbox helper) may report about an e-mail. */
export const MAIL_NOTICES = ['delivered', 'opened', 'bounced'] as const

/**
 * What the attendee is invited to, copied from the event at each write: the
 * e-mails (a cancellation included, sent after the event is gone) are built from it.
 */
export interface InvitedEvent {
  readonly title: string
  readonly startTime: Date
  readonly endTime: Date
  readonly timezone: string
  /** The place as one line (name, address), or null. */
  readonly location: string | null
  readonly organizerEmail: string
  readonly organizerName: string | null
}

/** An e-mail waiting to be handed to the mail provider (retried with backoff until accepted). */
export interface OutgoingEmail {
  readonly emailType: EmailType
  readonly sequence: number
  readonly attempts: number
  readonly dueAt: Date
}

export interface Invitation {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly eventId: string
  readonly organizerUserId: string
  readonly attendeeEmail: string
  readonly attendeeName: string | null
  readonly attendeeUserId: string | null
  readonly responseToken: string
  readonly status: InvitationStatus
  /** The latest e-mail of this invitation: `invite`, then `update`s, then possibly `cancel`. */
  readonly emailType: EmailType
  readonly icalSequence: number
  readonly response: InvitationResponse | null
  readonly respondedAt: Date | null
  readonly unsubscribed: boolean
  readonly event: InvitedEvent
  readonly outgoing: OutgoingEmail | null
  /** The provider's id of the last accepted e-mail (inbound notifications may name it). */
  readonly lastMessageId: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly version: number
}

/** A cancelled invitation (its event was deleted) takes no more responses. */
export const isCancelled = (invitation: Pick<Invitation, 'emailType'>): boolean => invitation.emailType === 'cancel'
