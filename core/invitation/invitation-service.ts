import { createHash, timingSafeEqual } from 'node:crypto'
import type { ClockOf } from '../account/sandbox-time.js'
import type { DeviceNotifier } from '../device/device-notifier.js'
import type { CalendarEvent } from '../event/event.js'
import { type EventChangeListener, movedInTimeOrPlace } from '../event/event-lifecycle.js'
import { storedEventOrOccurrence } from '../event/series-monitoring.js'
import type { Clock } from '../ports/clock.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import type { IdGenerator, RandomSource } from '../ports/id-generator.js'
import type { InvitationRepositoryPort } from '../ports/invitation-repository.js'
import type { MailPort } from '../ports/mail.js'
import type { DomainEvent } from '../ports/outbox.js'
import type { UserRepositoryPort } from '../ports/user-repository.js'
import { domainEvent, type EventScope } from '../shared/domain-event.js'
import { ConcurrentModification, InvalidParameter, InvalidTransition, ResourceNotFound } from '../shared/errors.js'
import { retryOnConflict, written } from '../shared/optimistic.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { AccountDeactivated } from '../user/user.errors.js'
import { normalizeEmail, type User } from '../user/user.js'
import type { UserService } from '../user/user-service.js'
import {
  type EmailType,
  type Invitation,
  type InvitationResponse,
  type InvitedEvent,
  isCancelled,
  type MAIL_NOTICES,
  type OutgoingEmail,
} from './invitation.js'
import type { InvitationLinks } from './invitation-links.js'
import { composeInvitationMail, type MailSettings } from './invitation-mail.js'
import { invitationNotification } from './invitation-push.js'
import { type InvitationCommandType, invitationTransition } from './invitation-transition.js'

export interface InvitationServiceDeps {
  readonly invitations: InvitationRepositoryPort
  readonly events: EventRepositoryPort
  readonly users: UserService
  readonly userRepository: UserRepositoryPort
  readonly ids: IdGenerator
  readonly random: RandomSource
  readonly mail: MailPort
  readonly mailSettings: MailSettings
  readonly links: InvitationLinks
  /** Pushes the in-app side of an invitation to an attendee who is a user of the account (absent: no push). */
  readonly notifier?: DeviceNotifier
}

export interface AttendeeInput {
  readonly email: string
  readonly name?: string | null | undefined
}

/** Who answers: the account (API key) or the attendee holding the invitation's token. */
/**
 * The clock of the account an invitation belongs to (`ClockOf`, sandbox time): token-addressed paths know the
 * account only once the invitation is found; on the sandbox each account has its own clock.
 */
export type { ClockOf }

export type Responder =
  | { readonly kind: 'account'; readonly scope: RequestScope }
  | { readonly kind: 'attendee'; readonly token: string; readonly clockOf: ClockOf }

/** A notice about the e-mail from the inbound path (pixel, provider, sandbox helper). */
export type MailNotice = Extract<InvitationCommandType, (typeof MAIL_NOTICES)[number]>

/** Transient send failures are retried after 1, 2, 4 ... minutes, 8 times at most. */
const MAX_SEND_ATTEMPTS = 8
const RETRY_BASE_MS = 60_000
/** How long a claimed e-mail is reserved for the sender that claimed it. */
const SEND_LEASE_MS = 60_000
const TOKEN_BYTES = 24

/** Constant-time comparison of a presented token with the stored one (hashing first evens out the lengths). */
export const tokenMatches = (presented: string, stored: string): boolean =>
  timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(stored).digest())

const placeLine = (event: CalendarEvent): string | null => {
  if (event.location === null) return null
  const parts = [event.location.name, event.location.address].filter(
    (part): part is string => part !== null && part !== '',
  )
  return parts.length > 0 ? parts.join(', ') : `${event.location.lat}, ${event.location.lng}`
}

const invitedEventOf = (event: CalendarEvent, organizer: Pick<User, 'email' | 'displayName'>): InvitedEvent => ({
  title: event.title,
  startTime: event.startTime,
  endTime: event.endTime,
  timezone: event.timezone,
  location: placeLine(event),
  organizerEmail: organizer.email,
  organizerName: organizer.displayName,
})

export class InvitationService {
  constructor(private readonly deps: InvitationServiceDeps) {}

