import type { FastifyInstance, FastifyReply } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { renderCalendar, renderConnection } from '../../../contracts/connections.js'
import { type EndpointContract, routerPath } from '../../../contracts/endpoint.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import type { ConnectionService } from '../../../core/connection/connection-service.js'
import type { ConnectionSync } from '../../../core/connection/connection-sync.js'
import { mapResult } from '../../../core/shared/result.js'
import type { Surface } from '../../composition-root.js'
import { sendError } from '../errors.js'
import {
  icloudSignInPage,
  invalidSandboxConsentPage,
  invalidSignInPage,
  linkExpiredPage,
  missingStatePage,
  sandboxConsentPage,
  sandboxEmailRequiredPage,
} from '../pages/connection-pages.js'
import { acceptForms, sendHostedPage } from '../pages/hosted-page.js'
import { defineRoute, listBody, type RouteOptions, withLivemode } from '../route.js'

export interface ConnectionRouteOptions extends RouteOptions {
  readonly connections: ConnectionService
  /** Provider pushes make a connection due. */
  readonly sync: ConnectionSync
  /** The sandbox provider and its helpers (sandbox surface only), as composition hands them over. */
  readonly sandbox: Surface['calendarSandbox']
  /** The iCloud adapter behind the hosted app-specific-password page (null where iCloud is not offered). */
  readonly icloud: Surface['icloudSignIn']
}

/** The connection pages' forms end in a redirect to the application's own address: any form target. */
const page = (reply: FastifyReply, status: number, html: string) =>
  sendHostedPage(reply, status, html, { formAction: '*' })

/** An event as the sandbox's provider holds it: what `renderProviderEvent` shows of it. */
interface ProviderEvent {
  readonly id: string
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly cancelled: boolean
}

const renderProviderEvent = (event: ProviderEvent, calendarId: string) => ({
  object: 'provider_event' as const,
  external_id: event.id,
  calendar_id: calendarId,
  title: event.title,
  start_time: event.start.toISOString(),
  end_time: event.end.toISOString(),
  status: event.cancelled ? ('cancelled' as const) : ('confirmed' as const),
})

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** A POST route taking an HTML form (urlencoded): the API itself takes JSON only, so the parser is this route's alone. */
const formRoute = (
  app: FastifyInstance,
  path: string,
  handler: (form: Record<string, string>, reply: FastifyReply) => Promise<FastifyReply>,
): void => {
  void app.register(async (scoped) => {
    acceptForms(scoped)
    scoped.post(routerPath(path), { config: { public: true } }, async (request, reply) =>
      handler((request.body ?? {}) as Record<string, string>, reply),
    )
  })
}

/**
 * A hosted page this surface does not offer. Its credential would be the consent's state, never a key, so every
 * caller (no key, a secret or a restricted key) gets the same 404 `route_not_found`, as the OpenAPI document says.
 */
const notOffered = (app: FastifyInstance, endpoints: readonly EndpointContract[], reason: string): void => {
  void app.register(async (scoped) => {
    // A form posted to it is read, then answered like any other request.
    acceptForms(scoped)
    for (const endpoint of endpoints)
      scoped.route({
        method: endpoint.method,
        url: routerPath(endpoint.path),
        config: { public: true },
        handler: async (request, reply) =>
          sendError(request, reply, {
            code: 'route_not_found',
            message: `Unrecognized request URL (${endpoint.method}: ${endpoint.path}). ${reason}`,
          }),
      })
  })
}

