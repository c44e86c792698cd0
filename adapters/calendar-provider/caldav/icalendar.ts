import ICAL from 'ical.js'
import { DateTime, IANAZone } from 'luxon'
import type { OutboundEvent, ProviderEvent, ProviderResponse } from '../../../core/ports/calendar-provider.js'
import { wallClockInstant } from '../../../core/shared/zone-time.js'

/** An ICAL.Time as an instant: UTC, its TZID (IANA names, as iCloud writes them), or floating in the calendar's zone. */
const instantOf = (
  property: ICAL.Property | null,
  fallbackZone: string,
): { readonly at: Date; readonly allDay: boolean; readonly zone: string | null } | null => {
  if (property === null) return null
  const time = property.getFirstValue() as ICAL.Time | null
  if (time === null || typeof time !== 'object') return null
  const tzid = property.getParameter('tzid')
  const utc = time.zone === ICAL.Timezone.utcTimezone || time.toString().endsWith('Z')
  const zone = utc ? 'UTC' : typeof tzid === 'string' && IANAZone.isValidZone(tzid) ? tzid : fallbackZone
  const fields = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  }
  return {
    // A time a DST change repeats is its first instant (RFC 5545), as the recurrence expansion reads it.
    at: wallClockInstant(fields, zone).toJSDate(),
    allDay: time.isDate,
    zone: utc ? null : typeof tzid === 'string' && IANAZone.isValidZone(tzid) ? tzid : null,
  }
}

/** The lines of a property as written (`RRULE:...`, `EXDATE;TZID=...:...`), for the core's expansion. */
const linesOf = (event: ICAL.Component, name: string): string[] =>
  event.getAllProperties(name).map((property) => property.toICALString())

const PARTSTATS: Readonly<Record<string, ProviderResponse>> = {
  ACCEPTED: 'accepted',
  TENTATIVE: 'tentative',
  DECLINED: 'declined',
  'NEEDS-ACTION': 'needs_action',
}

/** The PARTSTAT of the ATTENDEE that is the account itself (`mailto:` its address), or null when it is not one. */
const selfResponseOf = (event: ICAL.Component, selfAddress: string | null): ProviderResponse | null => {
  if (selfAddress === null || selfAddress === '') return null
  const address = `mailto:${selfAddress.toLowerCase()}`
  const self = event
    .getAllProperties('attendee')
    .find((attendee) => String(attendee.getFirstValue() ?? '').toLowerCase() === address)
  if (self === undefined) return null
  return PARTSTATS[String(self.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase()] ?? null
}

/**
 * The events of one calendar object (a resource at `href`): the series or
 * single event, and any changed occurrences (RECURRENCE-ID) of it.
 */
export const parseCalendarObject = (
  href: string,
  data: string,
  calendarZone: string,
  selfAddress: string | null = null,
): ProviderEvent[] => {
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(data))
  } catch {
    return []
  }
  const events: ProviderEvent[] = []
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const start = instantOf(vevent.getFirstProperty('dtstart'), calendarZone)
    if (start === null) continue
    const endProperty = instantOf(vevent.getFirstProperty('dtend'), calendarZone)
    const duration = vevent.getFirstPropertyValue('duration') as ICAL.Duration | null
    const end =
      endProperty?.at ??
      new Date(
        start.at.getTime() +
          (duration !== null && typeof duration === 'object'
            ? duration.toSeconds() * 1000
            : start.allDay
              ? 86_400_000
              : 3_600_000),
      )
    const recurrenceId = instantOf(vevent.getFirstProperty('recurrence-id'), calendarZone)
    const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase()
    const location = vevent.getFirstPropertyValue('location')
    const uid = vevent.getFirstPropertyValue('uid')
    events.push({
      externalId: recurrenceId === null ? href : `${href}#${recurrenceId.at.toISOString()}`,
      status: status === 'CANCELLED' ? 'cancelled' : 'confirmed',
      title: String(vevent.getFirstPropertyValue('summary') ?? '(no title)'),
      start: start.at,
      end,
      allDay: start.allDay,
      timezone: start.zone,
      location: typeof location === 'string' && location !== '' ? location : null,
      transparency:
        String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ? 'transparent' : 'opaque',
      selfResponse: selfResponseOf(vevent, selfAddress),
      recurrence: recurrenceId === null ? [...linesOf(vevent, 'rrule'), ...linesOf(vevent, 'exdate')] : [],
      recurringEventId: recurrenceId === null ? null : href,
      originalStart: recurrenceId?.at ?? null,
      // We write our client key as the UID; another client's UID names no event of ours.
      clientKey: recurrenceId === null && typeof uid === 'string' && uid !== '' ? uid : null,
    })
  }
  return events
}

const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** A date (`2026-03-09`) in iCalendar's basic form. */
const basicDate = (date: string): string => date.replace(/-/g, '')

/**
 * One calendar object in the event's own zone (TZID with the IANA name), as CalDAV servers and iCloud take it: a
 * single VEVENT, or a series' master (its RRULE, EXDATE and RDATE lines) followed by one VEVENT per occurrence changed
 * on its own, named by its `RECURRENCE-ID` (RFC 5545 section 3.8.4.4). All-day events are written with DATE values.
 */
export const writeCalendarObject = (uid: string, event: OutboundEvent, now: Date): string => {
  const local = (date: Date) => DateTime.fromJSDate(date, { zone: event.timezone }).toFormat("yyyyMMdd'T'HHmmss")
  const stamp = DateTime.fromJSDate(now, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss'Z'")
  const times = (
    start: Date,
    end: Date,
    allDay: { readonly startDate: string; readonly endDate: string } | null | undefined,
  ) =>
    allDay === null || allDay === undefined
      ? [`DTSTART;TZID=${event.timezone}:${local(start)}`, `DTEND;TZID=${event.timezone}:${local(end)}`]
      : [`DTSTART;VALUE=DATE:${basicDate(allDay.startDate)}`, `DTEND;VALUE=DATE:${basicDate(allDay.endDate)}`]
  const described = (title: string, location: string | null) => [
    `SUMMARY:${escapeText(title)}`,
    ...(location === null ? [] : [`LOCATION:${escapeText(location)}`]),
  ]
  const allDay = event.allDay ?? null
  const overrides = (event.recurrence ?? []).length === 0 ? [] : (event.overrides ?? [])
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//departure-service//calendar mirror//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    ...times(event.start, event.end, allDay),
    ...(event.recurrence ?? []),
    ...described(event.title, event.location),
    'END:VEVENT',
    ...overrides.flatMap((override) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${stamp}`,
      allDay === null
        ? `RECURRENCE-ID;TZID=${event.timezone}:${local(override.originalStart)}`
        : `RECURRENCE-ID;VALUE=DATE:${DateTime.fromJSDate(override.originalStart, { zone: event.timezone }).toFormat('yyyyMMdd')}`,
      ...times(override.start, override.end, override.allDay),
      ...described(override.title, override.location),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ]
  return lines.join('\r\n')
}