  /**
   * Invites each attendee to an event: one invitation each, e-mailed at once (retried
   * in the background if the provider refuses). An address already invited to the
   * event gets no second invitation: its existing one is returned.
   */
  async create(
    scope: RequestScope,
    input: { readonly eventId: string; readonly attendees: readonly AttendeeInput[] },
  ): Promise<Result<Invitation[], ResourceNotFound | AccountDeactivated | InvalidParameter>> {
    // An occurrence of a series carries its own invitations: it is stored (as the monitoring sweep would store it).
    const event = await storedEventOrOccurrence(this.deps.events, scope.accountId, input.eventId, scope.clock.now())
    if (event === null) return err(new ResourceNotFound({ resource: 'event', id: input.eventId, param: 'event_id' }))
    const organizer = await this.deps.users.requireActive(scope, event.userId)
    if (!organizer.ok) return organizer
    const seen = new Set<string>()
    for (const [index, attendee] of input.attendees.entries()) {
      const email = normalizeEmail(attendee.email)
      if (seen.has(email))
        return err(new InvalidParameter({ param: `attendees[${index}].email`, message: `${email} is listed twice.` }))
      seen.add(email)
    }
    const existing = new Map(
      (await this.deps.invitations.listByEvent(scope.accountId, event.id))
        .filter((invitation) => !isCancelled(invitation))
        .map((invitation) => [invitation.attendeeEmail, invitation]),
    )
    const now = scope.clock.now()
    const snapshot = invitedEventOf(event, organizer.value)
    const created: Invitation[] = []
    const answer: Invitation[] = []
    for (const attendee of input.attendees) {
      const email = normalizeEmail(attendee.email)
      const already = existing.get(email)
      if (already !== undefined) {
        answer.push(already)
        continue
      }
      const attendeeUser = await this.deps.userRepository.findByEmail(scope.accountId, email)
      const unsubscribed = await this.deps.invitations.isSuppressed(scope.accountId, event.userId, email)
      const invitation: Invitation = {
        id: this.deps.ids.next('inv'),
        accountId: scope.accountId,
        livemode: scope.livemode,
        eventId: event.id,
        organizerUserId: event.userId,
        attendeeEmail: email,
        attendeeName: attendee.name ?? null,
        attendeeUserId: attendeeUser?.id ?? null,
        responseToken: `irt_${this.deps.random.token(TOKEN_BYTES)}`,
        status: 'email_queued',
        emailType: 'invite',
        icalSequence: 0,
        response: null,
        respondedAt: null,
        unsubscribed,
        event: snapshot,
        outgoing: unsubscribed ? null : { emailType: 'invite', sequence: 0, attempts: 0, dueAt: now },
        lastMessageId: null,
        createdAt: now,
        updatedAt: now,
        version: 1,
      }
      created.push(invitation)
      answer.push(invitation)
    }
    const events = created.flatMap((invitation) => [
      this.event(scope, 'invitation.created', invitation),
      // The in-app side of the invitation: the push/notification module delivers it to the attendee's devices.
      ...(invitation.attendeeUserId === null ? [] : [this.event(scope, 'invitation.received', invitation)]),
    ])
    await this.deps.invitations.insert(created, events)
    await this.pushToAttendeeUsers(created, now)
    const sent = new Map(
      (await this.sendOutgoing(created, scope.clock)).map((invitation) => [invitation.id, invitation]),
    )
    return ok(answer.map((invitation) => sent.get(invitation.id) ?? invitation))
  }

  /** Attendees who are active users also get a push on their devices (e-mail opt-outs do not cover the app). */
  private async pushToAttendeeUsers(invitations: readonly Invitation[], now: Date): Promise<void> {
    const notifier = this.deps.notifier
    if (notifier === undefined) return
    for (const invitation of invitations) {
      if (invitation.attendeeUserId === null) continue
      const attendee = await this.deps.userRepository.get(invitation.accountId, invitation.attendeeUserId)
      if (attendee === null || attendee.deactivatedAt !== null) continue
      await notifier.notify(invitation.accountId, attendee.id, invitationNotification(invitation, attendee, now))
    }
  }

  async retrieve(scope: RequestScope, id: string): Promise<Result<Invitation, ResourceNotFound>> {
    const invitation = await this.deps.invitations.get(scope.accountId, id)
    return invitation === null ? err(new ResourceNotFound({ resource: 'invitation', id })) : ok(invitation)
  }

