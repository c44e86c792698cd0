import { beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import type { Invitation } from '../../core/invitation/invitation.js'
import type { InvitationRepositoryPort } from '../../core/ports/invitation-repository.js'
import type { DomainEvent, OutboxPort } from '../../core/ports/outbox.js'

export interface InvitationRepositorySubject {
  readonly invitations: InvitationRepositoryPort
  /** The outbox the repository writes its domain events to. */
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const base = new Date('2026-06-01T08:00:00Z')
const ids = new UlidIdGenerator()

export const makeInvitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: ids.next('inv'),
  accountId: 'acct_a',
  livemode: false,
  eventId: 'evt_a',
  organizerUserId: 'usr_org',
  attendeeEmail: 'a@example.com',
  attendeeName: 'A',
  attendeeUserId: null,
  responseToken: 'irt_token',
  status: 'email_queued',
  emailType: 'invite',
  icalSequence: 0,
  response: null,
  respondedAt: null,
  unsubscribed: false,
  event: {
    title: 'Contract',
    startTime: base,
    endTime: new Date(base.getTime() + 3_600_000),
    timezone: 'Europe/Berlin',
    location: null,
    organizerEmail: 'org@example.com',
    organizerName: null,
  },
  outgoing: { emailType: 'invite', sequence: 0, attempts: 0, dueAt: base },
  lastMessageId: null,
  createdAt: base,
  updatedAt: base,
  version: 1,
  ...overrides,
})

const event = (type: string, accountId = 'acct_a'): DomainEvent => ({
  id: ids.next('ntf'),
  type,
  accountId,
  livemode: false,
  createdAt: base,
  objectType: 'invitation',
  object: {},
})

/** The invitation repository's contract, for every storage adapter. */
export const invitationRepositoryContract = (
  name: string,
  makeSubject: () => InvitationRepositorySubject | Promise<InvitationRepositorySubject>,
): void => {
  describe(`InvitationRepositoryPort contract: ${name}`, () => {
    let subject: InvitationRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
      return () => subject.teardown?.()
    })

    it('stores invitations with their events in one write, and reads them back per account', async () => {
      const invitation = makeInvitation()
      await subject.invitations.insert([invitation], [event('invitation.created')])
      expect(await subject.invitations.get('acct_a', invitation.id)).toEqual(invitation)
      expect(await subject.invitations.get('acct_other', invitation.id)).toBeNull()
      expect(await subject.invitations.findById(invitation.id)).toEqual(invitation)
      expect((await subject.outbox.list('acct_a', 10)).map((e) => e.type)).toEqual(['invitation.created'])
    })

    it("lists an event's invitations oldest first, and an organizer's invitations to one address", async () => {
      const first = makeInvitation({ attendeeEmail: 'x@example.com' })
      const second = makeInvitation({ attendeeEmail: 'y@example.com' })
      const elsewhere = makeInvitation({ eventId: 'evt_b', attendeeEmail: 'x@example.com' })
      const otherOrganizer = makeInvitation({
        eventId: 'evt_c',
        organizerUserId: 'usr_other',
        attendeeEmail: 'x@example.com',
      })
      await subject.invitations.insert([first, second, elsewhere, otherOrganizer], [])
      expect((await subject.invitations.listByEvent('acct_a', 'evt_a')).map((i) => i.id)).toEqual([first.id, second.id])
      expect((await subject.invitations.listByAttendee('acct_a', 'usr_org', 'x@example.com')).map((i) => i.id)).toEqual(
        [first.id, elsewhere.id],
      )
    })

    it('compares versions on update: a stale write changes nothing and appends no event', async () => {
      const invitation = makeInvitation()
      await subject.invitations.insert([invitation], [])
      expect(
        await subject.invitations.update({ ...invitation, status: 'email_sent', version: 2 }, 1, [
          event('invitation.email_sent'),
        ]),
      ).toBe('updated')
      expect(
        await subject.invitations.update({ ...invitation, status: 'bounced', version: 2 }, 1, [
          event('invitation.bounced'),
        ]),
      ).toBe('conflict')
      expect((await subject.invitations.get('acct_a', invitation.id))?.status).toBe('email_sent')
      expect((await subject.outbox.list('acct_a', 10)).map((e) => e.type)).toEqual(['invitation.email_sent'])
    })

    it('finds due e-mails by time, earliest first, per account or for all', async () => {
      const later = makeInvitation({
        outgoing: { emailType: 'invite', sequence: 0, attempts: 0, dueAt: new Date(base.getTime() + 60_000) },
      })
      const now = makeInvitation()
      const none = makeInvitation({ outgoing: null })
      const other = makeInvitation({ accountId: 'acct_b' })
      await subject.invitations.insert([later, now, none, other], [])
      expect((await subject.invitations.dueForMail('acct_a', base, 10)).map((i) => i.id)).toEqual([now.id])
      expect(
        (await subject.invitations.dueForMail(null, new Date(base.getTime() + 60_000), 10)).map((i) => i.id).sort(),
      ).toEqual([later.id, now.id, other.id].sort())
      expect(await subject.invitations.nextMailDueAt('acct_a', base)).toEqual(later.outgoing!.dueAt)
      expect(await subject.invitations.nextMailDueAt('acct_a', later.outgoing!.dueAt)).toBeNull()
    })

    it('remembers suppressions per account, organizer and address', async () => {
      await subject.invitations.addSuppression('acct_a', 'usr_org', 'x@example.com')
      expect(await subject.invitations.isSuppressed('acct_a', 'usr_org', 'x@example.com')).toBe(true)
      expect(await subject.invitations.isSuppressed('acct_a', 'usr_other', 'x@example.com')).toBe(false)
      expect(await subject.invitations.isSuppressed('acct_b', 'usr_org', 'x@example.com')).toBe(false)
    })

    it('removes what a deleted user organized and forgets it as an attendee', async () => {
      const organized = makeInvitation()
      const attending = makeInvitation({ organizerUserId: 'usr_other', attendeeUserId: 'usr_org' })
      await subject.invitations.insert([organized, attending], [])
      await subject.invitations.addSuppression('acct_a', 'usr_org', 'x@example.com')
      await subject.invitations.removeUser('acct_a', 'usr_org')
      expect(await subject.invitations.get('acct_a', organized.id)).toBeNull()
      expect((await subject.invitations.get('acct_a', attending.id))?.attendeeUserId).toBeNull()
      expect(await subject.invitations.isSuppressed('acct_a', 'usr_org', 'x@example.com')).toBe(false)
    })
  })
}
