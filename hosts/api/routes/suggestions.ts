import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderSlotList } from '../../../contracts/freebusy.js'
import { suggestQueryFromWire } from '../../../contracts/suggestions.js'
import type { SuggestionService } from '../../../core/scheduling/suggest.js'
import { mapResult } from '../../../core/shared/result.js'
import { defineRoute, type RouteOptions } from '../route.js'

export const suggestionRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { suggestions: SuggestionService },
): void => {
  const { suggestions } = options

  defineRoute(app, Endpoints.suggestSlots, options, async ({ body, scope }) => {
    const result = await suggestions.suggest(scope, suggestQueryFromWire(body, body.participants))
    return mapResult(result, (found) => ({ body: renderSlotList(found.slots, found.warnings) }))
  })
}
