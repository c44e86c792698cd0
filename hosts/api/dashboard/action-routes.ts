import type { Schema } from 'effect'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { renderAgentToken } from '../../../contracts/agent-tokens.js'
import { renderApiKey } from '../../../contracts/api-keys.js'
import { pageRequestOf } from '../../../contracts/common.js'
import { renderConnectedAccount } from '../../../contracts/connected-accounts.js'
import { renderConnection } from '../../../contracts/connections.js'
import { renderDepartureHistoryEntry } from '../../../contracts/departure-history.js'
import { renderPushMessage } from '../../../contracts/devices.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderEvent } from '../../../contracts/events.js'
import { renderSentEmail } from '../../../contracts/invitations.js'
import { renderOAuthApplication } from '../../../contracts/oauth.js'
import { renderUser } from '../../../contracts/users.js'
import { decodeRequest, type ParameterProblem } from '../../../contracts/validation.js'
import { renderWebhookDelivery, renderWebhookEndpoint } from '../../../contracts/webhooks/endpoints.js'
import type { Account } from '../../../core/account/account.js'
import type { AccountService } from '../../../core/account/account-service.js'
import type { ConnectedAccountService } from '../../../core/account/connected-account-service.js'
import type { SandboxClockService } from '../../../core/account/sandbox-time.js'
import type { AgentTokenService } from '../../../core/agent/agent-token-service.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { DashboardRequirement } from '../../../core/dashboard/dashboard-roles.js'
import { isMemberRole, MEMBER_ROLES, type Member } from '../../../core/dashboard/member.js'
import type { MemberService } from '../../../core/dashboard/member-service.js'
import {
  COUNTER_SERIES,
  type CounterHistory,
  type DeliveryHour,
  deliveriesByHour,
  MONITORED_EVENTS_CAP,
  OVERVIEW_WINDOW_MS,
  QUANTILE_SERIES,
  recentDeliveries,
} from '../../../core/dashboard/overview.js'
import type { SignedIn, SignInService } from '../../../core/dashboard/sign-in-service.js'
import type { DepartureHistoryService } from '../../../core/event/departure-history-service.js'
import type { EventService } from '../../../core/event/event-service.js'
import type { ClockOf } from '../../../core/invitation/invitation-service.js'
import type { OAuthService } from '../../../core/oauth/oauth-service.js'
import type { EventRepositoryPort } from '../../../core/ports/event-repository.js'
import type { DomainError } from '../../../core/shared/domain-error.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import type { RequestScope } from '../../../core/shared/request-scope.js'
import { err, mapResult, ok, type Result } from '../../../core/shared/result.js'
import type { UserService } from '../../../core/user/user-service.js'
import type { WebhookEndpointService } from '../../../core/webhooks/webhook-endpoint-service.js'
import type { Surface } from '../../composition-root.js'
import { domainErrorToApi, sendError } from '../errors.js'
import { auditActionOf, memberActor } from './audit-actions.js'
import type { DashboardGuard } from './dashboard-guard.js'

type Json = Record<string, unknown>
type Mode = 'live' | 'test'

/** What one surface offers the dashboard: the same services its API routes call. */
export interface DashboardSurface {
  readonly users: UserService
  readonly events: EventService
  readonly webhooks: WebhookEndpointService
  readonly departureHistory: DepartureHistoryService
  /** The users' agent tokens for `/mcp`: listed and revoked from a user's page. */
  readonly agentTokens: AgentTokenService
  /** How many of an account's events the monitor watches (the overview). */
  readonly monitoredEvents: Pick<EventRepositoryPort, 'countMonitored'>
  /** The sandbox's records of what it sent instead of sending (null where nothing is recorded). */
  readonly memoryMail: Surface['memoryMail']
  readonly pushRecorder: Surface['pushRecorder']
  readonly connections: Surface['connections']
  /** The synthetic calendar provider's helpers (the sandbox only). */
  readonly calendarSandbox: Surface['calendarSandbox']
}

