import { describe, expect, it } from 'vitest'
import { invitationNotification } from '../../../core/invitation/invitation-push.js'
import { makeInvitation } from '../../contracts/invitation-repository.contract.js'

const start = new Date('2026-07-07T12:00:00Z')
const invitation = makeInvitation({
  id: 'inv_1',
  eventId: 'evt_1',
  event: {
    title: 'Design review',
    startTime: start,
    endTime: new Date(start.getTime() + 3_600_000),
    timezone: 'UTC',
    location: null,
    organizerEmail: 'ada@example.com',
    organizerName: null,
  },
})
const attendee = { timezone: 'Europe/Berlin', quietHoursStart: '22:00', quietHoursEnd: '07:00', soundEnabled: true }

describe('The in-app push of an invitation', () => {
  it('names the organizer and the event on the attendee wall clock', () => {
    const message = invitationNotification(invitation, attendee, new Date('2026-07-06T10:00:00Z'))
    expect(message.title).toBe('ada@example.com invited you')
    expect(message.body).toBe('Design review, Tue 7 Jul, 14:00')
    expect(message.silent).toBe(false)
    expect(message.ttlSeconds).toBe(86_400)
  })

  it('is silent in the attendee quiet hours or with sound off, and lives until the start', () => {
    expect(invitationNotification(invitation, attendee, new Date('2026-07-06T21:30:00Z')).silent).toBe(true)
    expect(
      invitationNotification(invitation, { ...attendee, soundEnabled: false }, new Date('2026-07-06T10:00:00Z')).silent,
    ).toBe(true)
    expect(invitationNotification(invitation, attendee, new Date('2026-07-07T11:30:00Z')).ttlSeconds).toBe(1800)
  })
})
