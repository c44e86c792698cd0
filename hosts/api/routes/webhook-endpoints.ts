import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderWebhookDelivery, renderWebhookEndpoint } from '../../../contracts/webhooks/endpoints.js'
import type { Clock } from '../../../core/ports/clock.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult } from '../../../core/shared/result.js'
import type { WebhookEndpointService } from '../../../core/webhooks/webhook-endpoint-service.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'

export const webhookEndpointRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { webhooks: WebhookEndpointService },
): void => {
  const { webhooks } = options
  const now = (clock: Clock) => clock.now()

  defineRoute(app, Endpoints.createWebhookEndpoint, options, async ({ body, scope, request }) => {
    // A connected account has no connected accounts of its own: only its platform's endpoints can be Connect endpoints.
    if (body.connect === true && request.connectedAccount !== null)
      return err(
        new InvalidParameter({
          param: 'connect',
          message: "A Connect endpoint is the platform's own: create it without Service-Account.",
        }),
      )
    return mapResult(await webhooks.create(scope, body), ({ endpoint, secret }) => ({
      body: renderWebhookEndpoint(endpoint, now(scope.clock), secret),
    }))
  })

  defineRoute(app, Endpoints.listWebhookEndpoints, options, async ({ query, scope, request }) =>
    mapResult(await webhooks.list(scope, pageRequestOf(query)), (page) => ({
      body: listBody(
        request,
        page.data.map((endpoint) => renderWebhookEndpoint(endpoint, now(scope.clock))),
        page.hasMore,
      ),
    })),
  )

  defineRoute(app, Endpoints.retrieveWebhookEndpoint, options, async ({ params, scope }) =>
    mapResult(await webhooks.retrieve(scope, params.id), (endpoint) => ({
      body: renderWebhookEndpoint(endpoint, now(scope.clock)),
    })),
  )

  defineRoute(app, Endpoints.updateWebhookEndpoint, options, async ({ params, body, scope }) =>
    mapResult(await webhooks.update(scope, params.id, body), (endpoint) => ({
      body: renderWebhookEndpoint(endpoint, now(scope.clock)),
    })),
  )

  defineRoute(app, Endpoints.deleteWebhookEndpoint, options, async ({ params, scope }) =>
    mapResult(await webhooks.delete(scope, params.id), (endpoint) => ({
      body: { ...renderWebhookEndpoint(endpoint, now(scope.clock)), deleted: true },
    })),
  )

  defineRoute(app, Endpoints.rotateWebhookSecret, options, async ({ params, scope }) =>
    mapResult(await webhooks.rotateSecret(scope, params.id), ({ endpoint, secret }) => ({
      body: renderWebhookEndpoint(endpoint, now(scope.clock), secret),
    })),
  )

  defineRoute(
    app,
    Endpoints.testWebhookEndpoint,
    {
      ...options,
      subLimit: {
        name: 'webhook_endpoint_test',
        limit: 30,
        windowMs: 3_600_000,
        per: 'id',
        owns: async (scope, id) => (await webhooks.retrieve(scope, id)).ok,
      },
    },
    async ({ params, scope }) =>
      mapResult(await webhooks.sendTest(scope, params.id), (delivery) => ({ body: renderWebhookDelivery(delivery) })),
  )

  defineRoute(app, Endpoints.listWebhookDeliveries, options, async ({ params, query, scope, request }) =>
    mapResult(await webhooks.listDeliveries(scope, params.id, pageRequestOf(query)), (page) => ({
      body: listBody(request, page.data.map(renderWebhookDelivery), page.hasMore),
    })),
  )

  defineRoute(app, Endpoints.retrieveWebhookDelivery, options, async ({ params, scope }) =>
    mapResult(await webhooks.retrieveDelivery(scope, params.id, params.delivery_id), (delivery) => ({
      body: renderWebhookDelivery(delivery),
    })),
  )

  defineRoute(app, Endpoints.replayWebhookDelivery, options, async ({ params, scope }) =>
    mapResult(await webhooks.replay(scope, params.id, params.delivery_id), (delivery) => ({
      body: renderWebhookDelivery(delivery),
    })),
  )
}
