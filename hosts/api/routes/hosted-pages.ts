import escapeHtml from 'escape-html'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  isCancelled,
  RESPONSES,
  type Invitation,
  type InvitationResponse,
} from '../../../core/invitation/invitation.js'
import { HOSTED_PATHS } from '../../../core/invitation/invitation-links.js'
import { eventTimeRange } from '../../../core/invitation/invitation-mail.js'
import type { ClockOf, InvitationService } from '../../../core/invitation/invitation-service.js'
import { routerPath } from '../../../contracts/endpoint.js'
import type { RateLimitGate } from '../plugins/rate-limit.js'

export interface HostedPageOptions {
  readonly invitations: InvitationService
  readonly rateLimit: RateLimitGate
  readonly clockOf: ClockOf
}

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

/** Plain, accessible HTML: one language, one h1, a main landmark, no script. Every interpolated value goes through `escapeHtml`. */
const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
fieldset { border: 1px solid #767676; padding: 1rem; }
button { font: inherit; padding: .5rem 1rem; margin: .25rem .5rem .25rem 0; border: 2px solid #1a1a1a; background: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #0050b3; outline-offset: 2px; }
.current { background: #e6f0ff; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`

const details = (invitation: Invitation): string => {
  const { event } = invitation
  const rows = [
    ['When', eventTimeRange(invitation)],
    ...(event.location === null ? [] : [['Where', event.location]]),
    [
      'Organizer',
      event.organizerName === null ? event.organizerEmail : `${event.organizerName} (${event.organizerEmail})`,
    ],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`).join('')}</dl>`
}

const hidden = (token: string) => `<input type="hidden" name="token" value="${escapeHtml(token)}">`

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The token is in the address: never pass it on.
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html)

const notFound = (reply: FastifyReply) =>
  send(
    reply,
    404,
    page(
      'Link not valid',
      '<h1>This link is not valid</h1><p>The invitation does not exist, or the link is incomplete. Open the link from the e-mail again.</p>',
    ),
  )

const respondForm = (invitation: Invitation, token: string, highlighted: string | undefined, notice = ''): string => {
  const title = invitation.event.title
  const current =
    invitation.response === null
      ? ''
      : `<p>Your current answer: <strong>${escapeHtml(CHOICE_LABELS[invitation.response])}</strong>. You can change it.</p>`
  const buttons = RESPONSES.map((choice) => {
    const marked = choice === highlighted || (highlighted === undefined && choice === invitation.response)
    return `<button type="submit" name="status" value="${choice}"${marked ? ' class="current" aria-describedby="choice-hint"' : ''}>${escapeHtml(CHOICE_LABELS[choice])}</button>`
  }).join('\n')
  return page(
    `Invitation: ${title}`,
    `<h1>${escapeHtml(title)}</h1>
${notice}
${details(invitation)}
${current}
<form method="post" action="${escapeHtml(routerPath(HOSTED_PATHS.respond).replace(':id', encodeURIComponent(invitation.id)))}">
${hidden(token)}
<fieldset>
<legend>Will you attend?</legend>
${highlighted === undefined ? '' : '<p id="choice-hint">Confirm your answer with the highlighted button.</p>'}
${buttons}
</fieldset>
</form>
<p><a href="${escapeHtml(routerPath(HOSTED_PATHS.unsubscribe).replace(':id', encodeURIComponent(invitation.id)))}?token=${escapeHtml(encodeURIComponent(token))}">Stop e-mails from this organizer</a></p>`,
  )
}

const formField = (body: unknown, name: string): string | undefined => {
  const value = (body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * The pages the e-mail links to, served by the API host without a key: the
 * token in the link is the credential. GET pages never change an answer (mail
 * scanners follow links); the buttons post a form.
 */
export const hostedPageRoutes = async (app: FastifyInstance, options: HostedPageOptions): Promise<void> => {
  const { invitations, clockOf } = options
  await app.register(async (pages) => {
    // HTML forms post url-encoded bodies; only these pages accept them (the API stays JSON-only).
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
    })
    pages.addHook('onRequest', async (request, reply) => {
      if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    })

    pages.get(routerPath(HOSTED_PATHS.respond), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const query = request.query as Record<string, unknown>
      const token = typeof query.token === 'string' ? query.token : ''
      const found = await invitations.retrieveByToken(id, token)
      if (!found.ok) return notFound(reply)
      // Following a link of the e-mail proves it was opened (images may be blocked).
      const opened = await invitations.applyMailNotice(found.value, 'opened', await clockOf(found.value.accountId))
      const invitation = opened.ok ? opened.value.invitation : found.value
      if (isCancelled(invitation))
        return send(
          reply,
          200,
          page(
            `Cancelled: ${invitation.event.title}`,
            `<h1>${escapeHtml(invitation.event.title)}</h1><p>This event was cancelled.</p>${details(invitation)}`,
          ),
        )
      const choice =
        typeof query.choice === 'string' && (RESPONSES as readonly string[]).includes(query.choice)
          ? query.choice
          : undefined
      return send(reply, 200, respondForm(invitation, token, choice))
    })

    pages.post(routerPath(HOSTED_PATHS.respond), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const token = formField(request.body, 'token') ?? ''
      const status = formField(request.body, 'status')
      const found = await invitations.retrieveByToken(id, token)
      if (!found.ok) return notFound(reply)
      if (status === undefined || !(RESPONSES as readonly string[]).includes(status)) {
        return send(
          reply,
          400,
          respondForm(found.value, token, undefined, '<p role="alert">Choose one of the answers below.</p>'),
        )
      }
      const answered = await invitations.respond({ kind: 'attendee', token, clockOf }, id, status as InvitationResponse)
      if (!answered.ok) {
        if (answered.error._tag === 'InvalidTransition')
          return send(
            reply,
            409,
            page('Event cancelled', '<h1>This event was cancelled</h1><p>It takes no more answers.</p>'),
          )
        if (answered.error._tag === 'ResourceNotFound') return notFound(reply)
        return send(
          reply,
          409,
          page('Try again', '<h1>Your answer was not saved</h1><p>Please go back and send it again.</p>'),
        )
      }
      const invitation = answered.value
      const back = `${routerPath(HOSTED_PATHS.respond).replace(':id', encodeURIComponent(id))}?token=${encodeURIComponent(token)}`
      return send(
        reply,
        200,
        page(
          `Answer saved: ${invitation.event.title}`,
          `<h1>Thank you</h1>
<p role="status">${escapeHtml(ANSWER_SENTENCES[status as InvitationResponse])} ${escapeHtml(invitation.event.organizerName ?? invitation.event.organizerEmail)} will see your answer to "${escapeHtml(invitation.event.title)}".</p>
${details(invitation)}
<p><a href="${escapeHtml(back)}">Change your answer</a></p>`,
        ),
      )
    })

    pages.get(routerPath(HOSTED_PATHS.unsubscribe), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const query = request.query as Record<string, unknown>
      const token = typeof query.token === 'string' ? query.token : ''
      const found = await invitations.retrieveByToken(id, token)
      if (!found.ok) return notFound(reply)
      await invitations.applyMailNotice(found.value, 'opened', await clockOf(found.value.accountId))
      const organizer = found.value.event.organizerName ?? found.value.event.organizerEmail
      if (found.value.unsubscribed)
        return send(
          reply,
          200,
          page(
            'Unsubscribed',
            `<h1>You are unsubscribed</h1><p>You get no more e-mails from ${escapeHtml(organizer)}.</p>`,
          ),
        )
      return send(
        reply,
        200,
        page(
          'Stop e-mails',
          `<h1>Stop e-mails from ${escapeHtml(organizer)}?</h1>
<p>You will get no more invitations, updates or cancellations from ${escapeHtml(organizer)} at ${escapeHtml(found.value.attendeeEmail)}.</p>
<form method="post" action="${escapeHtml(routerPath(HOSTED_PATHS.unsubscribe).replace(':id', encodeURIComponent(id)))}">
${hidden(token)}
<button type="submit">Unsubscribe</button>
</form>`,
        ),
      )
    })

    pages.post(routerPath(HOSTED_PATHS.unsubscribe), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const token = formField(request.body, 'token') ?? ''
      const done = await invitations.unsubscribe(id, token, clockOf)
      if (!done.ok) return notFound(reply)
      const organizer = done.value.event.organizerName ?? done.value.event.organizerEmail
      return send(
        reply,
        200,
        page(
          'Unsubscribed',
          `<h1>You are unsubscribed</h1><p role="status">You get no more e-mails from ${escapeHtml(organizer)} at ${escapeHtml(done.value.attendeeEmail)}.</p>`,
        ),
      )
    })
  })
}
