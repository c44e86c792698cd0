import { maskSpan, type Span } from './masked-text.js'

export interface FoundDuration {
  readonly minutes: number
  readonly span: Span
}

const QUANTITY_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  'forty five': 45,
  sixty: 60,
  ninety: 90,
}

const QUANTITY = String.raw`(\d+(?:[.,]\d+)?|half\s+an?|an?|one|two|three|four|five|six|seven|eight|ten|fifteen|twenty|thirty|forty[- ]five|forty|sixty|ninety)`
const UNIT = `(hours?|hrs?|h|minutes?|mins?|m)`
const AMOUNT = String.raw`${QUANTITY}\s*-?\s*${UNIT}(\s+and\s+a\s+half)?(?:\s*(?:and\s+)?(\d{1,2})\s*(?:minutes?|mins?|m)\b)?`
/** "for 45 minutes", "for about an hour and a half", "lasting 2h". */
const AFTER_VERB = new RegExp(
  String.raw`\b(?:for|lasting|takes?|duration:?)\s+(?:about\s+|around\s+|roughly\s+|approx\.?\s+|~\s*)?${AMOUNT}\b`,
  'gi',
)
/** "1h30" */
const COMPACT = /\b(?:for\s+)?(\d{1,2})h(\d{2})m?\b/gi
/** "a 30-minute call", "1h sync", "2 hour workshop": an amount followed by the thing it measures. */
const ADJECTIVE = new RegExp(
  String.raw`(?<!\b(?:in|within|after|every)\s+)\b${AMOUNT}(?:\s*-?\s*long)?\b(?=\s+[a-z])`,
  'gi',
)
const NOT_A_THING = /^\s+(?:from|later|ago|before|after|early|earlier|late|prior|past|until|till|to|or)\b/i

const minutesOf = (quantity: string, unit: string, half: string | undefined, extraMinutes: string | undefined) => {
  const word = quantity.toLowerCase().replace(/\s+/g, ' ')
  const amount = word.startsWith('half') ? 0.5 : (QUANTITY_WORDS[word] ?? Number(word.replace(',', '.')))
  const perUnit = /^h/i.test(unit) ? 60 : 1
  return Math.round(amount * perUnit + (half === undefined ? 0 : perUnit / 2) + Number(extraMinutes ?? 0))
}

/**
 * The event's length when the text says it ("for 45 minutes", "a 2 hour workshop",
 * "1h30"), and the text with it blanked (chrono-node would read "for 2 hours" as
 * a time two hours from now). Amounts after "in" are times ("in 30 minutes"), not lengths.
 */
export const findDuration = (text: string): { readonly duration: FoundDuration | null; readonly masked: string } => {
  for (const pattern of [AFTER_VERB, COMPACT, ADJECTIVE]) {
    pattern.lastIndex = 0
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length
      if (pattern === ADJECTIVE && NOT_A_THING.test(text.slice(end))) continue
      // "a m" or "an h" is not an amount ("9 am meeting").
      if (pattern !== COMPACT && /^[a-z]/i.test(match[1] ?? '') && /^[hm]$/i.test(match[2] ?? '')) continue
      const minutes =
        pattern === COMPACT
          ? Number(match[1]) * 60 + Number(match[2])
          : minutesOf(match[1] ?? '', match[2] ?? '', match[3], match[4])
      if (!(minutes > 0)) continue
      const span = { start: match.index, end }
      return { duration: { minutes, span }, masked: maskSpan(text, span) }
    }
  }
  return { duration: null, masked: text }
}
