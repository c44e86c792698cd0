import type { FastifyInstance } from 'fastify'
import { API_VERSIONS } from '../../../contracts/versions.js'
import type { Account } from '../../../core/account/account.js'
import type { AccountService, AccountSettingsChange } from '../../../core/account/account-service.js'
import type { AuditTrail } from '../../../core/audit/audit-trail.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, ok, type Result } from '../../../core/shared/result.js'
import { trackingEnabledFor } from '../../../core/tracking/preview.js'
import { domainErrorToApi, sendError } from '../errors.js'
import { memberActor } from './audit-actions.js'
import type { DashboardGuard } from './dashboard-guard.js'

export interface SettingsRouteOptions {
  readonly guard: DashboardGuard
  readonly accounts: AccountService
  readonly audit: AuditTrail
  readonly accountOf: (accountId: string) => Promise<Account | null>
}

const SETTINGS_FIELDS = ['name', 'pinned_version', 'request_body_logging', 'tracking_enabled'] as const

export const renderAccountSettings = (account: Account) => ({
  object: 'account',
  id: account.id,
  name: account.name,
  created_at: account.createdAt.toISOString(),
  pinned_version: account.pinnedVersion,
  api_versions: API_VERSIONS,
  rate_limits:
    account.rateLimits === null
      ? null
      : {
          requests_per_window: account.rateLimits.requestsPerWindow,
          window_ms: account.rateLimits.windowMs,
          concurrency: account.rateLimits.concurrency,
        },
  request_body_logging: account.requestBodyLogging === true,
  // The setting as stored (null: the surfaces' default), and what it comes to on each surface.
  tracking_enabled: account.trackingEnabled ?? null,
  tracking: {
    live: trackingEnabledFor(account, null, true),
    test: trackingEnabledFor(account, null, false),
  },
})

/** The body of `PATCH /dashboard/api/account`, checked field by field; a wrong one is a 400 naming it. */
const settingsChangeOf = (body: unknown): Result<AccountSettingsChange, InvalidParameter> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return err(new InvalidParameter({ param: 'body', message: 'The body is a JSON object of settings.' }))
  const fields = body as Record<string, unknown>
  const unknown = Object.keys(fields).find((name) => !(SETTINGS_FIELDS as readonly string[]).includes(name))
  if (unknown !== undefined)
    return err(
      new InvalidParameter({
        param: unknown,
        message: `${unknown} is not a setting: ${SETTINGS_FIELDS.join(', ')}.`,
      }),
    )
  const { name, pinned_version, request_body_logging, tracking_enabled } = fields
  if (name !== undefined && name !== null && typeof name !== 'string')
    return err(new InvalidParameter({ param: 'name', message: 'name is a text, or null to clear it.' }))
  if (pinned_version !== undefined && typeof pinned_version !== 'string')
    return err(new InvalidParameter({ param: 'pinned_version', message: 'pinned_version is an API version.' }))
  if (request_body_logging !== undefined && typeof request_body_logging !== 'boolean')
    return err(
      new InvalidParameter({ param: 'request_body_logging', message: 'request_body_logging is true or false.' }),
    )
  if (tracking_enabled !== undefined && tracking_enabled !== null && typeof tracking_enabled !== 'boolean')
    return err(
      new InvalidParameter({
        param: 'tracking_enabled',
        message: "tracking_enabled is true, false, or null for the surfaces' default.",
      }),
    )
  return ok({
    ...(name === undefined ? {} : { name: name as string | null }),
    ...(pinned_version === undefined ? {} : { pinnedVersion: pinned_version }),
    ...(request_body_logging === undefined ? {} : { requestBodyLogging: request_body_logging }),
    ...(tracking_enabled === undefined ? {} : { trackingEnabled: tracking_enabled as boolean | null }),
  })
}

/** The audit log's entries of a change: one per setting that moved. */
const settingsActions = (before: Account, after: Account): string[] => [
  ...(before.name === after.name ? [] : ['account.renamed']),
  ...(before.pinnedVersion === after.pinnedVersion ? [] : ['account.api_version_pinned']),
  ...((before.requestBodyLogging === true) === (after.requestBodyLogging === true)
    ? []
    : [after.requestBodyLogging === true ? 'account.body_logging_enabled' : 'account.body_logging_disabled']),
  ...(before.trackingEnabled === after.trackingEnabled ? [] : ['account.tracking_preview_changed']),
]

/**
 * The Settings page: every member reads the account's settings; owners, admins and developers change them
 * (`manage_settings`), through `AccountService.updateSettings`, the use case the keys CLI's `tracking` calls too.
 * Each setting that moved is one audit-log entry.
 */
export const settingsRoutes = (scope: FastifyInstance, options: SettingsRouteOptions): void => {
  const { guard, accounts, audit } = options

  scope.get('/dashboard/api/account', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'any_key', true)
    if (signedIn === null) return reply
    const account = await options.accountOf(signedIn.member.accountId)
    if (account === null)
      return sendError(request, reply, { code: 'resource_missing', message: 'The account is gone.' })
    return reply.send({ ...renderAccountSettings(account), request_id: request.requestId })
  })

  scope.patch('/dashboard/api/account', { config: { public: true } }, async (request, reply) => {
    const signedIn = await guard.admit(request, reply, 'manage_settings', true)
    if (signedIn === null) return reply
    const change = settingsChangeOf(request.body)
    if (!change.ok) return sendError(request, reply, domainErrorToApi(change.error))
    const updated = await accounts.updateSettings(signedIn.member.accountId, change.value)
    if (!updated.ok) return sendError(request, reply, domainErrorToApi(updated.error))
    const { before, after } = updated.value
    for (const action of settingsActions(before, after))
      await audit.record({
        accountId: after.id,
        livemode: null,
        actor: memberActor(signedIn.member),
        action,
        target: { type: 'account', id: after.id },
        address: request.ip,
      })
    return reply.send({ ...renderAccountSettings(after), request_id: request.requestId })
  })
}
