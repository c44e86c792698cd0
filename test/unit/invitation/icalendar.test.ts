import { describe, expect, it } from 'vitest'
import { buildICalendar } from '../../../core/invitation/icalendar.js'
import type { Invitation } from '../../../core/invitation/invitation.js'
import { makeInvitation } from '../../contracts/invitation-repository.contract.js'
import { parseInvite } from '../../support/icalendar.js'

const event = (overrides: Partial<Invitation['event']> = {}): Invitation['event'] => ({
  title: 'Quarterly review',
  startTime: new Date('2026-07-01T09:30:00Z'),
  endTime: new Date('2026-07-01T10:30:00Z'),
  timezone: 'America/New_York',
  location: 'Room 4, Main St 1',
  organizerEmail: 'olivia@example.com',
  organizerName: 'Olivia Organizer',
  ...overrides,
})

const build = (invitation: Invitation, method: 'REQUEST' | 'CANCEL' = 'REQUEST') =>
  buildICalendar({
    invitation,
    method,
    uidDomain: 'example.com',
    stamp: new Date('2026-06-01T08:00:00Z'),
    respondUrl: 'https://api.example.com/hosted/invitations/inv_1/respond?token=t',
  })

describe('iCalendar (RFC 5545) object of an invitation e-mail', () => {
  it('is an iTIP REQUEST with a UID per event, the SEQUENCE, the organizer and one attendee asked to reply', () => {
    const parsed = parseInvite(
      build(
        makeInvitation({
          eventId: 'evt_42',
          icalSequence: 3,
          attendeeEmail: 'bob@example.com',
          attendeeName: 'Bob',
          event: event(),
        }),
      ),
    )
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: 'evt_42@example.com',
      sequence: 3,
      status: 'CONFIRMED',
      summary: 'Quarterly review',
      location: 'Room 4, Main St 1',
    })
    expect(parsed.organizer).toBe('olivia@example.com')
    expect(parsed.organizerName).toBe('Olivia Organizer')
    expect(parsed.attendees).toEqual([
      { address: 'bob@example.com', rsvp: 'TRUE', partstat: 'NEEDS-ACTION', name: 'Bob' },
    ])
  })

  it("writes times in the event's zone with its VTIMEZONE, and DTSTAMP in UTC", () => {
    const parsed = parseInvite(build(makeInvitation({ event: event() })))
    expect(parsed.startTzid).toBe('America/New_York')
    expect(parsed.timezones).toEqual(['America/New_York'])
    expect(parsed.startLocal).toBe('2026-07-01T05:30:00')
    expect(parsed.start.toISOString()).toBe('2026-07-01T09:30:00.000Z')
    expect(parsed.end.toISOString()).toBe('2026-07-01T10:30:00.000Z')
    expect(parsed.stamp).toBe('DTSTAMP:20260601T080000Z')
  })

  it('writes UTC times without a VTIMEZONE for a UTC event', () => {
    const text = build(makeInvitation({ event: event({ timezone: 'UTC' }) }))
    const parsed = parseInvite(text)
    expect(parsed.startTzid).toBeNull()
    expect(parsed.timezones).toEqual([])
    expect(text).toContain('DTSTART:20260701T093000Z')
  })

  it('is a CANCEL with STATUS:CANCELLED for a deleted event, restating the last answer', () => {
    const parsed = parseInvite(
      build(makeInvitation({ eventId: 'evt_42', icalSequence: 2, response: 'accepted', event: event() }), 'CANCEL'),
    )
    expect(parsed).toMatchObject({ method: 'CANCEL', uid: 'evt_42@example.com', sequence: 2, status: 'CANCELLED' })
    expect(parsed.attendees[0]).toMatchObject({ partstat: 'ACCEPTED' })
  })

  it('keeps text with commas, semicolons and line breaks intact, and names with quotes parseable', () => {
    const parsed = parseInvite(
      build(
        makeInvitation({
          attendeeName: 'Robert "Bob" Tables',
          event: event({ title: 'Plan; review, then\nlunch', organizerName: 'O "Q" N' }),
        }),
      ),
    )
    expect(parsed.summary).toBe('Plan; review, then\nlunch')
    expect(parsed.organizerName).toBe("O 'Q' N")
    expect(parsed.attendees[0]?.name).toBe("Robert 'Bob' Tables")
  })
})
