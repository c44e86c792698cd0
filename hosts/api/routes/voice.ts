import type { FastifyInstance } from 'fastify'
import { permits } from '../../../core/account/permissions.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult, ok } from '../../../core/shared/result.js'
import type { VoiceService } from '../../../core/voice/voice-service.js'
import type { VoiceCaller } from '../../../core/voice/voice-session.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderVoiceSession, VOICE_WEBSOCKET_PATH } from '../../../contracts/voice.js'
import { AGENT_TOOLS } from '../../agent/tools/registry.js'
import { enabledTools } from '../../../core/agent/tool-calls.js'
import type { VoiceGateway } from '../../voice/voice-gateway.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, type RouteOptions } from '../route.js'

export interface VoiceRouteOptions extends RouteOptions {
  readonly voice: VoiceService
  readonly gateway: VoiceGateway
  /** The surface's public base URL, of which the WebSocket URL is made. */
  readonly publicBaseUrl: () => string
  readonly relayConfigured: boolean
}

export const voiceRoutes = (app: FastifyInstance, options: VoiceRouteOptions): void => {
  const { voice } = options
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
      AGENT_TOOLS,
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
    options.gateway.endLocal(params.id)
    const found = await voice.retrieve(scope, params.id)
    return mapResult(found, ({ session, proposals }) => ({
      body: renderVoiceSession(session, proposals, scope.clock.now()),
    }))
  })
}
