import type { AuditActor, AuditTarget } from '../../../core/audit/audit-entry.js'
import type { Member } from '../../../core/dashboard/member.js'

/**
 * The audit log's names of the dashboard's changes, by route (`POST /api_keys` is `api_key.created`). A change
 * without a name here is still recorded, as its method and route.
 */
const ACTIONS: Readonly<Record<string, { readonly action: string; readonly target: string }>> = {
  'POST /api_keys': { action: 'api_key.created', target: 'api_key' },
  'POST /api_keys/:id/revoke': { action: 'api_key.revoked', target: 'api_key' },
  'POST /api_keys/:id/roll': { action: 'api_key.rolled', target: 'api_key' },
  'POST /webhook_endpoints': { action: 'webhook_endpoint.created', target: 'webhook_endpoint' },
  'PATCH /webhook_endpoints/:id': { action: 'webhook_endpoint.updated', target: 'webhook_endpoint' },
  'DELETE /webhook_endpoints/:id': { action: 'webhook_endpoint.deleted', target: 'webhook_endpoint' },
  'POST /webhook_endpoints/:id/test': { action: 'webhook_endpoint.test_sent', target: 'webhook_endpoint' },
  'POST /webhook_endpoints/:id/deliveries/:delivery_id/replay': {
    action: 'webhook_delivery.replayed',
    target: 'webhook_delivery',
  },
  'POST /users/:id/agent_tokens/:token_id/revoke': { action: 'agent_token.revoked', target: 'agent_token' },
  'POST /members': { action: 'member.invited', target: 'member' },
  'PATCH /members/:id': { action: 'member.role_changed', target: 'member' },
  'DELETE /members/:id': { action: 'member.removed', target: 'member' },
  'POST /connections/:id/revoke_grant': { action: 'sandbox_provider.grant_revoked', target: 'connection' },
  'POST /connections/:id/expire_sync_cursors': {
    action: 'sandbox_provider.sync_cursors_expired',
    target: 'connection',
  },
  'POST /connections/:id/provider_outage': { action: 'sandbox_provider.outage_set', target: 'connection' },
}

export const memberActor = (member: Member): AuditActor => ({ type: 'member', id: member.id, email: member.email })

/** The action's name and its target: the record the route names (the delivery replayed), else the one made. */
export const auditActionOf = (
  method: string,
  path: string,
  params: Readonly<Record<string, string>>,
  body: Readonly<Record<string, unknown>>,
): { readonly action: string; readonly target: AuditTarget | null } => {
  const known = ACTIONS[`${method} ${path}`]
  const id = params.delivery_id ?? params.token_id ?? params.id ?? (typeof body.id === 'string' ? body.id : undefined)
  return {
    action: known?.action ?? `${method} ${path}`,
    target: id === undefined ? null : { type: known?.target ?? (body.object as string | undefined) ?? 'record', id },
  }
}
