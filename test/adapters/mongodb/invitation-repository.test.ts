import { describe, expect, it } from 'vitest'
import {
  INVITATION_SUPPRESSIONS_COLLECTION,
  MongoInvitationRepository,
} from '../../../adapters/storage/mongodb/invitation-repository.js'
import { invitationRepositoryContract, makeInvitation } from '../../contracts/invitation-repository.contract.js'
import { MongoOutboxProbe } from '../../support/mongo-outbox-probe.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()

invitationRepositoryContract('MongoInvitationRepository', async () => {
  const context = mongo.freshContext()
  const invitations = new MongoInvitationRepository(context)
  await invitations.ensureIndexes()
  return { invitations, outbox: new MongoOutboxProbe(context.db) }
})

describe('MongoInvitationRepository storage', () => {
  const setUp = async () => {
    const context = mongo.freshContext()
    const invitations = new MongoInvitationRepository(context)
    await invitations.ensureIndexes()
    return { context, invitations }
  }
  const base = new Date('2026-06-01T08:00:00Z')
  const dueAt = (minutes: number) => ({
    emailType: 'invite' as const,
    sequence: 0,
    attempts: 0,
    dueAt: new Date(base.getTime() + minutes * 60_000),
  })

  it('hands out due e-mails earliest first, up to the limit', async () => {
    const { invitations } = await setUp()
    const late = makeInvitation({ outgoing: dueAt(3) })
    const early = makeInvitation({ outgoing: dueAt(1) })
    const middle = makeInvitation({ outgoing: dueAt(2) })
    await invitations.insert([late, early, middle, makeInvitation({ outgoing: null })], [])
    expect(
      (await invitations.dueForMail(null, new Date(base.getTime() + 10 * 60_000), 2)).map(
        (invitation) => invitation.id,
      ),
    ).toEqual([early.id, middle.id])
    expect(await invitations.nextMailDueAt(null, early.outgoing!.dueAt)).toEqual(middle.outgoing!.dueAt)
    expect(await invitations.dueForMail(null, new Date(base.getTime() + 10 * 60_000), 0)).toEqual([])
  })

  it('an insert whose events cannot be appended stores no invitation (one transaction)', async () => {
    const { context, invitations } = await setUp()
    const event = {
      id: 'ntf_taken',
      type: 'invitation.created',
      accountId: 'acct_a',
      livemode: false,
      createdAt: base,
      objectType: 'invitation',
      object: {},
    }
    await new MongoOutboxProbe(context.db).append([event])
    const invitation = makeInvitation()
    await expect(invitations.insert([invitation], [event])).rejects.toThrow(/E11000/)
    expect(await invitations.findById(invitation.id)).toBeNull()
  })

  it('a suppression stored twice is one suppression', async () => {
    const { context, invitations } = await setUp()
    await Promise.all([
      invitations.addSuppression('acct_a', 'usr_org', 'x@example.com'),
      invitations.addSuppression('acct_a', 'usr_org', 'x@example.com'),
    ])
    expect(await context.db.collection(INVITATION_SUPPRESSIONS_COLLECTION).countDocuments()).toBe(1)
    expect(await invitations.isSuppressed('acct_a', 'usr_org', 'x@example.com')).toBe(true)
  })

  it('forgetting a deleted attendee bumps the version, so a writer holding the old one gets conflict', async () => {
    const { invitations } = await setUp()
    const attending = makeInvitation({ organizerUserId: 'usr_other', attendeeUserId: 'usr_gone' })
    await invitations.insert([attending], [])
    await invitations.removeUser('acct_a', 'usr_gone')
    expect(await invitations.get('acct_a', attending.id)).toEqual({ ...attending, attendeeUserId: null, version: 2 })
    expect(await invitations.update({ ...attending, status: 'email_sent', version: 2 }, 1, [])).toBe('conflict')
  })

  it('never lets a value become a query operator', async () => {
    const { invitations } = await setUp()
    const invitation = makeInvitation()
    await invitations.insert([invitation], [])
    const operator = { $ne: null } as unknown as string
    expect(await invitations.findById(operator)).toBeNull()
    expect(await invitations.findById('$where')).toBeNull()
    expect(await invitations.get(operator, invitation.id)).toBeNull()
    expect(await invitations.listByEvent('acct_a', operator)).toEqual([])
    expect(await invitations.listByAttendee('acct_a', 'usr_org', operator)).toEqual([])
    expect(await invitations.isSuppressed('acct_a', 'usr_org', operator)).toBe(false)
    await invitations.removeUser('acct_a', operator)
    expect(await invitations.findById(invitation.id)).toEqual(invitation)
  })
})
