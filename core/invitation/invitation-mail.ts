import escapeHtml from 'escape-html'
import { DateTime } from 'luxon'
import type { MailAddress, OutgoingMail } from '../ports/mail.js'
import { buildICalendar } from './icalendar.js'
import type { EmailType, Invitation } from './invitation.js'
import type { InvitationLinks } from './invitation-links.js'

export interface MailSettings {
  readonly from: MailAddress
  /** Right-hand side of iCalendar UIDs. */
  readonly uidDomain: string
}

const SUBJECT_PREFIX: Record<EmailType, string> = {
  invite: 'Invitation',
  update: 'Updated invitation',
  cancel: 'Cancelled',
}

/** "Tuesday 20 May 2026, 11:30 to 12:30 (Europe/Berlin)": the event's time in its own zone. */
export const eventTimeRange = (invitation: Invitation): string => {
  const { startTime, endTime, timezone } = invitation.event
  const start = DateTime.fromJSDate(startTime).setZone(timezone)
  const end = DateTime.fromJSDate(endTime).setZone(timezone)
  const sameDay = start.hasSame(end, 'day')
  return `${start.toFormat('cccc d LLLL yyyy, HH:mm')} to ${sameDay ? end.toFormat('HH:mm') : end.toFormat('cccc d LLLL yyyy, HH:mm')} (${timezone})`
}

/**
 * The e-mail of one invitation: a plain-text and an HTML body with the response
 * and unsubscribe links (the HTML also loads the open pixel), and the iCalendar
 * object. Every value that comes from a user is escaped in the HTML.
 */
export const composeInvitationMail = (
  invitation: Invitation,
  emailType: EmailType,
  settings: MailSettings,
  links: InvitationLinks,
  now: Date,
): OutgoingMail => {
  const { event } = invitation
  const organizer = event.organizerName ?? event.organizerEmail
  const method = emailType === 'cancel' ? 'CANCEL' : 'REQUEST'
  const respondUrl = links.respond(invitation)
  const unsubscribeUrl = links.unsubscribe(invitation)
  const lead =
    emailType === 'invite'
      ? `${organizer} invites you to "${event.title}".`
      : emailType === 'update'
        ? `${organizer} changed "${event.title}". The new details are below.`
        : `${organizer} cancelled "${event.title}".`
  const details = [
    `When: ${eventTimeRange(invitation)}`,
    ...(event.location === null ? [] : [`Where: ${event.location}`]),
  ]
  const text = [
    lead,
    '',
    ...details,
    '',
    ...(emailType === 'cancel' ? [] : [`Will you attend? Answer here: ${respondUrl}`, '']),
    `Stop e-mails from ${organizer}: ${unsubscribeUrl}`,
  ].join('\n')
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' +
      escapeHtml(`${SUBJECT_PREFIX[emailType]}: ${event.title}`) +
      '</title></head><body>',
    `<p>${escapeHtml(lead)}</p>`,
    `<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    emailType === 'cancel'
      ? ''
      : `<p>Will you attend? <a href="${escapeHtml(links.respond(invitation, 'accepted'))}">Yes</a> · <a href="${escapeHtml(links.respond(invitation, 'tentative'))}">Maybe</a> · <a href="${escapeHtml(links.respond(invitation, 'declined'))}">No</a> · <a href="${escapeHtml(respondUrl)}">Open the response page</a></p>`,
    `<p><small><a href="${escapeHtml(unsubscribeUrl)}">Stop e-mails from ${escapeHtml(organizer)}</a></small></p>`,
    `<img src="${escapeHtml(links.openPixel(invitation))}" width="1" height="1" alt="">`,
    '</body></html>',
  ].join('\n')
  return {
    from: settings.from,
    to: { address: invitation.attendeeEmail, name: invitation.attendeeName },
    subject: `${SUBJECT_PREFIX[emailType]}: ${event.title} (${DateTime.fromJSDate(event.startTime).setZone(event.timezone).toFormat('d LLL yyyy HH:mm')})`,
    text,
    html,
    calendar: {
      method,
      filename: emailType === 'cancel' ? 'cancel.ics' : 'invite.ics',
      content: buildICalendar({ invitation, method, uidDomain: settings.uidDomain, stamp: now, respondUrl }),
    },
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
    tags: { accountId: invitation.accountId, invitationId: invitation.id },
  }
}
