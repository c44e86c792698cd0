import type { Invitation } from '../../../core/invitation/invitation.js'
import type { InvitationRepositoryPort } from '../../../core/ports/invitation-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson, epochMs } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { allRecords, type Columns, dueRecords, insertRow, nextDueAt, oneRecord, replaceIfVersion } from './records.js'

const columnsOf = (invitation: Invitation): Columns => ({
  id: invitation.id,
  account_id: invitation.accountId,
  event_id: invitation.eventId,
  organizer_user_id: invitation.organizerUserId,
  attendee_email: invitation.attendeeEmail,
  attendee_user_id: invitation.attendeeUserId,
  mail_due_at: epochMs(invitation.outgoing?.dueAt),
  doc: encodeJson(invitation),
})

/** Invitations of one surface and the addresses that opted out; ids are time-ordered, so by id is creation order. */
export class SqliteInvitationRepository implements InvitationRepositoryPort {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(invitations: readonly Invitation[], events: readonly DomainEvent[]): Promise<void> {
    inTransaction(this.db, () => {
      for (const invitation of invitations) insertRow(this.db, 'invitations', columnsOf(invitation))
      this.outbox.appendIn(events)
    })
  }

  async get(accountId: string, id: string): Promise<Invitation | null> {
    return oneRecord(this.db, 'SELECT doc FROM invitations WHERE id = ? AND account_id = ?', id, accountId)
  }

  async findById(id: string): Promise<Invitation | null> {
    return oneRecord(this.db, 'SELECT doc FROM invitations WHERE id = ?', id)
  }

  async listByEvent(accountId: string, eventId: string): Promise<Invitation[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM invitations WHERE account_id = ? AND event_id = ? ORDER BY id',
      accountId,
      eventId,
    )
  }

  async listByAttendee(accountId: string, organizerUserId: string, email: string): Promise<Invitation[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM invitations WHERE account_id = ? AND organizer_user_id = ? AND attendee_email = ? ORDER BY id',
      accountId,
      organizerUserId,
      email,
    )
  }

  async update(
    invitation: Invitation,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => {
      if (!replaceIfVersion(this.db, 'invitations', invitation, expectedVersion, columnsOf(invitation)))
        return 'conflict'
      this.outbox.appendIn(events)
      return 'updated'
    })
  }

  async dueForMail(accountId: string | null, now: Date, limit: number): Promise<Invitation[]> {
    return dueRecords(this.db, 'invitations', 'mail_due_at', accountId, now, limit)
  }

  async nextMailDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return nextDueAt(this.db, 'invitations', 'mail_due_at', accountId, after)
  }

  async addSuppression(accountId: string, organizerUserId: string, email: string): Promise<void> {
    statement(
      this.db,
      'INSERT OR IGNORE INTO invitation_suppressions (account_id, organizer_user_id, email) VALUES (?, ?, ?)',
    ).run(accountId, organizerUserId, email)
  }

  async isSuppressed(accountId: string, organizerUserId: string, email: string): Promise<boolean> {
    return (
      statement(
        this.db,
        'SELECT 1 FROM invitation_suppressions WHERE account_id = ? AND organizer_user_id = ? AND email = ?',
      ).get(accountId, organizerUserId, email) !== undefined
    )
  }

  async removeUser(accountId: string, userId: string): Promise<void> {
    inTransaction(this.db, () => {
      statement(this.db, 'DELETE FROM invitations WHERE account_id = ? AND organizer_user_id = ?').run(
        accountId,
        userId,
      )
      const attended = allRecords<Invitation>(
        this.db,
        'SELECT doc FROM invitations WHERE account_id = ? AND attendee_user_id = ?',
        accountId,
        userId,
      )
      for (const invitation of attended) {
        const forgotten = { ...invitation, attendeeUserId: null, version: invitation.version + 1 }
        replaceIfVersion(this.db, 'invitations', invitation, invitation.version, columnsOf(forgotten))
      }
      statement(this.db, 'DELETE FROM invitation_suppressions WHERE account_id = ? AND organizer_user_id = ?').run(
        accountId,
        userId,
      )
    })
  }
}
