import escapeHtml from 'escape-html'
import { routerPath } from '../../../contracts/endpoint.js'
import { type Invitation, type InvitationResponse, RESPONSES } from '../../../core/invitation/invitation.js'
import { HOSTED_PATHS } from '../../../core/invitation/invitation-links.js'
import { eventTimeRange } from '../../../core/invitation/invitation-mail.js'
import { hostedPage } from './hosted-page.js'

/** The pages the invitation e-mails link to: answer, unsubscribe, and what follows each. */

const CHOICE_LABELS: Record<InvitationResponse, string> = {
  accepted: "Yes, I'll attend",
  tentative: 'Maybe',
  declined: "No, I can't attend",
}
const ANSWER_SENTENCES: Record<InvitationResponse, string> = {
  accepted: 'You accepted.',
  tentative: 'You answered maybe.',
  declined: 'You declined.',
}

const details = (invitation: Invitation): string => {
  const { event } = invitation
  const rows: readonly (readonly [string, string])[] = [
    ['When', eventTimeRange(invitation)],
    ...(event.location === null ? [] : [['Where', event.location] as const]),
    [
      'Organizer',
      event.organizerName === null ? event.organizerEmail : `${event.organizerName} (${event.organizerEmail})`,
    ],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
}

const hidden = (token: string) => `<input type="hidden" name="token" value="${escapeHtml(token)}">`

const respondPath = (id: string) => routerPath(HOSTED_PATHS.respond).replace(':id', encodeURIComponent(id))
const unsubscribePath = (id: string) => routerPath(HOSTED_PATHS.unsubscribe).replace(':id', encodeURIComponent(id))

export const linkNotValidPage = (): string =>
  hostedPage(
    'Link not valid',
    '<h1>This link is not valid</h1><p>The invitation does not exist, or the link is incomplete. Open the link from the e-mail again.</p>',
  )

/** The answer form; `highlighted` is the choice the e-mail's link named, to confirm with one press. */
export const respondPage = (
  invitation: Invitation,
  token: string,
  highlighted: string | undefined,
  notice = '',
): string => {
  const title = invitation.event.title
  const current =
    invitation.response === null
      ? ''
      : `<p>Your current answer: <strong>${escapeHtml(CHOICE_LABELS[invitation.response])}</strong>. You can change it.</p>`
  const buttons = RESPONSES.map((choice) => {
    const marked = choice === highlighted || (highlighted === undefined && choice === invitation.response)
    return `<button type="submit" name="status" value="${choice}"${marked ? ' class="current" aria-describedby="choice-hint"' : ''}>${escapeHtml(CHOICE_LABELS[choice])}</button>`
  }).join('\n')
  return hostedPage(
    `Invitation: ${title}`,
    `<h1>${escapeHtml(title)}</h1>
${notice}
${details(invitation)}
${current}
<form method="post" action="${escapeHtml(respondPath(invitation.id))}">
${hidden(token)}
<fieldset>
<legend>Will you attend?</legend>
${highlighted === undefined ? '' : '<p id="choice-hint">Confirm your answer with the highlighted button.</p>'}
${buttons}
</fieldset>
</form>
<p><a href="${escapeHtml(unsubscribePath(invitation.id))}?token=${escapeHtml(encodeURIComponent(token))}">Stop e-mails from this organizer</a></p>`,
  )
}

export const CHOOSE_AN_ANSWER = '<p role="alert">Choose one of the answers below.</p>'

export const eventCancelledPage = (invitation: Invitation): string =>
  hostedPage(
    `Cancelled: ${invitation.event.title}`,
    `<h1>${escapeHtml(invitation.event.title)}</h1><p>This event was cancelled.</p>${details(invitation)}`,
  )

export const answerRefusedPage = (): string =>
  hostedPage('Event cancelled', '<h1>This event was cancelled</h1><p>It takes no more answers.</p>')

export const answerNotSavedPage = (): string =>
  hostedPage('Try again', '<h1>Your answer was not saved</h1><p>Please go back and send it again.</p>')

export const answerSavedPage = (invitation: Invitation, status: InvitationResponse, token: string): string => {
  const back = `${respondPath(invitation.id)}?token=${encodeURIComponent(token)}`
  return hostedPage(
    `Answer saved: ${invitation.event.title}`,
    `<h1>Thank you</h1>
<p role="status">${escapeHtml(ANSWER_SENTENCES[status])} ${escapeHtml(invitation.event.organizerName ?? invitation.event.organizerEmail)} will see your answer to "${escapeHtml(invitation.event.title)}".</p>
${details(invitation)}
<p><a href="${escapeHtml(back)}">Change your answer</a></p>`,
  )
}

const organizerOf = (invitation: Invitation) => invitation.event.organizerName ?? invitation.event.organizerEmail

/** The unsubscribe confirmation; already unsubscribed, just says so. */
export const unsubscribePage = (invitation: Invitation, token: string): string => {
  const organizer = organizerOf(invitation)
  if (invitation.unsubscribed)
    return hostedPage(
      'Unsubscribed',
      `<h1>You are unsubscribed</h1><p>You get no more e-mails from ${escapeHtml(organizer)}.</p>`,
    )
  return hostedPage(
    'Stop e-mails',
    `<h1>Stop e-mails from ${escapeHtml(organizer)}?</h1>
<p>You will get no more invitations, updates or cancellations from ${escapeHtml(organizer)} at ${escapeHtml(invitation.attendeeEmail)}.</p>
<form method="post" action="${escapeHtml(unsubscribePath(invitation.id))}">
${hidden(token)}
<button type="submit">Unsubscribe</button>
</form>`,
  )
}

export const unsubscribedPage = (invitation: Invitation): string =>
  hostedPage(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1><p role="status">You get no more e-mails from ${escapeHtml(organizerOf(invitation))} at ${escapeHtml(invitation.attendeeEmail)}.</p>`,
  )
