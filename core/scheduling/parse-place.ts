import { ADDRESS_MARK, maskSpan, type Span } from './masked-text.js'
import { EVENT_FIELD_LIMITS, type ParsedPlace } from './parsed-event.js'

const STREET_TYPES =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Parkway|Pkwy|Highway|Hwy|Broadway|Plaza'
/** A capitalised word of a city name (not a weekday or month that follows the address). */
const CITY_WORD = String.raw`(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Today|Tomorrow|Tonight|Next|This|At|On|From|With)\p{L}*\b)[A-Z][\p{L}.'-]*`
/** "66 Mint St", "1600 Amphitheatre Parkway, Mountain View, CA 94043". */
const NUMBER_FIRST = new RegExp(
  String.raw`\b\d{1,5}[A-Za-z]?\s+(?:[A-Z0-9][\p{L}0-9'.-]*\s+){0,4}(?:${STREET_TYPES})\b\.?(?:\s+(?:N|S|E|W|NE|NW|SE|SW)\b)?(?:,\s*(?:Suite|Ste|Apt|Unit|Floor|Fl)\.?\s*\w+)?(?:,\s*${CITY_WORD}(?:\s+${CITY_WORD}){0,2})?(?:,?\s*[A-Z]{2}\b)?(?:\s+\d{5}(?:-\d{4})?)?`,
  'gu',
)
/** "Hauptstraße 5", "Unter den Linden 77, 10117 Berlin". */
const NAME_FIRST =
  /\b(?:[A-ZÄÖÜ][\p{L}-]*\s+){0,3}[\p{L}-]*(?:straße|strasse|str\.|weg|platz|allee|gasse|damm|ring|ufer|Linden)\s+\d{1,4}[a-z]?\b(?:,\s*\d{4,5}\s+[A-ZÄÖÜ][\p{L}-]+)?/gu

export interface FoundStreetAddress {
  readonly address: string
  readonly span: Span
}

/** A street address, blanked to one token before dates are read (chrono-node would read "at 66" as a time). */
export const findStreetAddress = (
  text: string,
): { readonly street: FoundStreetAddress | null; readonly masked: string } => {
  for (const pattern of [NUMBER_FIRST, NAME_FIRST]) {
    pattern.lastIndex = 0
    const match = pattern.exec(text)
    if (match !== null && match[0].length <= EVENT_FIELD_LIMITS.placeAddress) {
      const address = match[0].replace(/[\s,.]+$/, '')
      const span = { start: match.index, end: match.index + address.length }
      return { street: { address, span }, masked: maskSpan(text, span, ADDRESS_MARK) }
    }
  }
  return { street: null, masked: text }
}

export interface FoundPlace {
  readonly location: ParsedPlace | null
  readonly confidence: number
  readonly warnings: string[]
  /** What to leave out of the title. */
  readonly spans: Span[]
}

/** Meetings without a place to travel to. */
const VIRTUAL =
  /(?:\b(?:on|via|over|by|using)\s+)?\b(zoom|google meet|google hangouts?|hangouts?|(?:microsoft |ms )?teams|skype|webex|facetime|slack huddle|(?:the )?phone|video(?: call)?|online)\b/i
const VIRTUAL_PHRASE =
  /\b(?:on|via|over|by|using)\s+(?:zoom|google meet|google hangouts?|hangouts?|(?:microsoft |ms )?teams|skype|webex|facetime|slack huddle|(?:the )?phone|video(?: call)?)\b|\bonline\b|\bvirtual(?:ly)?\b|\bremote(?:ly)?\b/i
