import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderVoiceSession, VOICE_WEBSOCKET_PATH } from '../../../contracts/voice.js'
import { permits, type RequiredPermission } from '../../../core/account/permissions.js'
import { enabledTools } from '../../../core/agent/tool-calls.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult, ok } from '../../../core/shared/result.js'
import type { VoiceService } from '../../../core/voice/voice-service.js'
import type { VoiceCaller } from '../../../core/voice/voice-session.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, type RouteOptions } from '../route.js'

/** What the routes need of the voice gateway (composition hands it over; this host does not import it). */
export interface VoiceChannel {
  /** Every tool a session may be given, in the order `session.ready` lists them, each with the permission it needs. */
  readonly tools: readonly { readonly name: string; readonly permission: RequiredPermission }[]
  /** A session ended through the API: its open connection on this host hears it at once. */
  endLocal(sessionId: string): void
}

export interface VoiceRouteOptions extends RouteOptions {
  readonly voice: VoiceService
  readonly channel: VoiceChannel
  /** The surface's public base URL, of which the WebSocket URL is made. */
  readonly publicBaseUrl: () => string
  readonly relayConfigured: boolean
}

export const voiceRoutes = (app: FastifyInstance, options: VoiceRouteOptions): void => {
  const { voice } = options
  const available = options.channel.tools
  const websocketUrl = () =>
    `${options.publicBaseUrl().replace(/\/+$/, '').replace(/^http/, 'ws')}${VOICE_WEBSOCKET_PATH}`

  defineRoute(app, Endpoints.createVoiceSession, options, async ({ body, scope, request }) => {
    const { account, key } = requireAuth(request.auth)
    const caller: VoiceCaller = {
      keyId: key.id,
      keyType: key.type,
      permissions: key.type === 'secret' ? null : key.permissions,
      platformAccountId: account.id,
    }
    const tools = enabledTools(
      available,
      (required) => permits(caller.keyType, caller.permissions, required),
      body.tools,
    )
    if (!tools.ok) return tools
    if (body.model === 'realtime_relay' && !options.relayConfigured)
      return err(
        new InvalidParameter({ param: 'model', message: 'No realtime model is configured on this deployment.' }),
      )
    const created = await voice.create(scope, caller, {
      userId: body.user_id,
      tools: tools.value,
      confirmationPolicy: body.confirmation_policy,
      locale: body.locale,
      model: body.model,
      lifetimeMs: body.expires_in === undefined ? undefined : body.expires_in * 1000,
    })
    if (!created.ok) return created
    return ok({
      status: 201,
      body: renderVoiceSession(created.value.session, [], scope.clock.now(), {
        websocketUrl: websocketUrl(),
        token: created.value.token,
      }),
    })
  })

  defineRoute(app, Endpoints.retrieveVoiceSession, options, async ({ params, scope }) =>
    mapResult(await voice.retrieve(scope, params.id), ({ session, proposals }) => ({
      body: renderVoiceSession(session, proposals, scope.clock.now(), { websocketUrl: websocketUrl() }),
    })),
  )

  defineRoute(app, Endpoints.endVoiceSession, options, async ({ params, scope }) => {
    const ended = await voice.end(scope, params.id, 'ended_by_api')
    if (!ended.ok) return ended
    options.channel.endLocal(params.id)
    const found = await voice.retrieve(scope, params.id)
    return mapResult(found, ({ session, proposals }) => ({
      body: renderVoiceSession(session, proposals, scope.clock.now()),
    }))
  })
}
