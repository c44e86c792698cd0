import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type DashboardRequirement, requirementName, roleAllows } from '../../../core/dashboard/dashboard-roles.js'
import type { SignedIn, SignInService } from '../../../core/dashboard/sign-in-service.js'
import { sendError } from '../errors.js'
import type { SessionCookie } from './session-cookie.js'

/** A header the page sets on every mutating request from the session's token (a form of another site cannot). */
export const CSRF_HEADER = 'x-csrf-token'

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The checks every dashboard request passes, in this order: a mutation comes from the dashboard's own origin (the
 * production surface's public address); the session cookie names a session that still works; a mutation carries
 * that session's CSRF token; the member's role allows what the action's API endpoint requires (the same
 * `permits` check as a key's). A refusal answers in the API's error envelope and nothing runs.
 */
export class DashboardGuard {
  constructor(
    private readonly signIn: SignInService,
    private readonly cookie: SessionCookie,
    private readonly publicBaseUrl: () => string,
  ) {}

  /** The origin every mutating request must name: the production surface's public address. */
  expectedOrigin(): string {
    return new URL(this.publicBaseUrl()).origin
  }

  /** A mutation from elsewhere (another site, or no Origin at all) is answered 403 here; true when it may go on. */
  checkOrigin(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.headers.origin === this.expectedOrigin()) return true
    sendError(request, reply, {
      code: 'insufficient_permissions',
      message: `Cross-origin request refused: the dashboard accepts changes only from ${this.expectedOrigin()}.`,
    })
    return false
  }

  async session(request: FastifyRequest): Promise<SignedIn | null> {
    const id = this.cookie.read(request)
    return id === null ? null : this.signIn.resume(id)
  }

  /** The signed-in member allowed to do `required` on this surface, or null once a refusal has answered. */
  async admit(
    request: FastifyRequest,
    reply: FastifyReply,
    required: DashboardRequirement,
    livemode: boolean,
  ): Promise<SignedIn | null> {
    const mutating = request.method !== 'GET' && request.method !== 'HEAD'
    if (mutating && !this.checkOrigin(request, reply)) return null
    const signedIn = await this.session(request)
    if (signedIn === null) {
      if (this.cookie.read(request) !== null) this.cookie.clear(reply)
      sendError(request, reply, {
        code: 'authentication_failed',
        message: 'Sign in to the dashboard: this request has no session, or its session has ended.',
      })
      return null
    }
    const token = request.headers[CSRF_HEADER]
    if (mutating && (typeof token !== 'string' || !sameText(token, signedIn.session.csrfToken))) {
      sendError(request, reply, {
        code: 'insufficient_permissions',
        message: `Missing or wrong ${CSRF_HEADER}: send the token of this session (GET /dashboard/api/session).`,
      })
      return null
    }
    if (!roleAllows(signedIn.member.role, livemode, required)) {
      sendError(request, reply, {
        code: 'insufficient_permissions',
        message: `Your role (${signedIn.member.role}) does not allow this on ${livemode ? 'production' : 'the sandbox'}: it needs ${requirementName(required)}.`,
      })
      return null
    }
    return signedIn
  }
}
