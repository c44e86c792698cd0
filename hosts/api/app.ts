import { maxHeaderSize } from 'node:http'
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, LogController } from 'fastify'
import { type EndpointContract, endpointId, routerPath } from '../../contracts/endpoint.js'
import { Endpoints } from '../../contracts/endpoints.js'
import type { Application, Surface } from '../composition-root.js'
import { TOKENS } from '../di-tokens.js'
import { BODY_LIMIT_BYTES, BodyTooDeep, MAX_BODY_DEPTH, nestsDeeperThan } from './body-limits.js'
import { limitConnectionsPerAddress } from './connection-limits.js'
import { sendError } from './errors.js'
import { clientErrorHandler, frameworkErrorCode, routingErrorHandler } from './framework-errors.js'
import { authenticationPlugin } from './plugins/authentication.js'
import { idempotencyPlugin } from './plugins/idempotency.js'
import { RateLimitGate } from './plugins/rate-limit.js'
import { requestIdPlugin } from './plugins/request-id.js'
import { versioningPlugin } from './plugins/versioning.js'
import './request-context.js'
import { mcpRoutes } from '../mcp/mcp-server.js'
import { defaultAssetsDir } from './dashboard/dashboard-assets.js'
import { dashboardRoutes } from './dashboard/dashboard-routes.js'
import { maybeAsyncOnSend } from './hook.js'
import { requestLogRecorder } from './request-log-recorder.js'
import { requestObserver } from './request-observer.js'
import { defineRoute, type RouteOptions } from './route.js'
import { agentTokenRoutes } from './routes/agent-tokens.js'
import { apiKeyRoutes } from './routes/api-keys.js'
import { connectedAccountRoutes } from './routes/connected-accounts.js'
import { connectionRoutes } from './routes/connections.js'
import { deviceRoutes } from './routes/devices.js'
import { eventRoutes } from './routes/events.js'
import { freeBusyRoutes } from './routes/freebusy.js'
import { hostedPageRoutes } from './routes/hosted-pages.js'
import { invitationRoutes } from './routes/invitations.js'
import { oauthRoutes } from './routes/oauth.js'
import { platformRoutes } from './routes/platform.js'
import { referenceRoutes } from './routes/reference.js'
import { reminderRoutes } from './routes/reminders.js'
import { schedulingParseRoutes } from './routes/scheduling.js'
import { suggestionRoutes } from './routes/suggestions.js'
import { trackingRoutes } from './routes/tracking.js'
import { userRoutes } from './routes/users.js'
import { voiceRoutes } from './routes/voice.js'
import { webhookEndpointRoutes } from './routes/webhook-endpoints.js'

/** `/v1/users/:id` -> a matcher for concrete paths, to tell 405 from 404. */
const pathMatcher = (url: string): RegExp => new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+')}/?$`)

/** One Fastify instance per surface: production (`livemode` true) or sandbox. */
export interface ApiAppOptions {
  /** Check each compiled response serializer against `JSON.stringify` on every answer (the test suites). */
  readonly verifySerializers?: boolean
}

