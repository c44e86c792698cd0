import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Account } from '../../../core/account/account.js'
import type { AccountService } from '../../../core/account/account-service.js'
import type { ConnectedAccountService } from '../../../core/account/connected-account-service.js'
import type { SandboxClockService } from '../../../core/account/sandbox-time.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { MemberService } from '../../../core/dashboard/member-service.js'
import { CounterHistory } from '../../../core/dashboard/overview.js'
import type { PasskeyService } from '../../../core/dashboard/passkey-service.js'
import type { SignInService } from '../../../core/dashboard/sign-in-service.js'
import type { ClockOf } from '../../../core/invitation/invitation-service.js'
import type { OAuthService } from '../../../core/oauth/oauth-service.js'
import type { Clock } from '../../../core/ports/clock.js'
import type { MetricsPort } from '../../../core/ports/metrics.js'
import type { RateLimiterPort } from '../../../core/ports/rate-limiter.js'
import type { RequestLogStorePort } from '../../../core/ports/request-log-store.js'
import { sendError } from '../errors.js'
import { acceptForms } from '../pages/hosted-page.js'
import type { RequestLogWriter } from '../request-log-writer.js'
import { actionRoutes, type DashboardSurface } from './action-routes.js'
import { type DashboardAsset, loadDashboardAssets } from './dashboard-assets.js'
import { DashboardGuard } from './dashboard-guard.js'
import { logRoutes } from './log-routes.js'
import { passkeyRoutes } from './passkey-routes.js'
import { sessionCookie } from './session-cookie.js'
import { settingsRoutes } from './settings-routes.js'
import { signInRoutes } from './sign-in-routes.js'

export interface DashboardOptions {
  readonly members: MemberService
  readonly signIn: SignInService
  readonly passkeys: PasskeyService
  readonly audit: AuditTrail
  readonly requestLogs: RequestLogWriter
  readonly requestLogStore: RequestLogStorePort
  readonly accounts: AccountService
  readonly surfaces: Readonly<Record<'live' | 'test', DashboardSurface>>
  readonly clockOf: Readonly<Record<'live' | 'test', ClockOf>>
  readonly limiter: RateLimiterPort
  readonly clock: Clock
  readonly connectedAccounts: ConnectedAccountService
  readonly oauth: OAuthService
  readonly sandboxClock: SandboxClockService
  readonly accountOf: (accountId: string) => Promise<Account | null>
  /** Sampled once a minute for the overview's charts. */
  readonly metrics: Pick<MetricsPort, 'collect'>
  /** The production surface's public address: the dashboard's origin, and where its cookie belongs. */
  readonly publicBaseUrl: () => string
  /** The built UI (`npm run build`). */
  readonly assetsDir: string
}

/**
 * No script but the dashboard's own files, no inline script or style, no framing, no other origin to talk to: the
 * page's only way out is its own `/dashboard/api`.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>
<body><main><h1>The dashboard is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main></body></html>`

/**
 * The dashboard, served by the production surface at `/dashboard` (production) and `/dashboard/test/` (the
 * sandbox): the built UI, the sign-in pages, and `/dashboard/api`, its data. Every route here is public to the
 * key authentication (the session is the credential; see `DashboardGuard`).
 */
export const dashboardRoutes = async (app: FastifyInstance, options: DashboardOptions): Promise<void> => {
  const assets = loadDashboardAssets(options.assetsDir)
  const cookie = sessionCookie(options.publicBaseUrl)
  const guard = new DashboardGuard(options.signIn, cookie, options.publicBaseUrl)
  const history = new CounterHistory(options.metrics, options.clock)
  const sampleHistory = () => history.sample().catch(() => undefined)
  void sampleHistory()
  const sampler = setInterval(sampleHistory, 60_000)
  sampler.unref()
  app.addHook('onClose', async () => clearInterval(sampler))

  await app.register(async (scope) => {
    acceptForms(scope)
    scope.addHook('onSend', async (_request, reply, payload) => {
      // The sign-in pages (plain HTML, no script) set their own, stricter in scripts and looser for their inline style.
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      reply.header('X-Content-Type-Options', 'nosniff')
      // Not `no-referrer`: under it a browser sends `Origin: null` on the page's own posts, and the Origin check needs
      // the real one. A sign-in page's address (its token) still never leaves for another origin.
      reply.header('Referrer-Policy', 'same-origin')
      reply.header('X-Frame-Options', 'DENY')
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
      return payload
    })

    signInRoutes(scope, {
      signIn: options.signIn,
      guard,
      cookie,
      limiter: options.limiter,
      clock: options.clock,
      audit: options.audit,
      passkeys: options.passkeys,
    })
    passkeyRoutes(scope, { guard, passkeys: options.passkeys, audit: options.audit })
    actionRoutes(scope, {
      guard,
      accounts: options.accounts,
      members: options.members,
      signIn: options.signIn,
      audit: options.audit,
      surfaces: options.surfaces,
      clockOf: options.clockOf,
      connectedAccounts: options.connectedAccounts,
      oauth: options.oauth,
      sandboxClock: options.sandboxClock,
      accountOf: options.accountOf,
      history,
    })
    settingsRoutes(scope, {
      guard,
      accounts: options.accounts,
      audit: options.audit,
      accountOf: options.accountOf,
    })
    logRoutes(scope, {
      guard,
      audit: options.audit,
      requestLogs: options.requestLogs,
      requestLogStore: options.requestLogStore,
    })
    scope.all('/dashboard/api/*', { config: { public: true } }, async (request, reply) =>
      sendError(request, reply, {
        code: 'route_not_found',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
      }),
    )

    const send = (request: FastifyRequest, reply: FastifyReply, asset: DashboardAsset, immutable: boolean) => {
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
      reply.header('Content-Type', asset.type).header('Vary', 'Accept-Encoding')
      if (immutable) reply.header('Cache-Control', 'public, max-age=31536000, immutable')
      if (gzip) reply.header('Content-Encoding', 'gzip')
      return reply.send(gzip ? asset.gzip : asset.body)
    }
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const index = assets?.get('index.html')
      if (index === undefined) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT)
      return send(request, reply, index, false)
    }
    scope.get('/dashboard', { config: { public: true } }, async (_request, reply) => reply.redirect('/dashboard/', 308))
    scope.get('/dashboard/', { config: { public: true } }, page)
    scope.get('/dashboard/*', { config: { public: true } }, async (request, reply) => {
      const path = (request.params as Record<string, string>)['*'] ?? ''
      if (path.startsWith('assets/')) {
        const asset = assets?.get(path)
        if (asset === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
        return send(request, reply, asset, true)
      }
      // Every other path is a page of the UI (`/dashboard/test/webhooks`): the UI reads its path.
      return page(request, reply)
    })
  })
}
