import type { Invitation } from '../../../core/invitation/invitation.js'
import type { InvitationRepositoryPort } from '../../../core/ports/invitation-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import { dueEarliestFirst } from './due-order.js'
import type { MemoryOutbox } from './outbox.js'

/** In-memory invitations of one surface; ids are time-ordered, so sorting by id is creation order. */
export class MemoryInvitationRepository implements InvitationRepositoryPort {
  private readonly invitations = new Map<string, Invitation>()
  private readonly suppressions = new Set<string>()

  constructor(private readonly outbox: MemoryOutbox) {}

  async insert(invitations: readonly Invitation[], events: readonly DomainEvent[]): Promise<void> {
    for (const invitation of invitations) this.invitations.set(invitation.id, invitation)
    this.outbox.appendNow(events)
  }

  async get(accountId: string, id: string): Promise<Invitation | null> {
    const invitation = this.invitations.get(id)
    return invitation !== undefined && invitation.accountId === accountId ? invitation : null
  }

  async findById(id: string): Promise<Invitation | null> {
    return this.invitations.get(id) ?? null
  }

  async listByEvent(accountId: string, eventId: string): Promise<Invitation[]> {
    return this.matching((invitation) => invitation.accountId === accountId && invitation.eventId === eventId)
  }

  async listByAttendee(accountId: string, organizerUserId: string, email: string): Promise<Invitation[]> {
    return this.matching(
      (invitation) =>
        invitation.accountId === accountId &&
        invitation.organizerUserId === organizerUserId &&
        invitation.attendeeEmail === email,
    )
  }

  async update(
    invitation: Invitation,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    const stored = this.invitations.get(invitation.id)
    if (stored === undefined || stored.version !== expectedVersion || stored.accountId !== invitation.accountId)
      return 'conflict'
    this.invitations.set(invitation.id, invitation)
    this.outbox.appendNow(events)
    return 'updated'
  }

  async dueForMail(accountId: string | null, now: Date, limit: number): Promise<Invitation[]> {
    // `matching` answers in id order, which invitations due at the same time keep.
    const waiting = this.matching((invitation) => invitation.outgoing !== null)
    return dueEarliestFirst(waiting, accountId, (invitation) => invitation.outgoing?.dueAt ?? null, now, limit)
  }

  async nextMailDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    let earliest: Date | null = null
    for (const invitation of this.invitations.values()) {
      const due = invitation.outgoing?.dueAt
      if (due === undefined || due <= after || (accountId !== null && invitation.accountId !== accountId)) continue
      if (earliest === null || due < earliest) earliest = due
    }
    return earliest
  }

  async addSuppression(accountId: string, organizerUserId: string, email: string): Promise<void> {
    this.suppressions.add(`${accountId}/${organizerUserId}/${email}`)
  }

  async isSuppressed(accountId: string, organizerUserId: string, email: string): Promise<boolean> {
    return this.suppressions.has(`${accountId}/${organizerUserId}/${email}`)
  }

  async removeUser(accountId: string, userId: string): Promise<void> {
    for (const invitation of [...this.invitations.values()]) {
      if (invitation.accountId !== accountId) continue
      if (invitation.organizerUserId === userId) this.invitations.delete(invitation.id)
      else if (invitation.attendeeUserId === userId)
        this.invitations.set(invitation.id, { ...invitation, attendeeUserId: null, version: invitation.version + 1 })
    }
    for (const key of [...this.suppressions])
      if (key.startsWith(`${accountId}/${userId}/`)) this.suppressions.delete(key)
  }

  private matching(predicate: (invitation: Invitation) => boolean): Invitation[] {
    return [...this.invitations.values()].filter(predicate).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }
}
