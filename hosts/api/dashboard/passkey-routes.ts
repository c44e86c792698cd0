import type { FastifyInstance } from 'fastify'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import type { Passkey } from '../../../core/dashboard/passkey.js'
import type { PasskeyService } from '../../../core/dashboard/passkey-service.js'
import { domainErrorToApi, sendError } from '../errors.js'
import { memberActor } from './audit-actions.js'
import type { DashboardGuard } from './dashboard-guard.js'

export interface PasskeyRouteOptions {
  readonly guard: DashboardGuard
  readonly passkeys: PasskeyService
  readonly audit: AuditTrail
}

/** A passkey as its member sees it: never its public key (nothing to do with it in a page). */
export const renderPasskey = (passkey: Passkey) => ({
  id: passkey.id,
  object: 'passkey',
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
})

/**
 * A signed-in member's own passkeys (every role has them: a passkey is a way to sign in, not a permission): list,
 * register (options, then the authenticator's answer), remove. Registering and removing are audited.
 */
export const passkeyRoutes = (scope: FastifyInstance, options: PasskeyRouteOptions): void => {
  const { guard, passkeys, audit } = options
  const record = (
    request: Parameters<typeof guard.admit>[0],
    member: Parameters<typeof memberActor>[0],
    action: string,
    id: string,
  ) =>
    audit.record({
      accountId: member.accountId,
      livemode: null,
      actor: memberActor(member),
      action,
      target: { type: 'passkey', id },
      address: request.ip,
    })

  scope.get('/dashboard/api/passkeys', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    return reply.send({
      object: 'list',
      data: (await passkeys.list(signedIn.member)).map(renderPasskey),
      has_more: false,
      request_id: request.requestId,
    })
  })

  scope.post('/dashboard/api/passkeys/options', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    return reply.send({ object: 'passkey_options', options: await passkeys.registrationOptions(signedIn.member) })
  })

  scope.post('/dashboard/api/passkeys', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    const body = (request.body as Record<string, unknown> | undefined) ?? {}
    const name = typeof body.name === 'string' ? body.name : null
    const registered = await passkeys.register(signedIn.member, body.credential, name)
    if (!registered.ok) return sendError(request, reply, domainErrorToApi(registered.error))
    await record(request, signedIn.member, 'passkey.registered', registered.value.id)
    return reply.code(201).send({ ...renderPasskey(registered.value), request_id: request.requestId })
  })

  scope.delete('/dashboard/api/passkeys/:id', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    const id = (request.params as Record<string, string>).id ?? ''
    const removed = await passkeys.remove(signedIn.member, id)
    if (!removed.ok) return sendError(request, reply, domainErrorToApi(removed.error))
    await record(request, signedIn.member, 'passkey.removed', removed.value.id)
    return reply.send({ ...renderPasskey(removed.value), request_id: request.requestId })
  })
}
