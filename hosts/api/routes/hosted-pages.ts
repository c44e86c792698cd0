import type { FastifyInstance, FastifyReply } from 'fastify'
import { routerPath } from '../../../contracts/endpoint.js'
import { type InvitationResponse, isCancelled, RESPONSES } from '../../../core/invitation/invitation.js'
import { HOSTED_PATHS } from '../../../core/invitation/invitation-links.js'
import type { ClockOf, InvitationService } from '../../../core/invitation/invitation-service.js'
import { acceptForms, sendHostedPage } from '../pages/hosted-page.js'
import {
  answerNotSavedPage,
  answerRefusedPage,
  answerSavedPage,
  CHOOSE_AN_ANSWER,
  eventCancelledPage,
  linkNotValidPage,
  respondPage,
  unsubscribedPage,
  unsubscribePage,
} from '../pages/invitation-pages.js'
import type { RateLimitGate } from '../plugins/rate-limit.js'

export interface HostedPageOptions {
  readonly invitations: InvitationService
  readonly rateLimit: RateLimitGate
  readonly clockOf: ClockOf
}

const send = (reply: FastifyReply, status: number, html: string) => sendHostedPage(reply, status, html)

const notFound = (reply: FastifyReply) => send(reply, 404, linkNotValidPage())

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
    acceptForms(pages)
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
      if (isCancelled(invitation)) return send(reply, 200, eventCancelledPage(invitation))
      const choice =
        typeof query.choice === 'string' && (RESPONSES as readonly string[]).includes(query.choice)
          ? query.choice
          : undefined
      return send(reply, 200, respondPage(invitation, token, choice))
    })

    pages.post(routerPath(HOSTED_PATHS.respond), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const token = formField(request.body, 'token') ?? ''
      const status = formField(request.body, 'status')
      const found = await invitations.retrieveByToken(id, token)
      if (!found.ok) return notFound(reply)
      if (status === undefined || !(RESPONSES as readonly string[]).includes(status)) {
        return send(reply, 400, respondPage(found.value, token, undefined, CHOOSE_AN_ANSWER))
      }
      const answered = await invitations.respond({ kind: 'attendee', token, clockOf }, id, status as InvitationResponse)
      if (!answered.ok) {
        if (answered.error._tag === 'InvalidTransition') return send(reply, 409, answerRefusedPage())
        if (answered.error._tag === 'ResourceNotFound') return notFound(reply)
        return send(reply, 409, answerNotSavedPage())
      }
      return send(reply, 200, answerSavedPage(answered.value, status as InvitationResponse, token))
    })

    pages.get(routerPath(HOSTED_PATHS.unsubscribe), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const query = request.query as Record<string, unknown>
      const token = typeof query.token === 'string' ? query.token : ''
      const found = await invitations.retrieveByToken(id, token)
      if (!found.ok) return notFound(reply)
      await invitations.applyMailNotice(found.value, 'opened', await clockOf(found.value.accountId))
      return send(reply, 200, unsubscribePage(found.value, token))
    })

    pages.post(routerPath(HOSTED_PATHS.unsubscribe), { config: { public: true } }, async (request, reply) => {
      const { id } = request.params as { id: string }
      const token = formField(request.body, 'token') ?? ''
      const done = await invitations.unsubscribe(id, token, clockOf)
      if (!done.ok) return notFound(reply)
      return send(reply, 200, unsubscribedPage(done.value))
    })
  })
}
