import type { Collection, Filter } from 'mongodb'
import type { Invitation, InvitedEvent, OutgoingEmail } from '../../../core/invitation/invitation.js'
import type { InvitationRepositoryPort } from '../../../core/ports/invitation-repository.js'
import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { MongoDocument } from './document.js'
import { appendEvents, inTransaction, isDuplicateKeyOf, type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { isIdShaped } from './query-guard.js'

export const INVITATIONS_COLLECTION = 'invitations'
export const INVITATION_SUPPRESSIONS_COLLECTION = 'invitation_suppressions'

/** `outgoing` is null when no e-mail waits; `outgoing.dueAt` is what the mail-due indexes hold. */
type InvitationDocument = MongoDocument<Invitation>

/** An address that opted out of one organizer's e-mails. */
interface SuppressionDocument {
  readonly accountId: string
  readonly organizerUserId: string
  readonly email: string
}

const eventOf = (event: InvitedEvent): InvitedEvent => ({
  title: event.title,
  startTime: event.startTime,
  endTime: event.endTime,
  timezone: event.timezone,
  location: event.location,
  organizerEmail: event.organizerEmail,
  organizerName: event.organizerName,
})

const outgoingOf = (outgoing: OutgoingEmail | null): OutgoingEmail | null =>
  outgoing === null
    ? null
    : { emailType: outgoing.emailType, sequence: outgoing.sequence, attempts: outgoing.attempts, dueAt: outgoing.dueAt }

const toDocument = (invitation: Invitation): InvitationDocument => ({
  _id: invitation.id,
  accountId: invitation.accountId,
  livemode: invitation.livemode,
  eventId: invitation.eventId,
  organizerUserId: invitation.organizerUserId,
  attendeeEmail: invitation.attendeeEmail,
  attendeeName: invitation.attendeeName,
  attendeeUserId: invitation.attendeeUserId,
  responseToken: invitation.responseToken,
  status: invitation.status,
  emailType: invitation.emailType,
  icalSequence: invitation.icalSequence,
  response: invitation.response,
  respondedAt: invitation.respondedAt,
  unsubscribed: invitation.unsubscribed,
  event: eventOf(invitation.event),
  outgoing: outgoingOf(invitation.outgoing),
  lastMessageId: invitation.lastMessageId,
  createdAt: invitation.createdAt,
  updatedAt: invitation.updatedAt,
  version: invitation.version,
})

const fromDocument = (document: InvitationDocument): Invitation => ({
  id: document._id,
  accountId: document.accountId,
  livemode: document.livemode,
  eventId: document.eventId,
  organizerUserId: document.organizerUserId,
  attendeeEmail: document.attendeeEmail,
  attendeeName: document.attendeeName,
  attendeeUserId: document.attendeeUserId,
  responseToken: document.responseToken,
  status: document.status,
  emailType: document.emailType,
  icalSequence: document.icalSequence,
  response: document.response,
  respondedAt: document.respondedAt,
  unsubscribed: document.unsubscribed,
  event: eventOf(document.event),
  outgoing: outgoingOf(document.outgoing),
  lastMessageId: document.lastMessageId,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
  version: document.version,
})

const ONE_SUPPRESSION = 'one_suppression_per_organizer_address'

/**
 * Invitations of one surface in `invitations`, suppressions in
 * `invitation_suppressions`. Writes and their domain events are one transaction;
 * so is the user-delete cascade.
 */
export class MongoInvitationRepository implements InvitationRepositoryPort {
  private readonly invitations: Collection<InvitationDocument>
  private readonly suppressions: Collection<SuppressionDocument>

  constructor(private readonly context: MongoContext) {
    this.invitations = context.db.collection<InvitationDocument>(INVITATIONS_COLLECTION)
    this.suppressions = context.db.collection<SuppressionDocument>(INVITATION_SUPPRESSIONS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.invitations.createIndexes([
      // An event's invitations oldest first.
      { key: { accountId: 1, eventId: 1, _id: 1 }, name: 'event_oldest' },
      // An organizer's invitations to one address (unsubscribe), and what a deleted organizer leaves.
      { key: { accountId: 1, organizerUserId: 1, attendeeEmail: 1, _id: 1 }, name: 'organizer_attendee' },
      // A deleted user forgotten as an attendee.
      { key: { accountId: 1, attendeeUserId: 1 }, name: 'attendee_user' },
      // The mail sender: invitations with an e-mail waiting, by due time, for all accounts or one.
      {
        key: { 'outgoing.dueAt': 1, _id: 1 },
        name: 'mail_due',
        partialFilterExpression: { 'outgoing.dueAt': { $exists: true } },
      },
      {
        key: { accountId: 1, 'outgoing.dueAt': 1, _id: 1 },
        name: 'account_mail_due',
        partialFilterExpression: { 'outgoing.dueAt': { $exists: true } },
      },
    ])
    await this.suppressions.createIndexes([
      // One suppression per organizer and address.
      { key: { accountId: 1, organizerUserId: 1, email: 1 }, name: ONE_SUPPRESSION, unique: true },
    ])
  }

  async insert(invitations: readonly Invitation[], events: readonly DomainEvent[]): Promise<void> {
    if (invitations.length === 0 && events.length === 0) return
    await inTransaction(this.context, async (session) => {
      if (invitations.length > 0)
        await this.invitations.insertMany(invitations.map(toDocument), { ...WRITE_OPTIONS, session })
      await appendEvents(this.context.db, events, session)
    })
  }

  async get(accountId: string, id: string): Promise<Invitation | null> {
    if (!isIdShaped(accountId) || !isIdShaped(id)) return null
    const document = await this.invitations.findOne({ _id: id, accountId })
    return document === null ? null : fromDocument(document)
  }

  async findById(id: string): Promise<Invitation | null> {
    if (!isIdShaped(id)) return null
    const document = await this.invitations.findOne({ _id: id })
    return document === null ? null : fromDocument(document)
  }

  async listByEvent(accountId: string, eventId: string): Promise<Invitation[]> {
    if (!isIdShaped(accountId) || !isIdShaped(eventId)) return []
    return (await this.invitations.find({ accountId, eventId }).sort({ _id: 1 }).toArray()).map(fromDocument)
  }

  async listByAttendee(accountId: string, organizerUserId: string, email: string): Promise<Invitation[]> {
    if (!isIdShaped(accountId) || !isIdShaped(organizerUserId) || typeof email !== 'string') return []
    return (
      await this.invitations.find({ accountId, organizerUserId, attendeeEmail: email }).sort({ _id: 1 }).toArray()
    ).map(fromDocument)
  }

  async update(
    invitation: Invitation,
    expectedVersion: number,
    events: readonly DomainEvent[],
  ): Promise<'updated' | 'conflict'> {
    if (!isIdShaped(invitation.accountId) || !isIdShaped(invitation.id)) return 'conflict'
    return inTransaction(this.context, async (session) => {
      const written = await this.invitations.replaceOne(
        { _id: invitation.id, accountId: invitation.accountId, version: expectedVersion },
        toDocument(invitation),
        { ...WRITE_OPTIONS, session },
      )
      if (written.matchedCount === 0) return 'conflict'
      await appendEvents(this.context.db, events, session)
      return 'updated'
    })
  }

  async dueForMail(accountId: string | null, now: Date, limit: number): Promise<Invitation[]> {
    // A limit of 0 means "no limit" to MongoDB; to the port it means nothing.
    if (limit <= 0) return []
    if (accountId !== null && !isIdShaped(accountId)) return []
    const filter: Filter<InvitationDocument> = {
      'outgoing.dueAt': { $lte: now },
      ...(accountId === null ? {} : { accountId }),
    }
    return (await this.invitations.find(filter).sort({ 'outgoing.dueAt': 1, _id: 1 }).limit(limit).toArray()).map(
      fromDocument,
    )
  }

  async nextMailDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    if (accountId !== null && !isIdShaped(accountId)) return null
    const filter: Filter<InvitationDocument> = {
      'outgoing.dueAt': { $gt: after },
      ...(accountId === null ? {} : { accountId }),
    }
    const next = await this.invitations
      .find(filter, { projection: { outgoing: 1 } })
      .sort({ 'outgoing.dueAt': 1, _id: 1 })
      .limit(1)
      .next()
    return next?.outgoing?.dueAt ?? null
  }

  async addSuppression(accountId: string, organizerUserId: string, email: string): Promise<void> {
    const suppression = { accountId, organizerUserId, email }
    try {
      await this.suppressions.updateOne(suppression, { $setOnInsert: suppression }, { upsert: true })
    } catch (error) {
      // Two opt-outs racing: the other one stored it.
      if (!isDuplicateKeyOf(error, ONE_SUPPRESSION)) throw error
    }
  }

  async isSuppressed(accountId: string, organizerUserId: string, email: string): Promise<boolean> {
    if (!isIdShaped(accountId) || !isIdShaped(organizerUserId) || typeof email !== 'string') return false
    return (await this.suppressions.countDocuments({ accountId, organizerUserId, email }, { limit: 1 })) > 0
  }

  async removeUser(accountId: string, userId: string): Promise<void> {
    if (!isIdShaped(accountId) || !isIdShaped(userId)) return
    await inTransaction(this.context, async (session) => {
      await this.invitations.deleteMany({ accountId, organizerUserId: userId }, { session })
      await this.invitations.updateMany(
        { accountId, attendeeUserId: userId },
        { $set: { attendeeUserId: null }, $inc: { version: 1 } },
        { session },
      )
      await this.suppressions.deleteMany({ accountId, organizerUserId: userId }, { session })
    })
  }
}
