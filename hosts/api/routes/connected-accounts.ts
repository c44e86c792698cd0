import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { renderConnectedAccount } from '../../../contracts/connected-accounts.js'
import type { EndpointContract } from '../../../contracts/endpoint.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import type { ConnectedAccountService } from '../../../core/account/connected-account-service.js'
import { seedSandbox } from '../../../core/account/sandbox.js'
import type { OAuthService } from '../../../core/oauth/oauth-service.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { MAX_PAGE_LIMIT } from '../../../core/shared/pagination.js'
import type { RequestScope } from '../../../core/shared/request-scope.js'
import { err, mapResult, ok } from '../../../core/shared/result.js'
import type { UserService } from '../../../core/user/user-service.js'
import type { WebhookEndpointService } from '../../../core/webhooks/webhook-endpoint-service.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, listBody, type RouteHandler, type RouteInput, type RouteOptions, withLivemode } from '../route.js'

export interface ConnectedAccountRouteOptions extends RouteOptions {
  readonly connectedAccounts: ConnectedAccountService
  readonly users: UserService
  readonly webhooks: WebhookEndpointService
  /** Deleting a connected account ends its applications' grants first. */
  readonly oauth: Pick<OAuthService, 'revokeConnectedAccount'>
}

/**
 * Removes what a connected account holds on this surface: each user through the users' delete
 * cascade (events, connections, devices, provider tokens, reminders, invitations), then its
 * webhook endpoints. Runs again safely: what is gone is not found again.
 */
const eraseAccount = async (options: ConnectedAccountRouteOptions, scope: RequestScope): Promise<void> => {
  for (;;) {
    const page = await options.users.list(scope, {}, { limit: MAX_PAGE_LIMIT })
    if (!page.ok || page.value.data.length === 0) break
    for (const user of page.value.data) await options.users.delete(scope, user.id)
  }
  for (;;) {
    const page = await options.webhooks.list(scope, { limit: MAX_PAGE_LIMIT })
    if (!page.ok || page.value.data.length === 0) break
    for (const endpoint of page.value.data) await options.webhooks.delete(scope, endpoint.id)
  }
}

/** Connected accounts are the platform's own business: a request acting for one of them (Service-Account) is refused. */
const asPlatform = <E extends EndpointContract>({ request }: RouteInput<E>) =>
  request.connectedAccount === null
    ? null
    : err(
        new InvalidParameter({
          param: 'Service-Account',
          message: 'Connected accounts are managed by their platform: send this request without Service-Account.',
        }),
      )

/** Connect: the platform's connected accounts on this surface (`docs/connect.md`). */
export const connectedAccountRoutes = (app: FastifyInstance, options: ConnectedAccountRouteOptions): void => {
  const { connectedAccounts } = options
  /** A route of the platform's own: a request acting for a connected account is refused before the use case. */
  const platformRoute = <E extends EndpointContract>(endpoint: E, handler: RouteHandler<E>) =>
    defineRoute(app, endpoint, options, (input) => asPlatform(input) ?? handler(input))
  const platformOf = (input: RouteInput<EndpointContract>) => ({
    platformId: requireAuth(input.request.auth).account.id,
    livemode: options.livemode,
  })

  platformRoute(Endpoints.createConnectedAccount, async (input) => {
    const account = await connectedAccounts.create(platformOf(input), input.body)
    // A test connected account finds the sandbox's synthetic users, like every account's sandbox.
    if (!options.livemode) await seedSandbox(options.users, account.id, input.scope.clock)
    return ok({ body: renderConnectedAccount(account) })
  })

  platformRoute(Endpoints.listConnectedAccounts, async (input) => {
    const { query, request } = input
    const page = pageRequestOf(query)
    return mapResult(await connectedAccounts.list(platformOf(input), page), (listed) => ({
      body: listBody(request, listed.data.map(renderConnectedAccount).map(withLivemode(request)), listed.hasMore),
    }))
  })

  platformRoute(Endpoints.retrieveConnectedAccount, async (input) => {
    return mapResult(await connectedAccounts.retrieve(platformOf(input), input.params.id), (account) => ({
      body: renderConnectedAccount(account),
    }))
  })

  platformRoute(Endpoints.updateConnectedAccount, async (input) => {
    return mapResult(await connectedAccounts.update(platformOf(input), input.params.id, input.body), (account) => ({
      body: renderConnectedAccount(account),
    }))
  })

  platformRoute(Endpoints.deleteConnectedAccount, async (input) => {
    const deleted = await connectedAccounts.delete(platformOf(input), input.params.id, async (accountId) => {
      // Its OAuth grants end before its data goes: no token is minted for an account half erased.
      await options.oauth.revokeConnectedAccount(accountId)
      await eraseAccount(options, { accountId, livemode: options.livemode, clock: input.scope.clock })
    })
    return mapResult(deleted, (account) => ({ body: { ...renderConnectedAccount(account), deleted: true } }))
  })
}