export const buildApiApp = async (
  application: Application,
  surface: Surface,
  appOptions: ApiAppOptions = {},
): Promise<FastifyInstance> => {
  const { config } = application
  const { http } = config
  const rateLimit = new RateLimitGate(application.rateLimiter, application.clock, config.rateLimit)
  // The application's logger, so that request lines and background lines share one logger and format.
  const logger: FastifyBaseLogger = application.logger.pino
  const app = Fastify({
    ...(logger.level === 'silent' ? { logger: false } : { loggerInstance: logger }),
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify's 503 while closing has its own body; a request that still arrives on an open connection is served
    // (the application closes only after both surfaces), and Fastify marks its answer `Connection: close`.
    return503OnClosing: false,
    // Slow clients: the headers and the whole request are due within these times of the first byte (or of the
    // connection while it sends nothing); an idle keep-alive connection is closed after the keep-alive timeout.
    // Node checks the first two every `connectionsCheckingInterval` (30 s by default, too coarse for 10 s).
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(http.headersTimeoutMs / 4))),
    },
    // Ids of any length reach their route (and are 404 `resource_missing` there): the router's default of 100
    // characters answered a framework 414. The server's header limit bounds the request line anyway.
    routerOptions: { maxParamLength: maxHeaderSize },
    frameworkErrors: routingErrorHandler(rateLimit, application.random),
    clientErrorHandler: clientErrorHandler(application.random, http),
    // Which address a request comes from (IP allowlists, per-address limits): the socket's, unless it is a trusted proxy.
    trustProxy: config.trustProxy.length === 0 ? false : [...config.trustProxy],
  })
  // Connections beyond the cap, and beyond an address's share of it (by socket address), are closed as they arrive.
  app.server.maxConnections = http.maxConnections
  limitConnectionsPerAddress(app.server, http.maxConnectionsPerAddress, config.trustProxy)

  const routes: { matcher: RegExp; method: string }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ matcher: pathMatcher(route.url), method })
  })

  // JSON only: every other content type is a 415 in the envelope.
  app.removeAllContentTypeParsers()
  // An empty body is no body (POST /deactivate with Content-Type but nothing in it).
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.decorateRequest('rawBody', null)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request.rawBody = text
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (error, parsed) => {
      if (error !== null) return done(error, undefined)
      // Here, before any stage that walks the body recursively sees it.
      if (nestsDeeperThan(parsed, MAX_BODY_DEPTH)) return done(new BodyTooDeep(), undefined)
      done(null, parsed)
    })
  })

  await app.register(requestIdPlugin, { random: application.random })
  await app.register(authenticationPlugin, {
    livemode: surface.livemode,
    accounts: application.accounts,
    connectedAccounts: application.connectedAccounts,
    oauth: application.oauth,
    agentTokens: surface.container.get(TOKENS.AgentTokenService),
    clock: application.clock,
    rateLimit,
  })
  await app.register(versioningPlugin)
  await app.register(idempotencyPlugin, { store: application.idempotency, clock: application.clock })
  app.decorateRequest('concurrencySlot', null)
  app.decorateRequest('concurrencyBucket', null)
  // The concurrency slot is given back as the answer leaves (after the idempotency hook stored it), not on
  // onResponse: any onResponse hook makes Fastify listen for the end of every response. A request whose answer
  // never leaves keeps its slot until the slot's lease ends.
  // One line per request at `info` (and below): off at `warn` and above, as in the benchmarks.
  const logRequests = ['info', 'debug', 'trace'].includes(logger.level)
  const observe = requestObserver(application.metrics, surface.livemode, logRequests)
  const recordRequest = requestLogRecorder(application.dashboard.requestLogs, application.clock, surface.livemode)
  app.decorateRequest('apiError', null)
  app.addHook(
    'onSend',
    maybeAsyncOnSend((request, reply, payload) => {
      observe(request, reply)
      recordRequest(request, reply, payload)
      return rateLimit.release(request)?.then(() => payload)
    }),
  )

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = frameworkErrorCode(error)
    if (known !== null) return sendError(request, reply, known)
    request.log.error({ err: error, requestId: request.requestId }, 'unhandled error')
    return sendError(request, reply, {
      code: 'internal_error',
      message: 'An internal error occurred. Retry the request (with the same Idempotency-Key for mutations).',
    })
  })

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const allowed = [
      ...new Set(routes.filter((route) => route.matcher.test(path)).map((route) => route.method)),
    ].filter((method) => method !== 'HEAD')
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '))
      return sendError(request, reply, {
        code: 'method_not_allowed',
        message: `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}.`,
      })
    }
    return sendError(request, reply, {
      code: 'route_not_found',
      message: `Unrecognized request URL (${request.method}: ${path}).`,
    })
  })

  const options: RouteOptions = {
    livemode: surface.livemode,
    rateLimit,
    verifySerializers: appOptions.verifySerializers === true,
  }
  platformRoutes(app, { ...options, sandboxClock: surface.sandboxClock })
  apiKeyRoutes(app, { ...options, accounts: application.accounts, audit: application.dashboard.audit })
  connectedAccountRoutes(app, {
    ...options,
    connectedAccounts: application.connectedAccounts,
    users: surface.users,
    webhooks: surface.webhooks,
    oauth: application.oauth,
  })
  await oauthRoutes(app, { ...options, oauth: application.oauth })
  userRoutes(app, { ...options, users: surface.users })
  agentTokenRoutes(app, {
    ...options,
    agentTokens: surface.container.get(TOKENS.AgentTokenService),
    clock: application.clock,
    audit: application.dashboard.audit,
  })
  eventRoutes(app, {
    ...options,
    events: surface.events,
    departureHistory: surface.container.get(TOKENS.DepartureHistoryService),
  })
  schedulingParseRoutes(app, { ...options, parser: surface.parser })
  webhookEndpointRoutes(app, { ...options, webhooks: surface.webhooks })
  reminderRoutes(app, { ...options, reminders: surface.reminders })
  deviceRoutes(app, { ...options, devices: surface.devices, pushRecorder: surface.pushRecorder })
  trackingRoutes(app, { ...options, tracking: surface.tracking })
  const { clockOf } = surface
  invitationRoutes(app, {
    ...options,
    invitations: surface.invitations,
    memoryMail: surface.memoryMail,
    inboundSecret: config.mail.inboundSecret,
    clockOf,
    nowSeconds: () => Math.floor(application.clock.now().getTime() / 1000),
  })
  await hostedPageRoutes(app, { invitations: surface.invitations, rateLimit, clockOf })
  connectionRoutes(app, {
    ...options,
    connections: surface.connections,
    sync: surface.connectionSync,
    sandbox: surface.calendarSandbox,
    icloud: surface.icloudSignIn,
  })
  freeBusyRoutes(app, { ...options, freeBusy: surface.freeBusy, slots: surface.slots })
  suggestionRoutes(app, { ...options, suggestions: surface.suggestions })
  const servers = [
    { url: config.publicBaseUrl, description: 'Production (sk_live_ keys)' },
    { url: config.sandboxPublicBaseUrl, description: 'Sandbox (sk_test_ keys)' },
  ]
  // The use cases the agent tools call (voice and MCP): those of the REST routes.
  const toolServices = surface.container.get(TOKENS.AgentToolServices)
  // The voice gateway (composition makes it) shares this host's HTTP server for its WebSocket upgrade.
  surface.voiceGateway.attach(app)
  voiceRoutes(app, {
    ...options,
    voice: surface.voice,
    channel: surface.voiceGateway,
    publicBaseUrl: () => surface.publicBaseUrl.value,
    relayConfigured: surface.relayConfigured,
  })
  mcpRoutes(app, {
    livemode: surface.livemode,
    voice: surface.voice,
    users: surface.users,
    services: toolServices,
    authority: surface.container.get(TOKENS.SessionAuthority),
    signer: surface.container.get(TOKENS.TokenSigner),
    random: application.random,
    clock: application.clock,
    subLimits: surface.container.get(TOKENS.SubLimits),
    idempotency: application.idempotency,
    publicBaseUrl: () => surface.publicBaseUrl.value,
    authorizationServer: () => application.oauth.issuer(surface.livemode),
    rateLimit: options.rateLimit,
    logger: application.logger.child({ component: 'mcp' }),
  })
  // The dashboard is served by the production surface only; its pages reach both surfaces' use cases.
  if (surface.livemode) {
    const { live, test } = application.surfaces
    await dashboardRoutes(app, {
      ...application.dashboard,
      accounts: application.accounts,
      surfaces: {
        live: {
          ...live,
          departureHistory: live.container.get(TOKENS.DepartureHistoryService),
          monitoredEvents: live.container.get(TOKENS.EventRepository),
          agentTokens: live.container.get(TOKENS.AgentTokenService),
        },
        test: {
          ...test,
          departureHistory: test.container.get(TOKENS.DepartureHistoryService),
          monitoredEvents: test.container.get(TOKENS.EventRepository),
          agentTokens: test.container.get(TOKENS.AgentTokenService),
        },
      },
      clockOf: { live: live.clockOf, test: test.clockOf },
      limiter: application.rateLimiter,
      clock: application.clock,
      connectedAccounts: application.connectedAccounts,
      oauth: application.oauth,
      sandboxClock: test.sandboxClock,
      accountOf: async (accountId) => application.accountRepository.getAccount(accountId),
      metrics: application.metrics,
      publicBaseUrl: () => live.publicBaseUrl.value,
      assetsDir: config.dashboardAssetsDir ?? defaultAssetsDir(),
    })
  }

  // A sandbox-only endpoint whose routes need the sandbox's adapters (its provider's helpers) is registered on the
  // sandbox only; on production it answers as defineRoute answers every sandbox-only endpoint there: the permission
  // its contract (and the OpenAPI document) names is checked, then 404. Its handler is never reached.
  if (surface.livemode)
    for (const endpoint of Object.values(Endpoints) as EndpointContract[])
      if (
        endpoint.sandboxOnly === true &&
        endpoint.authenticated !== false &&
        !app.hasRoute({ method: endpoint.method, url: routerPath(endpoint.path) })
      )
        defineRoute(app, endpoint, options, () => {
          throw new Error(`${endpointId(endpoint)} reached on production`)
        })
  // This surface's server first: the reference's "try it" calls the first server by default.
  await referenceRoutes(app, {
    rateLimit,
    endpoints: Object.values(Endpoints),
    servers: surface.livemode ? servers : servers.reverse(),
  })
  return app
}
