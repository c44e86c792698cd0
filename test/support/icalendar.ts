import ICAL from 'ical.js'

/** The fields of an invitation's iCalendar object that the tests check, read with ical.js (a real RFC 5545 parser). */
export interface ParsedInvite {
  readonly method: string
  readonly uid: string
  readonly sequence: number
  readonly status: string | null
  readonly summary: string
  readonly location: string | null
  readonly organizer: string
  readonly organizerName: string | null
  readonly attendees: readonly {
    readonly address: string
    readonly rsvp: string | null
    readonly partstat: string | null
    readonly name: string | null
  }[]
  readonly startTzid: string | null
  /** DTSTART as wall-clock text in its zone (`2026-06-01T11:30:00`). */
  readonly startLocal: string
  /** DTSTART as an instant, with the VTIMEZONE of the object applied. */
  readonly start: Date
  readonly end: Date
  readonly stamp: string
  readonly timezones: readonly string[]
}

export const parseInvite = (content: string): ParsedInvite => {
  const calendar = new ICAL.Component(ICAL.parse(content))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const event = calendar.getFirstSubcomponent('vevent')!
  const dtstart = event.getFirstProperty('dtstart')!
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
  const end = event.getFirstPropertyValue('dtend') as ICAL.Time
  const organizer = event.getFirstProperty('organizer')!
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: (event.getFirstPropertyValue('status') as string | null) ?? null,
    summary: String(event.getFirstPropertyValue('summary')),
    location: (event.getFirstPropertyValue('location') as string | null) ?? null,
    organizer: String(organizer.getFirstValue()).replace(/^mailto:/i, ''),
    organizerName: (organizer.getParameter('cn') as string | undefined) ?? null,
    attendees: event.getAllProperties('attendee').map((attendee) => ({
      address: String(attendee.getFirstValue()).replace(/^mailto:/i, ''),
      rsvp: (attendee.getParameter('rsvp') as string | undefined) ?? null,
      partstat: (attendee.getParameter('partstat') as string | undefined) ?? null,
      name: (attendee.getParameter('cn') as string | undefined) ?? null,
    })),
    startTzid: (dtstart.getParameter('tzid') as string | undefined) ?? null,
    startLocal: start.toString(),
    start: start.toJSDate(),
    end: end.toJSDate(),
    stamp: String(event.getFirstProperty('dtstamp')!.toICALString()),
    timezones: calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid'))),
  }
}