export const connectionRoutes = (app: FastifyInstance, options: ConnectionRouteOptions): void => {
  const { connections, sync } = options

  defineRoute(app, Endpoints.startConnection, options, async ({ body, scope }) => {
    const started = await connections.start(scope, {
      provider: body.provider,
      userId: body.user_id,
      returnUrl: body.return_url,
      scopes: body.scopes,
      callback: body.callback,
    })
    return mapResult(started, (consent) => ({
      body: {
        object: 'connection_start',
        redirect_url: consent.redirectUrl,
        state: consent.state,
        expires_at: consent.expiresAt.toISOString(),
      },
    }))
  })

  defineRoute(app, Endpoints.completeConnection, options, async ({ body, scope }) =>
    mapResult(await connections.completeServer(scope, { state: body.state, code: body.code }), (connection) => ({
      body: renderConnection(connection),
    })),
  )

  defineRoute(app, Endpoints.listConnections, options, async ({ query, scope, request }) => {
    const pageRequest = pageRequestOf(query)
    const result = await connections.list(scope, { userId: query.user_id, provider: query.provider }, pageRequest)
    return mapResult(result, (found) => ({
      body: listBody(
        request,
        found.data.map((connection) => renderConnection(connection)),
        found.hasMore,
      ),
    }))
  })

  defineRoute(app, Endpoints.retrieveConnection, options, async ({ params, query, scope }) => {
    const expand = [query['expand[]'] ?? []].flat()
    const result = await connections.retrieve(scope, params.id, expand.includes('calendars'))
    return mapResult(result, ({ connection, calendars }) => ({ body: renderConnection(connection, calendars) }))
  })

  defineRoute(app, Endpoints.deleteConnection, options, async ({ params, scope }) =>
    mapResult(await connections.disconnect(scope, params.id), (connection) => ({
      body: renderConnection(connection),
    })),
  )

  defineRoute(
    app,
    Endpoints.refreshConnection,
    {
      ...options,
      subLimit: {
        name: 'connection_refresh',
        limit: 1,
        windowMs: 60_000,
        per: 'id',
        owns: async (scope, id) => (await connections.retrieve(scope, id)).ok,
      },
    },
    async ({ params, scope }) =>
      mapResult(await connections.refresh(scope, params.id), (connection) => ({ body: renderConnection(connection) })),
  )

  defineRoute(app, Endpoints.listCalendars, options, async ({ params, scope, request }) =>
    mapResult(await connections.listCalendars(scope, params.id), (calendars) => ({
      body: listBody(request, calendars.map(renderCalendar).map(withLivemode(request)), false),
    })),
  )

  defineRoute(app, Endpoints.updateCalendar, options, async ({ params, body, scope }) =>
    mapResult(
      await connections.updateCalendar(scope, params.id, params.calId, {
        selected: body.selected,
        writable: body.writable,
      }),
      (calendar) => ({ body: renderCalendar(calendar) }),
    ),
  )

  // The provider sends the browser here after consent: no API key, the OAuth state is the credential.
  app.get(routerPath(Endpoints.oauthCallback.path), { config: { public: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const state = single(query.state)
    if (state === undefined) return page(reply, 400, missingStatePage())
    const result = await connections.completeHosted({ state, code: single(query.code), error: single(query.error) })
    if (!result.ok) return page(reply, 400, linkExpiredPage())
    return reply.code(302).header('Cache-Control', 'no-store').header('Location', result.value.redirect).send()
  })

  // Google's push: headers only (X-Goog-Channel-ID, X-Goog-Channel-Token, X-Goog-Resource-State); the token is the channel's secret.
  app.post(routerPath(Endpoints.googlePush.path), { config: { public: true } }, async (request, reply) => {
    const header = (name: string) => single(request.headers[name]) ?? ''
    for (const name of ['X-Goog-Channel-ID', 'X-Goog-Channel-Token'])
      if (header(name.toLowerCase()) === '')
        return sendError(request, reply, {
          code: 'parameter_missing',
          message: `Missing header ${name}: Google sends it with every push notification.`,
          param: name,
        })
    const accepted = await sync.acceptPush(header('x-goog-channel-id'), header('x-goog-channel-token'))
    if (accepted) return reply.code(200).send()
    return sendError(request, reply, {
      code: 'resource_missing',
      message: 'No push channel matches X-Goog-Channel-ID and X-Goog-Channel-Token (stopped, renewed or unknown).',
      param: 'X-Goog-Channel-ID',
    })
  })

  // Graph first proves the address with ?validationToken= (echo it as text/plain within 10 s), then posts { value: [notifications] }.
  // The handshake comes as text/plain: a parser for this route only.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    scoped.post(routerPath(Endpoints.microsoftPush.path), { config: { public: true } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>
      const validationToken = single(query.validationToken)
      if (validationToken !== undefined) return reply.code(200).type('text/plain; charset=utf-8').send(validationToken)
      const channel = single(query.channel) ?? ''
      const notifications = (request.body as { value?: unknown } | undefined)?.value
      if (notifications !== undefined && !Array.isArray(notifications))
        return sendError(request, reply, {
          code: 'parameter_invalid',
          message: 'value must be the list of change notifications.',
          param: 'value',
        })
      if (notifications === undefined || notifications.length === 0)
        return sendError(request, reply, {
          code: 'parameter_missing',
          message: 'Expected change notifications ({ "value": [...] }) or the validationToken handshake.',
          param: 'value',
        })
      for (const notification of notifications as { clientState?: unknown; lifecycleEvent?: unknown }[]) {
        if (typeof notification?.clientState !== 'string') continue
        // Lifecycle notices (missed, subscriptionRemoved, reauthorizationRequired) come to the same address.
        if (typeof notification.lifecycleEvent === 'string')
          await sync.acceptLifecycleNotice(channel, notification.clientState, notification.lifecycleEvent)
        else await sync.acceptPush(channel, notification.clientState)
      }
      // 202 either way for well-formed posts: Graph only needs the receipt; forged ones changed nothing.
      return reply.code(202).send()
    })
  })

  const icloudPages = [Endpoints.icloudSignInPage, Endpoints.icloudSignIn]
  if (options.icloud !== null) icloudRoutes(app, options, options.icloud)
  else notOffered(app, icloudPages, 'iCloud (beta) connections are not offered on this surface.')
  if (options.sandbox !== null) sandboxRoutes(app, options, options.sandbox)
  else
    notOffered(
      app,
      [Endpoints.sandboxConsentPage, Endpoints.sandboxConsentDecision],
      'This endpoint exists on the sandbox only.',
    )
}

