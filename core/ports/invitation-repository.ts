import type { Invitation } from '../invitation/invitation.js'
import type { DomainEvent } from './outbox.js'

/**
 * Invitations of one surface. Writes carry their domain events (outbox) and compare
 * versions. `outgoing.dueAt` is indexed: the mail sender reads the due ones.
 */
export interface InvitationRepositoryPort {
  insert(invitations: readonly Invitation[], events: readonly DomainEvent[]): Promise<void>
  get(accountId: string, id: string): Promise<Invitation | null>
  /** By id alone, for the token-addressed public paths (links, pixel, provider notices): the caller then checks the token. */
  findById(id: string): Promise<Invitation | null>
  /** Every invitation of an event, oldest first. */
  listByEvent(accountId: string, eventId: string): Promise<Invitation[]>
  /** The invitations an organizer sent to one address (unsubscribing covers them all). */
  listByAttendee(accountId: string, organizerUserId: string, email: string): Promise<Invitation[]>
  /** `conflict` when the stored version is not `expectedVersion` (nothing written). */
  update(
    invitation: Invitation,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'>
  /** Up to `limit` invitations whose outgoing e-mail is due at `now`, earliest first; `accountId` null for every account. */
  dueForMail(accountId: string | null, now: Date, limit: number): Promise<Invitation[]>
  nextMailDueAt(accountId: string | null, after: Date): Promise<Date | null>
  /** Remembers that `email` opted out of the organizer's e-mails. */
  addSuppression(accountId: string, organizerUserId: string, email: string): Promise<void>
  isSuppressed(accountId: string, organizerUserId: string, email: string): Promise<boolean>
  /** User deletion: removes the invitations the user organized (and its suppressions), forgets it as an attendee. */
  removeUser(accountId: string, userId: string): Promise<void>
}
