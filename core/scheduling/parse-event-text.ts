import { ADDRESS_MARK, BLANK, EMAIL_MARK, maskSpan, type Span } from './masked-text.js'
import { findDuration } from './parse-duration.js'
import { findAttendees, findEmails } from './parse-people.js'
import { findPlace, findStreetAddress } from './parse-place.js'
import { findWhen } from './parse-when.js'
import type { KnownContact, ParsedEvent } from './parsed-event.js'
import { cleanText } from './text-cleanup.js'

export interface ParseContext {
  /** The request's clock (the account's sandbox clock on the test surface). */
  readonly now: Date
  /** IANA zone the words are read in and the event is placed in. */
  readonly timezone: string
  readonly defaultDurationMin: number
  /** With a `user_id`: people from that user's events and invitations. */
  readonly contacts: readonly KnownContact[]
  /** With a `user_id`: the user's home address, for "at home". */
  readonly homeAddress: string | null
}

const TITLE_MAX = 200
/** Requests rather than titles, at the start ("Please schedule a ..."). */
const LEADING_FILLER =
  /^(?:(?:hey|hi|ok|okay|please|pls|plz|can you|could you|would you|i need to|i want to|i'd like to|i have to|i've got|i have|we have|there's|there is|let's|lets|remind me to|remind me about|don't forget|dont forget|new event|event|add|book(?=\s+(?:a|an|the|my|our)\b)|schedule|set up|setup|create|put in|put|plan|arrange|organi[sz]e|make|have)\b[\s,:-]*)+(?:(?:a|an|my|our)\s+)?/i
const EDGE_WORDS =
  /^(?:on|at|in|for|from|to|by|and|or|maybe|the|of|around|about|starting|until|till|between)\b\s*|^[\s,;:@&+\-–—|/'"`]+/i
const TRAILING_WORDS =
  /(?:^|\s+)(?:on|at|in|for|from|to|by|and|or|maybe|with|starting|until|till|between|around|about|of|the|a|an|this|next|every|w\/)\s*$|\s*[,;:@&+\-–—|/'"`]\s*$/i
/** Date words left in a title mean the date was not fully understood. */
const DATE_LEFTOVERS =
  /\b(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}(?::\d{2})?\s*[-–]\s*\d{1,2}(?::\d{2})?|\d{1,2}(?:st|nd|rd|th)|half past|quarter (?:past|to)|tomorrow|today|tonight|yesterday|noon|midnight|o'?clock|morning|afternoon|evening|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i
const GENERIC_TITLE = /^(?:meeting|call|event|appointment|sync|chat|catch[- ]?up|session|meet)$/i

const blankSpans = (text: string, spans: readonly Span[]) =>
  spans.reduce((result, span) => maskSpan(result, span, BLANK), text)

/** Words of a date or recurrence the parser does not use, left out of the title. */
const UNUSED_DATE_WORDS = /\b(?:every\s+(?:day|week|month|other\s+\w+|\w+day)?|all[- ]day|sometime|some time)\b/gi

const tidy = (value: string): string => {
  let title = value.replace(UNUSED_DATE_WORDS, ' ').replace(/\s+/g, ' ').trim()
  // Nothing but punctuation is no title.
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(title)) return ''
  for (let previous = ''; previous !== title; ) {
    previous = title
    title = title.replace(LEADING_FILLER, '').replace(EDGE_WORDS, '').replace(TRAILING_WORDS, '').trim()
  }
  return title
}

/**
 * Reads an event from one sentence. Pure: the clock, zone and contacts come in
 * `context`. The order matters: addresses and lengths are blanked before dates
 * are read (so "66 Mint St" and "for 2 hours" are not times), dates before places
 * (so "at 3pm" is not a place), and what is left makes the title.
 */
export const parseEventText = (input: string, context: ParseContext): ParsedEvent => {
  const clean = cleanText(input)
  const warnings: string[] = []
  if (clean.stripped) warnings.push('Markup or control characters were removed from the text.')
  if (clean.truncated) warnings.push('The text was cut to its first 1000 characters.')

  const text = clean.text
  const urls = [...text.matchAll(/\bhttps?:\/\/\S+|\bwww\.\S+/gi)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }))
  let masked = blankSpans(text, urls)
  const emails = findEmails(masked)
  masked = emails.masked
  const duration = findDuration(masked)
  masked = duration.masked
  const street = findStreetAddress(masked)
  masked = street.masked

  const when = findWhen({
    masked,
    now: context.now,
    timezone: context.timezone,
    defaultDurationMin: context.defaultDurationMin,
    durationMin: duration.duration?.minutes ?? null,
    respelled: clean.respelled,
  })
  masked = blankSpans(masked, when.spans)
  warnings.push(...when.warnings)

  const people = findAttendees(masked, emails.emails, context.contacts)
  warnings.push(...people.warnings)
  const place = findPlace(masked, street.street, { homeAddress: context.homeAddress })
  warnings.push(...place.warnings)

  // The title: what is left once the date, length, place, links and invite lists are out.
  let rest = blankSpans(masked, [...place.spans, ...people.dropped])
  if (people.phrase !== null) {
    const { span, rendered } = people.phrase
    const inside = rest.slice(span.start, span.end)
    // Keep the phrase unless the place or the date was inside it.
    if (!/\s{2,}/.test(inside.trim()) || inside.includes(EMAIL_MARK))
      rest = `${rest.slice(0, span.start)}${rendered.padEnd(span.end - span.start, BLANK)}${rest.slice(span.end)}`
  }
  rest = rest.replaceAll(EMAIL_MARK, BLANK).replaceAll(ADDRESS_MARK, BLANK)
  // A blanked part splits the text; the title is the parts joined, without dangling words at the seams.
  let core = tidy(
    rest
      .split(/\s{2,}/)
      .map(tidy)
      .filter((part) => part !== '')
      .join(' '),
  )
  let titleConfidence = 0.9
  if (core === '') {
    const names = people.attendees.map((attendee) => attendee.name)
    core =
      names.length > 0
        ? `Meeting with ${names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`
        : place.location !== null
          ? `Meeting at ${place.location.name ?? place.location.address}`
          : 'New event'
    titleConfidence = core === 'New event' ? 0.3 : 0.5
    warnings.push(`No title found: "${core}" is used.`)
  } else {
    const letters = core.replace(/[^\p{L}\p{N}\s]/gu, '').length
    if (letters / core.length < 0.7) titleConfidence *= 0.5
    if (DATE_LEFTOVERS.test(core)) titleConfidence *= 0.6
    if (core.split(/\s+/).length > 10) titleConfidence *= 0.7
    if (GENERIC_TITLE.test(core) && people.attendees.length === 0) titleConfidence *= 0.85
    if (clean.stripped) titleConfidence *= 0.6
  }
  if (core.length > TITLE_MAX) {
    core = `${core.slice(0, TITLE_MAX).replace(/\s+\S*$/, '')}…`
    titleConfidence *= 0.5
    warnings.push(`The title was cut to ${TITLE_MAX} characters.`)
  }
  const title = core.charAt(0).toUpperCase() + core.slice(1)

  return {
    title,
    startTime: when.start,
    endTime: when.end,
    timezone: context.timezone,
    location: place.location,
    attendees: people.attendees,
    confidence: {
      title: Math.round(titleConfidence * 100) / 100,
      startTime: when.confidence,
      location: place.confidence,
      attendees: people.confidence,
    },
    warnings,
  }
}
