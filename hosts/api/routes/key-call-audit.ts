import type { FastifyRequest } from 'fastify'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import { requireAuth } from '../request-context.js'

/**
 * Records a key-management call made through the API in the account's audit log (docs/dashboard.md, "Audit log"):
 * the calling key named as who made it, the account whose key it is, the target, the caller's address.
 */
export const auditKeyCall =
  (audit: AuditTrail, livemode: boolean) =>
  async (request: FastifyRequest, action: string, target: { readonly type: string; readonly id: string }) => {
    const auth = requireAuth(request.auth)
    await audit.record({
      accountId: auth.account.id,
      livemode,
      actor: { type: 'api_key', id: auth.key.id, email: null },
      action,
      target: { type: target.type, id: target.id },
      address: request.ip,
    })
  }
