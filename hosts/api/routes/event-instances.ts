import type { FastifyInstance } from 'fastify'
import { pageRequestOf } from '../../../contracts/common.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderEvent } from '../../../contracts/events.js'
import type { EventService } from '../../../core/event/event-service.js'
import { mapResult } from '../../../core/shared/result.js'
import { defineRoute, listBody, type RouteOptions } from '../route.js'

const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/** `GET /v1/events/{id}/instances`: the occurrences of a series, soonest first, in the list envelope. */
export const eventInstanceRoutes = (app: FastifyInstance, options: RouteOptions & { events: EventService }): void => {
  defineRoute(app, Endpoints.listEventInstances, options, async ({ params, query, scope, request }) => {
    const page = pageRequestOf(query)
    const result = await options.events.series.instances(
      scope,
      params.id,
      { from: date(query.from), to: date(query.to) },
      page,
    )
    return mapResult(result, (found) => ({ body: listBody(request, found.data.map(renderEvent), found.hasMore) }))
  })
}
