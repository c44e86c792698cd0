import type { FastifyInstance } from 'fastify'
import { routerPath } from '../../../contracts/endpoint.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { InboundMailNotice, renderInvitation, renderSentEmail } from '../../../contracts/invitations.js'
import { decodeRequest } from '../../../contracts/validation.js'
import { downgradeResource } from '../../../contracts/versions.js'
import { constructWebhookEvent, WebhookSignatureError } from '../../../contracts/webhooks/verify.js'
import { AuthenticationFailed } from '../../../core/account/account.errors.js'
import type { ClockOf, InvitationService, MailNotice } from '../../../core/invitation/invitation-service.js'
import { err, mapResult, ok } from '../../../core/shared/result.js'
import type { Surface } from '../../composition-root.js'
import { domainErrorToApi, sendError } from '../errors.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'

export interface InvitationRouteOptions extends RouteOptions {
  readonly invitations: InvitationService
  /** The inspectable mailbox of the surface (the sandbox's sent_emails helper). */
  readonly memoryMail: Surface['memoryMail']
  /** Secret of the signed inbound endpoint; null answers it 404. */
  readonly inboundSecret: string | null
  /** The clock of an invitation's account (public paths learn the account from the invitation). */
  readonly clockOf: ClockOf
  /** Unix seconds now, for the signature tolerance. */
  readonly nowSeconds: () => number
}

/** 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const renderNotice = (
  invitationId: string,
  type: MailNotice,
  outcome: { invitation: { status: string }; applied: boolean },
) => ({
  object: 'mail_notice' as const,
  invitation_id: invitationId,
  type,
  applied: outcome.applied,
  status: outcome.invitation.status,
})

export const invitationRoutes = (app: FastifyInstance, options: InvitationRouteOptions): void => {
  const { invitations } = options

  defineRoute(app, Endpoints.createInvitations, options, async ({ body, scope, request }) => {
    const result = await invitations.create(scope, { eventId: body.event_id, attendees: body.attendees })
    return mapResult(result, (created) => ({ body: listBody(request, created.map(renderInvitation), false) }))
  })

  defineRoute(app, Endpoints.retrieveInvitation, options, async ({ params, scope }) =>
    mapResult(await invitations.retrieve(scope, params.id), (invitation) => ({ body: renderInvitation(invitation) })),
  )

  defineRoute(app, Endpoints.respondToInvitation, options, async ({ params, body, query, scope, request }) => {
    // A key wins over a token; without a key the token is the only credential.
    const token = query.response_token
    const responder =
      request.auth !== null
        ? ({ kind: 'account', scope } as const)
        : token !== undefined
          ? ({ kind: 'attendee', token, clockOf: options.clockOf } as const)
          : null
    if (responder === null) return err(new AuthenticationFailed({ reason: 'missing' }))
    return mapResult(await invitations.respond(responder, params.id, body.status), (invitation) => ({
      body: renderInvitation(invitation),
    }))
  })

  app.get(routerPath(Endpoints.invitationOpenPixel.path), { config: { public: true } }, async (request, reply) => {
    if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    const { id } = request.params as { id: string }
    const token = (request.query as Record<string, unknown>).token
    if (typeof token === 'string') await invitations.recordOpen(id, token, options.clockOf)
    // The same image whatever the token: the pixel tells nobody which invitations exist.
    return reply
      .code(200)
      .headers({
        'Content-Type': 'image/gif',
        'Cache-Control': 'no-store, max-age=0',
        'Referrer-Policy': 'no-referrer',
      })
      .send(PIXEL)
  })

  app.post(routerPath(Endpoints.inboundMailNotice.path), { config: { public: true } }, async (request, reply) => {
    if (!(await options.rateLimit.admitAnonymous(request, reply))) return reply
    if (options.inboundSecret === null) {
      return sendError(request, reply, {
        code: 'route_not_found',
        message:
          'Unrecognized request URL (POST: /v1/inbound/mail_events). Set MAIL_INBOUND_SECRET to enable provider notices.',
      })
    }
    let parsed: unknown
    try {
      const header = request.headers['service-signature']
      parsed = constructWebhookEvent(
        request.rawBody ?? '',
        typeof header === 'string' ? header : undefined,
        options.inboundSecret,
        { nowSeconds: options.nowSeconds() },
      )
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error
      return sendError(request, reply, {
        code: 'signature_invalid',
        message: error.message,
        param: 'Service-Signature',
      })
    }
    const decoded = decodeRequest(InboundMailNotice, parsed)
    if (!decoded.ok)
      return sendError(request, reply, {
        code: decoded.problem.code,
        message: decoded.problem.message,
        param: decoded.problem.param ?? undefined,
      })
    const { type, invitation_id: invitationId } = decoded.value
    const result = await invitations.notice(null, invitationId, type, options.clockOf, 'invitation_id')
    if (!result.ok) return sendError(request, reply, domainErrorToApi(result.error))
    return reply.code(200).send(
      downgradeResource(
        {
          ...renderNotice(invitationId, type, result.value),
          livemode: options.livemode,
          request_id: request.requestId,
        },
        request.apiVersion,
      ),
    )
  })

  const simulate = (
    endpoint:
      | typeof Endpoints.simulateInvitationDelivered
      | typeof Endpoints.simulateInvitationOpened
      | typeof Endpoints.simulateInvitationBounced,
    notice: MailNotice,
  ) =>
    defineRoute(app, endpoint, options, async ({ params, scope }) => {
      const result = await invitations.notice(scope.accountId, params.id, notice, async () => scope.clock, 'id')
      return mapResult(result, (outcome) => ({ body: renderNotice(params.id, notice, outcome) }))
    })
  simulate(Endpoints.simulateInvitationDelivered, 'delivered')
  simulate(Endpoints.simulateInvitationOpened, 'opened')
  simulate(Endpoints.simulateInvitationBounced, 'bounced')

  defineRoute(app, Endpoints.listSentEmails, options, async ({ query, scope, request }) => {
    const sent = (options.memoryMail?.list(scope.accountId) ?? []).filter(
      (entry) =>
        (query.invitation_id === undefined || entry.mail.tags.invitationId === query.invitation_id) &&
        (query.to === undefined || entry.mail.to.address === query.to.toLowerCase()),
    )
    return ok({ body: listBody(request, sent.slice(0, 100).map(renderSentEmail), sent.length > 100) })
  })
}