const LABEL = /\b(?:location|loc|venue|where|address|place)\s*[:=]\s*/i
const AT = /(?:^|\s)(?:at|@)\s+(?=\S)/gi
const IN = /(?:^|\s)in\s+(?=\S)/gi
/** Where a place's name ends. */
const PLACE_END =
  /\s{2,}|[.;!?()[\]{}"]|\s-\s|,\s*(?![A-Z]?\d)|\s(?:with|w\/|on|for|about|to|re|regarding|from|by|tomorrow|today|tonight|next|this|every|via|before|after|until|starting|and then)\b/i
const HOME = /^(?:home|my place|my house|my apartment|my flat|the house)$/i
const WORKPLACE = /^(?:work|the office|office|my office|the workplace)$/i
/** Rooms and venues that make "in the ..." a place. */
const VENUE_NOUN =
  /\b(?:room|office|lobby|hall|building|floor|cafe|café|cafeteria|canteen|library|gym|park|studio|lab|kitchen|auditorium|restaurant|bar|pub|garden|clinic|hospital|school|church|station|airport)\b/i
/** "in" phrases that are not places. */
const NOT_A_PLACE = /^(?:person|private|public|case|time|advance|general|total|full|progress|the loop|touch)\b/i

const clip = (text: string, from: number): string => {
  const rest = text.slice(from)
  const found = PLACE_END.exec(rest)
  return (found === null ? rest : rest.slice(0, found.index)).replace(/[\s,]+$/, '')
}

const capitalisedWords = (value: string) => value.split(/\s+/).filter((word) => /^[A-Z0-9]/.test(word)).length

export interface PlaceContext {
  /** The user's home address (with a `user_id`), for "at home". */
  readonly homeAddress: string | null
}

/**
 * The location: a street address (with the venue named before it, if any), an
 * explicit "location: ...", or the place after "at"/"@" or "in" (in: a capitalised
 * name or a room-like noun). Video meetings have none. See docs/scheduling.md.
 */
export const findPlace = (masked: string, street: FoundStreetAddress | null, context: PlaceContext): FoundPlace => {
  const warnings: string[] = []
  if (street !== null) {
    // "at Blue Bottle, 66 Mint St" names the venue before the address.
    const before = masked.slice(0, street.span.start)
    const venue = /(?:^|\s)(?:at|@|in)\s+([^,\s][^,]*?),?\s*$/i.exec(before)
    const bareAt = /(?:^|\s)(?:at|@|in)\s*$/i.exec(before)
    const start = venue !== null ? venue.index : bareAt !== null ? bareAt.index : street.span.start
    const written = venue?.[1]?.trim() ?? null
    const name = written !== null && written.length <= EVENT_FIELD_LIMITS.placeName ? written : null
    return {
      location: { name: name === '' ? null : name, address: street.address },
      confidence: 0.9,
      warnings,
      spans: [{ start, end: street.span.end }],
    }
  }
  const label = LABEL.exec(masked)
  if (label !== null) {
    const from = label.index + label[0].length
    // A labelled place runs to a dash, a blanked part or the end, commas included ("Main Library, room 3").
    const value = (/^(.*?)(?:\s[-–—]\s|\s{2,}|$)/.exec(masked.slice(from))?.[1] ?? '').replace(/[\s,.]+$/, '')
    if (value !== '' && value.length <= EVENT_FIELD_LIMITS.placeName)
      return {
        location: { name: value, address: value },
        confidence: 0.9,
        warnings,
        spans: [{ start: label.index, end: from + value.length }],
      }
  }
  const virtual = VIRTUAL.exec(masked)
  const virtualPhrase = VIRTUAL_PHRASE.exec(masked)
  const virtualSpans =
    virtualPhrase === null ? [] : [{ start: virtualPhrase.index, end: virtualPhrase.index + virtualPhrase[0].length }]

  const candidates: { start: number; end: number; value: string; keyword: 'at' | 'in' }[] = []
  for (const [pattern, keyword] of [
    [AT, 'at'],
    [IN, 'in'],
  ] as const) {
    for (const match of masked.matchAll(pattern)) {
      const from = match.index + match[0].length
      const value = clip(masked, from)
      if (value === '' || value.includes('\ue000') || /^[\d\s:]+$/.test(value)) continue
      // Longer than a place's name is not a place.
      if (value.length > EVENT_FIELD_LIMITS.placeName) continue
      candidates.push({
        start: match.index + (match[0].startsWith(' ') ? 1 : 0),
        end: from + value.length,
        value,
        keyword,
      })
    }
  }
  candidates.sort((a, b) => a.start - b.start)
  for (const candidate of candidates) {
    const { value, keyword } = candidate
    const span = { start: candidate.start, end: candidate.end }
    if (HOME.test(value)) {
      if (context.homeAddress !== null)
        return { location: { name: 'Home', address: context.homeAddress }, confidence: 0.85, warnings, spans: [span] }
      warnings.push(`"${value}" has no known address: no location is set.`)
      return { location: null, confidence: 0.3, warnings, spans: [span] }
    }
    if (WORKPLACE.test(value)) {
      warnings.push(`"${value}" has no known address: no location is set.`)
      return { location: null, confidence: 0.3, warnings, spans: [span] }
    }
    if (virtual !== null && value.toLowerCase().includes((virtual[1] ?? '').toLowerCase())) continue
    if (keyword === 'in') {
      if (NOT_A_PLACE.test(value)) continue
      const roomLike = VENUE_NOUN.test(value)
      if (!/^[A-Z0-9]/.test(value) && !(roomLike && /^the\s/i.test(value))) continue
      const name = value.replace(/^the\s+/i, (article) => article)
      return {
        location: { name, address: name },
        confidence: roomLike ? 0.75 : 0.6,
        warnings: roomLike ? warnings : [...warnings, `"${value}" may be a city or area rather than a meeting place.`],
        spans: [span],
      }
    }
    const capitalised = capitalisedWords(value) > 0 && /^[A-Z0-9"']|^the\s+[A-Z]/.test(value)
    const words = value.split(/\s+/).length
    let confidence = capitalised ? 0.8 : 0.5
    if (words > 6) confidence = 0.5
    if (/'s(?:\s+(?:place|house|flat|apartment))?$/i.test(value)) confidence = 0.5
    if (confidence < 0.7) warnings.push(`"${value}" is read as the place; check it.`)
    return { location: { name: value, address: value }, confidence, warnings, spans: [span] }
  }
  if (virtual !== null) {
    warnings.push(`An online meeting (${virtual[1]}): no location is set.`)
    return { location: null, confidence: 0.9, warnings, spans: virtualSpans }
  }
  return { location: null, confidence: 0.9, warnings, spans: [] }
}
