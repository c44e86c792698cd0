import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { renderDevice, renderPushMessage } from '../../../contracts/devices.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import type { DeviceService } from '../../../core/device/device-service.js'
import type { PushRecorder } from '../../../core/ports/push.js'
import { mapResult, ok } from '../../../core/shared/result.js'
import { requireAuth } from '../request-context.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'

/** Push devices of users, and the sandbox's record of what it would have pushed. */
export const deviceRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { devices: DeviceService; pushRecorder: PushRecorder | null },
): void => {
  const { devices, pushRecorder } = options

  defineRoute(app, Endpoints.registerDevice, options, async ({ params, body, scope }) => {
    const expiresAt =
      body.expirationTime === undefined || body.expirationTime === null ? null : new Date(body.expirationTime)
    const result = await devices.register(scope, params.id, {
      endpoint: body.endpoint,
      keys: { p256dh: body.keys.p256dh, auth: body.keys.auth },
      expiresAt,
    })
    return result.ok
      ? ok({ body: renderDevice(result.value.device), status: result.value.created ? 201 : 200 })
      : result
  })

  defineRoute(app, Endpoints.listDevices, options, async ({ params, query, scope, request }) => {
    const page = pageRequestOf(query)
    const result = await devices.list(scope, params.id, page)
    return mapResult(result, (found) => ({ body: listBody(request, found.data.map(renderDevice), found.hasMore) }))
  })

  defineRoute(app, Endpoints.deleteDevice, options, async ({ params, scope }) =>
    mapResult(await devices.remove(scope, params.id, params.device_id), (device) => ({
      body: { ...renderDevice(device), deleted: true },
    })),
  )

  defineRoute(app, Endpoints.listPushMessages, options, async ({ query, request }) => {
    const { account } = requireAuth(request.auth)
    const found = pushRecorder?.list(account.id, { userId: query.user_id }, pageRequestOf(query).limit) ?? {
      data: [],
      hasMore: false,
    }
    return ok({ body: listBody(request, found.data.map(renderPushMessage), found.hasMore) })
  })
}