  /** An invitation addressed by its token (public paths); a wrong token is indistinguishable from a missing invitation. */
  async retrieveByToken(id: string, token: string): Promise<Result<Invitation, ResourceNotFound>> {
    const invitation = await this.deps.invitations.findById(id)
    if (invitation === null || !tokenMatches(token, invitation.responseToken))
      return err(new ResourceNotFound({ resource: 'invitation', id }))
    return ok(invitation)
  }

  /** Records the attendee's answer (a later answer replaces an earlier one). */
  async respond(
    responder: Responder,
    id: string,
    response: InvitationResponse,
  ): Promise<Result<Invitation, ResourceNotFound | AccountDeactivated | InvalidTransition | ConcurrentModification>> {
    return retryOnConflict({
      target: { resource: 'invitation', id },
      load: () =>
        responder.kind === 'account' ? this.retrieve(responder.scope, id) : this.retrieveByToken(id, responder.token),
      attempt: async (current) => {
        const clock = responder.kind === 'account' ? responder.scope.clock : await responder.clockOf(current.accountId)
        if (responder.kind === 'account') {
          const organizer = await this.deps.users.requireActive(responder.scope, current.organizerUserId)
          if (!organizer.ok && organizer.error._tag === 'AccountDeactivated') return organizer
        }
        if (isCancelled(current))
          return err(new InvalidTransition({ resource: 'invitation', from: 'cancelled', command: 'respond' }))
        const step = invitationTransition(current.status, { type: 'respond' })
        if (!step.ok) return step
        const now = clock.now()
        const next: Invitation = {
          ...current,
          status: step.value.state,
          response,
          respondedAt: now,
          updatedAt: now,
          version: current.version + 1,
        }
        const events = step.value.events.map((type) => this.event({ ...current, clock }, type, next))
        return written(await this.deps.invitations.update(next, current.version, events), next)
      },
    })
  }

  /**
   * Applies a delivery, open or bounce notice. Notices are idempotent and may come
   * late or out of order: one the status machine refuses (an open after a bounce)
   * changes nothing and is reported as `applied: false`.
   */
  async applyMailNotice(
    invitation: Invitation,
    notice: MailNotice,
    clock: Clock,
  ): Promise<Result<{ readonly invitation: Invitation; readonly applied: boolean }, ConcurrentModification>> {
    const target = { resource: 'invitation', id: invitation.id }
    return retryOnConflict({
      target,
      first: invitation,
      // Gone since it was read: reported as the race it lost.
      load: async () => {
        const current = await this.deps.invitations.findById(invitation.id)
        return current === null ? err(new ConcurrentModification(target)) : ok(current)
      },
      attempt: async (current) => {
        const step = invitationTransition(current.status, { type: notice })
        if (!step.ok || step.value.state === current.status) return ok({ invitation: current, applied: false })
        const now = clock.now()
        const next: Invitation = {
          ...current,
          status: step.value.state,
          // A bounced address gets no more mail.
          outgoing: step.value.state === 'bounced' ? null : current.outgoing,
          updatedAt: now,
          version: current.version + 1,
        }
        const events = step.value.events.map((type) => this.event({ ...current, clock }, type, next))
        return written(await this.deps.invitations.update(next, current.version, events), {
          invitation: next,
          applied: true,
        })
      },
    })
  }

  /** The tracking pixel: counts as an open when the token matches, silently nothing otherwise. */
  async recordOpen(id: string, token: string, clockOf: ClockOf): Promise<void> {
    const found = await this.retrieveByToken(id, token)
    if (found.ok) await this.applyMailNotice(found.value, 'opened', await clockOf(found.value.accountId))
  }

  /** Sandbox helpers and the signed provider endpoint: a notice about an invitation of `accountId` (null: any account of the surface). */
  async notice(
    accountId: string | null,
    id: string,
    notice: MailNotice,
    clockOf: ClockOf,
    param: string,
  ): Promise<
    Result<{ readonly invitation: Invitation; readonly applied: boolean }, ResourceNotFound | ConcurrentModification>
  > {
    const invitation =
      accountId === null ? await this.deps.invitations.findById(id) : await this.deps.invitations.get(accountId, id)
    if (invitation === null) return err(new ResourceNotFound({ resource: 'invitation', id, param }))
    return this.applyMailNotice(invitation, notice, await clockOf(invitation.accountId))
  }

