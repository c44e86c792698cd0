import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { Invitation } from './invitation.js'

export interface ICalendarInput {
  readonly invitation: Invitation
  readonly method: 'REQUEST' | 'CANCEL'
  /** Right-hand side of the UID (`<event id>@<domain>`): stable per event, so updates replace the entry. */
  readonly uidDomain: string
  /** DTSTAMP: when this iCalendar object was made. */
  readonly stamp: Date
  /** Where the attendee answers (also in the body of the e-mail). */
  readonly respondUrl: string
}

/** RFC 5545 parameter values (CN) cannot hold a double quote or a line break; calendar clients mostly ignore RFC 6868 escapes. */
const parameterSafe = (value: string): string => value.replace(/"/g, "'").replace(/[\r\n\t]+/g, ' ')

const PRODUCT = { company: 'departure-service', product: 'invitations', language: 'EN' } as const

/** The VTIMEZONE block of an IANA zone, or null for UTC and zones the library does not know (times then go out in UTC). */
const vtimezone = (zone: string): string | null => {
  if (/^(Etc\/)?(UTC|GMT|Zulu|UCT)$/i.test(zone)) return null
  const block = tzlib_get_ical_block(zone)
  return Array.isArray(block) && typeof block[0] === 'string' && block[0].startsWith('BEGIN:VTIMEZONE')
    ? block[0]
    : null
}

/**
 * The RFC 5545 object of one invitation e-mail (iTIP, RFC 5546): METHOD REQUEST for
 * an invite or an update, CANCEL for a cancellation; SEQUENCE is the invitation's
 * `ical_sequence`; one ATTENDEE (the recipient, RSVP=TRUE), so that attendees never
 * see each other's addresses. Times carry the event's TZID with its VTIMEZONE.
 */
export const buildICalendar = (input: ICalendarInput): string => {
  const { invitation, method } = input
  const { event } = invitation
  const zoneBlock = vtimezone(event.timezone)
  const calendar = ical({
    prodId: PRODUCT,
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  // The calendar-level zone stays unset: it would also (wrongly) localize DTSTAMP, which RFC 5545 wants in UTC.
  if (zoneBlock !== null) calendar.timezone({ name: null, generator: () => zoneBlock })
  const at = (date: Date) =>
    zoneBlock === null ? DateTime.fromJSDate(date, { zone: 'utc' }) : DateTime.fromJSDate(date).setZone(event.timezone)
  const entry = calendar.createEvent({
    id: `${invitation.eventId}@${input.uidDomain}`,
    sequence: invitation.icalSequence,
    stamp: DateTime.fromJSDate(input.stamp, { zone: 'utc' }),
    start: at(event.startTime),
    end: at(event.endTime),
    ...(zoneBlock === null ? {} : { timezone: event.timezone }),
    summary: event.title,
    location: event.location,
    description: method === 'CANCEL' ? 'This event was cancelled.' : `Respond: ${input.respondUrl}`,
    organizer: { name: parameterSafe(event.organizerName ?? event.organizerEmail), email: event.organizerEmail },
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  entry.createAttendee({
    email: invitation.attendeeEmail,
    name: invitation.attendeeName === null ? undefined : parameterSafe(invitation.attendeeName),
    rsvp: method === 'REQUEST',
    role: ICalAttendeeRole.REQ,
    // A new or moved event asks again; a cancellation restates the last answer.
    status: method === 'REQUEST' ? ICalAttendeeStatus.NEEDSACTION : partstatOf(invitation),
  })
  return calendar.toString()
}

const partstatOf = (invitation: Invitation): ICalAttendeeStatus => {
  switch (invitation.response) {
    case 'accepted':
      return ICalAttendeeStatus.ACCEPTED
    case 'declined':
      return ICalAttendeeStatus.DECLINED
    case 'tentative':
      return ICalAttendeeStatus.TENTATIVE
    default:
      return ICalAttendeeStatus.NEEDSACTION
  }
}
