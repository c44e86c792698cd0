import { createHash } from 'node:crypto'
import escapeHtml from 'escape-html'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { Member } from '../../../core/dashboard/member.js'
import type { PasskeyService } from '../../../core/dashboard/passkey-service.js'
import type { SignInService } from '../../../core/dashboard/sign-in-service.js'
import type { Clock } from '../../../core/ports/clock.js'
import type { RateLimiterPort } from '../../../core/ports/rate-limiter.js'
import { sendError } from '../errors.js'
import { hostedPage } from '../pages/hosted-page.js'
import { memberActor } from './audit-actions.js'
import type { DashboardGuard } from './dashboard-guard.js'
import type { SessionCookie } from './session-cookie.js'

/** Sign-in attempts (asking for a link, using one) per client address, and link requests per address asked for. */
export const SIGN_IN_LIMITS = {
  perAddress: { requests: 50, windowMs: 15 * 60_000 },
  perEmail: { requests: 5, windowMs: 15 * 60_000 },
} as const

export interface SignInRouteOptions {
  readonly signIn: SignInService
  readonly guard: DashboardGuard
  readonly cookie: SessionCookie
  readonly limiter: RateLimiterPort
  readonly clock: Clock
  readonly audit: AuditTrail
  readonly passkeys: PasskeyService
}

/**
 * A sign-in page: never cached, never framed, no script at all (its one form posts here). The dashboard's hook sets
 * its Referrer-Policy (same-origin, so that the form's post carries its Origin).
 */
const sendHostedPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(html)

const SAME_ANSWER =
  'If this address belongs to a member, a sign-in link is on its way; it works once, within 15 minutes.'

const linkNotValidPage = () =>
  hostedPage(
    'Sign-in link not valid',
    `<h1>This sign-in link does not work</h1>
<p>It was used already, it is older than 15 minutes, or it was never issued. Ask for a new one on the <a href="/dashboard/">dashboard</a>.</p>`,
  )

const confirmPage = (token: string) =>
  hostedPage(
    'Sign in to the dashboard',
    `<h1>Sign in to the dashboard</h1>
<form method="post" action="/dashboard/sign-in">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in</button>
</form>`,
  )

/**
 * Sign-in by one-time link. The link opens a page whose button posts the token (mail scanners follow links; a GET
 * never uses one up), and the post sets the session cookie and goes on to the dashboard. Asking for a link by
 * address answers the same whether or not the address is a member's.
 */
