import type { ParsedMail } from 'mailparser'

/**
 * The iCalendar object of a parsed e-mail and its METHOD: mailparser lists the
 * `.ics` attachment (and the text/calendar alternative) among the attachments.
 */
export const calendarPartOf = (parsed: ParsedMail): { method: string; content: string } | null => {
  const part =
    parsed.attachments.find((attachment) => attachment.filename?.endsWith('.ics') === true) ??
    parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar')
  if (part === undefined) return null
  const content = part.content.toString('utf8')
  return { method: /^METHOD:(\S+)/m.exec(content)?.[1] ?? '', content }
}
