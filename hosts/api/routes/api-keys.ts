import type { FastifyInstance, FastifyRequest } from 'fastify'
import { renderApiKey } from '../../../contracts/api-keys.js'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import type { AccountService } from '../../../core/account/account-service.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult } from '../../../core/shared/result.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'
import { auditKeyCall } from './key-call-audit.js'

/** The version from which a restricted key may carry an IP allowlist (docs/spec-map.md, "Versioning"). */
const ALLOWLIST_SINCE = '2026-05-20'

/**
 * Managing the keys of this surface: only a secret key may call these routes (their
 * contracts declare `secret_key`), so a restricted key can never create or widen one.
 */
export const apiKeyRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { accounts: AccountService; audit: AuditTrail },
): void => {
  const { accounts, audit } = options
  const mode = options.livemode ? 'live' : 'test'
  /** Every key-management change goes to the account's audit log, the calling key named as who made it. */
  const record = auditKeyCall(audit, options.livemode)
  const audited = (request: FastifyRequest, action: string, key: { readonly id: string }) =>
    record(request, action, { type: 'api_key', id: key.id })

  defineRoute(app, Endpoints.createApiKey, options, async ({ body, scope, request }) => {
    const allowedIps = body.allowed_ips ?? null
    if (allowedIps !== null && request.apiVersion < ALLOWLIST_SINCE)
      return err(
        new InvalidParameter({
          param: 'allowed_ips',
          message: `IP allowlists exist from API version ${ALLOWLIST_SINCE}; send Service-Version: ${ALLOWLIST_SINCE} (or later) to set one.`,
        }),
      )
    const issued = await accounts.issueKey(requireAuth(request.auth).account.id, mode, {
      type: 'restricted',
      name: body.name ?? null,
      permissions: body.permissions,
      allowedIps,
    })
    if (issued.ok) await audited(request, 'api_key.created', issued.value.record)
    return mapResult(issued, ({ record, secret }) => ({ body: renderApiKey(record, scope.clock.now(), secret) }))
  })

  defineRoute(app, Endpoints.listApiKeys, options, async ({ query, scope, request }) => {
    const page = pageRequestOf(query)
    const now = scope.clock.now()
    return mapResult(await accounts.listKeys(requireAuth(request.auth).account.id, mode, page), (listed) => ({
      body: listBody(
        request,
        listed.data.map((key) => ({ ...renderApiKey(key, now), livemode: options.livemode })),
        listed.hasMore,
      ),
    }))
  })

  defineRoute(app, Endpoints.retrieveApiKey, options, async ({ params, scope, request }) =>
    mapResult(await accounts.retrieveKey(requireAuth(request.auth).account.id, mode, params.id), (key) => ({
      body: renderApiKey(key, scope.clock.now()),
    })),
  )

  defineRoute(app, Endpoints.revokeApiKey, options, async ({ params, scope, request }) => {
    const revoked = await accounts.revokeAccountKey(requireAuth(request.auth).account.id, mode, params.id)
    if (revoked.ok) await audited(request, 'api_key.revoked', revoked.value)
    return mapResult(revoked, (key) => ({ body: renderApiKey(key, scope.clock.now()) }))
  })

  defineRoute(app, Endpoints.rollApiKey, options, async ({ params, body, scope, request }) => {
    const rolled = await accounts.rollKey(
      requireAuth(request.auth).account.id,
      mode,
      params.id,
      body.expires_in_seconds ?? 0,
    )
    if (rolled.ok) await audited(request, 'api_key.rolled', rolled.value.issued.record)
    return mapResult(rolled, ({ issued }) => ({ body: renderApiKey(issued.record, scope.clock.now(), issued.secret) }))
  })
}
