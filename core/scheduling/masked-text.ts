/**
 * The text being read, with each part already understood blanked out at the
 * same positions (so that indices found in the masked text hold in the original).
 * Spaces blank a part that separates (a date, a duration); a private-use
 * character keeps a part's place as one token (an e-mail address, a street address).
 */
export const BLANK = ' '
export const EMAIL_MARK = '\ue000'
export const ADDRESS_MARK = '\ue001'

export interface Span {
  readonly start: number
  readonly end: number
}

export const maskSpan = (text: string, span: Span, mark = BLANK): string =>
  text.slice(0, span.start) + mark.repeat(span.end - span.start) + text.slice(span.end)
