import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { renderDepartureHistoryEntry } from '../../../contracts/departure-history.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import {
  healthWeightsFor,
  renderEventHealth,
  UPCOMING_HEALTH_DEFAULT_HORIZON_HOURS,
  UPCOMING_HEALTH_DEFAULT_LIMIT,
} from '../../../contracts/event-health.js'
import { seriesTimesFromWire } from '../../../contracts/event-series.js'
import {
  DEPARTURE_RECOMPUTE_LIMIT,
  type EventFields,
  eventPatchFromWire,
  renderDeparture,
  renderEvent,
} from '../../../contracts/events.js'
import type { DepartureHistoryService } from '../../../core/event/departure-history-service.js'
import { eventHealth } from '../../../core/event/event-health.js'
import type { EventService } from '../../../core/event/event-service.js'
import { InvalidParameter } from '../../../core/shared/errors.js'
import { err, mapResult } from '../../../core/shared/result.js'
import { defineRoute, listBody, type RouteOptions, withLivemode } from '../route.js'
import { eventInstanceRoutes } from './event-instances.js'

const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/** The version from which an attendee may be one of the connected account's users (`attendees[].user_id`). */
const ATTENDEE_USER_ID_SINCE = '2026-05-20'

/**
 * `attendees[].user_id` is for a Connect account (a request with `Service-Account`) on
 * 2026-05-20 or later; otherwise attendees are given by e-mail (400 naming the attendee).
 */
const attendeeUserIdRefused = (body: EventFields, request: FastifyRequest): InvalidParameter | null => {
  const index = body.attendees?.findIndex((attendee) => attendee.user_id !== undefined) ?? -1
  if (index < 0) return null
  const param = `attendees[${index}].user_id`
  if (request.apiVersion < ATTENDEE_USER_ID_SINCE)
    return new InvalidParameter({
      param,
      message: `Attendees are given by email before API version ${ATTENDEE_USER_ID_SINCE}; user_id needs that version and a connected account (Service-Account).`,
    })
  if (request.connectedAccount === null)
    return new InvalidParameter({
      param,
      message:
        'An attendee is given as a user_id only for a connected account (send Service-Account); give its email instead.',
    })
  return null
}

export const eventRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { events: EventService; departureHistory: DepartureHistoryService },
): void => {
  const { events, departureHistory } = options

  defineRoute(app, Endpoints.createEvent, options, async ({ body, scope, request }) => {
    const refused = attendeeUserIdRefused(body, request)
    if (refused !== null) return err(refused)
    const patch = eventPatchFromWire(body)
    const times = seriesTimesFromWire(body, true)
    if (!times.ok) return times
    const result = await events.create(scope, {
      ...patch,
      ...times.value,
      userId: body.user_id,
      title: body.title,
      startTime: times.value.startTime ?? new Date(Number.NaN),
      endTime: times.value.endTime ?? new Date(Number.NaN),
    })
    return mapResult(result, (event) => ({ body: renderEvent(event), headers: { Location: `/v1/events/${event.id}` } }))
  })

  defineRoute(app, Endpoints.listEvents, options, async ({ query, scope, request }) => {
    const page = pageRequestOf(query)
    const filter = {
      userId: query.user_id,
      startFrom: date(query['start_time[gte]']),
      startBefore: date(query['start_time[lt]']),
    }
    const result = await events.series.list(scope, filter, page, query.series)
    return mapResult(result, (found) => ({ body: listBody(request, found.data.map(renderEvent), found.hasMore) }))
  })

  defineRoute(app, Endpoints.retrieveEvent, options, async ({ params, scope }) =>
    mapResult(await events.series.retrieve(scope, params.id), (event) => ({ body: renderEvent(event) })),
  )

  defineRoute(app, Endpoints.updateEvent, options, async ({ params, query, body, scope, request }) => {
    const refused = attendeeUserIdRefused(body, request)
    if (refused !== null) return err(refused)
    const times = seriesTimesFromWire(body, false)
    if (!times.ok) return times
    const patch = { ...eventPatchFromWire(body), ...times.value }
    return mapResult(await events.series.update(scope, params.id, patch, query.apply_to), (event) => ({
      body: renderEvent(event),
    }))
  })

  defineRoute(app, Endpoints.deleteEvent, options, async ({ params, query, scope }) =>
    mapResult(await events.series.delete(scope, params.id, query.apply_to), (event) => ({
      body: { ...renderEvent(event), deleted: true },
    })),
  )

  eventInstanceRoutes(app, options)

  defineRoute(app, Endpoints.retrieveDeparture, options, async ({ params, scope }) =>
    mapResult(await events.series.departure(scope, params.id, false), ({ event, departure }) => ({
      body: renderDeparture(departure, event.id, event.originSource),
    })),
  )

  defineRoute(app, Endpoints.listDepartureHistory, options, async ({ params, query, scope, request }) =>
    mapResult(await departureHistory.list(scope, params.id, pageRequestOf(query)), (page) => ({
      body: listBody(
        request,
        page.data.map((entry) => ({ ...renderDepartureHistoryEntry(entry), livemode: options.livemode })),
        page.hasMore,
      ),
    })),
  )

  defineRoute(
    app,
    Endpoints.recomputeDeparture,
    {
      ...options,
      subLimit: {
        ...DEPARTURE_RECOMPUTE_LIMIT,
        per: 'id',
        owns: async (scope, id) => (await events.series.retrieve(scope, id)).ok,
      },
    },
    async ({ params, scope }) =>
      mapResult(await events.series.departure(scope, params.id, true), ({ event, departure }) => ({
        body: renderDeparture(departure, event.id, event.originSource),
      })),
  )

  defineRoute(app, Endpoints.retrieveEventHealth, options, async ({ params, scope, request }) =>
    mapResult(await events.health(scope, params.id), ({ event, userPaused }) => ({
      body: renderEventHealth(eventHealth(event, healthWeightsFor(request.apiVersion), userPaused)),
    })),
  )

  defineRoute(app, Endpoints.listUpcomingEventHealth, options, async ({ query, scope, request }) => {
    const result = await events.upcomingHealth(scope, {
      userId: query.user_id,
      limit: Number(query.limit ?? UPCOMING_HEALTH_DEFAULT_LIMIT),
      horizonHours: Number(query.horizon_hours ?? UPCOMING_HEALTH_DEFAULT_HORIZON_HOURS),
    })
    const weights = healthWeightsFor(request.apiVersion)
    return mapResult(result, (found) => ({
      body: listBody(
        request,
        found.events.map((event) =>
          withLivemode(request)(renderEventHealth(eventHealth(event, weights, found.userPaused))),
        ),
        found.hasMore,
      ),
    }))
  })

  defineRoute(app, Endpoints.computeDeparture, options, async ({ body, scope }) => {
    const result = await events.computeStateless(scope, {
      from: body.from_location,
      to: body.to_location,
      arriveBy: new Date(body.arrive_by),
      timezone: body.timezone ?? 'UTC',
      mode: body.travel?.mode ?? 'drive',
      parkingBufferMin: body.travel?.parking_buffer_min ?? null,
    })
    return mapResult(result, (departure) => ({ body: renderDeparture(departure, null, 'explicit') }))
  })
}
