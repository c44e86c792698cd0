import type { FastifyInstance } from 'fastify'
import { Endpoints } from '../../../contracts/endpoints.js'
import { renderParsedEvent } from '../../../contracts/scheduling.js'
import type { SchedulingParseService } from '../../../core/scheduling/parse-service.js'
import { EVENT_DURATION_MIN } from '../../../core/scheduling/parsed-event.js'
import { mapResult } from '../../../core/shared/result.js'
import { defineRoute, type RouteOptions } from '../route.js'

export const schedulingParseRoutes = (
  app: FastifyInstance,
  options: RouteOptions & { parser: SchedulingParseService },
): void => {
  defineRoute(app, Endpoints.parseSchedulingText, options, async ({ body, scope }) => {
    const context = body.user_context
    const result = await options.parser.parse(scope, {
      text: body.text,
      timezone: context.timezone,
      userId: context.user_id,
      defaultDurationMin: context.default_event_duration_min ?? EVENT_DURATION_MIN.default,
    })
    return mapResult(result, (parsed) => ({ body: renderParsedEvent(parsed, context.user_id) }))
  })
}
