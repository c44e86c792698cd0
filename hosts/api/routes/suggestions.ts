import type { FastifyInstance } from 'fastify'
import type { SuggestionService } from '../../../core/scheduling/suggest.js'
import { mapResult } from '../../../core/shared/result.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderSlotList } from '../../../contracts/freebusy.js'
import { defineRoute, type RouteOptions } from '../route.js'

export const suggestionRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { suggestions: SuggestionService },
): void => {
  const { suggestions } = options

  defineRoute(app, Endpoints.suggestSlots, options, async ({ body, scope }) => {
    const constraints = body.constraints ?? {}
    const result = await suggestions.suggest(scope, {
      intent: body.intent,
      participants: body.participants,
      durationMinutes: body.duration_minutes,
      earliest: constraints.earliest === undefined ? null : new Date(constraints.earliest),
      latest: constraints.latest === undefined ? null : new Date(constraints.latest),
      preferredDays: constraints.preferred_days ?? null,
      preferredTimeOfDay: constraints.preferred_time_of_day ?? null,
      maxTravelMinutes: constraints.max_travel_minutes_between_meetings ?? null,
      location:
        body.location === undefined
          ? null
          : { address: body.location.address ?? null, type: body.location.type ?? null },
      limit: body.limit ?? 5,
    })
    return mapResult(result, (found) => ({ body: renderSlotList(found.slots, found.warnings) }))
  })
}