  /** The attendee opts out of this organizer's e-mails: every invitation from that organizer to that address, now and later. */
  async unsubscribe(id: string, token: string, clockOf: ClockOf): Promise<Result<Invitation, ResourceNotFound>> {
    const found = await this.retrieveByToken(id, token)
    if (!found.ok) return found
    const clock = await clockOf(found.value.accountId)
    const { accountId, organizerUserId, attendeeEmail } = found.value
    await this.deps.invitations.addSuppression(accountId, organizerUserId, attendeeEmail)
    for (const invitation of await this.deps.invitations.listByAttendee(accountId, organizerUserId, attendeeEmail)) {
      await this.markUnsubscribed(invitation, clock)
    }
    return ok((await this.deps.invitations.findById(id)) ?? found.value)
  }

  /** Background sender: hands every due e-mail to the provider. Returns how many it handled. */
  async processDueMail(accountId: string | null, clock: Clock): Promise<number> {
    const due = await this.deps.invitations.dueForMail(accountId, clock.now(), 100)
    await this.sendOutgoing(due, clock)
    return due.length
  }

  nextMailDueAt(accountId: string | null, after: Date): Promise<Date | null> {
    return this.deps.invitations.nextMailDueAt(accountId, after)
  }

  /** The user-deletion cascade step. */
  removeAllOf(accountId: string, userId: string): Promise<void> {
    return this.deps.invitations.removeUser(accountId, userId)
  }

  /** Invitations follow their event: a new time or place mails an update, a deletion a cancellation. */
  readonly eventListener: EventChangeListener = {
    name: 'invitations',
    onUpdated: async (before, after, scope) => {
      const moved = movedInTimeOrPlace(before, after)
      await this.reviseAll(after, scope, moved ? 'update' : null)
    },
    onDeleted: async (event, scope) => {
      await this.reviseAll(event, scope, 'cancel')
    },
  }

  /** Refreshes each invitation's copy of the event; with an e-mail type, also bumps SEQUENCE and queues that e-mail. */
  private async reviseAll(
    event: CalendarEvent,
    scope: RequestScope,
    emailType: Extract<EmailType, 'update' | 'cancel'> | null,
  ): Promise<void> {
    const invitations = (await this.deps.invitations.listByEvent(scope.accountId, event.id)).filter(
      (invitation) => !isCancelled(invitation),
    )
    if (invitations.length === 0) return
    const organizer = await this.deps.userRepository.get(scope.accountId, event.userId)
    const revised: Invitation[] = []
    for (const original of invitations) {
      const outcome = await retryOnConflict({
        target: { resource: 'invitation', id: original.id },
        first: original,
        read: () => this.deps.invitations.get(scope.accountId, original.id),
        attempt: async (current) => {
          const snapshot =
            organizer === null
              ? {
                  ...invitedEventOf(event, {
                    email: current.event.organizerEmail,
                    displayName: current.event.organizerName,
                  }),
                }
              : invitedEventOf(event, organizer)
          const now = scope.clock.now()
          let next: Invitation = { ...current, event: snapshot, updatedAt: now, version: current.version + 1 }
          const events: DomainEvent[] = []
          if (emailType !== null) {
            const sequence = current.icalSequence + 1
            const suppressed =
              current.unsubscribed ||
              (await this.deps.invitations.isSuppressed(
                current.accountId,
                current.organizerUserId,
                current.attendeeEmail,
              ))
            const queued = invitationTransition(current.status, { type: 'email_queued' })
            const mailable = !suppressed && queued.ok
            next = {
              ...next,
              emailType,
              icalSequence: sequence,
              unsubscribed: suppressed,
              status: queued.ok ? queued.value.state : current.status,
              outgoing: mailable ? { emailType, sequence, attempts: 0, dueAt: now } : null,
            }
            events.push(this.event(scope, emailType === 'update' ? 'invitation.updated' : 'invitation.cancelled', next))
          }
          return written(await this.deps.invitations.update(next, current.version, events), next)
        },
      })
      if (outcome.ok) revised.push(outcome.value)
    }
    await this.sendOutgoing(revised, scope.clock)
  }