/** iCloud has no OAuth: our hosted page takes the app-specific password, checks it, and continues like a consent. */
const icloudRoutes = (
  app: FastifyInstance,
  options: ConnectionRouteOptions,
  icloud: NonNullable<Surface['icloudSignIn']>,
): void => {
  const { connections } = options

  app.get(routerPath(Endpoints.icloudSignInPage.path), { config: { public: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const pending = await connections.pendingConsent(single(query.state) ?? '')
    if (
      pending === null ||
      single(query.redirect_uri) !== pending.redirectUri ||
      single(query.code_challenge_method) !== 'S256'
    )
      return page(reply, 400, invalidSignInPage())
    const fields = {
      state: single(query.state) ?? '',
      code_challenge: single(query.code_challenge) ?? '',
      redirect_uri: pending.redirectUri,
    }
    return page(reply, 200, icloudSignInPage(fields, single(query.login_hint) ?? '', null))
  })

  formRoute(app, Endpoints.icloudSignIn.path, async (form, reply) => {
    const pending = await connections.pendingConsent(form.state ?? '')
    if (pending === null || form.redirect_uri !== pending.redirectUri) return page(reply, 400, invalidSignInPage())
    const target = new URL(pending.redirectUri)
    target.searchParams.set('state', pending.state)
    if (form.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied')
      return reply.code(302).header('Cache-Control', 'no-store').header('Location', target.toString()).send()
    }
    const signedIn = await icloud.signIn({
      email: form.email ?? '',
      password: form.password ?? '',
      codeChallenge: form.code_challenge ?? '',
      redirectUri: pending.redirectUri,
    })
    if (!signedIn.ok) {
      const unavailable = signedIn.error._tag === 'ProviderUnavailable'
      const message = unavailable
        ? 'iCloud did not answer; try again in a moment.'
        : 'iCloud did not accept this Apple ID and app-specific password.'
      return page(
        reply,
        unavailable ? 502 : 400,
        icloudSignInPage(
          { state: pending.state, code_challenge: form.code_challenge ?? '', redirect_uri: pending.redirectUri },
          form.email ?? '',
          message,
        ),
      )
    }
    target.searchParams.set('code', signedIn.value)
    return reply.code(302).header('Cache-Control', 'no-store').header('Location', target.toString()).send()
  })
}

const sandboxRoutes = (
  app: FastifyInstance,
  options: ConnectionRouteOptions,
  sandbox: NonNullable<ConnectionRouteOptions['sandbox']>,
): void => {
  const { connections } = options
  const { helpers, world } = sandbox

  app.get(routerPath(Endpoints.sandboxConsentPage.path), { config: { public: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const pending = await connections.pendingConsent(single(query.state) ?? '')
    if (
      pending === null ||
      single(query.redirect_uri) !== pending.redirectUri ||
      single(query.code_challenge_method) !== 'S256'
    ) {
      return page(reply, 400, invalidSandboxConsentPage())
    }
    const fields = {
      state: single(query.state) ?? '',
      code_challenge: single(query.code_challenge) ?? '',
      redirect_uri: single(query.redirect_uri) ?? '',
      provider: single(query.provider) ?? '',
    }
    return page(
      reply,
      200,
      sandboxConsentPage(fields, pending.provider, pending.scopes, single(query.login_hint) ?? ''),
    )
  })

  formRoute(app, Endpoints.sandboxConsentDecision.path, async (form, reply) => {
    const state = form.state ?? ''
    const pending = await connections.pendingConsent(state)
    if (pending === null || form.redirect_uri !== pending.redirectUri) {
      return page(reply, 400, invalidSandboxConsentPage())
    }
    const target = new URL(pending.redirectUri)
    target.searchParams.set('state', state)
    const email = form.email?.trim() ?? ''
    if (form.decision !== 'allow') target.searchParams.set('error', 'access_denied')
    else if (!/^[^\s@]+@[^\s@]+$/.test(email)) return page(reply, 400, sandboxEmailRequiredPage())
    else {
      const clock = await sandbox.clockFor(pending.accountId)
      target.searchParams.set(
        'code',
        world.authorize({
          email,
          codeChallenge: form.code_challenge ?? '',
          redirectUri: pending.redirectUri,
          seedAround: clock.now(),
        }),
      )
    }
    return reply.code(302).header('Cache-Control', 'no-store').header('Location', target.toString()).send()
  })

  defineRoute(app, Endpoints.createProviderEvent, options, async ({ params, body, scope }) => {
    const created = await helpers.createEvent(scope, params.id, {
      calendarId: body.calendar_id,
      title: body.title,
      start: new Date(body.start_time),
      end: new Date(body.end_time),
      timezone: body.timezone,
      location: body.location,
      recurrence: body.recurrence,
    })
    return mapResult(created, ({ event, calendarId }) => ({ body: renderProviderEvent(event, calendarId) }))
  })

  defineRoute(app, Endpoints.updateProviderEvent, options, async ({ params, body, scope }) => {
    const patch = {
      title: body.title,
      start: body.start_time === undefined ? undefined : new Date(body.start_time),
      end: body.end_time === undefined ? undefined : new Date(body.end_time),
      location: body.location,
    }
    return mapResult(
      await helpers.updateEvent(scope, params.id, params.external_id, patch),
      ({ event, calendarId }) => ({ body: renderProviderEvent(event, calendarId) }),
    )
  })

  defineRoute(app, Endpoints.deleteProviderEvent, options, async ({ params, scope }) =>
    mapResult(await helpers.cancelEvent(scope, params.id, params.external_id), ({ event, calendarId }) => ({
      body: renderProviderEvent(event, calendarId),
    })),
  )

  defineRoute(app, Endpoints.revokeProviderGrant, options, async ({ params, scope }) =>
    mapResult(await helpers.revokeGrant(scope, params.id), (connection) => ({ body: renderConnection(connection) })),
  )

  defineRoute(app, Endpoints.setProviderOutage, options, async ({ params, body, scope }) =>
    mapResult(await helpers.setOutage(scope, params.id, body.enabled), (connection) => ({
      body: renderConnection(connection),
    })),
  )

  defineRoute(app, Endpoints.expireProviderSyncCursors, options, async ({ params, scope }) =>
    mapResult(await helpers.expireSyncCursors(scope, params.id), (connection) => ({
      body: renderConnection(connection),
    })),
  )
}
