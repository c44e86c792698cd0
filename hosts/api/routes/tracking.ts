import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderLocatedTracking, renderTracking, renderUserLocation } from '../../../contracts/tracking.js'
import { mapResult } from '../../../core/shared/result.js'
import type { TrackingService } from '../../../core/tracking/tracking-service.js'
import { reportedPositionExpiry } from '../../../core/tracking/trip.js'
import { defineRoute, type RouteOptions } from '../route.js'

/** ETA tracking (private preview) and the user's reported position. */
export const trackingRoutes = (app: FastifyInstance, options: RouteOptions & { tracking: TrackingService }): void => {
  const { tracking } = options

  defineRoute(app, Endpoints.startTracking, options, async ({ params, body, scope }) => {
    const start = body.start_location
    const result = await tracking.start(scope, params.id, {
      idleTimeoutSeconds: body.idle_timeout_seconds,
      startLocation:
        start === undefined
          ? undefined
          : {
              lat: start.lat,
              lng: start.lng,
              accuracyM: start.accuracy_m,
              recordedAt: start.recorded_at === undefined ? undefined : new Date(start.recorded_at),
            },
    })
    return mapResult(result, (trip) => ({ body: renderTracking(trip) }))
  })

  defineRoute(app, Endpoints.recordTrackingLocation, options, async ({ params, body, scope }) => {
    const result = await tracking.locate(scope, params.id, {
      lat: body.lat,
      lng: body.lng,
      accuracyM: body.accuracy_m,
      speedMps: body.speed_mps,
      recordedAt: new Date(body.recorded_at),
    })
    return mapResult(result, (located) => ({ body: renderLocatedTracking(located.trip, located.ignoredReason) }))
  })

  defineRoute(app, Endpoints.retrieveTracking, options, async ({ params, scope }) =>
    mapResult(await tracking.retrieve(scope, params.id), (trip) => ({ body: renderTracking(trip) })),
  )

  defineRoute(app, Endpoints.stopTracking, options, async ({ params, scope }) =>
    mapResult(await tracking.stop(scope, params.id), (trip) => ({ body: renderTracking(trip) })),
  )

  defineRoute(app, Endpoints.reportUserLocation, options, async ({ params, body, scope }) => {
    const result = await tracking.reportPosition(scope, params.id, {
      lat: body.lat,
      lng: body.lng,
      accuracyM: body.accuracy_m,
      recordedAt: new Date(body.recorded_at),
    })
    return mapResult(result, (position) => ({
      body: renderUserLocation(position, reportedPositionExpiry(position), scope.livemode),
    }))
  })

  defineRoute(app, Endpoints.retrieveUserLocation, options, async ({ params, scope }) =>
    mapResult(await tracking.retrievePosition(scope, params.id), (position) => ({
      body: renderUserLocation(position, reportedPositionExpiry(position), scope.livemode),
    })),
  )
}
