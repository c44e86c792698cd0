import { EMAIL_MARK, maskSpan, type Span } from './masked-text.js'
import { EVENT_FIELD_LIMITS, type KnownContact, type ParsedAttendee } from './parsed-event.js'

export interface FoundEmail {
  readonly email: string
  /** The name written with it ("Ana <ana@example.com>"), if any. */
  readonly name: string | null
  readonly span: Span
}

const NAME = String.raw`[A-Z][\p{L}'’.-]{0,40}(?:\s+[A-Z][\p{L}'’.-]{0,40}){0,2}`
const ADDRESS = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`
const NAMED_EMAIL = new RegExp(String.raw`(${NAME})\s*[<(\[]\s*(${ADDRESS})\s*[>)\]]`, 'gu')
const BARE_EMAIL = new RegExp(String.raw`(?<![\w.+-])${ADDRESS}`, 'g')

/** E-mail addresses, each blanked to one token (with the name before it when written "Name <address>"). */
export const findEmails = (text: string): { readonly emails: FoundEmail[]; readonly masked: string } => {
  const emails: FoundEmail[] = []
  let masked = text
  for (const match of text.matchAll(NAMED_EMAIL)) {
    if ((match[2] ?? '').length > EVENT_FIELD_LIMITS.email || (match[1] ?? '').length > EVENT_FIELD_LIMITS.attendeeName)
      continue
    const span = { start: match.index, end: match.index + match[0].length }
    emails.push({ email: (match[2] ?? '').toLowerCase(), name: match[1] ?? null, span })
    masked = maskSpan(masked, span, EMAIL_MARK)
  }
  for (const match of masked.matchAll(BARE_EMAIL)) {
    if (match[0].length > EVENT_FIELD_LIMITS.email) continue
    const span = { start: match.index, end: match.index + match[0].length }
    emails.push({ email: match[0].toLowerCase().replace(/\.+$/, ''), name: null, span })
    masked = maskSpan(masked, span, EMAIL_MARK)
  }
  emails.sort((a, b) => a.span.start - b.span.start)
  return { emails, masked }
}

export interface FoundAttendees {
  readonly attendees: ParsedAttendee[]
  readonly confidence: number
  readonly warnings: string[]
  /** The "with ..." phrase, for the title, with each address replaced by its attendee's name. */
  readonly phrase: { readonly span: Span; readonly rendered: string } | null
  /** Phrases that only name people to invite ("cc bob@example.com"): left out of the title. */
  readonly dropped: Span[]
}

/** What introduces people. "with" stays in the title ("Lunch with Ana"); "invite"/"cc" do not. */
const WITH = /(?:^|[\s,(])(with|w\/|feat\.?|together with|alongside)\s+/gi
const INVITE = /(?:^|[\s,(])(invite|inviting|cc:?|attendees:?|participants:?|guests:?)\s+/gi
/** Where a list of people ends: a blanked part, punctuation, or a word that starts something else. */
const LIST_END =
  /\s{2,}|(?<!\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Jr|Sr|St))[.]|[;:!?()[\]{}"]|\s-\s|\s(?:at|in|on|for|about|to|re|regarding|from|by|@|tomorrow|today|tonight|next|this|every|via|over|before|after|until|starting|with|w\/|invite|inviting|cc)\b|,\s*(?:at|in|on|for|about|to|re|from|by|tomorrow|today|next|this)\b/i
const SEPARATOR = /\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*\+\s*)/i
const PERSON = new RegExp(`^${NAME}$`, 'u')
/** Words that are not people even when capitalised at the start of a list. */
const NOT_PEOPLE = /^(?:the|my|our|your|a|an|team|everyone|everybody|all|him|her|them|me|us|you|i)\b/i

const phraseEnd = (text: string, from: number): number => {
  const rest = text.slice(from)
  const found = LIST_END.exec(rest)
  return from + (found === null ? rest.length : found.index)
}

interface Resolution {
  readonly attendee: ParsedAttendee
  readonly confidence: number
  readonly warning: string | null
}

/** Contacts by lower-case full name and by lower-case first name, built once per parse. */
interface ContactIndex {
  readonly byName: ReadonlyMap<string, readonly KnownContact[]>
  readonly byFirstName: ReadonlyMap<string, readonly KnownContact[]>
}

const indexContacts = (contacts: readonly KnownContact[]): ContactIndex => {
  const byName = new Map<string, KnownContact[]>()
  const byFirstName = new Map<string, KnownContact[]>()
  for (const contact of contacts) {
    const name = contact.name.toLowerCase()
    const first = name.split(/\s+/)[0] ?? name
    byName.set(name, [...(byName.get(name) ?? []), contact])
    byFirstName.set(first, [...(byFirstName.get(first) ?? []), contact])
  }
  return { byName, byFirstName }
}

const resolveName = (written: string, contacts: ContactIndex): Resolution => {
  const wanted = written.toLowerCase()
  const exact = contacts.byName.get(wanted) ?? []
  const byFirstName = contacts.byFirstName.get(wanted) ?? []
  const candidates = exact.length > 0 ? exact : byFirstName
  const emails = [...new Set(candidates.map((contact) => contact.email))]
  if (emails.length === 1 && candidates[0] !== undefined)
    return {
      attendee: { name: candidates[0].name, email: candidates[0].email },
      confidence: exact.length > 0 ? 0.9 : 0.8,
      warning: null,
    }
  if (emails.length > 1)
    return {
      attendee: { name: written, email: null },
      confidence: 0.4,
      warning: `"${written}" matches several contacts (${emails.slice(0, 3).join(', ')}); add the e-mail address.`,
    }
  return {
    attendee: { name: written, email: null },
    confidence: 0.5,
    warning: `No e-mail address for "${written}".`,
  }
}

/**
 * Attendees: every e-mail address in the text, and the people of a "with" list
 * ("with Ana, Bob and carol@example.com"). A name is a person when capitalised
 * (one to three words) or when it is a known contact's name; a known contact's
 * full name, or a first name that only one contact has, gives its e-mail address.
 */
export const findAttendees = (
  masked: string,
  emails: readonly FoundEmail[],
  contacts: readonly KnownContact[],
): FoundAttendees => {
  const attendees: ParsedAttendee[] = []
  const scores: number[] = []
  const warnings: string[] = []
  const dropped: Span[] = []
  const seen = new Set<string>()
  let phrase: FoundAttendees['phrase'] = null
  const emailAt = (position: number) =>
    emails.find((email) => email.span.start <= position && position < email.span.end)
  const add = (attendee: ParsedAttendee, confidence: number, warning: string | null) => {
    const key = attendee.email ?? attendee.name.toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    attendees.push(attendee)
    scores.push(confidence)
    if (warning !== null) warnings.push(warning)
  }
  const emailAttendee = (found: FoundEmail): ParsedAttendee => {
    const known = contacts.find((contact) => contact.email === found.email)
    return { name: found.name ?? known?.name ?? found.email.split('@')[0] ?? found.email, email: found.email }
  }

  const lists: { readonly kind: 'with' | 'invite'; readonly start: number; readonly itemsStart: number }[] = []
  for (const [pattern, kind] of [
    [WITH, 'with'],
    [INVITE, 'invite'],
  ] as const) {
    for (const match of masked.matchAll(pattern)) {
      const keyword = match[1] ?? ''
      const start = match.index + match[0].indexOf(keyword)
      lists.push({ kind, start, itemsStart: match.index + match[0].length })
    }
  }
  lists.sort((a, b) => a.start - b.start)
  const index = indexContacts(contacts)
  let unrecognised = false
  let covered = -1
  for (const list of lists) {
    // A keyword inside an earlier list ("with with") starts nothing new.
    if (list.start < covered) continue
    const end = phraseEnd(masked, list.itemsStart)
    covered = end
    const written = masked.slice(list.itemsStart, end)
    const items = written.split(SEPARATOR).map((item) => item.trim().replace(/[,'"]+$/, ''))
    const rendered: string[] = []
    let recognised = 0
    let cursor = 0
    for (const item of items) {
      if (item === '') continue
      const offset = written.indexOf(item, cursor)
      cursor = offset + item.length
      const position = list.itemsStart + offset
      if (item.includes(EMAIL_MARK)) {
        const found = emailAt(position + item.indexOf(EMAIL_MARK))
        if (found !== undefined) {
          const attendee = emailAttendee(found)
          add(attendee, 0.95, null)
          rendered.push(attendee.name)
          recognised++
        }
        continue
      }
      const isContact = index.byName.has(item.toLowerCase()) || index.byFirstName.has(item.toLowerCase())
      const fits = item.length <= EVENT_FIELD_LIMITS.attendeeName
      if (fits && ((PERSON.test(item) && !NOT_PEOPLE.test(item)) || isContact)) {
        const resolution = resolveName(item, index)
        add(resolution.attendee, resolution.confidence, resolution.warning)
        rendered.push(item)
        recognised++
      } else {
        unrecognised = true
        rendered.push(item)
        warnings.push(`Not sure who "${item}" is: add their e-mail address.`)
      }
    }
    if (list.kind === 'invite' && recognised > 0) dropped.push({ start: list.start, end })
    if (list.kind === 'with' && recognised > 0 && phrase === null) {
      const names =
        rendered.length <= 2 ? rendered.join(' and ') : `${rendered.slice(0, -1).join(', ')} and ${rendered.at(-1)}`
      const keyword = masked.slice(list.start, list.itemsStart).trim()
      phrase = { span: { start: list.start, end }, rendered: `${keyword} ${names}` }
    }
  }
  // Addresses outside any list are attendees too ("bob@example.com: budget review").
  for (const found of emails) {
    const attendee = emailAttendee(found)
    if (!seen.has(attendee.email ?? '')) {
      add(attendee, 0.95, null)
      dropped.push(found.span)
    }
  }
  const confidence =
    attendees.length === 0 && !unrecognised ? 0.9 : Math.min(unrecognised ? 0.5 : 1, ...scores.map((score) => score))
  return { attendees, confidence: Math.round(confidence * 100) / 100, warnings, phrase, dropped }
}