export interface ActionRouteOptions {
  readonly guard: DashboardGuard
  readonly accounts: AccountService
  readonly members: MemberService
  readonly signIn: SignInService
  readonly audit: AuditTrail
  readonly surfaces: Readonly<Record<Mode, DashboardSurface>>
  readonly clockOf: Readonly<Record<Mode, ClockOf>>
  readonly connectedAccounts: ConnectedAccountService
  readonly oauth: OAuthService
  /** The sandbox's clock, moved as `POST /v1/test_helpers/advance_time` moves it. */
  readonly sandboxClock: SandboxClockService
  /** This host's counters over the last 24 hours (the overview). */
  readonly history: CounterHistory
  readonly accountOf: (accountId: string) => Promise<Account | null>
}

interface ActionInput<B> {
  readonly body: B
  readonly request: FastifyRequest
  readonly signedIn: SignedIn
  readonly scope: RequestScope
  readonly mode: Mode
  readonly surface: DashboardSurface
  readonly params: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, string | undefined>>
}

type ActionOutput = { readonly status?: number; readonly body: Json }
type ActionHandler<B> = (input: ActionInput<B>) => Promise<Result<ActionOutput, DomainError>>

const isMode = (value: unknown): value is Mode => value === 'live' || value === 'test'

const list = (data: readonly Json[], hasMore: boolean): Json => ({ object: 'list', data, has_more: hasMore })

export const renderMember = (member: Member): Json => ({
  id: member.id,
  object: 'member',
  email: member.email,
  role: member.role,
  status: member.status,
  created_at: member.createdAt.toISOString(),
})

type Decoder<B> = (
  body: unknown,
) => { readonly ok: true; readonly value: B } | { readonly ok: false; readonly problem: ParameterProblem }

/** A body decoded by an endpoint's own request contract (the API's validation, with its 400s). */
const bodyOf =
  <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S): Decoder<S['Type']> =>
  (body) =>
    decodeRequest(schema, body ?? {})

/**
 * The dashboard's data: each action calls the use case its API endpoint calls, after the guard checked the
 * session, the CSRF token and the permission that endpoint declares (`Endpoints.x.permission`) against the
 * member's role on that surface. `/dashboard/api/{live|test}/...` chooses the surface.
 */