  private async markUnsubscribed(invitation: Invitation, clock: Clock): Promise<void> {
    await retryOnConflict({
      target: { resource: 'invitation', id: invitation.id },
      first: invitation,
      read: () => this.deps.invitations.findById(invitation.id),
      attempt: async (current) => {
        if (current.unsubscribed && current.outgoing === null) return ok(current)
        const now = clock.now()
        const next: Invitation = {
          ...current,
          unsubscribed: true,
          outgoing: null,
          updatedAt: now,
          version: current.version + 1,
        }
        const events = current.unsubscribed ? [] : [this.event({ ...current, clock }, 'invitation.unsubscribed', next)]
        return written(await this.deps.invitations.update(next, current.version, events), next)
      },
    })
  }

  /**
   * Hands the due e-mails to the provider: claim (a short lease, so that the
   * background sender and a request never send the same e-mail twice), send, record.
   */
  private async sendOutgoing(invitations: readonly Invitation[], clock: Clock): Promise<Invitation[]> {
    const results: Invitation[] = []
    for (const invitation of invitations) {
      const now = clock.now()
      const outgoing = invitation.outgoing
      if (outgoing === null || outgoing.dueAt.getTime() > now.getTime()) {
        results.push(invitation)
        continue
      }
      if (
        await this.deps.invitations.isSuppressed(
          invitation.accountId,
          invitation.organizerUserId,
          invitation.attendeeEmail,
        )
      ) {
        await this.markUnsubscribed(invitation, clock)
        results.push((await this.deps.invitations.findById(invitation.id)) ?? invitation)
        continue
      }
      const leased = { ...outgoing, dueAt: new Date(now.getTime() + SEND_LEASE_MS) }
      const claimed: Invitation = { ...invitation, outgoing: leased, version: invitation.version + 1 }
      if ((await this.deps.invitations.update(claimed, invitation.version, [])) === 'conflict') {
        results.push(invitation)
        continue
      }
      const mail = composeInvitationMail(claimed, outgoing.emailType, this.deps.mailSettings, this.deps.links, now)
      const sent = await this.deps.mail.send(mail)
      results.push(
        await this.recordSendOutcome(
          claimed,
          leased,
          sent.ok ? { ok: true, messageId: sent.value.messageId } : { ok: false, permanent: sent.error.permanent },
          clock,
        ),
      )
    }
    return results
  }

  private async recordSendOutcome(
    claimed: Invitation,
    outgoing: OutgoingEmail,
    outcome: { ok: true; messageId: string } | { ok: false; permanent: boolean },
    clock: Clock,
  ): Promise<Invitation> {
    const now = clock.now()
    let next: Invitation
    let events: DomainEvent[] = []
    if (outcome.ok) {
      const step = invitationTransition(claimed.status, { type: 'smtp_accepted' })
      const status = step.ok ? step.value.state : claimed.status
      next = {
        ...claimed,
        status,
        outgoing: null,
        lastMessageId: outcome.messageId,
        updatedAt: now,
        version: claimed.version + 1,
      }
      events = step.ok ? step.value.events.map((type) => this.event({ ...claimed, clock }, type, next)) : []
    } else if (outcome.permanent) {
      // The provider refused the recipient outright: the same as a bounce.
      const step = invitationTransition(claimed.status, { type: 'bounced' })
      next = {
        ...claimed,
        status: step.ok ? step.value.state : claimed.status,
        outgoing: null,
        updatedAt: now,
        version: claimed.version + 1,
      }
      events = step.ok ? step.value.events.map((type) => this.event({ ...claimed, clock }, type, next)) : []
    } else {
      const attempts = outgoing.attempts + 1
      const retry =
        attempts < MAX_SEND_ATTEMPTS
          ? { ...outgoing, attempts, dueAt: new Date(now.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1)) }
          : null
      next = { ...claimed, outgoing: retry, updatedAt: now, version: claimed.version + 1 }
    }
    return (await this.deps.invitations.update(next, claimed.version, events)) === 'updated' ? next : claimed
  }

  private event(scope: EventScope & { readonly clock: Clock }, type: string, invitation: Invitation): DomainEvent {
    return domainEvent({ ids: this.deps.ids, clock: scope.clock }, scope, type, 'invitation', invitation)
  }
}
