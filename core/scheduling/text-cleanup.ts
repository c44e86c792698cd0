import { PARSE_TEXT_MAX_LENGTH } from './parsed-event.js'

export interface CleanText {
  readonly text: string
  /** Markup or control characters were taken out: the text was not typed as written. */
  readonly stripped: boolean
  readonly truncated: boolean
  /** Spelling fixes applied to date words (`tmrw` -> `tomorrow`). */
  readonly respelled: boolean
}

// Scripts and styles go with their content; other tags leave their text.
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi
// Not "<ana@example.com>", which is an address.
const TAG = /<\/?[a-z!][^>@]*>/gi
/** C0/C1 controls, zero-width and bidirectional formatting characters, private use (the parser's own marks). */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0xfeff, 0xfeff],
  [0xe000, 0xf8ff],
]
const withoutInvisible = (text: string): string =>
  Array.from(text, (character) => {
    const code = character.codePointAt(0) ?? 0
    return INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high) ? ' ' : character
  }).join('')

/** Common misspellings and shorthands of date words that chrono-node does not read (whole words, any case). */
const RESPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:tmrw|tmrow|tmr|tmw|tomorow|tommorow|tommorrow|tomorrw|tomorro|tomrrow|2moro|2morrow)\b/gi, 'tomorrow'],
  [/\b(?:tonite|2nite|tonigth)\b/gi, 'tonight'],
  [/\b(?:tday|tdy|todya)\b/gi, 'today'],
  [/\bnxt\b/gi, 'next'],
  [/\b(?:mondya|monady)\b/gi, 'monday'],
  [/\b(?:tues|tuesdy|teusday|tuseday)\b/gi, 'tuesday'],
  [/\b(?:weds|wednsday|wedensday|wendsday|wednesay)\b/gi, 'wednesday'],
  [/\b(?:thur|thurs|thrusday|thursdy|thusday)\b/gi, 'thursday'],
  [/\b(?:firday|fridya|frday)\b/gi, 'friday'],
  [/\b(?:saturdya|satruday)\b/gi, 'saturday'],
  [/\b(?:sundya|sunady)\b/gi, 'sunday'],
]

/** Spellings of am and pm that chrono-node does not read. */
const MERIDIEM_SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/\b(\d{1,2})\s*p\.m\.?/gi, '$1pm'],
  [/\b(\d{1,2})\s*a\.m\.?/gi, '$1am'],
  [/\b(\d{1,2}(?::\d{2})?)\s*p\b/gi, '$1pm'],
]

/** Phrasings chrono-node misses, rewritten into ones it reads. */
const REPHRASINGS: readonly (readonly [RegExp, string])[] = [
  // "between 2 and 3pm" -> "from 2 to 3pm"
  [
    /\bbetween\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\s+and\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?=\W|$)/gi,
    'from $1 to $2',
  ],
  // "next week Tuesday" is next week's Tuesday (chrono-node reads "next week" as seven days from now)
  [/\bnext\s+week(?:\s+on)?\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/gi, 'next $1'],
  // "lunchtime" reads as noon
  [/\b(?:at\s+)?lunch\s*time\b/gi, 'at noon'],
]

/**
 * Text as the parser reads it: markup and invisible characters removed, Unicode
 * normalised (NFKC), whitespace collapsed, at most `PARSE_TEXT_MAX_LENGTH` characters,
 * a few misspelt date words fixed.
 */
export const cleanText = (input: string): CleanText => {
  let text = input.normalize('NFKC')
  const withoutMarkup = text.replace(SCRIPT_OR_STYLE, ' ').replace(TAG, ' ')
  const visible = withoutInvisible(withoutMarkup)
  const stripped = visible !== text
  text = visible.replace(/\s+/g, ' ').trim()
  const truncated = text.length > PARSE_TEXT_MAX_LENGTH
  if (truncated) text = text.slice(0, PARSE_TEXT_MAX_LENGTH)
  let respelled = false
  for (const [pattern, replacement] of RESPELLINGS) {
    const next = text.replace(pattern, replacement)
    respelled ||= next !== text
    text = next
  }
  for (const [pattern, replacement] of [...MERIDIEM_SPELLINGS, ...REPHRASINGS])
    text = text.replace(pattern, replacement)
  return { text, stripped, truncated, respelled }
}