export const actionRoutes = (scope: FastifyInstance, options: ActionRouteOptions): void => {
  const { guard, accounts, members, signIn } = options

  const surfaceAction = <B = undefined>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    required: DashboardRequirement,
    decode: Decoder<B> | null,
    handler: ActionHandler<B>,
    sandboxOnly = false,
  ) => {
    scope.route({
      method,
      url: `/dashboard/api/:mode${path}`,
      config: { public: true },
      handler: async (request, reply) => {
        const params = request.params as Record<string, string>
        const mode = params.mode
        if (!isMode(mode) || (sandboxOnly && mode === 'live'))
          return sendError(request, reply, {
            code: 'route_not_found',
            message: isMode(mode)
              ? `${path} is the sandbox's only: use /dashboard/api/test${path}.`
              : `Unrecognized dashboard surface '${String(mode)}': live or test.`,
          })
        const signedIn = await guard.admit(request, reply, required, mode === 'live')
        if (signedIn === null) return reply
        const body = decode === null ? ({ ok: true, value: undefined as B } as const) : decode(request.body)
        if (!body.ok)
          return sendError(request, reply, {
            code: body.problem.code,
            message: body.problem.message,
            param: body.problem.param ?? undefined,
          })
        const clock = await options.clockOf[mode](signedIn.member.accountId)
        const result = await handler({
          body: body.value,
          request,
          signedIn,
          scope: { accountId: signedIn.member.accountId, livemode: mode === 'live', clock },
          mode,
          surface: options.surfaces[mode],
          params,
          query: request.query as Record<string, string | undefined>,
        })
        if (!result.ok) return sendError(request, reply, domainErrorToApi(result.error))
        if (method !== 'GET')
          await options.audit.record({
            accountId: signedIn.member.accountId,
            livemode: mode === 'live',
            actor: memberActor(signedIn.member),
            ...auditActionOf(method, path, params, result.value.body),
            address: request.ip,
          })
        return reply
          .code(result.value.status ?? 200)
          .send({ ...result.value.body, livemode: mode === 'live', request_id: request.requestId })
      },
    })
  }

  // API keys (managing keys needs what the API's key endpoints need: `secret_key`).
  surfaceAction('GET', '/api_keys', Endpoints.listApiKeys.permission, null, async ({ signedIn, mode, scope, query }) =>
    mapResult(await accounts.listKeys(signedIn.member.accountId, mode, pageRequestOf(query)), (page) => ({
      body: list(
        page.data.map((key) => renderApiKey(key, scope.clock.now())),
        page.hasMore,
      ),
    })),
  )
  surfaceAction(
    'POST',
    '/api_keys',
    Endpoints.createApiKey.permission,
    bodyOf(Endpoints.createApiKey.body),
    async ({ body, signedIn, mode, scope }) =>
      mapResult(
        await accounts.issueKey(signedIn.member.accountId, mode, {
          type: 'restricted',
          name: body.name ?? null,
          permissions: body.permissions,
          allowedIps: body.allowed_ips ?? null,
        }),
        ({ record, secret }) => ({ status: 201, body: renderApiKey(record, scope.clock.now(), secret) }),
      ),
  )
  surfaceAction(
    'POST',
    '/api_keys/:id/revoke',
    Endpoints.revokeApiKey.permission,
    null,
    async ({ signedIn, mode, scope, params }) =>
      mapResult(await accounts.revokeAccountKey(signedIn.member.accountId, mode, params.id ?? ''), (key) => ({
        body: renderApiKey(key, scope.clock.now()),
      })),
  )

  surfaceAction(
    'POST',
    '/api_keys/:id/roll',
    Endpoints.rollApiKey.permission,
    bodyOf(Endpoints.rollApiKey.body),
    async ({ body, signedIn, mode, scope, params }) =>
      mapResult(
        await accounts.rollKey(signedIn.member.accountId, mode, params.id ?? '', body.expires_in_seconds ?? 0),
        ({ issued }) => ({ body: renderApiKey(issued.record, scope.clock.now(), issued.secret) }),
      ),
  )

  // Webhooks.
  surfaceAction(
    'GET',
    '/webhook_endpoints',
    Endpoints.listWebhookEndpoints.permission,
    null,
    async ({ surface, scope, query }) =>
      mapResult(await surface.webhooks.list(scope, pageRequestOf(query)), (page) => ({
        body: list(
          page.data.map((endpoint) => renderWebhookEndpoint(endpoint, scope.clock.now())),
          page.hasMore,
        ),
      })),
  )
  surfaceAction(
    'POST',
    '/webhook_endpoints',
    Endpoints.createWebhookEndpoint.permission,
    bodyOf(Endpoints.createWebhookEndpoint.body),
    async ({ body, surface, scope }) => {
      // A Connect endpoint is the platform's own, made through the API with its own checks.
      if (body.connect === true)
        return err(new InvalidParameter({ param: 'connect', message: 'Create Connect endpoints through the API.' }))
      return mapResult(await surface.webhooks.create(scope, body), (created) => ({
        status: 201,
        body: renderWebhookEndpoint(created.endpoint, scope.clock.now(), created.secret),
      }))
    },
  )
  surfaceAction(
    'PATCH',
    '/webhook_endpoints/:id',
    Endpoints.updateWebhookEndpoint.permission,
    bodyOf(Endpoints.updateWebhookEndpoint.body),
    async ({ body, surface, scope, params }) =>
      mapResult(await surface.webhooks.update(scope, params.id ?? '', body), (endpoint) => ({
        body: renderWebhookEndpoint(endpoint, scope.clock.now()),
      })),
  )
  surfaceAction(
    'DELETE',
    '/webhook_endpoints/:id',
    Endpoints.deleteWebhookEndpoint.permission,
    null,
    async ({ surface, scope, params }) =>
      mapResult(await surface.webhooks.delete(scope, params.id ?? ''), (endpoint) => ({
        body: { ...renderWebhookEndpoint(endpoint, scope.clock.now()), deleted: true },
      })),
  )
  surfaceAction(
    'POST',
    '/webhook_endpoints/:id/rotate_secret',
    Endpoints.rotateWebhookSecret.permission,
    null,
    async ({ surface, scope, params }) =>
      mapResult(await surface.webhooks.rotateSecret(scope, params.id ?? ''), ({ endpoint, secret }) => ({
        body: renderWebhookEndpoint(endpoint, scope.clock.now(), secret),
      })),
  )
  surfaceAction(
    'GET',
    '/webhook_endpoints/:id/deliveries',
    Endpoints.listWebhookDeliveries.permission,
    null,
    async ({ surface, scope, params, query }) =>
      mapResult(await surface.webhooks.listDeliveries(scope, params.id ?? '', pageRequestOf(query)), (page) => ({
        body: list(page.data.map(renderWebhookDelivery), page.hasMore),
      })),
  )
  surfaceAction(
    'POST',
    '/webhook_endpoints/:id/deliveries/:delivery_id/replay',
    Endpoints.replayWebhookDelivery.permission,
    null,
    async ({ surface, scope, params }) =>
      mapResult(await surface.webhooks.replay(scope, params.id ?? '', params.delivery_id ?? ''), (delivery) => ({
        body: renderWebhookDelivery(delivery),
      })),
  )
  surfaceAction(
    'POST',
    '/webhook_endpoints/:id/test',
    Endpoints.testWebhookEndpoint.permission,
    null,
    async ({ surface, scope, params }) =>
      mapResult(await surface.webhooks.sendTest(scope, params.id ?? ''), (delivery) => ({
        body: renderWebhookDelivery(delivery),
      })),
  )

  // Users and their upcoming events.
  surfaceAction('GET', '/users', Endpoints.listUsers.permission, null, async ({ surface, scope, query }) => {
    const email = query.email?.trim()
    return mapResult(
      await surface.users.list(scope, email === undefined || email === '' ? {} : { email }, pageRequestOf(query)),
      (page) => ({ body: list(page.data.map(renderUser), page.hasMore) }),
    )
  })
  surfaceAction(
    'GET',
    '/users/:id/events',
    Endpoints.listEvents.permission,
    null,
    async ({ surface, scope, params, query }) => {
      const user = await surface.users.retrieve(scope, params.id ?? '')
      if (!user.ok) return user
      return mapResult(
        await surface.events.list(scope, { userId: user.value.id, startFrom: scope.clock.now() }, pageRequestOf(query)),
        (page) => ({ body: list(page.data.map(renderEvent), page.hasMore) }),
      )
    },
  )

  surfaceAction(
    'GET',
    '/users/:id/agent_tokens',
    Endpoints.listAgentTokens.permission,
    null,
    async ({ surface, scope, params, query }) =>
      mapResult(await surface.agentTokens.list(scope, params.id ?? '', pageRequestOf(query)), (page) => ({
        body: list(
          page.data.map((token) => renderAgentToken(token, scope.clock.now())),
          page.hasMore,
        ),
      })),
  )
  surfaceAction(
    'POST',
    '/users/:id/agent_tokens/:token_id/revoke',
    Endpoints.revokeAgentToken.permission,
    null,
    async ({ surface, scope, params }) =>
      mapResult(await surface.agentTokens.revoke(scope, params.id ?? '', params.token_id ?? ''), (token) => ({
        body: renderAgentToken(token, scope.clock.now()),
      })),
  )

  surfaceAction('GET', '/users/:id', Endpoints.retrieveUser.permission, null, async ({ surface, scope, params }) =>
    mapResult(await surface.users.retrieve(scope, params.id ?? ''), (user) => ({ body: renderUser(user) })),
  )
  surfaceAction('GET', '/events/:id', Endpoints.retrieveEvent.permission, null, async ({ surface, scope, params }) =>
    mapResult(await surface.events.retrieve(scope, params.id ?? ''), (event) => ({ body: renderEvent(event) })),
  )

  // Connect: the platform's connected accounts and OAuth applications on the surface.
  surfaceAction(
    'GET',
    '/connected_accounts',
    Endpoints.listConnectedAccounts.permission,
    null,
    async ({ signedIn, mode, query }) =>
      mapResult(
        await options.connectedAccounts.list(
          { platformId: signedIn.member.accountId, livemode: mode === 'live' },
          pageRequestOf(query),
        ),
        (page) => ({ body: list(page.data.map(renderConnectedAccount), page.hasMore) }),
      ),
  )
  surfaceAction(
    'GET',
    '/oauth_applications',
    Endpoints.listOAuthApplications.permission,
    null,
    async ({ signedIn, mode, query }) =>
      mapResult(
        await options.oauth.listApplications(
          { platformId: signedIn.member.accountId, livemode: mode === 'live' },
          pageRequestOf(query),
        ),
        (page) => ({
          body: list(
            page.data.map((application) => renderOAuthApplication(application)),
            page.hasMore,
          ),
        }),
      ),
  )

  // The consent tickets the platform issued on the surface: records only (never a ticket), so every member reads
  // them, as they read the connected accounts they were issued for.
  surfaceAction(
    'GET',
    '/oauth_consent_tickets',
    Endpoints.listConnectedAccounts.permission,
    null,
    async ({ signedIn, mode, query }) =>
      mapResult(
        await options.oauth.listConsentTickets(
          { platformId: signedIn.member.accountId, livemode: mode === 'live' },
          pageRequestOf(query),
        ),
        (page) => ({
          body: list(
            page.data.map((ticket) => ({
              id: ticket.id,
              object: 'oauth_consent_ticket',
              client_id: ticket.applicationId,
              connected_account: ticket.connectedAccountId,
              status: ticket.status,
              decision: ticket.decision,
              scopes: ticket.scopes === null ? null : [...ticket.scopes],
              created_at: ticket.createdAt.toISOString(),
              expires_at: ticket.expiresAt.toISOString(),
              used_at: ticket.usedAt?.toISOString() ?? null,
              livemode: ticket.livemode,
            })),
            page.hasMore,
          ),
        }),
      ),
  )

  // The sandbox's clock: read by any member, moved as the advance-time helper moves it.
  const renderClock = (now: Date, offsetSeconds: number, workItemsRun: number | null): Json => ({
    object: 'test_clock',
    now: now.toISOString(),
    offset_seconds: offsetSeconds,
    ...(workItemsRun === null ? {} : { work_items_run: workItemsRun }),
  })
  surfaceAction(
    'GET',
    '/test_clock',
    { resource: 'test_helpers', access: 'read' },
    null,
    async ({ signedIn, scope }) => {
      const account = await options.accountOf(signedIn.member.accountId)
      return ok({ body: renderClock(scope.clock.now(), Math.round((account?.sandboxClockOffsetMs ?? 0) / 1000), null) })
    },
    true,
  )
  surfaceAction(
    'POST',
    '/test_clock/advance',
    Endpoints.advanceTime.permission,
    bodyOf(Endpoints.advanceTime.body),
    async ({ body, signedIn }) =>
      mapResult(await options.sandboxClock.advance(signedIn.member.accountId, body.seconds), (clock) => ({
        body: renderClock(clock.now, clock.offsetSeconds, clock.workItemsRun),
      })),
    true,
  )

  // The sandbox's outbox: the e-mails and pushes it recorded instead of sending (`GET /v1/test_helpers/sent_emails`,
  // `GET /v1/test_helpers/push_messages`), newest first, paged as the API pages (each record keeps its last 10,000).
  const recordPage = <T extends { readonly id: string }>(
    records: readonly T[],
    query: Record<string, string | undefined>,
  ) => {
    const { limit: asked, startingAfter } = pageRequestOf(query)
    const limit = Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : 25
    const from = startingAfter === undefined ? 0 : records.findIndex((record) => record.id === startingAfter) + 1
    const rows = from === 0 && startingAfter !== undefined ? [] : records.slice(from, from + limit)
    return { rows, hasMore: from + limit < records.length && rows.length > 0 }
  }
  surfaceAction(
    'GET',
    '/sent_emails',
    Endpoints.listSentEmails.permission,
    null,
    async ({ surface, scope, query }) => {
      const page = recordPage(surface.memoryMail?.list(scope.accountId) ?? [], query)
      return ok({ body: list(page.rows.map(renderSentEmail), page.hasMore) })
    },
    true,
  )
  surfaceAction(
    'GET',
    '/push_messages',
    Endpoints.listPushMessages.permission,
    null,
    async ({ surface, scope, query }) => {
      const recorded = surface.pushRecorder?.list(scope.accountId, {}, Number.MAX_SAFE_INTEGER).data ?? []
      const page = recordPage(recorded, query)
      return ok({ body: list(page.rows.map(renderPushMessage), page.hasMore) })
    },
    true,
  )
  // The synthetic provider's helpers, on a connection of the sandbox (`/v1/test_helpers/connections/{id}/...`).
  surfaceAction(
    'GET',
    '/connections',
    Endpoints.listConnections.permission,
    null,
    async ({ surface, scope, query }) =>
      mapResult(await surface.connections.list(scope, {}, pageRequestOf(query)), (page) => ({
        body: list(
          page.data.map((connection) => renderConnection(connection)),
          page.hasMore,
        ),
      })),
    true,
  )
  type ProviderHelpers = NonNullable<Surface['calendarSandbox']>['helpers']
  const providerHelper = <B>(
    path: string,
    required: DashboardRequirement,
    decode: Decoder<B> | null,
    run: (
      helpers: ProviderHelpers,
      scope: RequestScope,
      id: string,
      body: B,
    ) => ReturnType<ProviderHelpers['revokeGrant']>,
  ) =>
    surfaceAction(
      'POST',
      `/connections/:id/${path}`,
      required,
      decode,
      async ({ surface, scope, params, body }) => {
        const helpers = surface.calendarSandbox?.helpers
        if (helpers === undefined)
          return err(new InvalidParameter({ param: 'id', message: 'The sandbox provider is not offered here.' }))
        return mapResult(await run(helpers, scope, params.id ?? '', body), (connection) => ({
          body: renderConnection(connection),
        }))
      },
      true,
    )
  providerHelper('revoke_grant', Endpoints.revokeProviderGrant.permission, null, (helpers, scope, id) =>
    helpers.revokeGrant(scope, id),
  )
  providerHelper('expire_sync_cursors', Endpoints.expireProviderSyncCursors.permission, null, (helpers, scope, id) =>
    helpers.expireSyncCursors(scope, id),
  )
  providerHelper(
    'provider_outage',
    Endpoints.setProviderOutage.permission,
    bodyOf(Endpoints.setProviderOutage.body),
    (helpers, scope, id, body) => helpers.setOutage(scope, id, body.enabled),
  )

  // The overview: this host's counters, and the account's deliveries of the last 24 hours (core/dashboard/overview.ts).
  const DELIVERY_READING_MS = 30_000
  const deliveryReadings = new Map<string, { at: number; hours: DeliveryHour[]; capped: boolean }>()
  const deliveryRefreshes = new Map<string, Promise<unknown>>()
  surfaceAction(
    'GET',
    '/overview',
    Endpoints.listWebhookDeliveries.permission,
    null,
    async ({ surface, scope, mode, request }) => {
      await options.history.sample()
      const now = scope.clock.now().getTime()
      // Reading a day of deliveries is the page's heavy part (up to 5,000 records), and its chart's step is an
      // hour: one reading serves an account's surface for 30 seconds. Past that, the page is answered with the
      // reading it has while a new one is made in the background (one at a time per account surface): only the
      // first read of a surface by this process, or one after the sandbox clock went back, waits for a reading.
      const key = `${scope.accountId}:${mode}`
      const readNow = async () => {
        const read = await recentDeliveries(surface.webhooks, scope, new Date(now - OVERVIEW_WINDOW_MS))
        const fresh = { at: now, hours: deliveriesByHour(read.deliveries, new Date(now)), capped: read.capped }
        deliveryReadings.set(key, fresh)
        return fresh
      }
      let reading = deliveryReadings.get(key)
      if (reading === undefined || now < reading.at) reading = await readNow()
      else if (now - reading.at >= DELIVERY_READING_MS && !deliveryRefreshes.has(key)) {
        const refresh = readNow()
          .catch((error: unknown) => request.log.error({ err: error }, 'overview deliveries not read'))
          .finally(() => deliveryRefreshes.delete(key))
        deliveryRefreshes.set(key, refresh)
      }
      const monitored = await surface.monitoredEvents.countMonitored(scope.accountId, MONITORED_EVENTS_CAP)
      return ok({
        body: {
          object: 'dashboard_overview',
          monitored_events: {
            source: 'account_records',
            count: monitored,
            capped: monitored >= MONITORED_EVENTS_CAP,
          },
          counters: {
            source: 'host_counters',
            series: [...COUNTER_SERIES, ...QUANTILE_SERIES],
            points: options.history.points().map((point) => ({ at: point.at.toISOString(), ...point.values })),
          },
          deliveries: {
            source: 'account_records',
            read_at: new Date(reading.at).toISOString(),
            capped: reading.capped,
            hours: reading.hours.map((hour) => ({ ...hour, at: hour.at.toISOString() })),
          },
        },
      })
    },
  )

  // An event's departure history (the API's `GET /v1/events/{id}/departure/history`).
  surfaceAction(
    'GET',
    '/events/:id/departure/history',
    Endpoints.listDepartureHistory.permission,
    null,
    async ({ surface, scope, params, query }) =>
      mapResult(
        // The chart shows the last 100 recomputes at most (one page of the API's largest).
        await surface.departureHistory.list(scope, params.id ?? '', {
          ...pageRequestOf(query),
          limit: Math.min(100, Math.max(1, Number(query.limit ?? 100) || 100)),
        }),
        (page) => ({ body: list(page.data.map(renderDepartureHistoryEntry), page.hasMore) }),
      ),
  )

  // The session and the members.
  scope.get('/dashboard/api/session', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    return reply.header('Cache-Control', 'no-store').send({
      object: 'dashboard_session',
      member: renderMember(signedIn.member),
      account_id: signedIn.member.accountId,
      csrf_token: signedIn.session.csrfToken,
      expires_at: signedIn.session.expiresAt.toISOString(),
      request_id: request.requestId,
    })
  })

  const memberAction = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    handler: (actor: Member, request: FastifyRequest) => Promise<Result<ActionOutput, DomainError>>,
  ) =>
    scope.route({
      method,
      url: `/dashboard/api/members${url}`,
      config: { public: true },
      handler: async (request, reply) => {
        // Every member sees who the members are; only owners and admins change them.
        const signedIn = await guard.admit(request, reply, method === 'GET' ? 'any_key' : 'manage_members', true)
        if (signedIn === null) return reply
        const result = await handler(signedIn.member, request)
        if (!result.ok) return sendError(request, reply, domainErrorToApi(result.error))
        if (method !== 'GET')
          await options.audit.record({
            accountId: signedIn.member.accountId,
            livemode: null,
            actor: memberActor(signedIn.member),
            ...auditActionOf(method, `/members${url}`, request.params as Record<string, string>, result.value.body),
            address: request.ip,
          })
        return reply.code(result.value.status ?? 200).send({ ...result.value.body, request_id: request.requestId })
      },
    })

  const roleOf = (body: unknown): Result<Member['role'], InvalidParameter> => {
    const role = (body as Record<string, unknown> | undefined)?.role
    return isMemberRole(role)
      ? ok(role)
      : err(new InvalidParameter({ param: 'role', message: `role is one of ${MEMBER_ROLES.join(', ')}.` }))
  }
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>).id ?? ''

  memberAction('GET', '', async (actor) =>
    ok({
      body: list((await members.list(actor.accountId)).filter((m) => m.status !== 'removed').map(renderMember), false),
    }),
  )
  memberAction('POST', '', async (actor, request) => {
    const role = roleOf(request.body)
    if (!role.ok) return role
    const email = (request.body as Record<string, unknown> | undefined)?.email
    if (typeof email !== 'string') return err(new InvalidParameter({ param: 'email', message: 'email is an address.' }))
    const invited = await members.invite(actor, email, role.value)
    if (!invited.ok) return invited
    await signIn.sendLink(invited.value)
    return ok({ status: 201, body: renderMember(invited.value) })
  })
  memberAction('PATCH', '/:id', async (actor, request) => {
    const role = roleOf(request.body)
    if (!role.ok) return role
    return mapResult(await members.changeRole(actor, idOf(request), role.value), (member) => ({
      body: renderMember(member),
    }))
  })
  memberAction('DELETE', '/:id', async (actor, request) =>
    mapResult(await members.remove(actor, idOf(request)), (member) => ({ body: renderMember(member) })),
  )
}