export const signInRoutes = (scope: FastifyInstance, options: SignInRouteOptions): void => {
  const { signIn, guard, cookie, limiter, clock, audit } = options
  /** Sign-ins and sign-outs everywhere go to the audit log (a plain sign-out changes nobody else's access). */
  const audited = (request: FastifyRequest, member: Member, action: string) =>
    audit.record({
      accountId: member.accountId,
      livemode: null,
      actor: memberActor(member),
      action,
      target: { type: 'member', id: member.id },
      address: request.ip,
    })

  /** Counts one attempt in each bucket; false (and a 429 answered) when one is full. */
  const admitted = async (
    request: FastifyRequest,
    reply: FastifyReply,
    buckets: readonly { readonly name: string; readonly requests: number; readonly windowMs: number }[],
    page: boolean,
  ): Promise<boolean> => {
    for (const bucket of buckets) {
      const decision = await limiter.consume(bucket.name, bucket.requests, bucket.windowMs, clock.now())
      if (decision.allowed) continue
      const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000))
      if (page) {
        reply.header('Retry-After', String(retryAfterSeconds))
        sendHostedPage(
          reply,
          429,
          hostedPage('Too many attempts', `<h1>Too many sign-in attempts</h1><p>Try again in a few minutes.</p>`),
        )
      } else
        sendError(request, reply, {
          code: 'rate_limit_exceeded',
          message: 'Too many sign-in attempts: retry after the indicated time.',
          retryAfterSeconds,
        })
      return false
    }
    return true
  }
  const perAddress = (request: FastifyRequest) => ({
    name: `dashboard_sign_in:ip:${request.ip}`,
    ...SIGN_IN_LIMITS.perAddress,
  })

  scope.get('/dashboard/sign-in', { config: { public: true } }, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token
    if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token))
      return sendHostedPage(reply, 400, linkNotValidPage())
    return sendHostedPage(reply, 200, confirmPage(token))
  })

  scope.post('/dashboard/sign-in', { config: { public: true } }, async (request, reply) => {
    if (request.headers.origin !== guard.expectedOrigin())
      return sendHostedPage(
        reply,
        403,
        hostedPage('Sign-in refused', '<h1>Sign-in refused</h1><p>The form was not sent from the dashboard.</p>'),
      )
    if (!(await admitted(request, reply, [perAddress(request)], true))) return reply
    const token = (request.body as Record<string, unknown> | undefined)?.token
    const started = await signIn.signIn(typeof token === 'string' ? token : '', cookie.read(request))
    if (started === null) {
      cookie.clear(reply)
      return sendHostedPage(reply, 400, linkNotValidPage())
    }
    cookie.set(reply, started.sessionId)
    await audited(request, started.member, 'member.signed_in')
    return reply.code(303).header('Location', '/dashboard/').header('Cache-Control', 'no-store').send()
  })

  scope.post('/dashboard/api/sign_in/email', { config: { public: true } }, async (request, reply) => {
    if (!guard.checkOrigin(request, reply)) return reply
    const email = (request.body as Record<string, unknown> | undefined)?.email
    if (typeof email !== 'string' || email.length > 254)
      return sendError(request, reply, { code: 'parameter_invalid', param: 'email', message: 'email is an address.' })
    const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
    const perEmail = { name: `dashboard_sign_in:email:${digest}`, ...SIGN_IN_LIMITS.perEmail }
    if (!(await admitted(request, reply, [perAddress(request), perEmail], false))) return reply
    await signIn.sendLinks(email)
    return reply.code(202).send({ object: 'sign_in_request', message: SAME_ANSWER, request_id: request.requestId })
  })

  // Passkey sign-in: the options (a challenge), then the authenticator's answer, which opens a session as a link does.
  scope.post('/dashboard/api/sign_in/passkey/options', { config: { public: true } }, async (request, reply) => {
    if (!guard.checkOrigin(request, reply)) return reply
    if (!(await admitted(request, reply, [perAddress(request)], false))) return reply
    return reply.send({ object: 'passkey_options', options: await options.passkeys.signInOptions() })
  })

  scope.post('/dashboard/api/sign_in/passkey', { config: { public: true } }, async (request, reply) => {
    if (!guard.checkOrigin(request, reply)) return reply
    if (!(await admitted(request, reply, [perAddress(request)], false))) return reply
    const credential = (request.body as Record<string, unknown> | undefined)?.credential
    const started = await options.passkeys.signIn(credential, cookie.read(request))
    if (started === null)
      return sendError(request, reply, {
        code: 'authentication_failed',
        message: 'This passkey was not accepted: sign in with a link, then register a passkey again.',
      })
    cookie.set(reply, started.sessionId)
    await audited(request, started.member, 'member.signed_in_with_passkey')
    return reply.send({ object: 'sign_in', member_id: started.member.id, request_id: request.requestId })
  })

  scope.post('/dashboard/api/sign_out', { config: { public: true } }, async (request, reply) => {
    if (!guard.checkOrigin(request, reply)) return reply
    const current = await guard.admit(request, reply, 'any_key', true)
    if (current === null) return reply
    const everywhere = (request.body as Record<string, unknown> | undefined)?.everywhere === true
    const id = cookie.read(request)
    if (everywhere) {
      await signIn.signOutEverywhere(current.member.id)
      await audited(request, current.member, 'member.signed_out_everywhere')
    } else if (id !== null) await signIn.signOut(id)
    cookie.clear(reply)
    return reply.send({ object: 'sign_out', everywhere, request_id: request.requestId })
  })
}
