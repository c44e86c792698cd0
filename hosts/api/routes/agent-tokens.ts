import type { FastifyInstance, FastifyRequest } from 'fastify'
import { renderAgentToken } from '../../../contracts/agent-tokens.js'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import type { AgentTokenService } from '../../../core/agent/agent-token-service.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { Clock } from '../../../core/ports/clock.js'
import { mapResult } from '../../../core/shared/result.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, listBody, type RouteOptions, withLivemode } from '../route.js'
import { auditKeyCall } from './key-call-audit.js'

export interface AgentTokenRouteOptions extends RouteOptions {
  readonly agentTokens: AgentTokenService
  /** The platform's time: a token's status is read on it, as its expiry is written in it. */
  readonly clock: Clock
  /** Minting and revoking a token are recorded as key-management calls are (docs/dashboard.md, "Audit log"). */
  readonly audit: AuditTrail
}

/** A user's agent tokens for `/mcp` (docs/mcp.md, "Agent tokens"). */
export const agentTokenRoutes = (app: FastifyInstance, options: AgentTokenRouteOptions): void => {
  const { agentTokens, clock, audit } = options
  /** The calling key named as who; the account whose key it is (as for `/v1/api_keys`). */
  const record = auditKeyCall(audit, options.livemode)
  const audited = (request: FastifyRequest, action: string, token: { readonly id: string }) =>
    record(request, action, { type: 'agent_token', id: token.id })

  defineRoute(app, Endpoints.createAgentToken, options, async ({ params, body, scope, request }) => {
    const { account, key } = requireAuth(request.auth)
    const minted = await agentTokens.mint(
      scope,
      {
        keyId: key.id,
        keyType: key.type,
        permissions: key.type === 'secret' ? null : key.permissions,
        platformAccountId: account.id,
      },
      params.id,
      {
        permissions: body.permissions,
        expiresInSeconds: body.expires_in,
        confirmationPolicy: body.confirmation_policy,
      },
    )
    if (minted.ok) await audited(request, 'agent_token.created', minted.value.token)
    return mapResult(minted, ({ token, secret }) => ({
      status: 201,
      body: renderAgentToken(token, clock.now(), secret),
    }))
  })

  defineRoute(app, Endpoints.listAgentTokens, options, async ({ params, query, scope, request }) =>
    mapResult(await agentTokens.list(scope, params.id, pageRequestOf(query)), (listed) => ({
      body: listBody(
        request,
        listed.data.map((token) => withLivemode(request)(renderAgentToken(token, clock.now()))),
        listed.hasMore,
      ),
    })),
  )

  defineRoute(app, Endpoints.revokeAgentToken, options, async ({ params, scope, request }) => {
    const revoked = await agentTokens.revoke(scope, params.id, params.token_id)
    if (revoked.ok) await audited(request, 'agent_token.revoked', revoked.value)
    return mapResult(revoked, (token) => ({ body: renderAgentToken(token, clock.now()) }))
  })
}
